import CHarfBuzz
import Foundation

/// A font program holding only some glyphs of a face, made in memory for embedding, with the code each kept glyph
/// is shown by.
///
/// TrueType faces give a TrueType file with only glyf/loca/head/hhea/hmtx/maxp (what a PDF's `FontFile2` needs;
/// glyphs renumbered, code = new glyph id); CFF faces (.otf, .ttc such as Noto CJK) give the bare CFF table
/// (`FontFile3 /CIDFontType0C`) whose code is the glyph's CID from the subset's charset (its new glyph id when the
/// CFF is not CID-keyed).
public struct FontSubset: Sendable {
    /// The kind of program.
    public enum Kind: Sendable, Hashable {
        /// A TrueType file (glyf outlines).
        case trueType
        /// A bare CFF table.
        case cff
    }

    /// TrueType file or bare CFF table.
    public var kind: Kind
    /// The program's bytes.
    public var data: Data
    /// The code of each kept glyph, by its glyph id in the original face.
    public var codes: [UInt32: UInt16]

    /// Creates a subset record (also for a whole font file embedded with glyph ids as codes).
    public init(kind: Kind, data: Data, codes: [UInt32: UInt16]) {
        self.kind = kind
        self.data = data
        self.codes = codes
    }
}

extension FontFace {
    /// The subset keeping `glyphs` (glyph ids of this face; .notdef is always kept), cached per glyph set.
    ///
    /// `texts` (glyph id → the text it stands for, as a PDF's ToUnicode has it) only makes the subset faster: when
    /// every glyph is this face's nominal glyph of a one-character text, HarfBuzz is given those characters, which
    /// keep the same glyphs, instead of the glyph ids, for which it first maps the face's whole cmap (8.4 M
    /// instructions of IPAexGothic, more than all the rest of a one-shot `mkpdf ticket`'s PDF). The program is the
    /// same either way.
    /// - Throws: `FontError.subsetFailed` when HarfBuzz cannot subset, or the face has neither glyf nor CFF outlines.
    public func subset(glyphs: Set<UInt32>, texts: [UInt32: String] = [:]) throws(FontError) -> FontSubset {
        if let cached = glyphSubsets.value(for: glyphs) { return cached }
        let made = try makeSubset(glyphs: glyphs, characters: nominalCharacters(of: glyphs, texts: texts))
        glyphSubsets.store(made, for: glyphs)
        return made
    }

    /// HarfBuzz's flags for every subset: no hinting (a PDF viewer hints itself), and CFF charstrings with their
    /// subroutines inlined. To subroutinize, HarfBuzz parses every subroutine of the face (all of Noto CJK's, for a
    /// ticket's few glyphs), and the inlined programs measured were no larger (BENCHMARKS.md). TrueType outlines
    /// have no subroutines.
    static let subsetFlags = UInt32(HB_SUBSET_FLAGS_NO_HINTING.rawValue | HB_SUBSET_FLAGS_DESUBROUTINIZE.rawValue)

    /// One character for each of `glyphs` (other than .notdef) whose nominal glyph in this face it is, from
    /// `texts`; nil when a glyph has no such character (a vertical alternate, a variation sequence, a ligature).
    func nominalCharacters(of glyphs: Set<UInt32>, texts: [UInt32: String]) -> [UInt32]? {
        var characters: [UInt32] = []
        for glyph in glyphs where glyph != 0 {
            guard let text = texts[glyph], let scalar = text.unicodeScalars.first,
                text.unicodeScalars.count == 1, self.glyph(for: scalar) == glyph
            else { return nil }
            characters.append(scalar.value)
        }
        return characters
    }

