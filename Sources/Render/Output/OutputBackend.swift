import DrawingModule
import Foundation

/// What an output format implements beside its `RenderTarget`: how a document is laid out for the format (what it
/// refuses, the widths it draws text at) and how the laid-out pages become its files. `layOut(_:options:)` and
/// `render(_:options:)` are the callers.
protocol OutputBackend: Sendable {
    /// True when each page is a file of its own (PNG), false for one file holding every page (PDF).
    var filePerPage: Bool { get }
    /// The document checked for the format and laid out.
    /// - Throws: `RenderError` naming the page and command that failed.
    func layOut(_ document: Document, options: OutputOptions) throws(RenderError) -> LaidOutDocument
    /// The laid-out document's files, first page first.
    /// - Throws: `RenderError` naming the page and element that failed.
    func files(for laidOut: LaidOutDocument, options: OutputOptions) throws(RenderError) -> [Data]
    /// The files of a document made page by page, each handed to `file` once finished, first page first.
    /// - Throws: `RenderError` naming the page and element that failed, or what the source or `file` throws.
    func files(for source: some PageSource, options: OutputOptions, file: (Data) throws -> Void) throws
}

extension OutputBackend {
    /// A format without a page-by-page way of its own: a file per page lays each page out alone, one file for the
    /// whole document gets every page first — so a new format needs nothing but `layOut` and `files(for:options:)`.
    func files(for source: some PageSource, options: OutputOptions, file: (Data) throws -> Void) throws {
        if filePerPage {
            try source.forEachPage { _, page in
                let laidOut = try layOut(Document(pages: [page], metadata: source.metadata), options: options)
                for data in try files(for: laidOut, options: options) { try file(data) }
            }
            return
        }
        var pages: [Drawing] = []
        try source.forEachPage { _, page in pages.append(page) }
        let document = Document(pages: pages, metadata: source.metadata, outline: source.outline)
        for data in try files(for: try layOut(document, options: options), options: options) { try file(data) }
    }
}

/// PDF through libHaru: `PDFRenderer`.
struct PDFBackend: OutputBackend {
    var filePerPage: Bool { false }

    /// The renderer `options` describe.
    private func renderer(_ options: OutputOptions) -> PDFRenderer {
        var renderer = PDFRenderer(
            fonts: options.fonts, fontMode: options.fontMode, subsetsFonts: options.subsetsFonts,
            producer: options.producer, scale: options.scale)
        renderer.deadline = options.deadline
        renderer.context = options.context
        return renderer
    }

    func layOut(_ document: Document, options: OutputOptions) throws(RenderError) -> LaidOutDocument {
        if let archive = document.archive, options.encryption != nil {
            throw .archive(
                level: archive.level.name, element: "encryption", reason: "PDF/A forbids encrypted files",
                fix: "leave out the encryption (--encrypt) or the PDF/A level (--pdfa, pdfa:)")
        }
        if options.encryption != nil, options.signature != nil {
            throw .protection(
                step: "sign the PDF", reason: "signing and encrypting together is not supported",
                fix: "leave out the encryption (--encrypt) or the signature (--sign)")
        }
        return try renderer(options).layOut(document)
    }

    func files(for laidOut: LaidOutDocument, options: OutputOptions) throws(RenderError) -> [Data] {
        let document = laidOut.document
        var pdf = try renderer(options).data(for: laidOut)
        if let encryption = options.encryption { pdf = try encryption.apply(to: pdf) }
        if var signature = options.signature {
            signature.field = signature.field ?? document.signatureField
            pdf = try signature.apply(to: pdf)
        }
        return [pdf]
    }

    func files(for source: some PageSource, options: OutputOptions, file: (Data) throws -> Void) throws {
        if let archive = options.archive {
            throw RenderError.archive(
                level: archive.level.name, element: "a document made page by page",
                reason: "an archived PDF is checked as a whole, and this one is never held whole",
                fix: "leave out the PDF/A level (--pdfa, pdfa:), or render the document whole")
        }
        if options.pdfua == true {
            throw RenderError.accessibility(
                location: nil, element: "a document made page by page",
                reason: "its structure tree spans the whole document, and this one is never held whole",
                fix: "leave out --pdfua, or render the document whole")
        }
        var pdf = try renderer(options).data(
            for: source, metadata: source.metadata.overridden(by: options.metadata))
        if let encryption = options.encryption { pdf = try encryption.apply(to: pdf) }
        if let signature = options.signature { pdf = try signature.apply(to: pdf) }
        try file(pdf)
    }
}

/// PNG through cairo and libpng: `RasterRenderer`, a file per page.
struct PNGBackend: OutputBackend {
    var filePerPage: Bool { true }

    /// The renderer `options` describe.
    private func renderer(_ options: OutputOptions) -> RasterRenderer {
        var renderer = RasterRenderer(fonts: options.fonts, compression: options.pngCompression)
        renderer.maximumBytes = options.maximumRasterBytes
        renderer.deadline = options.deadline
        renderer.context = options.context
        return renderer
    }

    func layOut(_ document: Document, options: OutputOptions) throws(RenderError) -> LaidOutDocument {
        try renderer(options).layOut(document, scale: options.scale)
    }

    func files(for laidOut: LaidOutDocument, options: OutputOptions) throws(RenderError) -> [Data] {
        let renderer = renderer(options)
        var files: [Data] = []
        for page in laidOut.pages {
            files.append(
                try renderer.pngData(
                    for: page, of: laidOut.document.pages[page.number - 1], scale: options.scale))
        }
        return files
    }

    func files(for source: some PageSource, options: OutputOptions, file: (Data) throws -> Void) throws {
        let renderer = renderer(options)
        try source.forEachPage { index, page in
            try file(try renderer.pngData(for: page, scale: options.scale, page: index + 1))
        }
    }
}
