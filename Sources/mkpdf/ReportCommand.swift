import ArgumentParser
import Documents
import DrawingModule
import Foundation
import Render
import Support

/// `mkpdf report`: a CSV file as a multi-page report — every column as a table column, or laid out by a template
/// whose flow reads the rows as `rows` (grouping, subtotals, header and footer) — written as PDF with bookmarks or as
/// one PNG per page.
///
/// A thin face: `CSVTable` reads, `Template.document` sets the flow onto pages, the renderers draw. Everything is
/// rendered in memory first; files appear only when all pages succeeded, each through a temporary file renamed into
/// place.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Turn a CSV file into a multi-page report (PDF with bookmarks, or PNG pages).",
        usage: "mkpdf report --data <data> --output <output> [<options>]",
        discussion: """
            Without --template every CSV column becomes a table column and the \
            title is the file's name. With --template, a template whose flow \
            shows the list rows (docs/templates.md) chooses the columns, \
            widths, grouping and subtotals. \
            -o OUT.png writes OUT.png for a one-page report, else OUT-1.png, \
            OUT-2.png, ... one per page.

            \(HelpText.pngResolution)

            Examples:
              mkpdf report --data samples/members.csv -o members.pdf
              mkpdf report --data m.csv --template Templates/report.yaml -o r.pdf
              mkpdf report --data samples/members.csv -o members.png --dpi 96
            """
    )

    /// The CSV input.
    @Option(name: .long, help: "The CSV file (UTF-8, header row first).")
    var data: String

    /// The report template.
    @Option(name: .long, help: "A template (YAML) that shows rows, e.g. Templates/report.yaml.")
    var template: String?

    /// The title, overriding the template's and the file name.
    @Option(name: .long, help: "The report title (default: the template's title, else the CSV file name).")
    var title: String?

    /// The output file.
    @Option(name: .shortAndLong, help: "Output file: .pdf, or .png (one file per page).")
    var output: String

    /// PNG pixels per point.
    @Option(name: .long, help: "PNG output: pixels per point (default: 2).")
    var scale: Double?

    /// PNG resolution, as dots per inch instead of `scale`.
    @Option(name: .long, help: "PNG output: dots per inch, instead of --scale (144 = scale 2).")
    var dpi: Double?

    /// The data's text encoding and column renames.
    @OptionGroup var dataInput: DataInputOptions

    /// The root a template's files stay inside, and the budgets (docs/security.md).
    @OptionGroup var safety: SafetyOptions

    func validate() throws {
        let format = URL(fileURLWithPath: output).pathExtension.lowercased()
        guard format == "pdf" || format == "png" else {
            throw ValidationError("-o \(output): the output must end in .pdf or .png")
        }
        if scale != nil, dpi != nil { throw ValidationError("give --scale or --dpi, not both") }
        if scale != nil || dpi != nil, format != "png" {
            throw ValidationError("--scale and --dpi apply to PNG output; -o \(output) is a PDF")
        }
        if let dpi, !(dpi.isFinite && dpi > 0 && dpi <= 1200) { throw ValidationError("--dpi \(dpi): give 1…1200") }
        if let scale, !(scale.isFinite && scale > 0 && scale <= 16.0) {
            throw ValidationError("--scale \(scale): give more than 0, up to 16 (1200 dpi)")
        }
    }

    func run() throws {
        let limits = try safety.limits()
        var table = try CSVTable(
            contentsOf: URL(fileURLWithPath: data), encoding: try dataInput.inputEncoding(), limits: limits)
        let renames = try dataInput.columnMap()
        for (from, to) in renames.sorted(by: { $0.key < $1.key }) {
            guard let index = table.columnIndex(named: from) else {
                throw ValidationError(
                    "--map \(from)=\(to): \(data) has no column \"\(from)\"; its columns are "
                        + table.columns.joined(separator: ", "))
            }
            table.columns[index] = to
        }
        let name = URL(fileURLWithPath: table.source).deletingPathExtension().lastPathComponent
        let reportTemplate =
            try template.map { path throws in
                try Template(contentsOf: URL(fileURLWithPath: path), root: safety.rootURL, limits: limits)
            }
            ?? Template.listing(columns: table.columns, title: name, limits: limits)
        guard reportTemplate.data["rows"] != nil else {
            throw ValidationError(
                "\(template ?? "the template") does not read the CSV: declare data: {rows: []} and "
                    + "show the rows in a table (rows: rows), as Templates/report.yaml does")
        }
        let laidOut = try reportTemplate.document(
            values: title.map { ["title": $0] } ?? [:],
            data: ["rows": Template.records(table)],
            options: TemplateRenderOptions(fonts: .shared))
        let url = URL(fileURLWithPath: output)
        let files: [(URL, Data)]
        if url.pathExtension.lowercased() == "pdf" {
            files = [(url, try PDFRenderer().data(for: laidOut))]
        } else {
            var renderer = RasterRenderer(compression: .balanced)
            renderer.maximumBytes = limits.rasterBytes
            let rasterScale = dpi.map { RasterScale.dpi($0) } ?? .factor(scale ?? RenderCommand.defaultScale)
            files = try laidOut.pages.enumerated().map { index, page in
                (
                    laidOut.pages.count == 1 ? url : Self.pageFile(url, index + 1),
                    try renderer.pngData(for: page, scale: rasterScale, page: index + 1)
                )
            }
        }
        try Self.writeAll(files)
        for (file, _) in files { print(file.standardizedFileURL.path) }
    }

    /// `out.png` → `out-2.png`.
    static func pageFile(_ url: URL, _ page: Int) -> URL {
        let base = url.deletingPathExtension()
        return base.deletingLastPathComponent()
            .appendingPathComponent("\(base.lastPathComponent)-\(page).\(url.pathExtension)")
    }

    /// Writes every file all or none through the one atomic writer (`Support.AtomicFile`; no fsync, as every document
    /// output).
    static func writeAll(_ files: [(URL, Data)]) throws {
        do {
            try AtomicFile.writeAll(files.map { ($0.0.path, $0.1) }, durability: .unflushed)
        } catch {
            throw ReportCommandError.output(path: error.path, reason: "could not \(error.step) (\(error.reason))")
        }
    }
}

/// What `mkpdf report` itself can fail at, beyond the library's errors.
enum ReportCommandError: Error, CustomStringConvertible, LocalizedError {
    /// An output file could not be written.
    case output(path: String, reason: String)

    var description: String {
        switch self {
        case .output(let path, let reason):
            ErrorText.wrapping("cannot write \(path)", reason, fix: "check that the folder exists and is writable")
        }
    }

    var errorDescription: String? { description }
}
