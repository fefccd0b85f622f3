import DrawingModule
import Fonts
import Foundation
import Haru

/// Renders drawings and documents to PDF with libHaru: one page per drawing, vector throughout, fonts embedded as
/// subsets of the same files the raster renderer draws with.
///
/// Output is deterministic (no dates, no random IDs): the same document gives the same bytes, so PDFs can be
/// compared and cached. A value type holding only settings; each call builds its own libHaru document, so one
/// renderer may be used from many threads at once. What its documents share — font programs, deflate states, the
/// content of page beginnings, set text — lives in its `context`, the owner's; with none, each document is made
/// from scratch.
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
    /// What the owner of many documents (a batch run, a server, a `Job`) keeps between them, so each pays once
    /// for what every document repeats; nil makes every document from scratch.
    public var context: RenderContext?

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

    /// The PDF of `document`, one page per drawing: laid out (`layOut(_:)`), then drawn.
    /// - Throws: `RenderError` naming the page and command that failed.
    public func data(for document: Document) throws(RenderError) -> Data {
        try data(for: try layOut(document))
    }

    /// The PDF of a document this renderer laid out (`layOut(_:)`): its elements drawn, nothing set again.
    /// - Throws: `RenderError` naming the page and element that failed.
    public func data(for laidOut: LaidOutDocument) throws(RenderError) -> Data {
        let pdf = try RenderError.converting(location: nil) { try build(laidOut) }
        do {
            return try pdf.data()
        } catch {
            throw RenderError.pdf(location: nil, reason: "\(error)")
        }
    }

    /// The PDF of a document made page by page (`PageSource`), for one too long to hold: the pages are walked
    /// twice — once for the glyphs each font's subset keeps, once to draw — and each laid-out page is released
    /// once drawn; what the PDF keeps of a page until the end is its content and its links. `metadata` replaces
    /// the source's. Form fields, PDF/A and signatures need the whole document: `data(for:)` of a `Document`.
    /// - Throws: `RenderError` naming the page and element that failed, or what making a page throws, unchanged.
    public func data(for source: some PageSource, metadata: Document.Metadata? = nil) throws -> Data {
        guard source.pageCount > 0 else { throw RenderError.emptyDocument }
        let metadata = metadata ?? source.metadata
        let outline = source.outline
        for (index, entry) in outline.enumerated() {
            if entry.title.isEmpty { throw RenderError.outline(index: index, field: "title", reason: "it is empty") }
            guard (0..<source.pageCount).contains(entry.pageIndex) else {
                throw RenderError.outline(
                    index: index, field: "pageIndex",
                    reason: "page index \(entry.pageIndex) is not one of the \(source.pageCount) pages")
            }
        }
        let pdf: PDFDocument
        do {
            pdf = try PDFDocument(caches: context?.caches)
        } catch {
            throw RenderError.pdf(location: nil, reason: "\(error)")
        }
        let fontSet = PDFFontSet(document: pdf, mode: fontMode, subsets: subsetsFonts, caches: context?.caches)
        var title = metadata.title
        var language = metadata.language
        let registering = layout.pageByPage()
        try source.forEachPage { index, drawing in
            let location = RenderLocation(page: index + 1)
            if let problem = drawing.pageSizeProblem { throw RenderError.pageSize(page: index + 1, problem: problem) }
            let page = try registering.page(drawing, number: index + 1)
            if index == 0, title == nil { title = Self.firstText(of: page.texts) }
            if language == nil { language = Self.language(of: [page]) }
            try RenderError.converting(location: location) {
                var number = 0
                try registerGlyphs(of: page.elements, in: fontSet, numbering: &number)
                try registerTypeable(in: drawing, page: index + 1, fontSet: fontSet)
            }
        }
        do {
            try pdf.setInfo(
                DocumentInfo(
                    title: title, author: metadata.author, creator: metadata.creator, producer: producer,
                    subject: metadata.subject, keywords: metadata.keywords))
            if title != nil { try pdf.setDisplaysTitle(true) }
            if let language { try pdf.setLanguage(language) }
        } catch {
            throw RenderError.pdf(location: nil, reason: "\(error)")
        }
        let resources = PDFResources(document: pdf, fonts: fontSet, registry: fonts)
        let painter = Painter(deadline: deadline)
        let drawing = layout.pageByPage()
        var pages: [PDFPage] = []
        var heights: [Double] = []
        pages.reserveCapacity(source.pageCount)
        try source.forEachPage { index, page in
            let location = RenderLocation(page: index + 1)
            let laidOut = try drawing.page(page, number: index + 1)
            try RenderError.converting(location: location) {
                let pdfPage: PDFPage
                do {
                    pdfPage = try pdf.addPage(size: PageSize(width: laidOut.size.width, height: laidOut.size.height))
                } catch {
                    throw RenderError.pdf(location: location, reason: "\(error)")
                }
                try painter.paint(
                    laidOut, into: PDFTarget(page: pdfPage, height: laidOut.size.height, resources: resources))
                try pdf.finishPage(pdfPage)
                pages.append(pdfPage)
                heights.append(laidOut.size.height)
            }
        }
        guard pages.count == source.pageCount else {
            throw RenderError.pdf(
                location: nil,
                reason: "the document made \(pages.count) pages on its second walk and \(source.pageCount) on its "
                    + "first; a page source must make the same pages each time")
        }
        try RenderError.converting(location: nil) {
            try resources.writeLinks(pages: pages)
            try addOutline(
                outline, parents: Document(pages: [], outline: outline).outlineParents, heights: heights,
                pages: pages, to: pdf)
        }
        do {
            return try pdf.data()
        } catch {
            throw RenderError.pdf(location: nil, reason: "\(error)")
        }
    }

    /// The layout this renderer's PDF needs: its fonts, its grid, its deadline, and in `.cid` mode the widths the
    /// viewer draws gothic and mincho at.
    public var layout: DocumentLayout {
        DocumentLayout(
            fonts: fonts, gridPixelsPerPoint: scale.factor, deadline: deadline,
            widths: fontMode == .cid ? CIDTextWidths(fonts: fonts) : nil, context: context)
    }

    /// `document` checked for what a PDF refuses (no pages, form fields, the outline, the archive level), its form
    /// fields flattened when it asks, and laid out for this renderer (`layout`).
    /// - Throws: `RenderError` naming the page and command that failed; in `.cid` mode a missing character names
    ///   the CID font first among the fonts tried.
    public func layOut(_ document: Document) throws(RenderError) -> LaidOutDocument {
        guard !document.pages.isEmpty else { throw RenderError.emptyDocument }
        try document.checkFormFields()
        let document = document.flattensForms ? document.flatteningFormFields() : document
        if let problem = document.firstOutlineProblem() {
            throw RenderError.outline(index: problem.index, field: problem.field, reason: problem.reason)
        }
        if let archive = document.archive { try checkArchivable(document, archive) }
        if document.isTagged, fontMode == .cid { throw StructureTreeWriter.cidProblem }
        let laidOut: LaidOutDocument
        do {
            laidOut = try layout.layOut(document)
        } catch .missingGlyph(var missing, let shown, let at)
            where fontMode == .cid && PDFFontSet.cidFonts[missing.font] != nil
        {
            missing.tried.insert(PDFFontSet.cidLabel(of: missing.font), at: 0)
            throw .missingGlyph(missing, text: shown, location: at)
        }
        if document.isTagged, let problem = StructureTreeWriter.firstProblem(in: laidOut) { throw problem }
        return laidOut
    }

    /// The first non-blank text of `texts` (a page's, in drawing order), trimmed to 80 characters: the title of a
    /// document that names none.
    static func firstText(of texts: [String]) -> String? {
        for string in texts {
            guard let first = string.firstIndex(where: { !$0.isWhitespace }),
                let last = string.lastIndex(where: { !$0.isWhitespace })
            else { continue }
            return String(string[first...last].prefix(80))
        }
        return nil
    }

    /// `ja` when some text holds kana or kanji, else nil (the language is then left unstated).
    static func language(of pages: [LaidOutPage]) -> String? {
        let japanese: [ClosedRange<UInt32>] = [
            0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF66...0xFF9F,
            0x20000...0x2FFFF
        ]
        func isJapanese(_ scalar: Unicode.Scalar) -> Bool { japanese.contains { $0.contains(scalar.value) } }
        for page in pages {
            for text in page.texts where text.unicodeScalars.contains(where: isJapanese) { return "ja" }
        }
        return nil
    }

    /// Builds the libHaru document of a laid-out document; the caller produces its bytes.
    private func build(_ laidOut: LaidOutDocument) throws -> PDFDocument {
        let document = laidOut.document
        let tagging = document.isTagged ? StructureTreeWriter(laidOut) : nil
        let pdf: PDFDocument
        do {
            pdf = try PDFDocument(caches: context?.caches)
            if let archive = document.archive {
                try pdf.setArchivePart(archive.level.part, conformance: archive.level.conformance)
                for file in archive.attachments {
                    try pdf.attach(
                        name: file.name, data: file.data, mimeType: file.mimeType,
                        relationship: file.relationship.rawValue, description: file.description)
                }
                if let claim = archive.invoiceClaim {
                    try pdf.claimInvoice(
                        fileName: claim.fileName, documentType: claim.documentType, version: claim.version,
                        conformanceLevel: claim.conformanceLevel)
                }
            }
            let title = document.metadata.title ?? Self.firstText(of: laidOut.pages.first?.texts ?? [])
            try pdf.setInfo(
                DocumentInfo(
                    title: title, author: document.metadata.author,
                    creator: document.metadata.creator, producer: producer,
                    subject: document.metadata.subject, keywords: document.metadata.keywords))
            if title != nil { try pdf.setDisplaysTitle(true) }
            if let language = document.metadata.language ?? Self.language(of: laidOut.pages) {
                try pdf.setLanguage(language)
            }
            try tagging?.begin(
                pdf, title: title, language: document.metadata.language ?? Self.language(of: laidOut.pages),
                universalAccess: document.pdfua)
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError.pdf(location: nil, reason: "\(error)")
        }
        let fontSet = PDFFontSet(document: pdf, mode: fontMode, subsets: subsetsFonts, caches: context?.caches)
        // The first page's beginning, when a recent first page began alike: its texts were registered then, and
        // their registrations are given back here.
        var first = firstPage(of: document, laidOut: laidOut)
        // First every glyph run: each subset gets all its glyphs before any font is made (a run shaped before in
        // this document has had them recorded).
        for page in laidOut.pages {
            var given = 0
            // A beginning given back had its texts registered, and its registrations are given back: its elements,
            // lines, shapes and texts only (`PDFPrefixes`), are not walked again.
            var skipped = 0
            if page.number == 1, let registrations = first?.givenRegistrations {
                fontSet.registrations = registrations
                given = first?.texts ?? 0
                skipped = first?.givenCommands ?? 0
            }
            var number = given
            func reached(_ number: Int) {
                if page.number == 1, number == first?.texts { first?.registrations = fontSet.registrations }
            }
            let pieces = page.elementPieces(ofCommands: skipped..<(page.commandStarts.count - 1))
            try registerGlyphs(of: pieces.given, in: fontSet, numbering: &number, from: given, reached: reached)
            try registerGlyphs(of: pieces.laid, in: fontSet, numbering: &number, from: given, reached: reached)
            try registerTypeable(in: document.pages[page.number - 1], page: page.number, fontSet: fontSet)
        }
        let resources = PDFResources(document: pdf, fonts: fontSet, registry: fonts)
        let painter = Painter(deadline: deadline)
        var pages: [PDFPage] = []
        for page in laidOut.pages {
            let drawing = document.pages[page.number - 1]
            let location = RenderLocation(page: page.number)
            if let problem = drawing.pageSizeProblem { throw RenderError.pageSize(page: page.number, problem: problem) }
            let pdfPage: PDFPage
            do {
                pdfPage = try pdf.addPage(size: PageSize(width: page.size.width, height: page.size.height))
            } catch {
                throw RenderError.pdf(location: location, reason: "\(error)")
            }
            let target = PDFTarget(
                page: pdfPage, height: page.size.height, resources: resources,
                marks: tagging?.marks(forPage: page.number))
            if page.number == 1, let first {
                try paintFirstPage(page, of: drawing, first, into: target, painter: painter)
            } else {
                try painter.paint(page, into: target)
            }
            pages.append(pdfPage)
        }
        let links = try resources.writeLinks(pages: pages)
        try addOutline(document, pages: pages, to: pdf)
        try tagging?.write(into: pdf, pages: pages, links: links)
        return pdf
    }

    /// How a document's first page is drawn (`PDFPrefixes`), and what its beginning's texts registered.
    struct FirstPage {
        /// The context's beginnings.
        var prefixes: PDFPrefixes
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

        /// How many top-level commands the kept beginning given back holds (0 for none).
        var givenCommands: Int {
            if case .resume(_, let count) = plan { count } else { 0 }
        }
    }

    /// The plan for `document`'s first page (laid out as `laidOut`): beginnings are kept by a context, outside PDF/A
    /// only; a tagged page's apart from untagged ones.
    private func firstPage(of document: Document, laidOut: LaidOutDocument) -> FirstPage? {
        guard let context, document.archive == nil, let drawing = document.pages.first else { return nil }
        let prefixes = context.caches.cache(PDFPrefixes.self)
        let frame = PDFPrefixes.Frame(
            size: drawing.size, background: drawing.background, subsets: subsetsFonts,
            gridPixelsPerPoint: scale.factor, fonts: fonts, fontMode: fontMode, tagged: document.isTagged)
        let plan = prefixes.plan(for: drawing, in: frame)
        let texts: Int? =
            switch plan {
            case .whole: nil
            case .split(let count): PDFPrefixes.textCount(of: laidOut.pages[0], before: count)
            case .resume(let candidates, let count):
                candidates.first?.texts ?? PDFPrefixes.textCount(of: laidOut.pages[0], before: count)
            }
        return FirstPage(prefixes: prefixes, frame: frame, plan: plan, texts: texts)
    }

    /// Draws a document's first page, its beginning given back when a recent page began alike (`PDFPrefixes`), or
    /// kept when it shares its beginning with one.
    private func paintFirstPage(
        _ page: LaidOutPage, of drawing: Drawing, _ first: FirstPage, into target: PDFTarget, painter: Painter
    ) throws {
        let prefixes = first.prefixes
        let all = drawing.commands.indices
        let location = RenderLocation(page: 1)
        let split: Int
        switch first.plan {
        case .whole:
            try painter.paint(page, into: target)
            return
        case .resume(let candidates, let from):
            if try target.resume(from: candidates, location: location) {
                prefixes.hit(in: first.frame, after: from)
                try painter.paint(page, commands: from..<all.upperBound, into: target)
                try target.finish(location: location)
                return
            }
            split = from
        case .split(let at):
            split = at
        }
        target.beginJournal()
        try painter.paint(page, commands: 0..<split, into: target)
        var journal = target.endJournal()
        journal?.marks = target.marks?.beginning(commands: split)
        try painter.paint(page, commands: split..<all.upperBound, into: target)
        try target.finish(location: location)
        journal?.batchContent = target.keptBatchContent
        journal?.registrations = first.registrations ?? first.givenRegistrations
        journal?.texts = first.texts
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
        if let file = archive.attachments.first, !archive.level.carriesAttachments {
            throw .archive(
                level: archive.level.name, element: "attachment \"\(file.name)\"",
                reason: "only PDF/A-3 carries attached files of any kind",
                fix: "archive as PDF/A-3b (--pdfa 3b, pdfa: 3b), or leave the attachment out")
        }
    }

    /// Adds the glyphs of the texts of `elements` (each shaping once) to their fonts' subsets, counting the texts in
    /// `number` and skipping those before the `given`th (a kept beginning's, given back); `reached(n)` is told the
    /// number of each text first.
    private func registerGlyphs(
        of elements: some Collection<LaidOutElement>, in fontSet: PDFFontSet, numbering number: inout Int,
        from given: Int = 0, reached: (Int) -> Void = { _ in }
    ) throws {
        // Read from their buffer, as `Painter` reads them: an iterator copied each whole element out first.
        let walked: Void? = try elements.withContiguousStorageIfAvailable { elements in
            for index in elements.indices {
                try registerGlyphs(of: elements[index], in: fontSet, numbering: &number, from: given, reached: reached)
            }
        }
        guard walked == nil else { return }
        for element in elements {
            try registerGlyphs(of: element, in: fontSet, numbering: &number, from: given, reached: reached)
        }
    }

    /// `registerGlyphs(of:in:numbering:from:reached:)` of one element.
    private func registerGlyphs(
        of element: LaidOutElement, in fontSet: PDFFontSet, numbering number: inout Int, from given: Int,
        reached: (Int) -> Void
    ) throws {
        switch element {
        case .text(let run):
            defer { number += 1 }
            if let deadline, deadline.hasPassed {
                throw RenderError.limit(deadline.exceeded, location: run.location)
            }
            reached(number)
            guard number >= given, run.isFirstOfItsShaping else { return }
            try self.register(run, in: fontSet)
        case .scope(let scope):
            try registerGlyphs(of: scope.elements, in: fontSet, numbering: &number, from: given, reached: reached)
        case .formField(let field):
            try registerGlyphs(
                of: field.appearance, in: fontSet, numbering: &number, from: given, reached: reached)
            for button in field.buttons {
                try registerGlyphs(
                    of: button.on + button.off + button.onDown + button.offDown, in: fontSet,
                    numbering: &number, from: given, reached: reached)
            }
        default: return
        }
    }

    /// Adds what `run` draws to its font's subset (embedded) or its CID font's widths (`.cid` mode; characters
    /// Adobe-Japan1 has no CID for to the subsets of the chain's faces that draw them).
    private func register(_ run: GlyphRun, in fontSet: PDFFontSet) throws {
        let layout = run.layout
        if fontSet.isCID(layout.font) {
            let widthFace = PDFFontSet.cidWidthFonts[layout.font].flatMap { try? fonts.face(named: $0) }
            let chain = [widthFace].compactMap { $0 } + layout.chain
            try fontSet.registerCID(layout, font: layout.font, widthChain: chain, location: run.location)
        } else {
            fontSet.register(layout)
        }
    }

    /// Adds what a reader may type into each text and choice field of `drawing` (`FormField.typeableText`) to the
    /// subset of the field's typing face, the font its `/DA` names.
    private func registerTypeable(in drawing: Drawing, page: Int, fontSet: PDFFontSet) throws {
        try DrawingWalk.visitFormFields(drawing, page: page) { field, location in
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
        try addOutline(
            document.outline, parents: document.outlineParents, heights: document.pages.map(\.size.height),
            pages: pages, to: pdf)
    }

    /// Writes `outline` (each entry nested under `parents`' entry) as bookmarks, each jumping to its page (of
    /// `heights` points) at its height, fit to the page width.
    private func addOutline(
        _ outline: [Document.OutlineEntry], parents: [Int?], heights: [Double], pages: [PDFPage],
        to pdf: PDFDocument
    ) throws {
        var written: [PDFOutline] = []
        for (index, (entry, parent)) in zip(outline, parents).enumerated() {
            let height = heights[entry.pageIndex]
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
