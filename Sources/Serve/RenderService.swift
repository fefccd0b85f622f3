import Batch
import Documents
import DrawingModule
import Foundation
import Render
import ZIPFoundation

/// The job behind `mkpdf serve`: templates from one root filled with request data and rendered through the one
/// output entry point, at most `concurrentJobs` at a time, every failure a `ServiceProblem`.
///
/// The routes render in worker processes when `configuration.workers` is set (`mkpdf serve` does by default), so no
/// document can take the service down; the public `render` and `batch` calls run in the caller's process.
///
/// HTTP is only its face (`addRoutes(to:)`); a Swift program can call it directly or mount the same routes in its
/// own Hummingbird application.
public struct RenderService: Sendable {
    /// The root, budgets and defaults the service was made with.
    public let configuration: ServiceConfiguration
    let store: TemplateStore
    let gate: JobGate
    let metrics = ServiceMetrics()
    /// The worker processes the routes render in; nil renders in this process.
    let pool: WorkerPool?
    /// The secret the editor page sends with a save (`MKPDF-Editor-Token`): another site's page cannot read it, so
    /// it cannot save even where `Origin` is not sent.
    let editorToken: String
    /// What this process keeps between the documents it renders, every request's job sharing it (each worker
    /// process has its own service, so its own context).
    let context = RenderContext()

    /// A service over the templates in `configuration.root`, with its worker processes started when
    /// `configuration.workers` asks for them.
    /// - Throws: `ServiceProblem` when the root is not a folder, `.workerFailed` when a worker cannot be started.
    public init(configuration: ServiceConfiguration) throws(ServiceProblem) {
        try self.init(configuration: configuration, rendersInline: false)
    }

    /// A service as above; `rendersInline` (a render worker's own) renders on the calling thread, with no slots.
    init(configuration: ServiceConfiguration, rendersInline: Bool) throws(ServiceProblem) {
        self.configuration = configuration
        store = try TemplateStore(root: configuration.root, limits: configuration.limits)
        if let workers = configuration.workers {
            // The pool queues and counts the jobs; the gate keeps the drain flag.
            gate = JobGate(slots: workers.count, queueLength: configuration.queueLength)
            do {
                pool = try WorkerPool(
                    launch: workers.launch, count: workers.count, queueLength: configuration.queueLength,
                    metrics: metrics)
            } catch {
                throw ServiceProblem(.workerFailed, detail: "the render workers could not be started: \(error)")
            }
        } else {
            gate = JobGate(
                slots: configuration.concurrentJobs, queueLength: configuration.queueLength, metrics: metrics,
                inline: rendersInline)
            pool = nil
        }
        editorToken = (0..<4).map { _ in String(UInt64.random(in: .min ... .max), radix: 16) }.joined()
    }

    /// The Host and Origin checks every route makes.
    var requestGuard: RequestGuard {
        RequestGuard(allowedHosts: configuration.allowedHosts, allowedOrigins: configuration.allowedOrigins)
    }

    /// The defaults a request's settings start from.
    var defaultSettings: RenderSettings {
        RenderSettings(
            format: configuration.output.format, fontMode: configuration.output.fontMode,
            scale: configuration.output.scale, flattensForms: configuration.output.flattensForms)
    }

    /// The document the stored template `name` makes from the JSON (or YAML) object `data`.
    /// - Throws: `ServiceProblem`: `.unknownTemplate`, `.badRequest` for data that does not parse or fit the template,
    ///   `.unprocessable` for text that does not fit, `.timeLimit`, `.queueFull`, `.shuttingDown`.
    public func render(templateNamed name: String, data: Data, settings: RenderSettings) async throws(ServiceProblem)
        -> RenderedDocument
    {
        let template = try await store.template(named: name)
        let values = try Self.values(in: data, source: "request body", limits: configuration.limits)
        return try await render(template, values: values, settings: settings, stored: true)
    }

    /// The document `templateText` (YAML, as the editor holds it) makes from `dataText` (a JSON or YAML object); files
    /// it names resolve in the root. Problems name `template` or `data` as their file, with line and column.
    /// - Throws: `ServiceProblem` as `render(templateNamed:data:settings:)`, `.badTemplate` for the template's errors.
    public func render(templateText: String, dataText: String, settings: RenderSettings) async throws(ServiceProblem)
        -> RenderedDocument
    {
        let template = try template(text: templateText)
        let values = try Self.values(in: Data(dataText.utf8), source: "data", limits: configuration.limits)
        return try await render(template, values: values, settings: settings, stored: false)
    }

