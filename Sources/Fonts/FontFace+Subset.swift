import CHarfBuzz
import Foundation

extension FontFace {
    /// A TrueType file holding only the glyphs `text` needs (plus .notdef), for embedding in a PDF.
    ///
    /// libHaru embeds a TrueType font whole (one IPAexGothic ticket = 266 KB); handing it this subset instead makes
    /// the same ticket 9–17 KB. Glyphs are renumbered; the subset keeps cmap, hmtx and the hinting tables, so text
    /// maps and measures as in the full font. Results are cached per set of code points.
    public func subset(for text: String) throws(FontError) -> Data {
        let codePoints = Set(text.unicodeScalars.map(\.value))
        if let cached = subsets.value(for: codePoints) { return cached }
        let data = try makeSubset(keeping: codePoints)
        subsets.store(data, for: codePoints)
        return data
    }

    private func makeSubset(keeping codePoints: Set<UInt32>) throws(FontError) -> Data {
        let failure = FontError.subsetFailed(name: name, path: url.path, glyphs: codePoints.count)
        guard let input = hb_subset_input_create_or_fail() else { throw failure }
        defer { hb_subset_input_destroy(input) }
        let unicodes = hb_subset_input_unicode_set(input)
        for codePoint in codePoints.sorted() { hb_set_add(unicodes, codePoint) }
        guard let subset = hb_subset_or_fail(face, input) else { throw failure }
        defer { hb_face_destroy(subset) }
        guard let blob = hb_face_reference_blob(subset) else { throw failure }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else { throw failure }
        return Data(bytes: bytes, count: Int(length))
    }
}

/// Subset files already made, keyed by the code points they keep; bounded so a long batch cannot grow it forever.
final class SubsetCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Set<UInt32>: Data] = [:]
    private let limit = 256

    func value(for key: Set<UInt32>) -> Data? {
        lock.lock()
        defer { lock.unlock() }
        return entries[key]
    }

    func store(_ data: Data, for key: Set<UInt32>) {
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        entries[key] = data
    }
}
