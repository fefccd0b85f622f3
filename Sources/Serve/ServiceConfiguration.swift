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
    /// The worker processes documents are rendered in, so a document that traps, exhausts memory or never ends
    /// costs only its worker; nil renders in the service's own process (`--workers 0`), as a library caller does.
    public var workers: WorkerSettings?
    /// Host names (without port) a request's `Host` may name besides IP literals, `localhost` and the listen
    /// address: the names the service is reached by. Any other name is how a DNS rebinding page shows, and is
    /// answered 421.
    public var allowedHosts: Set<String>
    /// Origins (`https://app.example`) whose pages may post renders and saves besides the service's own.
    public var allowedOrigins: Set<String>
    /// How long a connection may take to send a request's header, or stay silent between requests or within a
    /// body, before it is closed (Hummingbird's idle timeout).
    public var idleTimeout: Duration
    /// The most connections held open at once; past it new ones wait in the listen backlog until one closes.
    public var maximumConnections: Int
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
        workers = nil
        allowedHosts = []
        allowedOrigins = []
        idleTimeout = .seconds(15)
        maximumConnections = 512
        codeMirrorFolder = URL(fileURLWithPath: "/usr/share/javascript/codemirror")
    }
}

/// How many worker processes render documents, how they are started, and what each may use.
public struct WorkerSettings: Sendable, Hashable {
    /// The program and arguments that start one worker (`mkpdf-serve … --worker`).
    public var launch: WorkerLaunch
    /// How many workers run; each renders one document at a time, so this is also the number of rendering slots.
    public var count: Int
    /// The address space a worker may map (RLIMIT_AS), in bytes: past it an allocation fails and the worker ends,
    /// answered 500 and replaced.
    public var memoryBytes: Int
    /// How much longer than `job-seconds` a document may run before its worker is killed: the engine's own checks
    /// answer 504 at `job-seconds`; the kill is for work between them.
    public var grace: Duration

    /// `count` workers started by `launch`, 2 GiB of address space each, half a second of grace.
    public init(launch: WorkerLaunch, count: Int) {
        self.launch = launch
        self.count = count
        memoryBytes = 2 << 30
        grace = .milliseconds(500)
    }
}