    /// The template `text` (YAML from a request) makes, its files resolved in the root; its problems name the file
    /// `template`, with line and column.
    /// - Throws: `ServiceProblem` `.badTemplate`.
    func template(text: String) throws(ServiceProblem) -> Template {
        let root = URL(fileURLWithPath: store.root.isEmpty ? "/" : store.root)
        do {
            return try Template(yaml: text, file: "template", baseURL: root, root: root, limits: configuration.limits)
        } catch {
            throw ServiceProblem(error, storedTemplate: false)
        }
    }

    private func render(
        _ template: Template, values: [String: TemplateValue], settings: RenderSettings, stored: Bool
    ) async throws(ServiceProblem) -> RenderedDocument {
        var configured = Job(template: template, output: output(for: settings), limits: configuration.limits)
        configured.eInvoice = settings.eInvoice
        let job = configured
        let rendered: RenderedDocument
        do {
            rendered = try await gate.run { try job.render(data: values) }
        } catch {
            var problem = ServiceProblem(error, storedTemplate: stored)
            // A stored template that cannot be tagged (an image without alt text) is sound until a request asks
            // for tagging: the asking is what fails.
            if settings.pdfua == true, Self.isInaccessible(error) { problem.kind = .unprocessable }
            throw problem
        }
        metrics.documents(1, bytes: rendered.files.reduce(0) { $0 + $1.count })
        return rendered
    }

    /// True for an error that says the document holds what cannot be tagged.
    private static func isInaccessible(_ error: any Error) -> Bool {
        if case .accessibility? = error as? RenderError { return true }
        if case .inaccessible? = (error as? TemplateError)?.reason { return true }
        return false
    }

    /// The documents of a batch: the stored template `name` once per record of `body` (JSONL, CSV in any encoding
    /// `mkpdf batch` reads, or a YAML/JSON list), as a ZIP of the files named by `pattern` and `manifest.jsonl` — one
    /// line per record, as `mkpdf batch` writes it, so a failed record is reported and the others are kept.
    /// - Throws: `ServiceProblem` for an unknown template, input that cannot be read as records, more records than
    ///   `batchRecords` (`.bodyTooLarge`), or a full queue.
    public func batch(
        templateNamed name: String, body: Data, format: BatchInput.Format, pattern: String, settings: RenderSettings
    ) async throws(ServiceProblem) -> Data {
        try await batchArchive(templateNamed: name, body: body, format: format, pattern: pattern, settings: settings)
            .archive
    }

    /// `batch(…)`'s ZIP with the count and bytes of its documents; `progress` is called after each record.
    func batchArchive(
        templateNamed name: String, body: Data, format: BatchInput.Format, pattern: String, settings: RenderSettings,
        progress: @escaping @Sendable (Int) -> Void = { _ in }
    ) async throws(ServiceProblem) -> (archive: Data, documents: Int, bytes: Int) {
        let template = try await store.template(named: name)
        var job: RecordJob
        do {
            job = RecordJob(
                template: template, formats: [settings.format], name: try OutputName(pattern),
                output: output(for: settings))
        } catch {
            throw ServiceProblem(error, storedTemplate: true)
        }
        job.jobSeconds = configuration.limits.jobSeconds
        job.eInvoice = settings.eInvoice
        let ready = job
        let limits = configuration.limits
        let most = configuration.batchRecords
        do {
            let (archive, documents, bytes) = try await gate.run {
                try Self.batch(ready, body: body, format: format, limits: limits, most: most, progress: progress)
            }
            metrics.documents(documents, bytes: bytes)
            return (archive, documents, bytes)
        } catch {
            throw ServiceProblem(error, storedTemplate: true)
        }
    }

    /// Renders every record of `body` into a ZIP, calling `progress` after each; the count and bytes of the
    /// documents made. The body is read from a `PrivateSpool`, gone from the disk before the first record.
    private static func batch(
        _ job: RecordJob, body: Data, format: BatchInput.Format, limits: Limits, most: Int,
        progress: (Int) -> Void
    ) throws -> (Data, Int, Int) {
        try PrivateSpool(body).withPath { path in
            try batch(job, path: path, format: format, limits: limits, most: most, progress: progress)
        }
    }

