import DrawingModule
import Foundation

/// The most recent barcode layouts, shared by every thread (batch jobs render in parallel) behind a lock.
///
/// Small on purpose: it saves the repeated encodings of one document being filled and rendered, not a whole batch;
/// when full it is emptied rather than tracking age.
package final class LayoutCache: @unchecked Sendable {
    /// What a layout depends on: the whole command and the pixel grid.
    struct Key: Hashable {
        var barcode: Drawing.Command.Barcode
        var pixelsPerPoint: Double
    }

    /// The process's cache.
    package static let shared = LayoutCache(capacity: 64)

    private let lock = NSLock()
    private let capacity: Int
    private var entries: [Key: BarcodeLayout] = [:]

    init(capacity: Int) { self.capacity = capacity }

    /// Forgets every layout.
    package func removeAll() { lock.withLock { entries.removeAll() } }

    subscript(key: Key) -> BarcodeLayout? {
        get { lock.withLock { entries[key] } }
        set {
            lock.withLock {
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
                entries[key] = newValue
            }
        }
    }
}
