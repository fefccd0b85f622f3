import ArgumentParser
import Documents
import DrawingModule
import Foundation
import Render
import Support

/// `mkpdf render`: a drawing or document saved as JSON becomes a PDF or PNG, so a description is a document.
///
/// A thin face over the Render module. Everything is read and rendered before anything is written, so a bad input
/// leaves no output file. New input forms (YAML templates) plug into `DescriptionFile.load`.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a YAML template, or a drawing or document (JSON), to PDF or PNG.",
        usage: "mkpdf render <input> --output <output> [<options>]",
        discussion: """
            The input is a template (.yaml or .yml, the language of \
            Templates/ticket.yaml, filled with --set key=value; docs/templates.md \
            describes it), a Drawing ({"size": ..., "commands": [...]}) or a Document \
            ({"pages": [drawing, ...]}) in the Drawing module's JSON form. The \
            output format follows the extension of -o: .pdf (one page per \
            drawing) or .png (OUT.png for one page, else OUT-1.png, OUT-2.png, ...); \
            -o - writes to standard output (a PDF, or with --format png a one-page PNG).

            \(HelpText.resolution)

            Examples:
              mkpdf render Templates/ticket.yaml --set member=ABC-1 -o t.pdf
              mkpdf render Templates/ticket.yaml --set member=ABC-1 -o t.png
              mkpdf render examples/label.json -o label.png --dpi 300
              mkpdf render examples/document.json -o document.pdf --font-mode cid
              mkpdf render Templates/invoice.yaml --data samples/invoice.json -o invoice.pdf
            """
    )

    /// The description to render.
    @Argument(help: "The template (.yaml), or drawing or document (.json).")
    var input: String

    /// Where the result goes.
    @Option(name: .shortAndLong, help: "Output file: .pdf or .png, or - for standard output.")
    var output: String

    /// The format when the name does not say (`-o -`).
    @Option(help: "pdf or png (default: from the extension of -o, else pdf).")
    var format: OutputFormat?

    /// Scale, resolution and font mode.
    @OptionGroup var rendering: OutputArguments

    /// Placeholder values when the input is a YAML template (see `TemplateOutput.load`).
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp("YAML template input: fill a placeholder (repeatable).", valueName: "key=value"))
    var assignments: [String] = []

    /// Placeholder values read from files (YAML template input).
    @OptionGroup var setFiles: SetFileOptions

    /// One record of data for the template.
    @Option(
        name: .customLong("data"),
        help: ArgumentHelp(
            "YAML template input: a JSON object or YAML mapping filling its data, lists and records included "
                + "(--set wins over it); a list of them makes one document each, OUT-1.pdf, OUT-2.pdf ...",
            valueName: "file"))
    var dataFile: String?

    /// The root a template's files stay inside, and the budgets (docs/security.md).
    @OptionGroup var safety: SafetyOptions

    func validate() throws {
        _ = try OutputArguments.format(of: output, explicit: format)
    }

    func run() throws {
        let format = try OutputArguments.format(of: output, explicit: format)
        let fromFiles = try setFiles.values().sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let records = try TemplateOutput.records(dataFile, safety: safety)
        guard !records.isEmpty else { throw ValidationError("--data \(dataFile ?? ""): the file holds no record") }
        if records.count != 1, output == "-" {
            throw ValidationError(
                "--data \(dataFile ?? ""): \(records.count) records make as many documents; give -o a file name")
        }
        // A list of records makes one document each: OUT-1.pdf, OUT-2.pdf … (all rendered before any is written).
        let names = records.count == 1 ? [output] : RenderedDocument.fileNames(for: output, count: records.count)
        var rendered: [(RenderedDocument, String)] = []
        // The command's documents share what they repeat, as a batch run's do.
        let context = RenderContext()
        for (record, name) in zip(records, names) {
            let deadline = try safety.limits().deadline()
            let (document, template) = try TemplateOutput.load(
                URL(fileURLWithPath: input), assignments: assignments + fromFiles, data: record, safety: safety,
                scale: rendering.rasterScale, deadline: deadline, context: context, eInvoice: rendering.eInvoice)
            var options = try rendering.options(format, limits: try safety.limits(), deadline: deadline)
            options.context = context
            rendered.append(
                (try template?.render(document, options: options) ?? render(document, options: options), name))
        }
        for (document, name) in rendered { try rendering.write(document, to: name) }
    }
}

/// A command-line mistake found while running, or a description file that cannot be read, explained with its fix
/// (ArgumentParser prints the description).
struct RenderCommandFailure: Problem, CustomStringConvertible, LocalizedError {
    /// What is wrong and how to fix it.
    let description: String
    /// `badRequest` for an argument the command cannot use, the file error's own kind (`notFound`, `io`) for a
    /// description that cannot be read.
    var kind: ProblemKind = .badRequest
    /// The description file, when the problem is one.
    var place = ProblemPlace()
    /// The same text as `description`.
    var errorDescription: String? { description }
}
