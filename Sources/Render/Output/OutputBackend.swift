import DrawingModule
import Foundation

/// What an output format implements beside its `RenderTarget`: how the pages of a document become the format's
/// files. `render(_:options:)` is the one caller.
protocol OutputBackend: Sendable {
    /// True when each page is a file of its own (PNG), false for one file holding every page (PDF).
    var filePerPage: Bool { get }
    /// The document's files, first page first.
    /// - Throws: `RenderError` naming the page and command that failed.
    func files(for document: Document, options: OutputOptions) throws(RenderError) -> [Data]
}

/// PDF through libHaru: `PDFRenderer`.
struct PDFBackend: OutputBackend {
    var filePerPage: Bool { false }

    func files(for document: Document, options: OutputOptions) throws(RenderError) -> [Data] {
        var renderer = PDFRenderer(
            fonts: options.fonts, fontMode: options.fontMode, subsetsFonts: options.subsetsFonts,
            producer: options.producer, scale: options.scale)
        renderer.deadline = options.deadline
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
        var pdf = try renderer.data(for: document)
        if let encryption = options.encryption { pdf = try encryption.apply(to: pdf) }
        if var signature = options.signature {
            signature.field = signature.field ?? document.signatureField
            pdf = try signature.apply(to: pdf)
        }
        return [pdf]
    }
}

/// PNG through cairo and libpng: `RasterRenderer`, a file per page.
struct PNGBackend: OutputBackend {
    var filePerPage: Bool { true }

    func files(for document: Document, options: OutputOptions) throws(RenderError) -> [Data] {
        var renderer = RasterRenderer(fonts: options.fonts, compression: options.pngCompression)
        renderer.maximumBytes = options.maximumRasterBytes
        renderer.deadline = options.deadline
        var files: [Data] = []
        for (index, page) in document.pages.enumerated() {
            files.append(try renderer.pngData(for: page, scale: options.scale, page: index + 1))
        }
        return files
    }
}
