import DrawingModule
import Fonts
import Foundation
import Haru
import Support

/// The fonts of one PDF being built: each face embedded once as a Type0 font of our own (a subset holding the
/// glyphs the whole document shows, its widths and ToUnicode), or libHaru's Japanese CID fonts in `.cid` mode.
final class PDFFontSet {
    /// A non-embedded Japanese font in this document and the `W` width of each CID it shows.
    struct CIDEntry {
        var font: PDFType0Font
        var widths: [UInt16: Int]
        var defaultWidth: Int

        /// The width of `cid` in thousandths of an em, as the viewer positions it.
        func width(of cid: UInt16) -> Int { widths[cid] ?? defaultWidth }
    }

    /// An embedded face in this document: the font object and the code of each glyph.
    struct Embedded {
        var font: PDFType0Font
        var codes: [UInt32: UInt16]
        /// The `W` width of glyphs that differ from their nominal advance (the proportional variant's), in
        /// thousandths of an em.
        var widths: [UInt32: Int] = [:]
        /// For the vertical variant, how far below the pen a glyph's horizontal origin is, in thousandths of an em.
        var verticalOrigin: Int? = nil
        /// The program's advance of each glyph it holds (`FontPrograms.Made.advances`).
        var advances: [UInt32: Int] = [:]

        /// The width the viewer advances by after `glyph` in `face`.
        func width(of glyph: UInt32, in face: FontFace) -> Int {
            if !widths.isEmpty, let width = widths[glyph] { return width }
            return advances[glyph] ?? TextLayout.width(of: glyph, in: face)
        }
    }

    private let document: PDFDocument
    private let mode: PDFFontMode
    /// For each face used (by identity), the text of each glyph shown: the subset keeps exactly these glyphs.
    private var texts: [ObjectIdentifier: [UInt32: String]] = [:]
    /// For each face, the further texts of glyphs that stand for more than one (入 and ⼊, 〜 and ～ are one glyph in
    /// IPAexGothic). A ToUnicode maps a code to one text, so the n-th further text is shown with alias n: a font of
    /// the same program and variant whose ToUnicode maps the glyph's code to that text.
    private var aliases: [ObjectIdentifier: [UInt32: [String]]] = [:]
    private var faces: [ObjectIdentifier: FontFace] = [:]
    /// For each face, the glyphs shown from a program whose advances are widened by each amount (thousandths of an
    /// em): each spaced font's subset keeps only these.
    private var spacedGlyphs: [ObjectIdentifier: [Int: Set<UInt32>]] = [:]
    private var embedded: [ObjectIdentifier: [FontKey: Embedded]] = [:]
    /// The program each face's fonts show, made with the first of them.
    private var programs: [ObjectIdentifier: FontPrograms.Made] = [:]
    private var cid: [String: CIDEntry] = [:]
    /// Each CID font's chain of faces, whose advances become its widths.
    private var cidChains: [String: [FontFace]] = [:]
    /// The characters shown with each CID font, for its widths.
    private var cidCharacters: [String: Set<Character>] = [:]

    /// The font programs of the owner's recent documents, or this document's own.
    private let fontPrograms: FontPrograms
    /// Each CID font's width of a character kept by the owner's recent documents, or nil (each found).
    private let knownCIDWidths: CIDWidths?

    /// Each CID font's width of a character (by scalar), kept across an owner's documents (its `RenderContext`'s
    /// shelf): a batch shows mostly the same characters, each one's face and advance found once.
    final class CIDWidths: ShelvedCache {
        /// The widths by CID font and chain.
        let entries = BoundedCache<CIDWidthChain, [UInt32: Int]>(limit: 16)

        init() {}

        func removeAll() { entries.removeAll() }

        var keptEntries: Int { entries.count }
    }

    /// A CID font's logical name and the faces its widths come from (held, so their identities stay theirs).
    struct CIDWidthChain: Hashable, Sendable {
        var name: String
        var faces: [FontFace]