    /// The subset keeping `glyphs`, asked of HarfBuzz by `characters` when given (their nominal glyphs are exactly
    /// `glyphs`), else by glyph id.
    func makeSubset(glyphs: Set<UInt32>, characters: [UInt32]?) throws(FontError) -> FontSubset {
        let failure = FontError.subsetFailed(name: name, path: url.path, glyphs: glyphs.count)
        guard let input = hb_subset_input_create_or_fail() else { throw failure }
        defer { hb_subset_input_destroy(input) }
        let unicodes = hb_subset_input_unicode_set(input)
        hb_set_clear(unicodes)
        if let characters {
            for character in characters { hb_set_add(unicodes, character) }
        } else {
            let kept = hb_subset_input_glyph_set(input)
            hb_set_add(kept, 0)
            for glyph in glyphs { hb_set_add(kept, glyph) }
        }
        hb_subset_input_set_flags(input, Self.subsetFlags)
        // Layout tables would pull in every glyph reachable by substitution; a PDF needs none of these.
        let dropped = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG)
        for table in [
            "GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "cmap", "name", "post", "OS/2", "vhea", "vmtx",
            "VORG", "kern", "gasp", "hdmx", "LTSH", "VDMX", "DSIG", "meta", "STAT", "cvt ", "fpgm", "prep"
        ] {
            hb_set_add(dropped, Self.tag(table))
        }
        guard let plan = hb_subset_plan_create_or_fail(face, input) else { throw failure }
        defer { hb_subset_plan_destroy(plan) }
        guard let made = hb_subset_plan_execute_or_fail(plan) else { throw failure }
        defer { hb_face_destroy(made) }
        let mapping = hb_subset_plan_old_to_new_glyph_mapping(plan)
        var newGlyphs: [UInt32: UInt32] = [:]
        for glyph in glyphs.union([0]) {
            let new = hb_map_get(mapping, glyph)
            if new != UInt32.max { newGlyphs[glyph] = new }
        }
        // The characters stood for exactly these glyphs, so HarfBuzz kept them all; should it not have, the
        // subset is asked again by glyph id rather than missing a glyph.
        if characters != nil, newGlyphs.count != glyphs.union([0]).count {
            return try makeSubset(glyphs: glyphs, characters: nil)
        }
        guard let bytes = hb_face_reference_blob(made) else { throw failure }
        defer { hb_blob_destroy(bytes) }
        guard let subset = hb_face_create(bytes, 0) else { throw failure }
        defer { hb_face_destroy(subset) }

        if let cff = Self.table(Self.tag("CFF "), of: subset) {
            let cids = CFFCharset.cids(in: cff)
            var codes: [UInt32: UInt16] = [:]
            for (old, new) in newGlyphs {
                let code = cids.map { Int(new) < $0.count ? $0[Int(new)] : UInt16(truncatingIfNeeded: new) }
                codes[old] = code ?? UInt16(truncatingIfNeeded: new)
            }
            return FontSubset(kind: .cff, data: cff, codes: codes)
        }
        guard Self.table(Self.tag("glyf"), of: subset) != nil, let builder = hb_face_builder_create() else {
            throw .fontUnreadable(
                name: name, path: url.path,
                reason: "it has neither TrueType (glyf) nor CFF outlines that a PDF can embed")
        }
        defer { hb_face_destroy(builder) }
        for table in ["glyf", "head", "hhea", "hmtx", "loca", "maxp"] {
            guard let blob = hb_face_reference_table(subset, Self.tag(table)) else { continue }
            defer { hb_blob_destroy(blob) }
            if hb_blob_get_length(blob) > 0 { _ = hb_face_builder_add_table(builder, Self.tag(table), blob) }
        }
        guard let blob = hb_face_reference_blob(builder) else { throw failure }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { throw failure }
        return FontSubset(
            kind: .trueType, data: Data(bytes: data, count: Int(length)),
            codes: newGlyphs.mapValues { UInt16(truncatingIfNeeded: $0) })
    }

    /// Table `tag` of `face` as bytes, or nil when it has none.
    static func table(_ tag: hb_tag_t, of face: OpaquePointer) -> Data? {
        guard let blob = hb_face_reference_table(face, tag) else { return nil }
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return nil }
        return Data(bytes: data, count: Int(length))
    }
}

