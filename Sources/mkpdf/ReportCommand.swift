import ArgumentParser
import Documents
import DrawingModule
import Foundation
import Render

/// `mkpdf report`: a CSV file as a multi-page report — every column as a table column, or laid out by a template
/// whose flow reads the rows as `rows` (grouping, subtotals, header and footer) — written as PDF with bookmarks or as
/// one PNG per page.
///
/// A thin face: `CSVTable` reads, `Template.pages` sets the flow onto pages one at a time, the renderers draw each
/// page and release it (a PDF/A report is laid out whole, as the archive level checks the whole document). Files
/// appear only when all pages succeeded, each through a temporary file renamed into place. The data file's size
/// grows the `elements-per-document` budget (`Limits.growing(forDataBytes:)`): a long list of one's own is what a
/// report is for.
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

            \(HelpText.resolution)

            Examples:
              mkpdf report --data samples/members.csv -o members.pdf
              mkpdf report --data examples/excel.csv --encoding cp932 -o excel.pdf
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
    @Option(name: .shortAndLong, help: "Output file: .pdf, or .png (one file per page), or - for standard output.")
    var output: String

    /// The format when the name does not say (`-o -`).
    @Option(help: "pdf or png (default: from the extension of -o, else pdf).")
    var format: OutputFormat?

    /// Scale, resolution and font mode.
    @OptionGroup var rendering: OutputArguments

    /// The data's text encoding and column renames.
    @OptionGroup var dataInput: DataInputOptions

    /// The root a template's files stay inside, and the budgets (docs/security.md).
    @OptionGroup var safety: SafetyOptions

    func validate() throws {
        _ = try OutputArguments.format(of: output, explicit: format)
    }

    func run() throws {
        let dataBytes = ((try? FileManager.default.attributesOfItem(atPath: data))?[.size] as? Int) ?? 0
        let limits = try safety.limits().growing(forDataBytes: dataBytes)
        let deadline = limits.deadline()
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
        var options = try rendering.options(
            try OutputArguments.format(of: output, explicit: format), limits: limits, deadline: deadline)
        options.pngCompression = .balanced
        let values = title.map { ["title": $0] } ?? [:]
        let rows = ["rows": Template.records(table)]
        var templateOptions = TemplateRenderOptions(
            pixelsPerPoint: rendering.rasterScale.factor, fonts: .shared, deadline: deadline)
        templateOptions.eInvoice = rendering.eInvoice
        if options.archive != nil || options.pdfua == true {
            let document = try reportTemplate.document(values: values, data: rows, options: templateOptions)
            try rendering.write(try render(document, options: options), to: output)
            return
        }
        let pages = try reportTemplate.pages(values: values, data: rows, options: templateOptions)
        if output == "-" {
            try rendering.write(try render(pages, options: options), to: output)
            return
        }
        for url in try write(
            pages, options: options, to: URL(fileURLWithPath: output), replacingLinks: rendering.noFollow)
        {
            print(url.path)
        }
    }
}
