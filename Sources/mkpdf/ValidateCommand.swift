import ArgumentParser
import DrawingModule
import Foundation
import Validation

/// `mkpdf validate FILE…`: checks PDF structure with qpdf and mkpdf's rules, as text or JSON.
///
/// Exit status: 0 when every file is valid, 1 when a file has findings of error severity (damage qpdf recovered
/// from counts), 2 when a file cannot be read at all (missing, not a PDF qpdf can open, wrong or missing password).
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check PDF files: structure (qpdf), fonts, images, page size, page count and expected text.",
        usage: "mkpdf validate <files> ... [<options>]",
        discussion: """
            Exit status: 0 when every file is valid; 1 when some file has an error finding (including damage qpdf \
            recovered from, i.e. when `qpdf --check` exits non-zero); 2 when some file cannot be read at all \
            (missing, not a PDF, encrypted without the right --password-file or --password-env password).

            Agreement with `qpdf --check`: every condition it exits non-zero on is an error finding here (damage \
            qpdf recovers from, undecodable streams, content-stream syntax errors, linearization hint-table errors \
            through qpdf's own linearization check), except when a resource limit is reached: a stream decoding \
            beyond --max-stream-bytes skips qpdf's whole-file check (it would hold the stream in memory) and is \
            itself the error `resource.limit`. Beyond qpdf: zero pages, a page tree viewers cannot walk, a header \
            version older than the features used, fonts without ToUnicode, unusable encryption key lengths.

            Examples:
              mkpdf validate samples/ticket.pdf
              mkpdf validate samples/receipt.pdf --expect-size a5 --expect-text 領収書
              mkpdf validate samples/*.pdf --require-embedded --strict --json
            """)

    @Argument(help: "The PDF files to check.")
    var files: [String]

    @Flag(help: "Print the reports as JSON on standard output.")
    var json = false

    @Flag(name: .customLong("require-embedded"), help: "Make a font that is not embedded an error, not a warning.")
    var requireEmbedded = false

    @Option(name: .customLong("expect-pages"), help: "The number of pages each file must have.")
    var expectPages: Int?

    @Option(
        name: .customLong("expect-text"),
        help: "A text that must appear on some page (repeatable; whitespace and width are ignored).")
    var expectText: [String] = []

    @Option(
        name: .customLong("expect-size"),
        help:
            "The size of every page: a paper name such as a4 or jis-b5 (either orientation), or WxH in points (exactly)."
    )
    var expectSize: String?

    /// Refused: a password on the command line is shown to every user by `ps`. Kept as an option so the refusal
    /// can point to `--password-file` and `--password-env`.
    @Option(help: .hidden)
    var password: String?

    /// The file whose first line is the user or owner password of encrypted files.
    @Option(
        name: .customLong("password-file"),
        help: ArgumentHelp(
            "Read the user or owner password of encrypted files from this file's first line.",
            valueName: "path"))
    var passwordFile: String?

    /// The environment variable holding the user or owner password of encrypted files.
    @Option(
        name: .customLong("password-env"),
        help: ArgumentHelp(
            "Read the user or owner password of encrypted files from this environment variable.",
            valueName: "name"))
    var passwordEnvironment: String?

    @Option(
        name: .customLong("pdfa"),
        help: ArgumentHelp(
            "Check what mkpdf can of PDF/A (1b, 2b, 3b, 2a or 3a): XMP present and in sync, OutputIntent, fonts "
                + "embedded, CIDSet, no encryption; for 2a and 3a a structure tree, marked content and a language. "
                + "Full conformance needs a validator such as veraPDF.",
            valueName: "level"))
    var pdfa: Document.Archive.Level?

    @Flag(help: "Count every finding, warnings included: exit 1 unless a file has no findings at all.")
    var strict = false

    @Flag(name: .customLong("require-metadata"), help: "Make a missing Info /Title or catalog /Lang an error.")
    var requireMetadata = false

    @Option(
        name: .customLong("max-stream-bytes"),
        help: "The decoded size any one stream may have before `resource.limit` (256 MiB).")
    var maxStreamBytes: Int = ResourceLimits().streamBytes

    @Option(
        name: .customLong("max-content-bytes"),
        help: "The decoded size of one page's content before `resource.limit` (64 MiB).")
    var maxContentBytes: Int = ResourceLimits().contentBytes

    @Option(
        name: .customLong("max-operators"), help: "The operators one page's content may have before `resource.limit`.")
    var maxOperators: Int = ResourceLimits().operators

    func validate() throws {
        if password != nil {
            throw ValidationError(
                "--password puts the password on the command line, where ps shows it to every user. Fix: give it "
                    + "with --password-file PATH (its first line) or --password-env NAME")
        }
        if passwordFile != nil, passwordEnvironment != nil {
            throw ValidationError("--password-file and --password-env both give the password: give one of them")
        }
        if let expectSize, ExpectedPageSize.parse(expectSize) == nil {
            throw ValidationError(
                "--expect-size \(expectSize): not a known size; use a paper name (a4, b5, jis-b4, postcard, letter, …) or WxH in points such as 400x150"
            )
        }
        for (name, value) in [
            ("--max-stream-bytes", maxStreamBytes), ("--max-content-bytes", maxContentBytes),
            ("--max-operators", maxOperators)
        ]
        where value <= 0 {
            throw ValidationError("\(name) \(value): a limit must be a positive number")
        }
        if let expectPages, expectPages < 0 {
            throw ValidationError("--expect-pages \(expectPages): a page count cannot be negative")
        }
    }

    func run() throws {
        let password = try Secret.read(file: passwordFile, environment: passwordEnvironment, what: "password")
        let validator = Validator(
            options: ValidationOptions(
                requireEmbeddedFonts: requireEmbedded, pageCount: expectPages, texts: expectText,
                pageSize: expectSize.flatMap(ExpectedPageSize.parse), password: password,
                requireMetadata: requireMetadata,
                limits: ResourceLimits(
                    streamBytes: maxStreamBytes, contentBytes: maxContentBytes, operators: maxOperators),
                archivePart: pdfa?.part, archiveConformance: pdfa?.conformance ?? "B"))
        var outcomes: [Outcome] = []
        for file in files {
            do {
                outcomes.append(.report(try validator.validate(URL(fileURLWithPath: file))))
            } catch let error as ValidatorError {
                outcomes.append(.unreadable(file: file, error: error))
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let document = ValidationOutput(valid: outcomes.allSatisfy(\.isValid), files: outcomes)
            print(String(decoding: try encoder.encode(document), as: UTF8.self))
        } else {
            for outcome in outcomes { outcome.write() }
            if let pdfa {
                print(
                    "note: \(pdfa.name) was checked for XMP metadata and its sync with Info, the OutputIntent, embedded "
                        + "fonts, CIDSet, form field appearances and encryption"
                        + (pdfa.isAccessible ? ", the structure tree, /MarkInfo and /Lang" : "")
                        + "; full conformance needs a validator such as veraPDF")
            }
        }
        let status = outcomes.map { $0.exitStatus(strict: strict) }.max() ?? 0
        if status != 0 { throw ExitCode(status) }
    }
}

