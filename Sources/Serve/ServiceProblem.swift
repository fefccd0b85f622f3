import Batch
import Documents
import DrawingModule
import Foundation
import Render
import Typeset

/// What went wrong with a request, as an RFC 9457 problem details object: an HTTP status, a stable `type` per kind of
/// problem, the same words the command line prints (`detail`), and where it happened — the template file, line and
/// column, the data field, the record — so an editor can point at the spot. `type` is a path on the service itself
/// (`/problems/queue-full`), which answers with the kind's title and status.
public struct ServiceProblem: Error, Sendable, Hashable {
    /// The kinds of problem, each with its status and `type` URI.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The data or the request cannot be used (400).
        case badRequest = "bad-request"
        /// The template in the request body has an error (400), with its line and column.
        case badTemplate = "bad-template"
        /// No template of that name in the root, or a name that would leave the root (404).
        case unknownTemplate = "unknown-template"
        /// The route does not take this method (405).
        case methodNotAllowed = "method-not-allowed"
        /// The format asked for (Accept or `?format=`) is not one the service writes (406).
        case notAcceptable = "not-acceptable"
        /// The request body is larger than the service reads (413).
        case bodyTooLarge = "body-too-large"
        /// The data is well formed but the document cannot be made: text that does not fit, a character no font has,
        /// a barcode that cannot be encoded, a budget gone over (422).
        case unprocessable = "unprocessable"
        /// Every rendering slot is busy and the queue is full (429).
        case queueFull = "queue-full"
        /// The service is shutting down (503).
        case shuttingDown = "shutting-down"
        /// The document took longer than the per-job time limit (504).
        case timeLimit = "time-limit"
        /// A stored template in the root cannot be loaded (500): its owner must fix the file.
        case brokenTemplate = "broken-template"
        /// Saving is off, or the save failed (403, 500).
        case saveRefused = "save-refused"
        /// The body's `Content-Type` is not one the route declares, or is missing (415): a form or a `text/plain`
        /// post from another site's page is never taken as a render or a save.
        case unsupportedMediaType = "unsupported-media-type"
        /// The `Host` header names neither this service's listen address nor an allowed host (421): how a DNS
        /// rebinding page is told apart from a client of the service.
        case misdirected = "misdirected-request"
        /// The request came from another site's page (`Origin`, `Sec-Fetch-Site`), or a save lacks the editor's
        /// token (403).
        case crossOrigin = "cross-origin"
        /// The worker process rendering the document stopped (a crash, its memory limit) before answering (500);
        /// the service replaced it and goes on.
        case workerFailed = "worker-failed"
        /// mkpdf failed where sound input should not make it fail (500): a bug to report with the request.
        case internalError = "internal-error"

        /// The HTTP status this kind is answered with.
        public var status: Int {
            switch self {
            case .badRequest, .badTemplate: 400
            case .saveRefused, .crossOrigin: 403
            case .unknownTemplate: 404
            case .methodNotAllowed: 405
            case .notAcceptable: 406
            case .bodyTooLarge: 413
            case .unsupportedMediaType: 415
            case .misdirected: 421
            case .unprocessable: 422
            case .queueFull: 429
            case .brokenTemplate, .workerFailed, .internalError: 500
            case .shuttingDown: 503
            case .timeLimit: 504
            }
        }

        /// The path of the kind's `type` on the service.
        public var path: String { "/problems/" + rawValue }

        /// A short, fixed summary (`title`).
        public var title: String {
            switch self {
            case .badRequest: "The request's data cannot be used"
            case .badTemplate: "The template has an error"
            case .unknownTemplate: "No such template"
            case .methodNotAllowed: "Method not allowed"
            case .notAcceptable: "Format not available"
            case .bodyTooLarge: "Request body too large"
            case .unprocessable: "The document cannot be made from this data"
            case .queueFull: "Too many requests waiting"
            case .shuttingDown: "The service is shutting down"
            case .timeLimit: "The document took too long"
            case .brokenTemplate: "A stored template cannot be loaded"
            case .saveRefused: "The template cannot be saved"
            case .unsupportedMediaType: "The body's media type is not taken here"
            case .misdirected: "The request is not for this host"
            case .crossOrigin: "The request came from another site"
            case .workerFailed: "The renderer stopped before it answered"
            case .internalError: "The service failed on this request"
            }
        }
    }

    /// The kind, which gives the status, `type` and `title`.
    public var kind: Kind
    /// What went wrong, with its fix: the text the command line prints for the same problem.
    public var detail: String
    /// The template file, when the problem is in one.
    public var file: String?
    /// The 1-based line in the template (or the request's template text).
    public var line: Int?
    /// The 1-based column.
    public var column: Int?
    /// The data field whose value caused it.
    public var field: String?
    /// The record (batch row, or `row 3 of items`) it came from.
    public var record: String?
    /// The budget gone over, by its `--limit` name.
    public var limit: String?

    /// Creates a problem.
    public init(
        _ kind: Kind, detail: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
        field: String? = nil, record: String? = nil, limit: String? = nil
    ) {
        self.kind = kind
        self.detail = detail
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.record = record
        self.limit = limit
    }

    /// The HTTP status.
    public var status: Int { kind.status }

    /// The problem as `application/problem+json`: `type`, `title`, `status`, `detail`, then the place members that
    /// are set.
    public var json: Data { RenderService.json(jsonObject) }

    /// The members of `json`, for embedding the problem in another answer.
    var jsonObject: [String: Any] {
        var object: [String: Any] = [
            "type": kind.path, "title": kind.title, "status": status,
            "detail": detail
        ]
        let places: [(String, Any?)] = [
            ("file", file), ("line", line), ("column", column), ("field", field), ("record", record), ("limit", limit)
        ]
        for (key, value) in places { if let value { object[key] = value } }
        return object
    }
}

extension ServiceProblem {
    /// The problem for an error a job threw while the data filled the template (`stored`: the template is a file of
    /// the root, so a problem in the template itself is the service's, not the caller's).
    ///
    /// The status comes from the error's `ProblemKind` alone (`Kind(_:storedTemplate:)`), never from its words;
    /// its place members from its `ProblemPlace`, and `limit` from the budget it went over.
    init(_ error: any Error, storedTemplate stored: Bool) {
        if let problem = error as? ServiceProblem {
            self = problem
            return
        }
        let problem = error as? any Problem
        let place = problem?.place ?? ProblemPlace()
        self.init(
            Kind(ProblemKind(of: error), storedTemplate: stored), detail: "\(error)", file: place.file,
            line: place.line, column: place.column, field: place.field, record: place.record,
            limit: problem?.limitExceeded?.limit ?? (error as? RecordFailure)?.limit)
    }
}

extension ServiceProblem.Kind {
    /// The answer to a problem of `kind`: the caller's data and requests are 4xx, never 500; a template's own error
    /// is the caller's (400) when the request brought the template, the service's (500) when it is a stored one, as
    /// are files and fonts a template needs that are not there.
    init(_ kind: ProblemKind, storedTemplate stored: Bool) {
        switch kind {
        case .badRequest: self = .badRequest
        case .badData, .doesNotFit, .missingGlyph, .limit: self = .unprocessable
        case .time: self = .timeLimit
        case .badTemplate, .notFound, .io: self = stored ? .brokenTemplate : .badTemplate
        case .internal: self = .internalError
        }
    }
}
