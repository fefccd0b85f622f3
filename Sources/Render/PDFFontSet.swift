import Drawing
import Fonts
import Foundation
import Haru

/// The fonts of one PDF being built: each face embedded once as a Type0 font of our own (a subset holding the
/// glyphs the whole document shows, its widths and ToUnicode), or libHaru's Japanese CID fonts in `.cid` mode.
final class PDFFontSet {
    /// An embedded face in this document: the font object and the code of each glyph.
    struct Embedded {
        var font: PDFType0Font
        var codes: [UInt32: UInt16]
    }

    private let document: PDFDocument
    private let mode: PDFFontMode
    /// For each face used (by identity), the text of each glyph shown: the subset keeps exactly these glyphs.
    private var texts: [ObjectIdentifier: [UInt32: String]] = [:]
    private var faces: [ObjectIdentifier: FontFace] = [:]
    private var embedded: [ObjectIdentifier: Embedded] = [:]
    private var cid: [String: PDFFont] = [:]

    /// The logical names `.cid` mode maps to libHaru's Japanese fonts: the proportional faces, which match the
    /// proportional 90msp-RKSJ-H encoding's widths (MS-Gothic's fixed 500 for every Latin glyph spaced
    /// "FN- 579- 413" in poppler, MuPDF and Ghostscript).
    static let cidFonts: [String: JapaneseFont] = ["gothic": .msPGothic, "mincho": .msPMincho]

    private let subsets: Bool

    init(document: PDFDocument, mode: PDFFontMode, subsets: Bool) {
        self.document = document
        self.mode = mode
        self.subsets = subsets
    }

    /// True when text in logical font `name` is shown with a libHaru CID font.
    func isCID(_ name: String) -> Bool {
        mode == .cid && Self.cidFonts[name] != nil
    }

    /// Records the glyphs `layout` shows, so each face's subset holds them all.
    func register(_ layout: TextLayout) {
        for run in layout.runs {
            let id = ObjectIdentifier(run.face)
            faces[id] = run.face
            for (glyph, text) in zip(run.glyphs, run.texts) where texts[id]?[glyph]?.isEmpty ?? true {
                texts[id, default: [:]][glyph] = text
            }
        }
    }

    /// The embedded font for `face`, built on first use from the glyphs registered for it.
    func font(for face: FontFace) throws -> Embedded {
        let id = ObjectIdentifier(face)
        if let entry = embedded[id] { return entry }
        let made = try FontPrograms.shared.program(of: face, texts: texts[id] ?? [:], subsets: subsets,
                                                       document: document)
        let entry = Embedded(font: try document.addType0Font(made.program), codes: made.codes)
        embedded[id] = entry
        return entry
    }

    /// libHaru's Japanese CID font for logical font `name` in `.cid` mode, loaded on first use.
    func cidFont(named name: String) throws -> PDFFont? {
        guard mode == .cid, let japanese = Self.cidFonts[name] else { return nil }
        if let font = cid[name] { return font }
        // 90msp-RKSJ-H maps ASCII bytes to Adobe-Japan1 CIDs 1–95 (proportional), which poppler reads back as ASCII.
        let font = try document.font(japanese, encoding: .proportionalRKSJH)
        cid[name] = font
        return font
    }
}
