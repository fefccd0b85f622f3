import Foundation

/// Counts the costly layout work done in a task — text boxes set, barcodes encoded and placed — with every cache
/// of that work bypassed while it counts: how a test proves a document's boxes and barcodes are laid out once,
/// not once and then found again.
///
/// Bound to a task (`$current.withValue`), so suites running at once count their own work only.
package final class LayoutWork: @unchecked Sendable {
    /// The counter of the running task, or nil: caches used, nothing counted.
    @TaskLocal package static var current: LayoutWork?

    private let lock = NSLock()
    private var boxes = 0
    private var barcodes = 0

    /// A counter at zero.
    package init() {}

    /// Text boxes set so far.
    package var textBoxesSet: Int { lock.withLock { boxes } }
    /// Barcodes encoded and placed so far.
    package var barcodesPlaced: Int { lock.withLock { barcodes } }

    /// Counts a text box set.
    package func countTextBox() { lock.withLock { boxes += 1 } }
    /// Counts a barcode encoded and placed.
    package func countBarcode() { lock.withLock { barcodes += 1 } }
}
