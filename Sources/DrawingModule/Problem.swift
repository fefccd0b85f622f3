import Foundation
import Support

/// What kind of problem stopped a job, so that every face answers it the same way: the command line's exit code and
/// `serve`'s HTTP status are chosen from the kind, never from an error's words, and a new error case cannot be
/// answered as the service's fault (500) because its message happens to lack a word.
///
/// The kinds split by who must act: the caller (bad request, bad data, does not fit, missing glyph, limit, time), the
/// template's author (bad template), whoever supplies the files (not found, I/O), or mkpdf's maintainers (internal).
public enum ProblemKind: String, Sendable, Hashable, CaseIterable {
    /// The request itself cannot be used: an option or parameter out of range, names the template does not declare,
    /// a value missing that the template needs, input that is not the format named.
    case badRequest = "bad-request"
    /// The data is well formed but a value is refused: of another shape than declared, failing the template's
    /// pattern, holding a control character, or a number or image that cannot be read.
    case badData = "bad-data"
    /// The template or the document's description has an error of its own (YAML, a key, an expression, a layout).
    case badTemplate = "bad-template"
    /// A file, template or font that was named does not exist.
    case notFound = "not-found"
    /// Text does not fit its box by any of its fit policies, or a table, chart or barcode does not fit its place.
    case doesNotFit = "does-not-fit"
    /// A character no font of the text's chain has a glyph for.
    case missingGlyph = "missing-glyph"
    /// The input asked for more than a budget (`Limits`, `--limit NAME=N`) allows.
    case limit
    /// The job ran longer than its `job-seconds` deadline.
    case time
    /// A file could not be read or written (permissions, a full disk, a library that cannot be loaded).
    case io
    /// mkpdf itself failed where it should not (a library refusing sound input): a bug to report with the input.
    case `internal`

    /// The kind of any error: a `Problem`'s own; Foundation's file errors as `notFound` or `io`; `internal`
    /// otherwise, so an error no module classified is reported as the bug it is rather than blamed on the caller.
    public init(of error: any Error) {
        if let problem = error as? any Problem {
            self = problem.kind
        } else if let error = error as? CocoaError {
            switch error.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: self = .notFound
            case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: self = .badData
            default: self = error.isFileError ? .io : .internal
            }
        } else if let error = error as? POSIXError {
            self = error.code == .ENOENT ? .notFound : .io
        } else if error is DecodingError {
            self = .badData
        } else {
            self = .internal
        }
    }
}

/// Where a problem is, as separate members rather than words in a message, so an editor can jump to the line, a
/// batch can name the record and `serve`'s problem details carry `file`, `line`, `column`, `record` and `field`.
public struct ProblemPlace: Sendable, Hashable {
    /// The template or description file, as the caller named it.
    public var file: String?
    /// The 1-based line in `file`.
    public var line: Int?
    /// The 1-based column in `file`.
    public var column: Int?
    /// The data record (`row 3`, `row 3 of items`) the problem came from.
    public var record: String?
    /// The data field (placeholder, column, JSON member) whose value caused it.
    public var field: String?

    /// A place; every member is optional, as a problem knows only some of them.
    public init(
        file: String? = nil, line: Int? = nil, column: Int? = nil, record: String? = nil, field: String? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.record = record
        self.field = field
    }

    /// True when no member is known.
    public var isEmpty: Bool { self == ProblemPlace() }
}

/// An error that says what kind of problem it is and where, so the command line and `serve` answer it from its
/// kind and show its place without reading its message. Every error type of the package conforms; its
/// `description` stays the words a person reads.
public protocol Problem: Error {
    /// What kind of problem this is; chooses the exit code and the HTTP status.
    var kind: ProblemKind { get }
    /// Where it is, as far as the error knows.
    var place: ProblemPlace { get }
    /// The budget gone over, when the kind is `limit` or `time`.
    var limitExceeded: LimitExceeded? { get }
}

extension Problem {
    /// No place, for an error that has none (an option, a library call).
    public var place: ProblemPlace { ProblemPlace() }
    /// No budget, for an error that is not about one.
    public var limitExceeded: LimitExceeded? { nil }
}

extension LimitExceeded: Problem {
    /// `time` for the `job-seconds` deadline, `limit` for every other budget.
    public var kind: ProblemKind { limit == Self.jobSeconds ? .time : .limit }
    /// Itself.
    public var limitExceeded: LimitExceeded? { self }
    /// The name of the deadline's limit, `job-seconds`: the one budget that is time, not size.
    public static let jobSeconds = "job-seconds"
}

extension AtomicFileError: Problem {
    /// `io`: the file could not be written or moved into place.
    package var kind: ProblemKind { .io }
    /// The file being written.
    package var place: ProblemPlace { ProblemPlace(file: path) }
}