        static func == (a: Self, b: Self) -> Bool {
            a.name == b.name && a.faces.count == b.faces.count && zip(a.faces, b.faces).allSatisfy { $0 === $1 }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            for face in faces { hasher.combine(ObjectIdentifier(face)) }
        }
    }

    /// The faces whose advances a CID font's widths take, before the logical name's own chain.
    static let cidWidthFonts: [String: String] = ["gothic": "gothic-cjk", "mincho": "mincho-cjk"]

    /// The logical names `.cid` mode maps to libHaru's Japanese fonts, shown by Adobe-Japan1 CID (Identity-H): the
    /// proportional faces, whose widths match the proportional Latin CIDs 1–95 that Unicode maps to (MS-Gothic's
    /// fixed 500 for every Latin glyph spaced "FN- 579- 413" in poppler, MuPDF and Ghostscript).
    static let cidFonts: [String: JapaneseFont] = ["gothic": .msPGothic, "mincho": .msPMincho]

    /// What registering texts has recorded so far: the glyphs and texts each face's subsets keep and the faces.
    struct Registrations {
        fileprivate var texts: [ObjectIdentifier: [UInt32: String]] = [:]
        fileprivate var aliases: [ObjectIdentifier: [UInt32: [String]]] = [:]
        fileprivate var faces: [ObjectIdentifier: FontFace] = [:]
        fileprivate var spacedGlyphs: [ObjectIdentifier: [Int: Set<UInt32>]] = [:]
        fileprivate var cidChains: [String: [FontFace]] = [:]
        fileprivate var cidCharacters: [String: Set<Character>] = [:]
    }

    /// The registrations so far; set, they replace them (a kept page beginning's, `PDFPrefixes`, registered by the
    /// same texts in the same order into an empty set).
    var registrations: Registrations {
        get {
            Registrations(
                texts: texts, aliases: aliases, faces: faces, spacedGlyphs: spacedGlyphs, cidChains: cidChains,
                cidCharacters: cidCharacters)
        }
        set {
            texts = newValue.texts
            aliases = newValue.aliases
            faces = newValue.faces
            spacedGlyphs = newValue.spacedGlyphs
            cidChains = newValue.cidChains
            cidCharacters = newValue.cidCharacters
        }
    }

    private let subsets: Bool
    /// The faces embedded whole whatever `subsets` says: the fonts of form fields with `typing: all`.
    private var wholeFaces: Set<ObjectIdentifier> = []

    /// The fonts of `document`; `caches`, the shelf of the owner of many documents, lends the font programs and
    /// CID widths its recent documents made (nil: this document makes its own).
    init(document: PDFDocument, mode: PDFFontMode, subsets: Bool, caches: CacheShelf?) {
        self.document = document
        self.mode = mode
        self.subsets = subsets
        fontPrograms = caches?.cache(FontPrograms.self) ?? FontPrograms()
        knownCIDWidths = caches?.cache(CIDWidths.self)
    }

    /// How errors name the CID font of logical font `name`: `gothic (MS-PGothic, Adobe-Japan1, cid mode)`.
    static func cidLabel(of name: String) -> String {
        "\(name) (\(cidFonts[name]?.rawValue ?? name), Adobe-Japan1, cid mode)"
    }

    /// True when text in logical font `name` is shown with a libHaru CID font.
    func isCID(_ name: String) -> Bool {
        mode == .cid && Self.cidFonts[name] != nil
    }

    /// A stretch of a CID-mode line: characters the CID font shows, or characters Adobe-Japan1 has no CID for
    /// (Hangul, a variation sequence such as 葛󠄀), which are drawn from the logical font's chain, embedded.
    struct CIDPiece {
        /// The characters.
        var text: Substring
        /// Their CIDs, one per code point; nil for characters drawn from the chain.
        var cids: [UInt16]?
    }

