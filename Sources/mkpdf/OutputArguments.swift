import ArgumentParser
import Documents
import DrawingModule
import Foundation
import Render

/// `--scale`, `--dpi` and `--font-mode`: how every command that renders a document (ticket, render, report, batch)
/// asks for its output, made into the library's one `OutputOptions`.
struct OutputArguments: ParsableArguments {
    /// Pixels per point.
    @Option(
        help: ArgumentHelp(
            "Pixels per point: the PNG's size, and the grid QR and barcode modules are placed on in PNG and PDF "
                + "(default: 2)."))
    var scale: Double?

    /// Dots per inch, instead of a scale.
    @Option(help: "Dots per inch instead of --scale (144 = scale 2).")
    var dpi: Double?

    /// How fonts go into a PDF.
    @Option(
        name: .customLong("font-mode"),
        help: ArgumentHelp(
            "PDF fonts: embedded (subset TrueType or CFF) or cid (gothic/mincho as MS-PGothic/MS-PMincho, not "
                + "embedded: smallest files)."))
    var fontMode: PDFFontMode = .embedded

    /// Replace a symbolic link at the output's name instead of writing through it.
    @Flag(
        name: .customLong("no-follow"),
        help: ArgumentHelp(
            "A symbolic link at the output's name is replaced by the file (default: written through, replacing "
                + "the file it points to)."))
    var noFollow = false

    /// Draw form fields as page content.
    @Flag(
        name: .customLong("flatten-forms"),
        help: ArgumentHelp(
            "Draw form fields as page content (their appearance) instead of fields a reader can fill, as a "
                + "template's flatten: true does."))
    var flattenForms = false

    /// PDF/A, attachments and encryption.
    @OptionGroup var protection: ProtectionArguments

    func validate() throws {
        if scale != nil, dpi != nil { throw ValidationError("give --scale or --dpi, not both") }
        if let scale, !(scale.isFinite && scale > 0 && scale <= 32) {
            throw ValidationError("--scale \(scale): give pixels per point greater than 0, up to 32")
        }
        if let dpi, !(dpi.isFinite && dpi > 0 && dpi <= 2304) {
            throw ValidationError("--dpi \(dpi): give dots per inch greater than 0, up to 2304 (scale 32)")
        }
    }

    /// The raster scale asked for, or the standard one.
    var rasterScale: RasterScale { dpi.map { .dpi($0) } ?? scale.map { .factor($0) } ?? .standard }

    /// The output options for `format`, held to `limits` (`--limit raster-bytes=N`), with the PDF/A level,
    /// encryption and signature asked for (passwords, attachments and the signing key read now).
    /// - Throws: `ValidationError` naming a password file, variable or attachment that cannot be read, or PDF/A and
    ///   encryption asked for a PNG.
    func options(_ format: OutputFormat, limits: Limits = Limits(), deadline: Deadline? = nil) throws -> OutputOptions {
        var options = OutputOptions(
            format: format, fontMode: fontMode, scale: rasterScale, maximumRasterBytes: limits.rasterBytes)
        options.deadline = deadline
        options.flattensForms = flattenForms
        options.archive = try protection.archive()
        options.encryption = try protection.encryption()
        if format != .pdf, options.archive != nil || options.encryption != nil || protection.sign != nil {
            throw ValidationError("--pdfa, --attach, --encrypt and --sign make PDFs; write a .pdf or leave them out")
        }
        options.signature = try protection.signing()
        return options
    }

    /// The format of `output` (`explicit` first, then its extension, else PDF), or a usage error naming the fix.
    static func format(of output: String?, explicit: OutputFormat?) throws -> OutputFormat {
        do {
            return try OutputFormat.of(path: output, explicit: explicit)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Writes `rendered` to `output` (`-` for standard output) and prints each path written, or nothing for `-`.
    func write(_ rendered: RenderedDocument, to output: String) throws {
        if output == "-" {
            try rendered.write(to: FileHandle.standardOutput)
            return
        }
        for url in try rendered.write(to: URL(fileURLWithPath: output), replacingLinks: noFollow) { print(url.path) }
    }
}

/// The library's option values as command-line arguments: one type each, no mirror in the CLI.
extension PDFFontMode: ExpressibleByArgument {}

extension OutputFormat: ExpressibleByArgument {
    /// Every format's name, for help.
    public static var allValueStrings: [String] { builtIn.map(\.rawValue) }
}
