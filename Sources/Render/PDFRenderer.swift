import DrawingModule
import Fonts
import Foundation
import Haru
import Typeset

/// Renders drawings and documents to PDF with libHaru: one page per drawing, vector throughout, fonts embedded as
/// subsets of the same files the raster renderer draws with.
///
/// Output is deterministic (no dates, no random IDs): the same document gives the same bytes, so PDFs can be
/// compared and cached. A value type holding only settings; each call builds its own libHaru document, so one
/// renderer may be used from many threads at once.
public struct PDFRenderer: Sendable {
    /// Where logical font names (`gothic`, `sans` …) are looked up.
    public var fonts: FontRegistry
    /// Embedded TrueType (default) or libHaru's non-embedded Japanese CID fonts for gothic/mincho.
    public var fontMode: PDFFontMode
    /// Embed a HarfBuzz subset of each font (default) rather than the whole file.
    public var subsetsFonts: Bool
    /// The PDF's Producer entry.
    public var producer: String
    /// The device grid barcode modules are placed on (the PNG's scale), so the PDF shown or printed at that
    /// resolution has the same crisp modules as the PNG.
    public var scale: RasterScale
    /// When the rendering must be done by, checked at every drawing command; nil for no limit.
    public var deadline: Deadline?

    /// Creates a renderer.
    public init(
        fonts: FontRegistry = .shared, fontMode: PDFFontMode = .embedded, subsetsFonts: Bool = true,
        producer: String = "mkpdf", scale: RasterScale = .standard
    ) {
        self.fonts = fonts
        self.fontMode = fontMode
        self.subsetsFonts = subsetsFonts
        self.producer = producer
        self.scale = scale
    }

    /// The PDF of a one-page document.
    /// - Throws: `RenderError`.
    public func data(for drawing: Drawing, metadata: Document.Metadata = Document.Metadata()) throws(RenderError)
        -> Data
    {
        try data(for: Document(pages: [drawing], metadata: metadata))
    }

    /// The PDF of `document`, one page per drawing.
    /// - Throws: `RenderError` naming the page and command that failed.
    public func data(for document: Document) throws(RenderError) -> Data {
        let pdf = try RenderError.converting(location: nil) { try build(document) }
        do {
            return try pdf.data()
        } catch {
            throw RenderError.pdf(location: nil, reason: "\(error)")
        }
    }

    /// The first non-blank text of `texts` (a page's, in drawing order), trimmed to 80 characters: the title of a
    /// document that names none.
    static func firstText(of texts: [(text: Drawing.Command.Text, location: RenderLocation)]) -> String? {
        for (text, _) in texts {
            let string = text.string
            guard let first = string.firstIndex(where: { !$0.isWhitespace }),
                let last = string.lastIndex(where: { !$0.isWhitespace })
            else { continue }
            return String(string[first...last].prefix(80))
        }
        return nil
    }

    /// `ja` when some text holds kana or kanji, else nil (the language is then left unstated).
    static func language(of texts: [[(text: Drawing.Command.Text, location: RenderLocation)]]) -> String? {
        let japanese: [ClosedRange<UInt32>] = [
            0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF66...0xFF9F,
            0x20000...0x2FFFF
        ]
        func isJapanese(_ scalar: Unicode.Scalar) -> Bool { japanese.contains { $0.contains(scalar.value) } }
        for page in texts {
            for (text, _) in page where text.string.unicodeScalars.contains(where: isJapanese) {
                return "ja"
            }
        }
        return nil
    }

