import ArgumentParser
import Documents
import Foundation
import Logging
import Serve

/// `mkpdf serve` (this program, which `mkpdf serve` runs): the render service and live editor over HTTP.
@main
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mkpdf serve",
        abstract: "Render templates over HTTP, with a live template editor at /.",
        discussion: """
            Routes: POST /render/TEMPLATE (JSON data → PDF or PNG: Accept, ?format=, ?font-mode=, ?scale=, \
            ?page=, ?flatten-forms=true|false, ?pdfua=true|false); POST /render ({"template": YAML, "data": JSON}); POST /batch/TEMPLATE (JSONL, CSV or a JSON \
            list → a ZIP with manifest.jsonl; ?name=, ?data-format=); GET /templates; GET /healthz; GET /metrics; \
            GET / (the editor). Failures are RFC 9457 problem details. Documents render in worker processes \
            (--workers); a crashed or hung one is answered 500/504 and replaced. Only the declared body types, this \
            host's names (--allow-host) and origins (--allow-origin) are served (docs/security.md). SIGTERM drains: \
            for --drain-seconds new requests get 503, then the documents still rendering are stopped (503) and the \
            service exits.

            Examples:
              mkpdf serve --root Templates --listen 127.0.0.1:8080
              mkpdf serve --root /srv/templates --listen 0.0.0.0:8080 --jobs 2 --queue 128 --limit job-seconds=10
            """)

    @Option(help: "The folder of templates the service may read; nothing outside it is read.")
    var root: String = "Templates"

    @Option(help: "The address and port to listen on (port 0: any free port, printed at start).")
    var listen: String = "127.0.0.1:8080"

    @Option(name: .customLong("body-bytes"), help: "The largest request body read (413 beyond).")
    var bodyBytes: Int = 4 << 20

    @Option(help: "Documents rendered at once (default: one per processor).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(
        help: ArgumentHelp(
            "Worker processes documents are rendered in, each under --worker-memory and killed past job-seconds, "
                + "so no document can take the service down (default: --jobs; 0 renders inside the service)."))
    var workers: Int?

    @Option(
        name: .customLong("worker-memory"),
        help: "The address space each worker may map, in MiB (RLIMIT_AS); past it the worker ends and is replaced.")
    var workerMemory: Int = 2_048

    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            "A host name the service is reached by (repeatable). Host headers other than IP addresses, localhost, "
                + "the --listen host and these are refused (421), as DNS rebinding sends them.",
            valueName: "name"))
    var allowedHosts: [String] = []

    @Option(
        name: .customLong("allow-origin"),
        help: ArgumentHelp(
            "An origin whose pages may post renders and saves (repeatable, e.g. https://app.example); other "
                + "origins are refused (403).", valueName: "origin"))
    var allowedOrigins: [String] = []

    @Option(
        name: .customLong("idle-seconds"),
        help: "Close a connection that takes longer than this to send its header, or is silent this long.")
    var idleSeconds: Int = 15

    @Option(
        name: .customLong("max-connections"),
        help: "Connections held open at once; more wait in the listen backlog.")
    var maximumConnections: Int = 512

    @Flag(name: .customLong("worker"), help: .hidden)
    var isWorker = false

    @Option(name: .customLong("test-fault-key"), help: .hidden)
    var testFaultKey: String?

    @Option(help: "Requests that may wait for a rendering slot (429 beyond).")
    var queue: Int = 64

    @Option(name: .customLong("batch-records"), help: "The most records one POST /batch may hold.")
    var batchRecords: Int = 1_000

    @Option(
        name: .customLong("limit"),
        help: ArgumentHelp(
            "Raise or lower a budget: NAME=N (job-seconds, default 30 here; text-bytes, raster-bytes …).",
            valueName: "name=N"))
    var limits: [String] = []

    @Option(
        name: .customLong("drain-seconds"),
        help: "After SIGTERM, answer 503 this long while the jobs in flight go on; then stop what is left and exit.")
    var drainSeconds: Double = 0

    @Flag(
        name: .customLong("flatten-forms"),
        help: ArgumentHelp(
            "Draw form fields flat (their values printed, nothing left to fill) unless a request asks "
                + "?flatten-forms=false; as mkpdf render --flatten-forms."))
    var flattenForms = false

    @Flag(name: .customLong("allow-save"), help: "Let the editor save templates into the root (PUT /templates/NAME).")
    var allowsSaving = false

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "notice"

    func run() async throws {
        let (host, port) = try address()
        var configuration = ServiceConfiguration(root: URL(fileURLWithPath: root))
        for setting in limits {
            do { try configuration.limits.set(setting) } catch { throw ValidationError(error.description) }
        }
        guard bodyBytes > 0, jobs > 0, queue >= 0, batchRecords > 0, drainSeconds >= 0, drainSeconds <= 3_600,
            (workers ?? 0) >= 0, (workers ?? 0) <= 256, workerMemory >= 256, idleSeconds > 0, maximumConnections > 0
        else {
            throw ValidationError(
                "--body-bytes, --jobs, --batch-records, --idle-seconds and --max-connections must be above 0, --queue "
                    + "at least 0, --drain-seconds 0…3600, --workers 0…256, --worker-memory at least 256 (MiB)")
        }
        configuration.drainTime = .milliseconds(Int(drainSeconds * 1_000))
        configuration.bodyBytes = bodyBytes
        configuration.concurrentJobs = jobs
        configuration.queueLength = queue
        configuration.batchRecords = batchRecords
        configuration.allowsSaving = allowsSaving
        configuration.output.flattensForms = flattenForms
        configuration.idleTimeout = .seconds(idleSeconds)
        configuration.maximumConnections = maximumConnections
        configuration.allowedHosts = Set(([host] + allowedHosts).map { $0.lowercased() })
        configuration.allowedOrigins = Set(allowedOrigins.map { $0.lowercased() })
        let count = workers ?? jobs
        if count > 0 {
            var settings = WorkerSettings(launch: Self.workerLaunch(), count: count)
            settings.memoryBytes = workerMemory << 20
            configuration.workers = settings
        }
        if isWorker {
            Foundation.exit(
                await RenderWorker.run(configuration: configuration, testFaultKey: testFaultKey))
        }
        guard let level = Logger.Level(rawValue: logLevel) else {
            throw ValidationError("--log-level \(logLevel): use trace, debug, info, notice, warning, error or critical")
        }
        var logger = Logger(label: "mkpdf-serve")
        logger.logLevel = level
        let service: RenderService
        do {
            service = try RenderService(configuration: configuration)
        } catch {
            throw ValidationError(error.detail)
        }
        let rootPath = root
        try await service.serve(host: host, port: port, logger: logger) { bound in
            let line = "mkpdf serve: listening on http://\(host):\(bound) (templates: \(rootPath))\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }

    /// How the service starts a worker: this same program (as it was started, even if its file is replaced since)
    /// with the same arguments and `--worker`.
    private static func workerLaunch() -> WorkerLaunch {
        #if os(Linux)
            let executable = "/proc/self/exe"
        #else
            let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
        return WorkerLaunch(executable: executable, arguments: Array(CommandLine.arguments.dropFirst()) + ["--worker"])
    }

    /// `HOST:PORT` from `--listen`.
    private func address() throws -> (String, Int) {
        guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]),
            (0...65_535).contains(port)
        else {
            throw ValidationError("--listen \(listen): write HOST:PORT, e.g. 127.0.0.1:8080 (port 0: any free port)")
        }
        return (String(listen[..<colon]), port)
    }
}