/// The JSON `mkpdf validate --json` prints: an overall verdict and one entry per file.
private struct ValidationOutput: Encodable {
    var valid: Bool
    var files: [Outcome]
}

/// What became of one file: a report, or the reason it could not be read.
private enum Outcome: Encodable {
    case report(ValidationReport)
    case unreadable(file: String, error: ValidatorError)

    var isValid: Bool { if case .report(let report) = self { report.isValid } else { false } }

    /// 0 valid, 1 findings that count (errors; with `strict`, any finding), 2 unreadable.
    func exitStatus(strict: Bool) -> Int32 {
        switch self {
        case .report(let report): (strict ? report.findings.isEmpty : report.isValid) ? 0 : 1
        case .unreadable: 2
        }
    }

    private enum Keys: String, CodingKey { case file, readable, error }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .report(let report):
            try report.encode(to: encoder)
        case .unreadable(let file, let error):
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(file, forKey: .file)
            try container.encode(false, forKey: .readable)
            try container.encode(error.description, forKey: .error)
        }
    }

    /// `595×842 pt; fonts: Helvetica (Type1, not embedded); images: 1`.
    private static func summary(of page: PageInfo) -> String {
        let size = page.mediaBox?.sizeDescription ?? "no MediaBox"
        let fonts = page.fonts.map { font in
            "\(font.baseFont) (\(font.type)\(font.isEmbedded ? ", embedded" : ", not embedded")\(font.isSubset ? " subset" : ""))"
        }
        return size + (fonts.isEmpty ? "" : "; fonts: \(fonts.joined(separator: ", "))")
            + (page.images.isEmpty ? "" : "; images: \(page.images.count)")
    }

    /// The readable form: a verdict line, a line per run of alike pages, then the findings.
    func write() {
        switch self {
        case .unreadable(_, let error):
            FileHandle.standardError.write(Data("cannot be read: \(error.description)\n".utf8))
        case .report(let report):
            let inspection = report.inspection
            let verdict = report.isValid ? "valid" : "INVALID"
            let count = { (n: Int, word: String) in "\(n) \(word)\(n == 1 ? "" : "s")" }
            print(
                "\(report.file): \(verdict) — PDF \(inspection.pdfVersion), \(count(inspection.pageCount, "page")), "
                    + "\(count(report.errors.count, "error")), \(count(report.warnings.count, "warning"))")
            // Consecutive pages that look alike share one line, so a long document stays readable.
            var groups: [(first: Int, last: Int, summary: String)] = []
            for page in inspection.pages {
                let summary = Self.summary(of: page)
                if let last = groups.last, last.summary == summary, last.last + 1 == page.number {
                    groups[groups.count - 1].last = page.number
                } else {
                    groups.append((page.number, page.number, summary))
                }
            }
            for group in groups {
                let label = group.first == group.last ? "page \(group.first)" : "pages \(group.first)–\(group.last)"
                print("  \(label): \(group.summary)")
            }
            for finding in report.findings { print("  \(finding)") }
        }
    }
}
