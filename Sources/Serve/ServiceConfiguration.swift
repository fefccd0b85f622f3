import Documents
import Foundation
import Render

/// What a render service may read and how much work it takes on: the template root, the budgets every template and
/// request is held to, and how many jobs run and wait at once. Every value has a default safe for strangers' input.
public struct ServiceConfiguration: Sendable {
    /// The folder whose templates the service renders; no file outside it (after symbolic links) is read.
    public var root: URL
    /// The budgets of templates and data (`Limits`); `jobSeconds` is each request's time limit.
    public var limits: Limits
    /// The largest request body read, in bytes; a larger one is answered 413.
    public var bodyBytes: Int
    /// How many documents are rendered at once; further requests wait in the queue.
    public var concurrentJobs: Int
    /// How many requests may wait for a rendering slot; one more is answered 429.
    public var queueLength: Int
    /// The most records one `POST /batch` request may hold.
    public var batchRecords: Int
    /// How documents become bytes when a request does not say (format, font mode, scale, fonts).
    public var output: OutputOptions
    /// How long the service keeps answering after SIGTERM before it closes its socket: new requests get 503 and
    /// `/healthz` says draining, so a load balancer sends them elsewhere; jobs in flight finish after it too.
    public var drainTime: Duration
    /// True to let the editor save a template into the root (`PUT /templates/{name}`); off by default.
    public var allowsSaving: Bool
    /// Where Debian's `libjs-codemirror` keeps CodeMirror, which the editor loads when it is there (else it falls
    /// back to a plain text area with line numbers).
    public var codeMirrorFolder: URL

    /// A configuration for the templates under `root`, with the default budgets: `Limits()` but 30 seconds a job,
    /// 4 MiB a body, one job per processor, 64 waiting, 1,000 records a batch.
    public init(root: URL) {
        self.root = root
        limits = Limits()
        limits.jobSeconds = 30
        bodyBytes = 4 << 20
        concurrentJobs = ProcessInfo.processInfo.activeProcessorCount
        queueLength = 64
        batchRecords = 1_000
        output = OutputOptions()
        allowsSaving = false
        drainTime = .zero
        codeMirrorFolder = URL(fileURLWithPath: "/usr/share/javascript/codemirror")
    }
}