    private static func batch(
        _ job: RecordJob, path: String, format: BatchInput.Format, limits: Limits, most: Int,
        progress: (Int) -> Void
    ) throws -> (Data, Int, Int) {
        var given = BatchInput(path: path, format: format)
        given.limits = limits
        let reader = try RecordReader(given)
        let archive = try Archive(accessMode: .create)
        var manifest = ""
        var used = Set<String>()
        var documents = 0
        var bytes = 0
        while let record = try reader.next() {
            guard record.index < most else {
                throw ServiceProblem(
                    .bodyTooLarge,
                    detail: "the batch holds more than \(most) records, the most one request may. Fix: split it, or "
                        + "run mkpdf batch for large batches")
            }
            let files: [RecordJob.RenderedFile]
            let entry: ManifestEntry
            do throws(RecordFailure) {
                if let problem = record.problem { throw problem }
                let numbered = try job.numbered(record)
                let names = try job.fileNames(for: numbered)
                if let taken = names.first(where: { used.contains($0) }) {
                    throw RecordFailure(
                        row: record.row, member: record.fields["member"],
                        reason: "the file name \(taken) is already used by an earlier record. Fix: choose a name "
                            + "pattern (?name=) that differs per record")
                }
                files = try job.files(for: numbered, names: names)
                used.formUnion(names)
                entry = job.entry(for: numbered, files: files)
            } catch {
                files = []
                entry = ManifestEntry(
                    index: record.index, row: record.row, status: .failed, fields: job.keyFields(of: record),
                    failure: error)
            }
            for file in files {
                try add(file.data, as: file.name, to: archive, compressed: false)
                bytes += file.data.count
            }
            documents += files.isEmpty ? 0 : 1
            manifest += entry.jsonLine
            progress(record.index + 1)
        }
        try add(Data(manifest.utf8), as: "manifest.jsonl", to: archive, compressed: true)
        return (archive.data ?? Data(), documents, bytes)
    }

    /// Adds `data` to `archive` as the file `name`: stored as it is (PDF and PNG are compressed already), or
    /// deflated.
    private static func add(_ data: Data, as name: String, to archive: Archive, compressed: Bool) throws {
        try archive.addEntry(
            with: name, type: .file, uncompressedSize: Int64(data.count),
            compressionMethod: compressed ? .deflate : .none,
            provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
    }

    /// The output options for `settings` over the service's defaults, with the raster budget of its limits.
    private func output(for settings: RenderSettings) -> OutputOptions {
        var output = configuration.output
        output.format = settings.format
        output.fontMode = settings.fontMode
        output.scale = settings.scale
        output.flattensForms = settings.flattensForms
        output.pdfua = settings.pdfua ?? output.pdfua
        output.maximumRasterBytes = configuration.limits.rasterBytes
        output.context = context
        return output
    }

    /// The record `data` holds: empty for an empty body.
    static func values(in data: Data, source: String, limits: Limits) throws(ServiceProblem)
        -> [String: TemplateValue]
    {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ServiceProblem(.badRequest, detail: "the \(source) is not UTF-8 text. Fix: send JSON in UTF-8")
        }
        guard !text.allSatisfy(\.isWhitespace) else { return [:] }
        if text.first(where: { !$0.isWhitespace }) == "{" {
            do {
                try JSONLine.check(text)
            } catch {
                let before = text.prefix(max(0, error.column - 1))
                let line = before.reduce(1) { $0 + ($1.isNewline ? 1 : 0) }
                let column =
                    before.count
                    - (before.lastIndex(where: \.isNewline).map { before.distance(from: before.startIndex, to: $0) + 1 }
                        ?? 0) + 1
                throw ServiceProblem(
                    .badRequest,
                    detail: "\(source):\(line):\(column): the \(source) is not valid JSON: \(error.message). Fix: send "
                        + "one JSON object, e.g. {\"member\": \"GCG-40167\"}",
                    file: source, line: line, column: column)
            }
        }
        do {
            return try DataFile.values(yaml: text, source: source, limits: limits)
        } catch {
            var problem = ServiceProblem(error, storedTemplate: false)
            problem.kind = .badRequest
            throw problem
        }
    }
}
