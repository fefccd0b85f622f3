import ArgumentParser
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
            drawing) or .png (OUT.png for one page, else OUT-1.png, OUT-2.png, ...).

            \(HelpText.pngResolution)

            Examples:
              mkpdf render Templates/ticket.yaml --set member=ABC-1 -o t.pdf
              mkpdf render Templates/ticket.yaml --set member=ABC-1 -o t.png
              mkpdf render label.json -o label.png --dpi 300
              mkpdf render document.json -o document.pdf --font-mode cid
            """
    )

    /// The description to render.
    @Argument(help: "The template (.yaml), or drawing or document (.json).")
    var input: String

    /// Where the result goes.
    @Option(name: .shortAndLong, help: "Output file: .pdf or .png.")
    var output: String

    /// Pixels per point for PNG output.
    @Option(name: .long, help: "PNG output: pixels per point (default: 2).")
    var scale: Double?

    /// Resolution for PNG output.
    @Option(name: .long, help: "PNG output: dots per inch, instead of --scale (144 = scale 2).")
    var dpi: Double?

    /// How fonts go into the PDF.
    @Option(
        name: .customLong("font-mode"),
        help:
            "PDF output: embedded (subset TrueType or CFF) or cid (gothic/mincho as non-embedded MS-PGothic/MS-PMincho)."
    )
    var fontMode: PDFFontMode = .embedded

    /// Placeholder values when the input is a YAML template (see `TemplateOutput.load`).
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp("YAML template input: fill a placeholder (repeatable).", valueName: "key=value"))
    var assignments: [String] = []

    /// Placeholder values read from files (YAML template input).
    @OptionGroup var setFiles: SetFileOptions

    /// The root a template's files stay inside, and the budgets (docs/security.md).
    @OptionGroup var safety: SafetyOptions

    /// PNG pixels per point when neither --scale nor --dpi is given: the rule of `HelpText.pngResolution`.
    static let defaultScale = 2.0

    func validate() throws {
        do {
            _ = try OutputFormat.of(output: output)
        } catch let failure as RenderCommandFailure {
            throw ValidationError(failure.description)
        }
        if scale != nil, dpi != nil {
            throw ValidationError("give --scale or --dpi, not both")
        }
        if let scale, !(scale > 0) { throw ValidationError("--scale must be greater than 0, got \(scale)") }
        if let dpi, !(dpi > 0) { throw ValidationError("--dpi must be greater than 0, got \(dpi)") }
    }

    func run() throws {
        let format = try OutputFormat.of(output: output)
        if format == .pdf, scale != nil || dpi != nil {
            throw RenderCommandFailure(
                description: "--scale and --dpi apply to PNG output; -o \(output) is a PDF. "
                    + "Fix: drop them, or write a .png")
        }
        let fromFiles = try setFiles.values().sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let document = try TemplateOutput.load(
            URL(fileURLWithPath: input), assignments: assignments + fromFiles, safety: safety,
            pixelsPerPoint: format == .png ? dpi.map { $0 / 72 } ?? scale ?? Self.defaultScale : 2)
        let url = URL(fileURLWithPath: output)
        switch format {
        case .pdf:
            try PDFRenderer(fontMode: fontMode).write(document, to: url)
            print(url.standardizedFileURL.path)
        case .png:
            let rasterScale: RasterScale = dpi.map { .dpi($0) } ?? .factor(scale ?? Self.defaultScale)
            var renderer = RasterRenderer()
            renderer.maximumBytes = try safety.limits().rasterBytes
            let files = try document.pages.enumerated().map { index, page in
                (
                    try renderer.pngData(for: page, scale: rasterScale, page: index + 1),
                    document.pages.count == 1 ? url : Self.pageFile(url, index + 1)
                )
            }
            guard !files.isEmpty else { throw RenderError.emptyDocument }
            do {
                try AtomicFile.writeAll(files.map { ($0.1.path, $0.0) }, durability: .unflushed)
            } catch {
                throw RenderError.output(path: error.path, reason: "could not \(error.step) (\(error.reason))")
            }
            for (_, file) in files { print(file.standardizedFileURL.path) }
        }
    }

    /// `out.png` → `out-2.png`.
    static func pageFile(_ url: URL, _ page: Int) -> URL {
        let base = url.deletingPathExtension()
        return base.deletingLastPathComponent().appendingPathComponent(
            "\(base.lastPathComponent)-\(page).\(url.pathExtension)")
    }
}

/// A command-line mistake found while running, explained with its fix (ArgumentParser prints the description).
struct RenderCommandFailure: Error, CustomStringConvertible, LocalizedError {
    /// What is wrong and how to fix it.
    let description: String
    /// The same text as `description`.
    var errorDescription: String? { description }
}
