import DrawingModule
import Foundation

/// A failure of libHaru or of the wrapper around it, with enough context to act on.
///
/// libHaru reports bare numbers through a C callback; this carries the number, its symbolic name, what it means,
/// which operation and argument (font name, file path, page index) failed, and how to fix it.
package struct HaruError: Error, CustomStringConvertible, LocalizedError, Sendable, Equatable {
    /// libHaru's `error_no` (`0x102F` for `HPDF_INVALID_FONT_NAME`); wrapper-detected failures use the matching
    /// libHaru code, and 0 when there is none (a document already aborted).
    package let code: UInt32
    /// libHaru's `detail_no` (often 0; an `errno` for file errors).
    package let detail: UInt32
    /// The symbolic name: `HPDF_INVALID_FONT_NAME`, or `DOCUMENT_ABORTED` for calls refused after an abort.
    package let name: String
    /// What the code means, in English.
    package let summary: String
    /// The operation that failed, e.g. `get font` or `save to file`.
    package let operation: String
    /// The argument that failed, e.g. `font name "NoSuchFont"`, `file /tmp/x.pdf`, `page 2`; nil when none applies.
    package let argument: String?
    /// What the operating system said, for file errors (`No space left on device`); nil otherwise.
    package let systemReason: String?
    /// How to fix it, when the wrapper knows.
    package let hint: String?
    /// True when libHaru raised the error; false when the wrapper caught it before calling C.
    package let isFromLibHaru: Bool

    /// Creates an error; the name and summary come from libHaru's table when `name` is nil.
    init(
        code: UInt32, detail: UInt32 = 0, name: String? = nil, summary: String? = nil, operation: String,
        argument: String? = nil, systemReason: String? = nil, hint: String? = nil, isFromLibHaru: Bool
    ) {
        let entry = HaruErrorCatalog.entry(for: code)
        self.code = code
        self.detail = detail
        self.name = name ?? entry?.name ?? "HPDF_UNKNOWN_ERROR"
        self.summary = summary ?? entry?.summary ?? "An error code libHaru 2.3.0 does not document."
        self.operation = operation
        self.argument = argument
        self.systemReason = systemReason
        self.hint = hint ?? HaruError.defaultHint(for: code)
        self.isFromLibHaru = isFromLibHaru
    }

    /// True for the error every call throws after a delegate chose to abort the document.
    package var isDocumentAborted: Bool { name == HaruError.abortedName }

    /// One line: name and code, meaning, the failed operation with its argument, and the fix.
    package var description: String {
        var text = "\(name) (0x\(String(code, radix: 16, uppercase: true)), detail \(detail)): \(summary)"
        text += " Failed to \(operation)"
        if let argument { text += " (\(argument))" }
        if let systemReason { text += ": \(systemReason)" }
        text += "."
        if let hint { text += " Fix: \(hint)" }
        return text
    }

    /// The same text as `description`, for `localizedDescription`.
    package var errorDescription: String? { description }

    /// libHaru's symbolic name for an error code (`0x102F` → `HPDF_INVALID_FONT_NAME`), nil for an unknown code.
    package static func symbolicName(for code: UInt32) -> String? {
        HaruErrorCatalog.entry(for: code)?.name
    }

    /// The English description of an error code, nil for an unknown code.
    package static func summary(for code: UInt32) -> String? {
        HaruErrorCatalog.entry(for: code)?.summary
    }

    static let abortedName = "DOCUMENT_ABORTED"

    /// The error for any call on a document whose delegate chose `.abort`.
    static func aborted(operation: String, argument: String?) -> HaruError {
        HaruError(
            code: 0, name: abortedName,
            summary: "The document was aborted by its error delegate; libHaru is no longer called for it.",
            operation: operation, argument: argument,
            hint: "create a new PDFDocument; an aborted one cannot be used again.", isFromLibHaru: false)
    }

    private static func defaultHint(for code: UInt32) -> String? {
        switch code {
        case 0x102F:
            return "use a base-14 name (Helvetica, Times-Roman, Courier, …), a Japanese font "
                + "(MS-Gothic, MS-Mincho, …) or load a TrueType file first."
        case 0x102B: return "use one of libHaru's encoding names (WinAnsiEncoding, 90ms-RKSJ-H, EUC-H, UTF-8, …)."
        case 0x1016: return "check that the disk has space and the folder is writable."
        case 0x1017: return "check that the file exists and is readable."
        case 0x1054: return "use a width and height between 3 and 14400 points."
        case 0x1011: return "give a non-empty owner password that differs from the user password."
        case 0x102C: return "use a key length from 5 to 16 bytes for R3 encryption."
        case 0x105F, 0x1060, 0x105E: return "give a TrueType (.ttf, or .otf with TrueType outlines) font file."
        case 0x1081, 0x1080: return "give alpha values from 0 to 1."
        default: return nil
        }
    }
}

extension HaruError: Problem {
    /// From libHaru's code: `io` for a file that cannot be opened or written (`HPDF_FILE_IO_ERROR`,
    /// `HPDF_FILE_OPEN_ERROR`), `badRequest` for a page size out of range (`HPDF_PAGE_INVALID_SIZE`), `internal` for
    /// the rest, which sound input does not reach.
    package var kind: ProblemKind {
        switch code {
        case 0x1016, 0x1017: .io
        case 0x1054: .badRequest
        default: .internal
        }
    }
}