    /// Builds the libHaru document; the caller produces its bytes.
    private func build(_ document: Document) throws -> PDFDocument {
        guard !document.pages.isEmpty else { throw RenderError.emptyDocument }
        try document.checkFormFields()
        let document = document.flattensForms ? document.flatteningFormFields() : document
        if let problem = document.firstOutlineProblem() {
            throw RenderError.outline(index: problem.index, field: problem.field, reason: problem.reason)
        }
        // Every text of every page, text boxes set into lines: for the title, the language and the fonts' subsets;
        // and each page's text boxes, found in the same walk.
        var pageTexts: [[(text: Drawing.Command.Text, location: RenderLocation)]] = []
        var pageBoxes: [[Replayer.PlacedTextBox]] = []
        for (index, page) in document.pages.enumerated() {
            var boxes: [Replayer.PlacedTextBox] = []
            pageTexts.append(try Replayer.texts(in: page, page: index + 1, fonts: fonts, boxes: &boxes))
            pageBoxes.append(boxes)
        }
        let pdf: PDFDocument
        if let archive = document.archive { try checkArchivable(document, archive) }
        do {
            pdf = try PDFDocument()
            if let archive = document.archive {
                try pdf.setArchivePart(archive.level.part)
                for file in archive.attachments {
                    try pdf.attach(
                        name: file.name, data: file.data, mimeType: file.mimeType,
                        relationship: file.relationship.rawValue, description: file.description)
                }
            }
            let title = document.metadata.title ?? Self.firstText(of: pageTexts.first ?? [])
            try pdf.setInfo(
                DocumentInfo(
                    title: title, author: document.metadata.author,
                    creator: document.metadata.creator, producer: producer,
                    subject: document.metadata.subject, keywords: document.metadata.keywords))
            if title != nil { try pdf.setDisplaysTitle(true) }
            if let language = document.metadata.language ?? Self.language(of: pageTexts) {
                try pdf.setLanguage(language)
            }
        } catch {
            throw RenderError.pdf(location: nil, reason: "\(error)")
        }
        let fontSet = PDFFontSet(document: pdf, mode: fontMode, subsets: subsetsFonts)
        let replayer = Replayer(fonts: fonts, gridPixelsPerPoint: scale.factor, deadline: deadline)
        // The first page's beginning, when a recent first page began alike: its texts were laid out and registered
        // then, and their registrations are given back here.
        var first = firstPage(of: document)
        // First every text: missing glyphs fail before anything is drawn, and each subset gets all its glyphs (a
        // text shaped before has had them recorded). The replay finds each text's shaping kept.
        for (index, page) in document.pages.enumerated() {
            var given = 0
            if index == 0, let registrations = first?.givenRegistrations {
                fontSet.registrations = registrations
                given = first?.texts ?? 0
            }
            for (number, (text, location)) in pageTexts[index].enumerated() where number >= given {
                if let deadline, deadline.hasPassed { throw RenderError.limit(deadline.exceeded, location: location) }
                if index == 0, number == first?.texts { first?.registrations = fontSet.registrations }
                guard !text.string.isEmpty else { continue }
                let (layout, isNew) = try Self.layout(text, at: location, with: replayer, in: fontSet)
                if isNew { try register(text, layout: layout, at: location, in: fontSet) }
            }
            // Every barcode is encoded and placed now, so bad data fails before anything is drawn.
            for (text, location) in try replayer.barcodeTexts(in: page, page: index + 1) where !text.string.isEmpty {
                let (layout, isNew) = try Self.layout(text, at: location, with: replayer, in: fontSet)
                if isNew { try register(text, layout: layout, at: location, in: fontSet) }
            }
            try registerTypeable(in: page, page: index + 1, fontSet: fontSet)
            try registerSetLines(of: pageBoxes[index], fontSet: fontSet, replayer: replayer)
        }
        let resources = PDFResources(document: pdf, fonts: fontSet)
        var pages: [PDFPage] = []
        for (index, drawing) in document.pages.enumerated() {
            let location = RenderLocation(page: index + 1)
            if let problem = drawing.pageSizeProblem { throw RenderError.pageSize(page: index + 1, problem: problem) }
            let page: PDFPage
            do {
                page = try pdf.addPage(size: PageSize(width: drawing.size.width, height: drawing.size.height))
            } catch {
                throw RenderError.pdf(location: location, reason: "\(error)")
            }
            let target = PDFTarget(page: page, height: drawing.size.height, resources: resources)
            if index == 0, let first {
                try replayFirstPage(drawing, first, into: target, replayer: replayer)
            } else {
                try replayer.replay(drawing, page: index + 1, into: target)
            }
            pages.append(page)
        }
        try resources.writeLinks(pages: pages)
        try addOutline(document, pages: pages, to: pdf)
        return pdf
    }

