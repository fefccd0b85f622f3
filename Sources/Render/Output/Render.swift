import DrawingModule
import Foundation
import Support

/// Renders `document` as `options` say: laid out once for the format (`layOut(_:options:)`), then drawn
/// (`render(_:options:)` of the laid-out document) — the one way a document becomes bytes, for every command, batch
/// job, benchmark and library call (as typst has `typst_pdf::pdf(document, &options)`).
/// - Throws: `RenderError` naming the page and command that failed; `.emptyDocument` for a document without pages.
public func render(_ document: Document, options: OutputOptions = OutputOptions()) throws(RenderError)
    -> RenderedDocument
{
    try render(try layOut(document, options: options), options: options)
}

/// `document` laid out for the output `options` describe: its metadata, archive level and form settings merged
/// from `options`, checked for what the format refuses, every text box set, text shaped and barcode placed, with
/// its structure tree. What `render(_:options:)` then draws, with the same options.
/// - Throws: `RenderError` naming the page and command that failed; `.emptyDocument` for a document without pages.
public func layOut(_ document: Document, options: OutputOptions = OutputOptions()) throws(RenderError)
    -> LaidOutDocument
{
    guard !document.pages.isEmpty else { throw .emptyDocument }
    var document = document
    document.metadata = document.metadata.overridden(by: options.metadata)
    document.flattensForms = document.flattensForms || options.flattensForms
    document.pdfua = options.pdfua ?? document.pdfua
    if let archive = options.archive {
        var merged = Document.Archive(
            level: archive.level, attachments: (document.archive?.attachments ?? []) + archive.attachments)
        merged.invoiceClaim = document.archive?.invoiceClaim ?? archive.invoiceClaim
        document.archive = merged
    }
    return try options.format.backend.layOut(document, options: options)
}

/// The files of a document laid out by `layOut(_:options:)` with the same `options`: drawn, nothing set again.
/// - Throws: `RenderError` naming the page and element that failed.
public func render(_ laidOut: LaidOutDocument, options: OutputOptions = OutputOptions()) throws(RenderError)
    -> RenderedDocument
{
    RenderedDocument(format: options.format, files: try options.format.backend.files(for: laidOut, options: options))
}

/// Renders a document made page by page (`PageSource`, a report too long to hold) as `options` say: a PDF drawn
/// page by page (`PDFRenderer.data(for:metadata:)`), PNG pages each laid out, drawn and encoded in turn; a source
/// that held its pages (`PageSource.document`) as that document. The files' bytes are held;
/// `write(_:options:to:replacingLinks:)` puts each PNG page on disk as it is made.
/// - Throws: `RenderError` naming the page and element that failed (`.archive` for a PDF/A level, which needs the
///   whole document), or what making a page throws, unchanged.
public func render(_ source: some PageSource, options: OutputOptions = OutputOptions()) throws -> RenderedDocument {
    if let document = source.document { return try render(document, options: options) }
    guard source.pageCount > 0 else { throw RenderError.emptyDocument }
    var files: [Data] = []
    try options.format.backend.files(for: source, options: options) { files.append($0) }
    return RenderedDocument(format: options.format, files: files)
}

/// Renders a document made page by page as `render(_:options:)` of a `PageSource` does, and writes its files to
/// `url` (`OUT-1.png`, `OUT-2.png` … for PNG pages, as `RenderedDocument.fileNames(for:)` names them): each file
/// is staged beside its name as soon as it is made and released, and all are placed once every page is done —
/// all or none, as `RenderedDocument.write(to:replacingLinks:)`.
/// - Returns: the absolute paths written, first page first.
/// - Throws: as `render(_:options:)` of a `PageSource`; `RenderError.output` naming a path that cannot be
///   written. No file is left changed.
@discardableResult
public func write(
    _ source: some PageSource, options: OutputOptions = OutputOptions(), to url: URL, replacingLinks: Bool = false
) throws -> [URL] {
    if let document = source.document {
        return try render(document, options: options).write(to: url, replacingLinks: replacingLinks)
    }
    guard source.pageCount > 0 else { throw RenderError.emptyDocument }
    let backend = options.format.backend
    let paths = RenderedDocument.fileNames(for: url.path, count: backend.filePerPage ? source.pageCount : 1)
    let staging = AtomicFile.Staging(durability: .unflushed, links: replacingLinks ? .replace : .follow)
    var written = 0
    try backend.files(for: source, options: options) { data in
        guard written < paths.count else {
            throw RenderError.output(
                path: url.path, reason: "the document made more than the \(paths.count) pages it counted")
        }
        do throws(AtomicFileError) {
            try staging.add(data, at: paths[written])
        } catch {
            throw RenderError.output(path: error.path, reason: "could not \(error.step) (\(error.reason))")
        }
        written += 1
    }
    do {
        try staging.place()
    } catch {
        throw RenderError.output(path: error.path, reason: "could not \(error.step) (\(error.reason))")
    }
    return paths.map { URL(fileURLWithPath: $0, isDirectory: false).standardizedFileURL }
}

