import CHarfBuzz
import Support

/// One glyph of shaped text: which glyph, which code points it stands for, and how far it moves the pen.
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph id in the font file.
    public var glyph: UInt32
    /// The index (in the shaped code points) of the first code point of the cluster this glyph belongs to.
    public var cluster: Int
    /// The pen advance after this glyph, in font units (kerning included).
    public var advance: Int
    /// How far the glyph is moved right of the pen, in font units (mark positioning).
    public var xOffset: Int
    /// How far the glyph is moved up from the pen, in font units: in text shaped top to bottom, where a vertical
    /// feature such as `vhal` moves it (0 left to right).
    public var yOffset = 0
}

/// What a shaping is cached by: the code points and the features asked for.
struct ShapeKey: Hashable, Sendable {
    var scalars: [Unicode.Scalar]
    var features: [String]
    var vertical = false
}

extension FontFace {
    /// The OpenType features that pick a font's vertical alternates: `vert`, and `vrt2` where the font has it (a
    /// feature the font lacks is ignored). Shaped left to right with these on, 「 gives the glyph HarfBuzz's vertical
    /// (top-to-bottom) shaping gives, advanced by its width — what a vertical column drawn cell by cell needs.
    public static let verticalFeatures = ["vert", "vrt2"]

    /// `scalars` shaped by HarfBuzz with the font's default features (kerning, ligatures, variation sequences such
    /// as 葛󠄀 = U+845B U+E0100 when the font has them) plus `features` (OpenType tags such as `vert`), left to
    /// right.
    ///
    /// Shapings are cached per face: a batch draws the same labels on every page, and shaping one costs far more
    /// than looking it up.
    public func shape(_ scalars: [Unicode.Scalar], features: [String] = []) -> [ShapedGlyph] {
        let key = ShapeKey(scalars: scalars, features: features)
        if let cached = shapes.value(for: key) { return cached }
        let shaped = shapeUncached(scalars, features: features)
        shapes.store(shaped, for: key)
        return shaped
    }

    /// `scalars` shaped by HarfBuzz top to bottom, as a vertical column sets them, with `features` (`vert`, `vhal`):
    /// each glyph's `advance` is its advance down the column (the font's `vmtx`, adjusted by vertical GPOS features,
    /// which HarfBuzz applies only in this direction) and `yOffset` how far up it is moved. Cached like `shape`.
    public func shapeVertically(_ scalars: [Unicode.Scalar], features: [String] = []) -> [ShapedGlyph] {
        let key = ShapeKey(scalars: scalars, features: features, vertical: true)
        if let cached = shapes.value(for: key) { return cached }
        let shaped = shapeUncached(scalars, features: features, vertical: true)
        shapes.store(shaped, for: key)
        return shaped
    }

    private func shapeUncached(_ scalars: [Unicode.Scalar], features: [String], vertical: Bool = false)
        -> [ShapedGlyph]
    {
        guard !scalars.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        let codes = scalars.map(\.value)
        codes.withUnsafeBufferPointer {
            hb_buffer_add_codepoints(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_buffer_set_direction(buffer, vertical ? HB_DIRECTION_TTB : HB_DIRECTION_LTR)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        var settings = features.map { tag -> hb_feature_t in
            var feature = hb_feature_t()
            _ = hb_feature_from_string(tag, Int32(tag.utf8.count), &feature)
            return feature
        }
        hb_shape(font, buffer, &settings, UInt32(settings.count))
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { index in
            ShapedGlyph(
                glyph: infos[index].codepoint, cluster: Int(infos[index].cluster),
                advance: Int(vertical ? -positions[index].y_advance : positions[index].x_advance),
                xOffset: Int(positions[index].x_offset), yOffset: vertical ? Int(positions[index].y_offset) : 0)
        }
    }

    /// The glyph the font draws `character` with in vertical text when that differs from its horizontal glyph (the
    /// `vert`/`vrt2` substitution of 「」ー、。ッ …), else nil — no alternate, or not one glyph.
    public func verticalAlternate(of character: Character) -> UInt32? {
        let scalars = Array(character.unicodeScalars)
        let vertical = shape(scalars, features: Self.verticalFeatures)
        let horizontal = shape(scalars)
        guard vertical.count == 1, horizontal.count == 1, vertical[0].glyph != horizontal[0].glyph,
            vertical[0].glyph != 0
        else { return nil }
        return vertical[0].glyph
    }

    /// True when the font can draw `character` as written: a glyph for every code point, and for a variation
    /// selector (U+FE00–FE0F, U+E0100–E01EF) the variant glyph of the code point before it.
    public func covers(character: Character) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in character.unicodeScalars {
            if Self.isVariationSelector(scalar) {
                var glyph: hb_codepoint_t = 0
                guard let base = previous, hb_font_get_variation_glyph(font, base.value, scalar.value, &glyph) != 0
                else { return false }
            } else if !Self.isIgnorable(scalar), glyph(for: scalar) == nil {
                return false
            }
            previous = scalar
        }
        return true
    }

    static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
    }

    /// Invisible joiners and marks a font need not have (HarfBuzz hides them).
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF].contains(scalar.value)
    }

    /// The numbers a PDF font descriptor needs, in thousandths of an em, read from the font's head, post, OS/2
    /// and hhea tables.
    package var descriptorValues: FontDescriptorValues {
        // The first `count` bytes of a table, all the fields read here: a CJK font's `post` holds its glyph names
        // after them.
        func table(_ name: String, first count: Int) -> [UInt8] {
            let tag = name.utf8.reduce(hb_tag_t(0)) { $0 << 8 | hb_tag_t($1) }
            guard let blob = hb_face_reference_table(face, tag) else { return [] }
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
            return Array(UnsafeRawBufferPointer(start: data, count: min(Int(length), count)))
        }
        func int16(_ bytes: [UInt8], _ at: Int) -> Int {
            guard bytes.count >= at + 2 else { return 0 }
            return Int(Int16(bitPattern: UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])))
        }
        let scale = { (units: Int) -> Int in Int((Double(units) * 1000 / Double(self.unitsPerEm)).rounded()) }
        let head = table("head", first: 44)
        let post = table("post", first: 16)
        let os2 = table("OS/2", first: 6)
        let box = [int16(head, 36), int16(head, 38), int16(head, 40), int16(head, 42)].map(scale)
        let italic =
            post.count >= 8
            ? Double(int16(post, 4)) + Double(UInt16(post[6]) << 8 | UInt16(post[7])) / 65536
            : 0
        let fixedPitch = post.count >= 16 && post[12...15].contains { $0 != 0 }
        var capHeight: hb_position_t = 0
        let hasCap = hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_CAP_HEIGHT, &capHeight) != 0 && capHeight > 0
        let weight = os2.count >= 6 ? int16(os2, 4) : 400
        return FontDescriptorValues(
            flags: 4 | (fixedPitch ? 1 : 0), boundingBox: box, italicAngle: italic,
            ascent: scale(ascender), descent: scale(descender),
            capHeight: hasCap ? scale(Int(capHeight)) : scale(ascender),
            stemV: 10 + 220 * max(0, weight - 50) / 900)
    }
}
