import Drawing
import Fonts
import Foundation
import Haru

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
    /// Embed a HarfBuzz subset of each font (default) rather than the whole file (266 KB for IPAexGothic).
    public var subsetsFonts: Bool
    /// The PDF's Producer entry.
    public var producer: String

    /// Creates a renderer.
    public init(fonts: FontRegistry = .shared, fontMode: PDFFontMode = .embedded, subsetsFonts: Bool = true,
                producer: String = "mkpdf") {
        self.fonts = fonts
        self.fontMode = fontMode
        self.subsetsFonts = subsetsFonts
        self.producer = producer
    }

    /// The PDF of a one-page document.
    /// - Throws: `RenderError`.
    public func data(for drawing: Drawing, metadata: Document.Metadata = Document.Metadata()) throws -> Data {
        try data(for: Document(pages: [drawing], metadata: metadata))
    }

    /// The PDF of `document`, one page per drawing.
    /// - Throws: `RenderError` naming the page and command that failed.
    public func data(for document: Document) throws -> Data {
        let pdf = try build(document)
        do {
            return try pdf.data()
        } catch {
            throw RenderError.pdf(location: nil, reason: "\(error)")
        }
    }

    /// Writes the PDF of a one-page document to `url` atomically (temporary file, then rename).
    /// - Throws: `RenderError`; on failure no file is left at `url`.
    public func write(_ drawing: Drawing, metadata: Document.Metadata = Document.Metadata(), to url: URL) throws {
        try write(Document(pages: [drawing], metadata: metadata), to: url)
    }

    /// Writes the PDF of `document` to `url` atomically (temporary file in the same folder, then rename).
    /// - Throws: `RenderError`; on failure no file is left at `url`.
    public func write(_ document: Document, to url: URL) throws {
        try OutputFile.write(data(for: document), to: url)
    }

    /// Builds the libHaru document; the caller produces its bytes.
    private func build(_ document: Document) throws -> PDFDocument {
        guard !document.pages.isEmpty else { throw RenderError.emptyDocument }
        if let problem = document.firstOutlineProblem() {
            throw RenderError.outline(index: problem.index, field: problem.field, reason: problem.reason)
        }
        let pdf: PDFDocument
        do {
            pdf = try PDFDocument()
            try pdf.setInfo(DocumentInfo(title: document.metadata.title, author: document.metadata.author,
                                         creator: document.metadata.creator, producer: producer,
                                         subject: document.metadata.subject, keywords: document.metadata.keywords))
        } catch {
            throw RenderError.pdf(location: nil, reason: "\(error)")
        }
        let fontSet = PDFFontSet(document: pdf, mode: fontMode, subsets: subsetsFonts)
        var replayer = Replayer(fonts: fonts)
        // First every text: missing glyphs fail before anything is drawn, and each subset gets all its glyphs.
        for (index, page) in document.pages.enumerated() {
            for (text, location) in Replayer.texts(in: page, page: index + 1) where !text.string.isEmpty {
                let layout = try replayer.layout(for: text, at: location)
                replayer.layouts[location] = layout
                if fontSet.isCID(text.font) {
                    let widthFace = PDFFontSet.cidWidthFonts[text.font].flatMap { try? fonts.face(named: $0) }
                    let chain = [widthFace].compactMap { $0 } + ((try? fonts.chain(named: text.font)) ?? [])
                    try fontSet.registerCID(text.string, font: text.font, chain: chain, location: location)
                } else {
                    fontSet.register(layout)
                }
            }
        }
        let resources = PDFResources(document: pdf, fonts: fontSet)
        var pages: [PDFPage] = []
        for (index, drawing) in document.pages.enumerated() {
            let location = RenderLocation(page: index + 1)
            let page: PDFPage
            do {
                page = try pdf.addPage(size: PageSize(width: drawing.size.width, height: drawing.size.height))
            } catch {
                throw RenderError.pdf(location: location, reason: "\(error)")
            }
            let target = PDFTarget(page: page, height: drawing.size.height, resources: resources)
            try replayer.replay(drawing, page: index + 1, into: target)
            pages.append(page)
        }
        try addOutline(document, pages: pages, to: pdf)
        return pdf
    }

    /// Writes `document.outline` as bookmarks, each jumping to its page at its height (fit to the page width).
    private func addOutline(_ document: Document, pages: [PDFPage], to pdf: PDFDocument) throws {
        var written: [PDFOutline] = []
        for (index, (entry, parent)) in zip(document.outline, document.outlineParents).enumerated() {
            let height = document.pages[entry.pageIndex].size.height
            do {
                written.append(try pdf.addOutline(entry.title, parent: parent.map { written[$0] },
                                                  page: pages[entry.pageIndex], top: height - entry.top))
            } catch {
                throw RenderError.outline(index: index, field: "title", reason: "\(error)")
            }
        }
    }
}
