import CHarfBuzz
import Foundation

extension FontFace {
    /// A TrueType file holding only the glyphs `text` needs (plus .notdef), for embedding in a PDF.
    ///
    /// A whole CJK font embedded makes every ticket hundreds of kilobytes; the subset makes it a few (BENCHMARKS.md
    /// has the figures). Glyphs are renumbered; the subset keeps cmap and hmtx, so text maps and measures as in the
    /// full font. Glyph hinting instructions are dropped (a large part of CJK outlines' bytes): PDF viewers and poppler draw unhinted, and so does the raster renderer. The small `cvt `,
    /// `fpgm` and `prep` tables are kept because libHaru refuses a TrueType file without them. Results are cached
    /// per set of code points.
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
        hb_subset_input_set_flags(input, Self.subsetFlags)
        // Names: family, style and the PostScript name libHaru reads; the long copyright and licence texts of
        // fonts such as IPAexGothic would otherwise go into every PDF.
        let names = hb_subset_input_set(input, HB_SUBSET_SETS_NAME_ID)
        hb_set_clear(names)
        for nameID: hb_codepoint_t in [1, 2, 6] { hb_set_add(names, nameID) }
        guard let made = hb_subset_or_fail(face, input) else { throw failure }
        defer { hb_face_destroy(made) }
        // Reopened from its bytes: a subset face is a builder that cannot list its tables.
        guard let bytes = hb_face_reference_blob(made) else { throw failure }
        defer { hb_blob_destroy(bytes) }
        guard let subset = hb_face_create(bytes, 0) else { throw failure }
        defer { hb_face_destroy(subset) }
        guard let builder = hb_face_builder_create() else { throw failure }
        defer { hb_face_destroy(builder) }
        // Asked for the total first: a fixed-size buffer would silently drop the tables past its end.
        var count: UInt32 = 0
        let total = hb_face_get_table_tags(subset, 0, &count, nil)
        var tags = [hb_tag_t](repeating: 0, count: Int(total))
        count = total
        _ = hb_face_get_table_tags(subset, 0, &count, &tags)
        for tag in tags.prefix(Int(count)) {
            Self.copyTable(tag, from: subset, to: builder)
        }
        for name in ["cvt ", "fpgm", "prep"] where !tags.prefix(Int(count)).contains(Self.tag(name)) {
            Self.copyTable(Self.tag(name), from: face, to: builder)
        }
        guard let blob = hb_face_reference_blob(builder) else { throw failure }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let bytes = hb_blob_get_data(blob, &length), length > 0 else { throw failure }
        return Data(bytes: bytes, count: Int(length))
    }

    /// Adds table `tag` of `source` to the face `builder`, when `source` has it.
    private static func copyTable(_ tag: hb_tag_t, from source: OpaquePointer, to builder: OpaquePointer) {
        guard let table = hb_face_reference_table(source, tag) else { return }
        defer { hb_blob_destroy(table) }
        if hb_blob_get_length(table) > 0 { _ = hb_face_builder_add_table(builder, tag, table) }
    }

    /// A four-letter OpenType table tag.
    static func tag(_ name: String) -> hb_tag_t {
        name.utf8.reduce(0) { $0 << 8 | hb_tag_t($1) }
    }
}