/// Reads which CID each glyph of a CID-keyed CFF font has (its charset), so a PDF can show the glyph by CID.
enum CFFCharset {
    /// The CID of each glyph id, or nil when the font is not CID-keyed (then CID = glyph id) or cannot be read.
    static func cids(in cff: Data) -> [UInt16]? {
        let bytes = [UInt8](cff)
        guard bytes.count > 4 else { return nil }
        var offset = Int(bytes[2])
        guard let names = index(bytes, at: offset) else { return nil }
        offset = names.end
        guard let top = index(bytes, at: offset), let first = top.items.first else { return nil }
        var operands: [Int] = []
        var isCID = false
        var charset = 0
        var cursor = first.lowerBound
        while cursor < first.upperBound {
            let b0 = Int(bytes[cursor])
            switch b0 {
            case 32...246:
                operands.append(b0 - 139)
                cursor += 1
            case 247...250:
                guard cursor + 1 < bytes.count else { return nil }
                operands.append((b0 - 247) * 256 + Int(bytes[cursor + 1]) + 108)
                cursor += 2
            case 251...254:
                guard cursor + 1 < bytes.count else { return nil }
                operands.append(-(b0 - 251) * 256 - Int(bytes[cursor + 1]) - 108)
                cursor += 2
            case 28:
                guard cursor + 2 < bytes.count else { return nil }
                operands.append(Int(Int16(bitPattern: UInt16(bytes[cursor + 1]) << 8 | UInt16(bytes[cursor + 2]))))
                cursor += 3
            case 29:
                guard cursor + 4 < bytes.count else { return nil }
                let value = bytes[cursor + 1...cursor + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                operands.append(Int(Int32(bitPattern: value)))
                cursor += 5
            case 30:
                cursor += 1
                while cursor < first.upperBound, bytes[cursor] & 0x0F != 0x0F, bytes[cursor] & 0xF0 != 0xF0 {
                    cursor += 1
                }
                cursor += 1
                operands.append(0)
            case 12:
                guard cursor + 1 < bytes.count else { return nil }
                if bytes[cursor + 1] == 30 { isCID = true }
                operands.removeAll()
                cursor += 2
            default:
                if b0 == 15, let last = operands.last { charset = last }
                operands.removeAll()
                cursor += 1
            }
        }
        guard isCID, charset > 2, charset < bytes.count else { return nil }
        return readCharset(bytes, at: charset)
    }

    private static func readCharset(_ bytes: [UInt8], at start: Int) -> [UInt16]? {
        func u16(_ at: Int) -> Int? { at + 1 < bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        guard let format = bytes[safe: start] else { return nil }
        var cids: [UInt16] = [0]
        var cursor = start + 1
        switch format {
        case 0:
            while let cid = u16(cursor) {
                cids.append(UInt16(cid))
                cursor += 2
            }
        case 1, 2:
            while let first = u16(cursor) {
                let left = format == 1 ? bytes[safe: cursor + 2].map(Int.init) : u16(cursor + 2)
                guard let left, first + left <= 0xFFFF else { break }
                for cid in first...(first + left) { cids.append(UInt16(cid)) }
                cursor += format == 1 ? 3 : 4
                if cids.count > 65_536 { break }
            }
        default:
            return nil
        }
        return cids
    }

    /// A CFF INDEX at `offset`: the byte range of each item and where the INDEX ends.
    static func index(_ bytes: [UInt8], at offset: Int) -> (items: [Range<Int>], end: Int)? {
        guard offset + 2 < bytes.count else { return nil }
        let count = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        if count == 0 { return ([], offset + 2) }
        let size = Int(bytes[offset + 2])
        guard (1...4).contains(size) else { return nil }
        let base = offset + 3 + (count + 1) * size - 1
        guard base < bytes.count else { return nil }
        var offsets: [Int] = []
        for item in 0...count {
            let at = offset + 3 + item * size
            offsets.append(bytes[at..<at + size].reduce(0) { $0 << 8 | Int($1) })
        }
        let items = (0..<count).map { base + offsets[$0]..<base + offsets[$0 + 1] }
        guard let last = items.last, last.upperBound <= bytes.count else { return nil }
        return (items, base + offsets[count])
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
