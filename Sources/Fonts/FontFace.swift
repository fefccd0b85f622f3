import CHarfBuzz
import Foundation
import HarfBuzzLoader
import Support

/// One font file opened with HarfBuzz: its metrics, glyph lookup and text widths, read from the file itself.
///
/// Both renderers lay text out from these numbers, so a line's width and its baseline are the same in the PDF and
/// the PNG. Widths are sums of nominal glyph advances — no shaping, no kerning — because libHaru places glyphs by
/// advance only; measuring any other way would make the PDF disagree with its own layout.
///
/// Sendable: the HarfBuzz face and font are made immutable after creation, and HarfBuzz allows concurrent reads of
/// immutable objects; the subset cache is guarded by a lock. The handles are owned here and destroyed in `deinit`.
public final class FontFace: @unchecked Sendable {
    /// The logical name it was loaded for (`gothic`), used in messages.
    public let name: String
    /// The font file.
    public let url: URL
    /// The face index inside a collection; 0 for plain files.
    public let index: Int
    /// Font units per em (2048 for DejaVu, 2048 for IPAex fonts, 1000 for many CFF fonts).
    public let unitsPerEm: Int
    /// Ascender in font units (positive, above the baseline), as HarfBuzz reports it (hhea, or OS/2 typo metrics
    /// when the font asks for them).
    public let ascender: Int
    /// Descender in font units (negative, below the baseline).
    public let descender: Int
    /// Extra line gap in font units.
    public let lineGap: Int
    /// How many glyphs the font has.
    public let glyphCount: Int
    /// The family name from the font's name table (`IPAexGothic`, `DejaVu Sans`), if it has one.
    public let familyName: String?
    /// The PostScript name from the name table (what PDF viewers list), if it has one.
    public let postScriptName: String?

    /// The HarfBuzz face, owned by this object; internal so the subsetter can read it.
    let face: OpaquePointer
    let font: OpaquePointer
    let subsets = BoundedCache<Set<UInt32>, Data>(limit: 256)
    let glyphSubsets = BoundedCache<Set<UInt32>, FontSubset>(limit: 256)
    let shapes = BoundedCache<ShapeKey, [ShapedGlyph]>(limit: 1024)

    /// Forgets the subsets and shaped texts made so far.
    package func removeCachedWork() {
        subsets.removeAll()
        glyphSubsets.removeAll()
        shapes.removeAll()
    }

    /// Opens `url` (face `index` of a collection) for the logical name `name`.
    public init(contentsOf url: URL, index: Int = 0, name: String) throws(FontError) {
        // HarfBuzz would clamp a negative index to face 0 while FreeType (the raster renderer) reads -1 as "only
        // count the faces", so the two renderers would disagree: refused here instead.
        guard (0...Int(UInt16.max)).contains(index) else {
            throw .fontUnreadable(
                name: name, path: url.path,
                reason: "face index \(index) is out of range; use 0 for a plain font file or the "
                    + "face's position (from 0) in a collection")
        }
        if let failure = mkpdf_harfbuzz_load_failure() {
            throw .harfBuzzUnavailable(name: name, reason: String(cString: failure))
        }
        guard let blob = hb_blob_create_from_file_or_fail(url.path) else {
            throw .fontUnreadable(name: name, path: url.path, reason: "the file cannot be opened or is empty")
        }
        let face = hb_face_create(blob, UInt32(index))
        hb_blob_destroy(blob)
        guard let face else {
            throw .fontUnreadable(name: name, path: url.path, reason: "HarfBuzz could not create a face")
        }
        let glyphs = Int(hb_face_get_glyph_count(face))
        let upem = Int(hb_face_get_upem(face))
        guard glyphs > 0, upem > 0 else {
            hb_face_destroy(face)
            let collection = index > 0 ? " (or it has no face \(index))" : ""
            throw .fontUnreadable(
                name: name, path: url.path, reason: "it holds no TrueType/OpenType glyphs\(collection)")
        }
        hb_face_make_immutable(face)
        guard let font = hb_font_create(face) else {
            hb_face_destroy(face)
            throw .fontUnreadable(name: name, path: url.path, reason: "HarfBuzz could not create a font")
        }
        hb_font_make_immutable(font)
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)