    /// Records what `layout` shows in CID font `name`: its characters for the font's widths (taken from the first
    /// face of `widthChain` that has each), and the glyphs of characters without a CID for the subsets of the
    /// chain's faces that draw them.
    func registerCID(_ layout: TextLayout, font name: String, widthChain: [FontFace], location: RenderLocation)
        throws
    {
        cidChains[name] = widthChain
        for piece in try Self.cidPieces(of: layout.string) {
            if piece.cids != nil {
                cidCharacters[name, default: []].formUnion(piece.text)
            } else {
                let runs = try layout.fallbackRuns(of: String(piece.text), location: location).runs
                register(runs: runs)
                registerCarried(
                    runs: runs,
                    carried: runs.indices.map {
                        TextLayout.carriedSpacing(of: runs, at: $0, size: layout.size, spacing: layout.characterSpacing)
                    })
            }
        }
    }

    /// `text` cut into stretches the CID font shows and stretches it cannot, in order. A character is shown with
    /// CIDs only when every code point of it has one: 葛󠄀 (葛 and a selector) is drawn whole from the chain, never as
    /// a bare 葛.
    static func cidPieces(of text: String) throws -> [CIDPiece] {
        let table = try AdobeJapan1.shared.cids()
        var all: [UInt16] = []
        all.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            guard let cid = table[scalar.value] else { break }
            all.append(cid)
        }
        if all.count == text.unicodeScalars.count { return [CIDPiece(text: text[...], cids: all)] }
        var pieces: [CIDPiece] = []
        var index = text.startIndex
        while index < text.endIndex {
            let end = text.index(after: index)
            var cids: [UInt16]? = []
            for scalar in text.unicodeScalars[index..<end] {
                guard let cid = table[scalar.value] else {
                    cids = nil
                    break
                }
                cids?.append(cid)
            }
            if let last = pieces.indices.last, (pieces[last].cids == nil) == (cids == nil) {
                pieces[last].text = text[pieces[last].text.startIndex..<end]
                if let cids { pieces[last].cids?.append(contentsOf: cids) }
            } else {
                pieces.append(CIDPiece(text: text[index..<end], cids: cids))
            }
            index = end
        }
        return pieces
    }

    /// Records the glyphs `layout` shows, so each face's subset holds them all, and those shown from a widened
    /// program (`registerCarried`).
    func register(_ layout: TextLayout) {
        register(runs: layout.runs)
        registerCarried(layout)
    }

    /// Records which glyphs of `layout` (a line whose glyphs are registered) are shown from a program whose advances
    /// carry the letter spacing and the gaps after them (`TextLayout.carriedSpacing`), so each spaced font's subset
    /// holds them: a text box's set lines, known only once it is set, as well as plain texts.
    func registerCarried(_ layout: TextLayout) {
        guard !layout.vertical else { return }
        registerCarried(runs: layout.runs, carried: layout.carried)
    }

    /// Records the glyphs of `runs` whose programs carry `carried` (for each run, each glyph's amount).
    private func registerCarried(runs: [TextLayout.Run], carried: [[Int]]) {
        for (run, carried) in zip(runs, carried) {
            for (glyph, amount) in zip(run.glyphs, carried) where amount > 0 {
                spacedGlyphs[ObjectIdentifier(run.face), default: [:]][amount, default: []].insert(glyph)
            }
        }
    }

    /// Records the glyphs of `runs`, so each face's subset holds them all, and the further texts of glyphs already
    /// shown for another.
    private func register(runs: [TextLayout.Run]) {
        for run in runs {
            let id = ObjectIdentifier(run.face)
            faces[id] = run.face
            // The face's glyphs are reached once per run, in place, rather than looked up again for every glyph. Room
            // for a ticket's glyphs is made at once: a map grown from empty was rehashed at every doubling.
            Self.register(
                run, into: &texts[id, default: Dictionary(minimumCapacity: Self.expectedGlyphs)], aliases: &aliases,
                of: id)
        }
    }

    /// The glyphs of one face a small document is expected to show, for the room its glyph map starts with: a
    /// ticket's (a larger document grows its map as usual).
    private static let expectedGlyphs = 128

    /// Records the glyphs of `run` in `texts` (its face's), and the further texts of glyphs already there in
    /// `aliases`.
    private static func register(
        _ run: TextLayout.Run, into texts: inout [UInt32: String],
        aliases: inout [ObjectIdentifier: [UInt32: [String]]], of id: ObjectIdentifier
    ) {
        for (index, glyph) in run.glyphs.enumerated() {
            guard let known = texts[glyph], !known.isEmpty else {
                texts[glyph] = TextLayout.text(of: index, in: run)
                continue
            }
            guard let range = run.clusters[index], !Self.text(known, is: run.scalars[range]) else { continue }
            let text = TextLayout.text(of: index, in: run)
            if !(aliases[id]?[glyph]?.contains(text) ?? false) {
                aliases[id, default: [:]][glyph, default: []].append(text)
            }
        }
    }

    /// True when `text` is exactly `scalars`: most glyphs stand for one code point, compared without iterating
    /// generically.
    private static func text(_ text: String, is scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        guard scalars.count == 1 else { return text.unicodeScalars.elementsEqual(scalars) }
        var iterator = text.unicodeScalars.makeIterator()
        return iterator.next() == scalars.first && iterator.next() == nil
    }

    /// Records `glyphs` of `face`, each with the text it stands for, so the face's subset keeps them; a glyph already
    /// recorded keeps its first text.
    func register(glyphs: [(glyph: UInt32, text: String)], of face: FontFace) {
        let id = ObjectIdentifier(face)
        faces[id] = face
        for (glyph, text) in glyphs where texts[id]?[glyph] == nil { texts[id, default: [:]][glyph] = text }
    }

    /// Embeds `face` whole (a plain TrueType file, `FontFace.isWholeTrueType`), every character its cmap maps in
    /// its widths and ToUnicode, so a viewer can draw and a program (pypdf) encode any of them typed into a form
    /// field. Called before the face's font is first asked for.
    func embedWhole(_ face: FontFace) {
        let id = ObjectIdentifier(face)
        guard !wholeFaces.contains(id) else { return }
        wholeFaces.insert(id)
        // A glyph drawn for several characters stands for one in ToUnicode: the unified ideograph 一 rather than the
        // Kangxi radical ⼀ or a compatibility ideograph that share its glyph, so readers extract (and pypdf
        // encodes) the character people type.
        let secondary: [ClosedRange<UInt32>] = [0x2E80...0x2FDF, 0xF900...0xFAFF, 0x2F800...0x2FA1F]
        let characters = face.mappedCharacters.sorted { a, b in
            let (aLate, bLate) = (
                secondary.contains { $0.contains(a.value) }, secondary.contains { $0.contains(b.value) }
            )
            return aLate == bLate ? a.value < b.value : !aLate
        }
        register(
            glyphs: characters.compactMap { scalar in face.glyph(for: scalar).map { ($0, String(scalar)) } }, of: face)
    }

    /// For each glyph of `run`, the alias it is shown with (`font(for:variant:alias:)`), nil for its first text;
    /// nil for the whole run when no glyph of its face stands for more than one text.
    func aliasNumbers(of run: TextLayout.Run) -> [Int?]? {
        guard let known = aliases[ObjectIdentifier(run.face)] else { return nil }
        return run.glyphs.indices.map { index in
            guard let others = known[run.glyphs[index]], let range = run.clusters[index] else { return nil }
            return others.firstIndex { $0.unicodeScalars.elementsEqual(run.scalars[range]) }
        }
    }

    /// How an embedded font of a face shows its glyphs: each is one Type0 font of the same program.
    enum Variant: Hashable {
        /// `Identity-H` with the glyphs' nominal widths.
        case horizontal
        /// `Identity-H` with the glyphs' `palt` advances as widths.
        case proportional
        /// `Identity-V`: cells of vertical columns.
        case vertical
        /// `Identity-H` of a program whose every advance is this many thousandths of an em wider: letter-spaced
        /// text (`spacedFont(for:spacing:)`).
        case spaced(Int)
    }

    /// One font of a face: its variant, and the alias whose texts its ToUnicode maps (nil: the glyphs' first texts).
    private struct FontKey: Hashable {
        var variant: Variant
        var alias: Int?
    }

    /// The embedded font for `face` in `variant`, built on first use from the glyphs registered for the face; a
    /// second variant of the same face shares the first one's descriptor, font file and ToUnicode. With `alias` n,
    /// its ToUnicode maps each glyph's n-th further text instead (`aliasNumbers(of:)`).
    ///
    /// In the proportional variant a glyph moved by `palt` (an opening bracket drawn half an em left) is given the
    /// width from where it is drawn to where the next glyph starts, so extractors see glyph boxes that neither
    /// overlap nor leave gaps (poppler broke a line at every 、 whose full-width box overlapped the next character).
    func font(for face: FontFace, variant: Variant = .horizontal, alias: Int? = nil) throws -> Embedded {
        let id = ObjectIdentifier(face)
        let key = FontKey(variant: variant, alias: alias)
        if let entry = embedded[id]?[key] { return entry }
        // Every variant of a face shows the program made for its first one: they share its file.
        let made =
            try programs[id]
            ?? fontPrograms.program(
                of: face, texts: texts[id] ?? [:], subsets: subsets && !wholeFaces.contains(id), document: document)
        programs[id] = made
        var program = made.program
        var widths: [UInt32: Int] = [:]
        if variant == .proportional {
            var proportional: [(code: UInt16, width: Int)] = []
            for (glyph, code) in made.codes.sorted(by: { $0.value < $1.value }) {
                var width = TextLayout.width(of: glyph, in: face)
                if let text = texts[id]?[glyph], !text.isEmpty {
                    let shaped = face.shape(Array(text.unicodeScalars), features: ["palt"])
                    if shaped.count == 1, shaped[0].glyph == glyph {
                        width = TextLayout.thousandths(shaped[0].advance - shaped[0].xOffset, in: face)
                        if width != TextLayout.width(of: glyph, in: face) { widths[glyph] = width }
                    }
                }
                proportional.append((code, width))
            }
            program.widths = proportional
        }
        var toUnicode: Data?
        // Other variants share the first one's descriptor, file and ToUnicode; never an alias's ToUnicode.
        // Never a spaced font's: its program is another one.
        var sharing = embedded[id]?.first { entry in
            if case .spaced = entry.key.variant { return false }
            return entry.key.alias == nil
        }?.value.font
        if let number = alias {
            sharing = try font(for: face, variant: variant).font
            var unicode: [UInt16: String] = [:]
            for (glyph, others) in aliases[id] ?? [:] where others.count > number {
                if let code = made.codes[glyph] { unicode[code] = others[number] }
            }
            toUnicode = try document.deflate(ToUnicodeCMap.make(unicode))
        }
        let verticalOrigin = variant == .vertical ? Int(face.ascent(size: 1000).rounded()) : nil
        let font = try document.addType0Font(
            program, sharing: sharing, toUnicode: toUnicode, verticalOrigin: verticalOrigin)
        let entry = Embedded(
            font: font, codes: made.codes, widths: widths, verticalOrigin: verticalOrigin, advances: made.advances)
        embedded[id, default: [:]][key] = entry
        return entry
    }

    /// The embedded font for `face` whose program has every advance `spacing` thousandths of an em wider (its
    /// glyphs unmoved), for letter-spaced text and the gaps the spacing rules open shown without `Tc` or wide TJ
    /// numbers: the widths of `W`, the program and the positions agree, so MuPDF, which spaces words by the
    /// program's advances, and pypdf, which spaces them by TJ numbers, read the text as one word, and PDF/A
    /// validators find the widths consistent. Built on first use from the glyphs registered for the face at that
    /// spacing (always a subset), not sharing the face's own descriptor or file; nil when none were registered or
    /// the face's program cannot be widened (`FontSubset.spaced(by:)`).
    func spacedFont(for face: FontFace, spacing: Int) throws -> Embedded? {
        let id = ObjectIdentifier(face)
        let key = FontKey(variant: .spaced(spacing), alias: nil)
        if let entry = embedded[id]?[key] { return entry }
        guard let glyphs = spacedGlyphs[id]?[spacing], !glyphs.isEmpty,
            let made = try fontPrograms.spacedProgram(
                of: face, texts: (texts[id] ?? [:]).filter { glyphs.contains($0.key) }, subsets: subsets,
                spacing: spacing,
                document: document)
        else { return nil }
        let font = try document.addType0Font(made.program)
        // The spaced program's advances: the face's, each `spacing` wider.
        let entry = Embedded(font: font, codes: made.codes, widths: made.advances)
        embedded[id, default: [:]][key] = entry
        return entry
    }

    /// The non-embedded Japanese font for logical font `name` in `.cid` mode, built on first use with the widths
    /// of every character the document shows in it; nil for other fonts and modes. Text is shown as UTF-16BE
    /// through the predefined `UniJIS-UTF16-H` CMap; extractors read it back through Adobe-Japan1's CIDs, so only
    /// characters that round trip are shown with it (`AdobeJapan1`). (Identity-H with a non-embedded font makes
    /// MuPDF warn, and a ToUnicode remapped through a Uni-CMap too; see addJapaneseCIDFont.)
    ///
    /// Widths: each character's advance in the first face of `chain` (registerCID) that has it — Noto Sans/Serif
    /// CJK JP first, the faces poppler (through fontconfig) and MuPDF draw a non-embedded Japanese font with, so
    /// Latin is spaced evenly there ("FN-579-413", not "FN- 579- 413"); libHaru's MS-PGothic width otherwise.
    func cidFont(named name: String) throws -> CIDEntry? {
        guard mode == .cid, let japanese = Self.cidFonts[name] else { return nil }
        if let entry = cid[name] { return entry }
        let metrics = try AdobeJapan1.shared.metrics(of: japanese)
        let table = try AdobeJapan1.shared.cids()
        var widths: [UInt16: Int] = [:]
        let chain = cidChains[name] ?? []
        let key = CIDWidthChain(name: name, faces: chain)
        var known = knownCIDWidths?.entries.value(for: key) ?? [:]
        let knownCount = known.count
        for scalar in Set((cidCharacters[name] ?? []).flatMap(\.unicodeScalars)) {
            guard let cid = table[scalar.value], widths[cid] == nil else { continue }
            if let width = known[scalar.value] {
                widths[cid] = width
                continue
            }
            var width = metrics.width(of: cid)
            if let face = chain.first(where: { $0.glyph(for: scalar) != nil }), let glyph = face.glyph(for: scalar) {
                width = TextLayout.width(of: glyph, in: face)
            }
            known[scalar.value] = width
            widths[cid] = width
        }
        if known.count != knownCount { knownCIDWidths?.entries.store(known, for: key) }
        let font = try document.addJapaneseCIDFont(
            metrics, encoding: "UniJIS-UTF16-H",
            widths: widths.sorted { $0.key < $1.key }.map { (code: $0.key, width: $0.value) },
            supplement: AdobeJapan1.supplement(for: widths.keys.max() ?? 0))
        let entry = CIDEntry(font: font, widths: widths, defaultWidth: metrics.defaultWidth)
        cid[name] = entry
        return entry
    }
}
