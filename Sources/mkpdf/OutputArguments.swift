import ArgumentParser
import Documents
import DrawingModule
import EInvoice
import Foundation
import Render

/// `--scale`, `--dpi`, `--font-mode`, and PDF/A, encryption and signing: how every command that renders a document
/// (ticket, render, report, image, batch) asks for its output, made into the library's one `OutputOptions`.
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

    /// How fonts go into a PDF; embedded when absent.
    ///
    /// Options on a one-shot command's path take no default value: ArgumentParser describes a default for help at
    /// every parse, through dynamic casts whose first protocol conformance lookups scan every record in the binary.
    /// The default is applied where the value is read and named in the help text.
    @Option(
        name: .customLong("font-mode"),
        help: ArgumentHelp(
            "PDF fonts: embedded (subset TrueType or CFF) or cid (gothic/mincho as MS-PGothic/MS-PMincho, not "
                + "embedded: smallest files). (default: embedded)"))
    var fontMode: PDFFontMode?

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

    // PDF/A, attachments, encryption and signing (checked and read in OutputArguments+Protection.swift). They are
    // options of this type, not a group of their own: each option group costs every run's parse its own protocol
    // conformance lookups.
    /// The PDF/A level.
    @Option(
        name: .customLong("pdfa"),
        help: ArgumentHelp(
            "Write PDF/A: 1b, 2b or 3b (XMP metadata, an sRGB OutputIntent, every font embedded), or 2a or 3a "
                + "(the same, tagged: as --pdfua without its claim). Overrides a template's pdfa:.", valueName: "level")
    )
    var pdfa: Document.Archive.Level?

    /// Tag the PDF and claim PDF/UA-1 (true), leave it untagged (false), or as the template says (nil).
    @Flag(
        name: .customLong("pdfua"), inversion: .prefixedNo,
        help: ArgumentHelp(
            "Write a tagged PDF that claims PDF/UA-1: a structure tree (headings, paragraphs, tables, figures with "
                + "their alt text), headers, footers and decoration as artifacts, the language and title stated. "
                + "Refuses an image with neither alt: nor decorative: true. As a template's pdfua: true; "
                + "--no-pdfua writes an untagged PDF from a template that claims it."))
    var pdfua: Bool?

    /// Files to attach (PDF/A-3b).
    @Option(
        name: .customLong("attach"),
        help: ArgumentHelp(
            "Attach a file to the PDF with AFRelationship Data (repeatable; implies --pdfa 3b, the one level that "
                + "carries any file).", valueName: "file"))
    var attach: [String] = []

    /// The e-invoice to attach (PDF/A-3b).
    @Option(
        name: .customLong("einvoice"),
        help: ArgumentHelp(
            "Attach the invoice's data as an e-invoice written from the template's einvoice: mapping: jp-pint "
                + "(UBL 2.1, jp-pint.xml) or factur-x (CII EN 16931, factur-x.xml with its XMP); implies --pdfa 3b.",
            valueName: "format"))
    var eInvoice: EInvoiceFormat?

    /// Encrypt with AES-256.
    @Flag(help: "Encrypt the PDF with AES-256 (revision 6) through libqpdf; needs an owner password.")
    var encrypt = false

    /// Where the user password is read from.
    @Option(
        name: .customLong("user-password-file"),
        help: ArgumentHelp("Read the user password (opens the file) from this file's first line.", valueName: "path"))
    var userPasswordFile: String?

    /// The environment variable holding the user password.
    @Option(
        name: .customLong("user-password-env"),
        help: ArgumentHelp("Read the user password from this environment variable.", valueName: "name"))
    var userPasswordEnvironment: String?

    /// Where the owner password is read from.
    @Option(
        name: .customLong("owner-password-file"),
        help: ArgumentHelp(
            "Read the owner password (opens the file with every permission) from this file's first line.",
            valueName: "path"))
    var ownerPasswordFile: String?

    /// The environment variable holding the owner password.
    @Option(
        name: .customLong("owner-password-env"),
        help: ArgumentHelp("Read the owner password from this environment variable.", valueName: "name"))
    var ownerPasswordEnvironment: String?

    /// What the user password allows.
    @Option(
        help: ArgumentHelp(
            "What the user password allows, comma-separated: print, high-quality-print, copy, modify, annotate, "
                + "fill-forms, assemble, all or none (default: print,high-quality-print).", valueName: "list"))
    var allow: String?

    /// The PKCS#12 file that signs.
    @Option(
        name: .customLong("sign"),
        help: ArgumentHelp(
            "Sign the PDF (PAdES B-B: ETSI.CAdES.detached, SHA-256, an incremental update) with the key and "
                + "certificate in this PKCS#12 file; its password from --sign-password-file or --sign-password-env.",
            valueName: "key.p12"))
    var sign: String?

    /// Where the signing key's password is read from.
    @Option(
        name: .customLong("sign-password-file"),
        help: ArgumentHelp("Read the --sign file's password from this file's first line.", valueName: "path"))
    var signPasswordFile: String?

    /// The environment variable holding the signing key's password.
    @Option(
        name: .customLong("sign-password-env"),
        help: ArgumentHelp("Read the --sign file's password from this environment variable.", valueName: "name"))
    var signPasswordEnvironment: String?

    /// Sign with a certificate that has expired or is not valid yet.
    @Flag(
        name: .customLong("sign-allow-expired"),
        help: "Sign even with a certificate that has expired or is not valid yet (refused otherwise).")
    var signAllowExpired = false

    /// A visible signature field's rectangle.
    @Option(
        name: .customLong("sign-rect"),
        help: ArgumentHelp(
            "Make the signature visible in this rectangle: x,y,w,h in points from the page's top-left corner, as "
                + "elements are placed (default: invisible).", valueName: "x,y,w,h"))
    var signRect: String?

    /// The page of a visible signature field.
    @Option(
        name: .customLong("sign-page"), help: ArgumentHelp("The page of the --sign-rect field (default: 1)."))
    var signPage: Int?

    /// An RFC 3161 time-stamp authority.
    @Option(
        name: .customLong("tsa"),
        help: ArgumentHelp(
            "Time-stamp the signature at this RFC 3161 authority's http:// URL (PAdES B-T).", valueName: "url"))
    var timestampAuthority: String?

    func validate() throws {
        if scale != nil, dpi != nil { throw ValidationError("give --scale or --dpi, not both") }
        if let scale, !(scale.isFinite && scale > 0 && scale <= 32) {
            throw ValidationError("--scale \(scale): give pixels per point greater than 0, up to 32")
        }
        if let dpi, !(dpi.isFinite && dpi > 0 && dpi <= 2304) {
            throw ValidationError("--dpi \(dpi): give dots per inch greater than 0, up to 2304 (scale 32)")
        }
        try validateProtection()
    }

    /// The raster scale asked for, or the standard one.
    var rasterScale: RasterScale { dpi.map { .dpi($0) } ?? scale.map { .factor($0) } ?? .standard }

    /// The output options for `format`, held to `limits` (`--limit raster-bytes=N`), with the PDF/A level,
    /// encryption and signature asked for (passwords, attachments and the signing key read now), and a render context
    /// of their own: the command owns what its pages share (a report's page contents beginning alike, a code on
    /// every page), and a command of many documents replaces it with one for them all.
    /// - Throws: `ValidationError` naming a password file, variable or attachment that cannot be read, or PDF/A and
    ///   encryption asked for a PNG.
    func options(_ format: OutputFormat, limits: Limits = Limits(), deadline: Deadline? = nil) throws -> OutputOptions {
        var options = OutputOptions(
            format: format, fontMode: fontMode ?? .embedded, scale: rasterScale, maximumRasterBytes: limits.rasterBytes)
        options.deadline = deadline
        options.context = RenderContext()
        options.flattensForms = flattenForms
        options.pdfua = pdfua
        options.archive = try archive()
        options.encryption = try encryption()
        if format != .pdf,
            options.archive != nil || options.encryption != nil || sign != nil || pdfua == true
                || eInvoice != nil
        {
            throw ValidationError(
                "--pdfa, --pdfua, --attach, --einvoice, --encrypt and --sign make PDFs; write a .pdf or leave them "
                    + "out")
        }
        options.signature = try signing()
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
extension PDFFontMode: ExpressibleByArgument {
    /// Every mode's name, for help. Named here: ArgumentParser's default builds a generic key path at every parse,
    /// which looks the type's conformance up.
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

extension EInvoiceFormat: ExpressibleByArgument {
    /// Every format's name, for help.
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

extension OutputFormat: ExpressibleByArgument {
    /// Every format's name, for help.
    public static var allValueStrings: [String] { builtIn.map { $0.rawValue } }
}