    /// How a document's first page is drawn (`PDFPrefixes`), and what its beginning's texts registered.
    struct FirstPage {
        var frame: PDFPrefixes.Frame
        var plan: PDFPrefixes.Plan
        /// How many of the page's texts its beginning holds (nil when drawn whole).
        var texts: Int?
        /// The registrations after them, once made.
        var registrations: PDFFontSet.Registrations?

        /// The registrations a kept beginning gives back.
        var givenRegistrations: PDFFontSet.Registrations? {
            if case .resume(let candidates, _) = plan { candidates.first?.registrations } else { nil }
        }
    }

    /// The plan for `document`'s first page: beginnings are kept outside PDF/A only.
    private func firstPage(of document: Document) -> FirstPage? {
        guard document.archive == nil, let drawing = document.pages.first else { return nil }
        let frame = PDFPrefixes.Frame(
            size: drawing.size, background: drawing.background, subsets: subsetsFonts,
            gridPixelsPerPoint: scale.factor, fonts: fonts, fontMode: fontMode)
        let plan = PDFPrefixes.shared.plan(for: drawing, in: frame)
        let texts: Int? =
            switch plan {
            case .whole: nil
            case .split(let count), .resume(_, let count): PDFPrefixes.textCount(drawing.commands, before: count)
            }
        return FirstPage(frame: frame, plan: plan, texts: texts)
    }

    /// Draws a document's first page, its beginning given back when a recent page began alike (`PDFPrefixes`), or
    /// kept when it shares its beginning with one.
    private func replayFirstPage(
        _ drawing: Drawing, _ first: FirstPage, into target: PDFTarget, replayer: Replayer
    ) throws {
        let prefixes = PDFPrefixes.shared
        let all = drawing.commands.indices
        let split: Int
        switch first.plan {
        case .whole:
            try replayer.replay(drawing, page: 1, into: target)
            return
        case .resume(let candidates, let from):
            if try target.resume(from: candidates, location: RenderLocation(page: 1)) {
                prefixes.hit(in: first.frame, after: from)
                try replayer.replay(drawing, page: 1, into: target, commands: from..<all.upperBound)
                try target.finish(location: RenderLocation(page: 1))
                return
            }
            split = from
        case .split(let at):
            split = at
        }
        target.beginJournal()
        try replayer.replay(drawing, page: 1, into: target, commands: 0..<split)
        var journal = target.endJournal()
        try replayer.replay(drawing, page: 1, into: target, commands: split..<all.upperBound)
        try target.finish(location: RenderLocation(page: 1))
        journal?.batchContent = target.keptBatchContent
        journal?.registrations = first.registrations ?? first.givenRegistrations
        if let journal { prefixes.keep(journal, after: split, of: drawing, in: first.frame) }
    }

    /// Refuses what `archive`'s level forbids before anything is built: libHaru's non-embedded CID fonts (every
    /// level wants every font embedded) and attachments below PDF/A-3. Transparency under PDF/A-1b is refused where
    /// it is drawn, naming the element.
    private func checkArchivable(_ document: Document, _ archive: Document.Archive) throws(RenderError) {
        if fontMode == .cid {
            throw .archive(
                level: archive.level.name, element: "font mode cid",
                reason: "PDF/A wants every font embedded, and the cid mode leaves gothic and mincho out",
                fix: "use the embedded font mode (leave out --font-mode cid)")
        }
        if let file = archive.attachments.first, archive.level != .a3b {
            throw .archive(
                level: archive.level.name, element: "attachment \"\(file.name)\"",
                reason: "only PDF/A-3 carries attached files of any kind",
                fix: "archive as PDF/A-3b (--pdfa 3b, pdfa: 3b), or leave the attachment out")
        }
    }

    /// `text` laid out with its font's chain, and whether it was shaped now (`Replayer.shapedLayout(for:at:)`). In
    /// `.cid` mode the CID font was tried first, so a character no font has names it first among the fonts tried.
    private static func layout(
        _ text: Drawing.Command.Text, at location: RenderLocation, with replayer: Replayer, in fontSet: PDFFontSet
    ) throws(RenderError) -> (layout: TextLayout, isNew: Bool) {
        do {
            return try replayer.shapedLayout(for: text, at: location)
        } catch .missingGlyph(var missing, let shown, let at) where fontSet.isCID(text.font) {
            missing.tried.insert(PDFFontSet.cidLabel(of: text.font), at: 0)
            throw .missingGlyph(missing, text: shown, location: at)
        }
    }