        self.name = name
        self.url = url
        self.index = index
        self.face = face
        self.font = font
        self.unitsPerEm = upem
        self.glyphCount = glyphs
        self.ascender = Int(extents.ascender)
        self.descender = Int(extents.descender)
        self.lineGap = Int(extents.line_gap)
        self.familyName = Self.nameEntry(face, hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY))
        self.postScriptName = Self.nameEntry(face, hb_ot_name_id_t(HB_OT_NAME_ID_POSTSCRIPT_NAME))
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// The distance from the top of the line box to the baseline at `size` points: where text placed by its
    /// top-left has its baseline.
    public func ascent(size: Double) -> Double {
        Double(ascender) * size / Double(unitsPerEm)
    }

    /// The distance from the baseline down to the bottom of the line box at `size` points (a positive number).
    public func descent(size: Double) -> Double {
        -Double(descender) * size / Double(unitsPerEm)
    }

    /// Ascent plus descent plus line gap at `size` points: the distance between baselines of consecutive lines.
    public func lineHeight(size: Double) -> Double {
        Double(ascender - descender + lineGap) * size / Double(unitsPerEm)
    }

    /// The glyph the font's cmap maps `scalar` to, or nil when it has none.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Every character the font's cmap maps, in code point order: what a form field whose font is embedded whole
    /// lets a reader type.
    public var mappedCharacters: [Unicode.Scalar] {
        guard let set = hb_set_create() else { return [] }
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        var result: [Unicode.Scalar] = []
        var value = UInt32.max // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(set, &value) != 0 {
            if let scalar = Unicode.Scalar(value) { result.append(scalar) }
        }
        return result
    }

    /// True when the font's file is a plain TrueType font (not a collection, not CFF outlines): a file a PDF can
    /// embed whole, its glyph ids as codes.
    public var isWholeTrueType: Bool {
        guard index == 0, let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 4)) == Data([0, 1, 0, 0])
    }

    /// A glyph's horizontal advance in font units.
    public func advance(ofGlyph glyph: UInt32) -> Int {
        Int(hb_font_get_glyph_h_advance(font, glyph))
    }

    /// The advance of `scalar` at `size` points, or nil when the font has no glyph for it.
    public func advance(of scalar: Unicode.Scalar, size: Double) -> Double? {
        glyph(for: scalar).map { Double(advance(ofGlyph: $0)) * size / Double(unitsPerEm) }
    }

    /// The width of `text` on one line at `size` points: the sum of its code points' nominal advances.
    ///
    /// A code point without a glyph counts as the .notdef glyph (glyph 0), which is what both libHaru and cairo would
    /// draw; callers reject such text first through `FontCoverage`.
    public func width(of text: String, size: Double) -> Double {
        var units = 0
        // A variation selector picks the glyph of the character before it and adds no width.
        for scalar in text.unicodeScalars where !Self.isVariationSelector(scalar) {
            units += advance(ofGlyph: glyph(for: scalar) ?? 0)
        }
        return Double(units) * size / Double(unitsPerEm)
    }

    /// The width of `text` shaped with OpenType `features` (`palt`), as the renderers place it; the nominal
    /// advances when `features` is empty.
    public func width(of text: String, size: Double, features: [String]) -> Double {
        guard !features.isEmpty else { return width(of: text, size: size) }
        let units = shape(Array(text.unicodeScalars), features: features).reduce(0) { $0 + $1.advance }
        return Double(units) * size / Double(unitsPerEm)
    }

    private static func nameEntry(_ face: OpaquePointer, _ nameID: hb_ot_name_id_t) -> String? {
        var length: UInt32 = 0
        let needed = hb_ot_name_get_utf8(face, nameID, nil, &length, nil)
        guard needed > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(needed) + 1)
        length = UInt32(buffer.count)
        _ = buffer.withUnsafeMutableBufferPointer { hb_ot_name_get_utf8(face, nameID, nil, &length, $0.baseAddress) }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension FontFace: CustomStringConvertible {
    /// `gothic → /usr/share/fonts/…/ipaexg.ttf (IPAexGothic)`.
    public var description: String {
        "\(name) → \(url.path)" + (familyName.map { " (\($0))" } ?? "")
    }
}