/// Renders a one-page document of `drawing` as `options` say; see `render(_:options:)`.
/// - Throws: `RenderError` naming the command that failed.
public func render(_ drawing: Drawing, options: OutputOptions = OutputOptions()) throws(RenderError)
    -> RenderedDocument
{
    try render(Document(pages: [drawing]), options: options)
}

/// A rendered document: its files' bytes in the format it was rendered to, and how they are named and written.
public struct RenderedDocument: Sendable {
    /// The format of the files.
    public let format: OutputFormat
    /// The files: one for a format that holds every page (PDF), else one per page, first page first.
    public let files: [Data]

    /// The file names for a document written as `name` (which ends in the format's extension): `name` itself for one
    /// file, else `OUT-1.png`, `OUT-2.png` … for `OUT.png`.
    public func fileNames(for name: String) -> [String] {
        Self.fileNames(for: name, count: files.count)
    }

    /// `count` file names for `name`: `name` itself for one, else the page number before the extension.
    public static func fileNames(for name: String, count: Int) -> [String] {
        guard count != 1 else { return [name] }
        let url = URL(fileURLWithPath: name)
        let stem = url.deletingPathExtension().lastPathComponent
        let folder = String(name.dropLast(url.lastPathComponent.utf8.count))
        let suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        return (1...max(count, 1)).map { "\(folder)\(stem)-\($0)\(suffix)" }
    }

    /// Writes every file at once, all or none (each to a temporary file in its folder, renamed into place when all
    /// were written). A symbolic link at a file's name is written through (the file it points to is replaced), or
    /// with `replacingLinks` replaced itself, what it points to untouched.
    /// - Returns: the absolute paths written, first page first.
    /// - Throws: `RenderError.output` naming the path and the system's reason; no file is left changed.
    @discardableResult
    public func write(to url: URL, replacingLinks: Bool = false) throws(RenderError) -> [URL] {
        // One file is written at the URL given (its path read once); page files' URLs are made as files, which
        // spares `URL(fileURLWithPath:)` asking the file system whether each name is a folder.
        let path = url.path
        let paths = fileNames(for: path)
        try OutputFile.writeAll(zip(paths, files).map { ($0, $1) }, replacingLinks: replacingLinks)
        guard files.count == 1 else {
            return paths.map { URL(fileURLWithPath: $0, isDirectory: false).standardizedFileURL }
        }
        return [Self.isStandardized(url, path: path) ? url : url.standardizedFileURL]
    }

    /// True when `url` is a file URL of its own (no base) whose `path` is absolute and has no empty, `.` or `..`
    /// component: standardizing it would give it back unchanged.
    static func isStandardized(_ url: URL, path: String) -> Bool {
        guard url.isFileURL, url.baseURL == nil, path.utf8.first == UInt8(ascii: "/") else { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().contains {
            $0.isEmpty || $0 == "." || $0 == ".."
        }
    }

    /// Writes the one file to `handle` (standard output for `-o -`).
    /// - Throws: `RenderError.output` when the document has several files (PNG pages) or the write fails.
    public func write(to handle: FileHandle, name: String = "standard output") throws(RenderError) {
        guard files.count == 1, let data = files.first else {
            throw .output(
                path: name,
                reason: "the document is \(files.count) \(format) files, one per page, and only one file can go "
                    + "there. Fix: give -o a file name, or render a one-page document")
        }
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw .output(path: name, reason: "\(error.localizedDescription)")
        }
    }
}
