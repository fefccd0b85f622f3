import DrawingModule
import Foundation
import Support

/// The most recent barcode layouts of one owner of many documents (its `RenderContext`'s shelf), shared by every
/// thread of that owner (batch jobs render in parallel) behind a lock.
///
/// Small on purpose: it saves the repeated encodings of one document being filled and rendered and the codes a
/// batch repeats (a fixed URL, an event's QR); when full it is emptied rather than tracking age.
package final class BarcodeLayoutCache: ShelvedCache {
    /// What a layout depends on: the whole command and the pixel grid.
    struct Key: Hashable {
        var barcode: Drawing.Command.Barcode
        var pixelsPerPoint: Double
    }

    private let entries = BoundedCache<Key, BarcodeLayout>(limit: 64)

    /// Nothing placed yet.
    package init() {}

    /// Forgets every layout.
    package func removeAll() { entries.removeAll() }

    /// How many layouts are kept.
    package var keptEntries: Int { entries.count }

    /// The layout kept for `key`, if any.
    func value(for key: Key) -> BarcodeLayout? { entries.value(for: key) }

    /// Keeps `layout` for `key`.
    func store(_ layout: BarcodeLayout, for key: Key) { entries.store(layout, for: key) }
}