    /// Adds what `text` draws to its font's subset (embedded) or its CID font's widths (`.cid` mode; characters
    /// Adobe-Japan1 has no CID for to the subsets of the chain's faces that draw them).
    private func register(
        _ text: Drawing.Command.Text, layout: TextLayout, at location: RenderLocation,
        in fontSet: PDFFontSet
    ) throws {
        if fontSet.isCID(text.font) {
            let widthFace = PDFFontSet.cidWidthFonts[text.font].flatMap { try? fonts.face(named: $0) }
            let chain = [widthFace].compactMap { $0 } + layout.chain
            try fontSet.registerCID(layout, font: text.font, widthChain: chain, location: location)
        } else {
            fontSet.register(layout)
        }
    }

    /// Sets each text box of a page (`boxes`, found with its texts) drawn with embedded fonts as the replay will
    /// (the setting is cached for it) and records which glyphs of its lines are shown from widened programs
    /// (`PDFFontSet.registerCarried`): letter spacing and the gaps the spacing rules open are known only per set
    /// line. A box that does not set is left for the replay to report.
    private func registerSetLines(
        of boxes: [Replayer.PlacedTextBox], fontSet: PDFFontSet, replayer: Replayer
    ) throws {
        guard !boxes.isEmpty else { return }
        let setter = TextBoxSetter(fonts: fonts)
        for placed in boxes {
            guard !placed.texts.contains(where: { fontSet.isCID($0.font) }), let set = try? setter.set(placed.box)
            else { continue }
            // Lines, and words turned in a vertical column (parts).
            func register(_ commands: [Drawing.Command]) throws {
                for command in commands {
                    switch command {
                    case .text(let text)
                    where text.vertical != true && (text.adjustments != nil || text.characterSpacing != nil):
                        fontSet.registerCarried(try replayer.layout(for: text, at: placed.location))
                    case .part(let part): try register(part.drawing.commands)
                    case .group(let group): try register(group.commands)
                    default: break
                    }
                }
            }
            try register(set.commands)
        }
    }

    /// Adds what a reader may type into each text and choice field of `drawing` (`FormField.typeableText`) to the
    /// subset of the field's typing face, the font its `/DA` names.
    private func registerTypeable(in drawing: Drawing, page: Int, fontSet: PDFFontSet) throws {
        try Replayer.visitFormFields(drawing, page: page) { field, location in
            let text = field.typeableText
            guard !text.isEmpty, !fontSet.isCID(field.font) else { return }
            let face: FontFace?
            do {
                face = field.typingFace(in: try fonts.chain(named: field.font))
            } catch {
                throw RenderError.font(location: location, font: field.font, reason: "\(error)")
            }
            guard let face else { return }
            fontSet.register(typeable: text, in: face)
            if field.typing == .all, field.type != .listBox {
                guard face.isWholeTrueType else {
                    throw RenderError.font(
                        location: location, font: field.font,
                        reason: "typing: all embeds the field's font whole, and \(face.url.lastPathComponent)"
                            + (face.index > 0 ? " (face \(face.index) of a collection)" : "")
                            + " is not a plain TrueType font, which is all a PDF here can embed whole. Fix: give the "
                            + "field a TrueType font (gothic, mincho, ud-gothic, ud-mincho, mincho-ipamj) or "
                            + "typing: kana")
                }
                fontSet.embedWhole(face)
            }
        }
    }

    /// Writes `document.outline` as bookmarks, each jumping to its page at its height (fit to the page width).
    private func addOutline(_ document: Document, pages: [PDFPage], to pdf: PDFDocument) throws {
        var written: [PDFOutline] = []
        for (index, (entry, parent)) in zip(document.outline, document.outlineParents).enumerated() {
            let height = document.pages[entry.pageIndex].size.height
            do {
                written.append(
                    try pdf.addOutline(
                        entry.title, parent: parent.map { written[$0] },
                        page: pages[entry.pageIndex], top: height - entry.top))
            } catch {
                throw RenderError.outline(index: index, field: "title", reason: "\(error)")
            }
        }
    }
}
