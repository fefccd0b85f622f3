import Fonts
import Foundation
import Haru
import Support

/// Embedded font programs made once per owner of many documents (its `RenderContext`'s shelf; a document rendered
/// without one has its own): a HarfBuzz subset of a face for a set of glyphs, its widths and ToUnicode, deflated
/// once and added to every later PDF that uses the same glyphs with the same text.
///
/// Subsets hold only the glyphs a document shows, so every file is as small as it can be. A batch of tickets differs
/// in a few digits, so it needs few distinct subsets (the anchors' ticket, whose fixed texts hold eight digits, needs
/// at most four): up to `limit` of them are kept.
final class FontPrograms: ShelvedCache, @unchecked Sendable {
    /// A program and the code of each glyph (by glyph id in the face) it shows.
    struct Made {
        var program: EmbeddedFontProgram
        var codes: [UInt32: UInt16]
        /// Each glyph's advance in thousandths of an em, as the program's `W` gives it: what a page's text is
        /// positioned by, found here once instead of through HarfBuzz for every glyph of every document.
        var advances: [UInt32: Int]
    }

    private struct Key: Hashable {
        var face: ObjectIdentifier
        var texts: [UInt32: String]
        var subsets: Bool
        /// The letter spacing the program's advances include, in thousandths of an em (0 for the face's own).
        var spacing = 0

        /// The face, the flag and the glyph ids only (order-free): hashing every text cost more per document than the
        /// rest of the lookup, and equal keys still hash equally; equality compares the texts too.
        func hash(into hasher: inout Hasher) {
            hasher.combine(face)
            hasher.combine(subsets)
            hasher.combine(spacing)
            hasher.combine(texts.count)
            hasher.combine(texts.keys.reduce(0) { $0 ^ ($1 &* 0x9E37_79B9) })
        }
    }

    private let lock = NSLock()
    private var programs: [Key: Made] = [:]
    /// The faces keyed, held so their identifiers stay theirs.
    private var faces: [ObjectIdentifier: FontFace] = [:]
    private let limit = 512

    /// No program made yet.
    init() {}

    /// How many programs are kept.
    var keptEntries: Int { lock.withLock { programs.count } }

    /// Forgets every program made.
    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        programs.removeAll()
        faces.removeAll()
    }

    /// The program of `face` showing `texts` (glyph id → the text it stands for), made on first request; `document`
    /// only lends its zlib.
    ///
    /// With `subsets` false, a plain TrueType file (not a collection, not CFF) is embedded whole, glyph ids as codes.
    func program(
        of face: FontFace, texts: [UInt32: String], subsets: Bool = true,
        document: PDFDocument
    ) throws -> Made {
        guard let made = try cached(face, texts: texts, subsets: subsets, spacing: 0, document: document) else {
            throw RenderError.pdf(location: nil, reason: "no font program could be made of \(face.name)")
        }
        return made
    }

    /// The program of `face` showing `texts` with every advance `spacing` thousandths of an em wider
    /// (`FontSubset.spaced(by:)`), for letter-spaced text; nil when the face's program cannot be widened (CFF).
    func spacedProgram(
        of face: FontFace, texts: [UInt32: String], subsets: Bool = true, spacing: Int,
        document: PDFDocument
    ) throws -> Made? {
        try cached(face, texts: texts, subsets: subsets, spacing: spacing, document: document)
    }

    private func cached(
        _ face: FontFace, texts: [UInt32: String], subsets: Bool, spacing: Int, document: PDFDocument
    ) throws -> Made? {
        let key = Key(face: ObjectIdentifier(face), texts: texts, subsets: subsets, spacing: spacing)
        lock.lock()
        if let made = programs[key] {
            lock.unlock()
            return made
        }
        lock.unlock()
        guard let made = try make(face, texts: texts, subsets: subsets, spacing: spacing, document: document) else {
            return nil
        }
        lock.lock()
        defer { lock.unlock() }
        if programs.count >= limit { programs.removeAll(keepingCapacity: true) }
        programs[key] = made
        faces[key.face] = face
        return made
    }

    private func make(
        _ face: FontFace, texts: [UInt32: String], subsets: Bool, spacing: Int,
        document: PDFDocument
    ) throws -> Made? {
        var subset: FontSubset
        var isWhole = false
        if !subsets, face.isWholeTrueType, let whole = try? Data(contentsOf: face.url) {
            var codes: [UInt32: UInt16] = [:]
            for glyph in texts.keys.sorted() { codes[glyph] = UInt16(truncatingIfNeeded: glyph) }
            subset = FontSubset(kind: .trueType, data: whole, codes: codes)
            isWhole = true
        } else {
            subset = try face.subset(glyphs: Set(texts.keys), texts: texts)
        }
        // Letter spacing in font units, added to every advance of a spaced program.
        let units = Int(roundedClamping: Double(spacing) * Double(face.unitsPerEm) / 1000)
        if spacing != 0 {
            guard let spaced = subset.spaced(by: units) else { return nil }
            subset = spaced
        }
        var widths: [(code: UInt16, width: Int)] = []
        var advances: [UInt32: Int] = [:]
        var unicode: [UInt16: String] = [:]
        for (glyph, code) in subset.codes {
            let advance = TextLayout.thousandths(face.advance(ofGlyph: glyph) + units, in: face)
            widths.append((code, advance))
            advances[glyph] = advance
            if let text = texts[glyph] { unicode[code] = text }
        }
        widths.sort { $0.code < $1.code }
        let metrics = face.descriptorValues
        // A spaced program is another font: its subset tag differs from the face's own program's.
        let tagged = widths.map(\.code) + (spacing == 0 ? [] : [UInt16(truncatingIfNeeded: spacing), 0xFFFF])
        let program = EmbeddedFontProgram(
            kind: subset.kind == .cff ? .cff : .trueType,
            // A whole font carries no subset tag (PDF 9.6.4): readers may rely on it for every glyph.
            baseFont: (isWhole && spacing == 0 ? "" : Self.tag(for: tagged) + "+") + Self.pdfName(face),
            compressedFont: try document.deflate(subset.data), fontLength: subset.data.count,
            compressedToUnicode: try document.deflate(ToUnicodeCMap.make(unicode)), widths: widths, metrics: metrics)
        return Made(program: program, codes: subset.codes, advances: advances)
    }

    /// Six capital letters derived from the codes a subset holds (PDF 9.6.4's subset tag), the same for the same set.
    static func tag(for codes: [UInt16]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for code in codes {
            hash = (hash ^ UInt64(code)) &* 0x100_0000_01b3
        }
        var letters = ""
        for _ in 0..<6 {
            letters.append(Character(Unicode.Scalar(UInt8(65 + hash % 26))))
            hash /= 26
        }
        return letters
    }

    /// The face's PostScript name (or family name) with only characters a PDF name may hold unescaped.
    static func pdfName(_ face: FontFace) -> String {
        let raw = face.postScriptName ?? face.familyName ?? "Font"
        let kept = raw.unicodeScalars.filter {
            $0.value > 32 && $0.value < 127 && !"()<>[]{}/%#".unicodeScalars.contains($0)
        }
        return kept.isEmpty ? "Font" : String(String.UnicodeScalarView(kept))
    }
}
