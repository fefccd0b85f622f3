import Foundation

/// Runs a batch: streams the records, renders up to `jobs` of them at once in a task group (one libHaru document per
/// task), appends each finished record to the manifest, and stops cleanly on a signal or the first failure.
///
/// Memory is bounded by `jobs` records in flight plus one small entry per record name (to refuse two records writing
/// the same file); no list of records or documents is ever held.
public struct BatchRunner: Sendable {
    /// What each record becomes.
    public var job: RecordJob
    /// The records.
    public var input: BatchInput
    /// The output folder.
    public var folder: URL
    /// Records rendered at once (default: the active processor count).
    public var jobs: Int
    /// Keep the outputs an earlier run recorded and verified; redo the rest.
    public var resume: Bool
    /// Render only this slice of the records.
    public var shard: Shard?
    /// Stop taking records after the first failure.
    public var failFast: Bool

    /// Creates a runner.
    public init(
        job: RecordJob, input: BatchInput, folder: URL, jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        resume: Bool = false, shard: Shard? = nil, failFast: Bool = false
    ) {
        self.job = job
        self.input = input
        self.folder = folder
        self.jobs = max(1, jobs)
        self.resume = resume
        self.shard = shard
        self.failFast = failFast
    }

    /// `manifest.jsonl`, or `manifest-shard-I-of-N.jsonl` for a shard, so shards may share one folder.
    public var manifestName: String { OutputFolder.manifestName(for: shard) }

    /// Runs the batch.
    /// - Parameters:
    ///   - stop: checked before each record; set by `StopSignal.trapInterrupts()` on SIGINT/SIGTERM.
    ///   - progress: how progress is shown (nil: a bar on a terminal, lines otherwise).
    ///   - note: receives one line per failed record and per warning.
    /// - Throws: `BatchError` when the run cannot start or the manifest cannot be written; record failures are not
    ///   thrown but counted and recorded.
    public func run(
        stop: StopSignal = StopSignal(), progress: ProgressReporter.Style? = nil,
        note: @escaping (String) -> Void = { _ in }
    ) async throws(BatchError) -> BatchSummary {
        let start = ContinuousClock.now
        let outputs = try OutputFolder(url: folder)
        try outputs.lock(manifest: manifestName)
        defer { outputs.unlock(manifest: manifestName) }
        let manifestURL = folder.appendingPathComponent(manifestName)
        var status = stat()
        if lstat(manifestURL.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK {
            throw .output(
                path: manifestURL.path,
                reason: "it is a symbolic link, which a manifest never follows. Fix: remove the link")
        }
        if FileManager.default.fileExists(atPath: manifestURL.path), !resume {
            throw .manifestExists(path: manifestURL.path)
        }
        let kept = resume ? try keptOutputs(manifest: manifestURL, folder: folder) : [:]

        // A regular file is counted first (constant memory), so its bad bytes or quotes stop the run before
        // anything is rendered and progress has a total; standard input and pipes are read once, as they come.
        var total = try BatchError.reading { () throws(DataError) in try RecordReader.count(input) }
        let reader = try BatchError.reading { () throws(DataError) in
            try RecordReader(input) { read in
                note("note: \(input.name): grouping by \(input.groupBy ?? ""): \(read) records read")
            }
        }
        if let text = reader.note { note(text) }
        if input.encoding == nil, reader.encoding != .utf8 {
            note("note: \(input.name): read as \(reader.encoding.rawValue) (detected; give --encoding to choose)")
        }
        if let columns = reader.columns {
            for number in job.numbers where columns.contains(number.field) {
                throw .badOption(
                    option: "--number \(number.field)=\(number.pattern)",
                    reason: "\(input.name) already has a \(number.field) column. Fix: drop --number, or "
                        + "rename the column with --map")
            }
            if job.template.placeholderNames.contains("ticket"), !columns.contains("ticket"),
                !job.numbers.contains(where: { $0.field == "ticket" }), let number = job.template.defaults["ticket"]
            {
                note(
                    "note: \(input.name) has no ticket column: every document shows the template's default "
                        + "\(number). Fix: add the column, or give --number ticket='FN-{{index+1:06}}'")
            }
            let unused = columns.filter { !job.template.placeholderNames.contains($0) }
            if !unused.isEmpty, input.groupBy == nil {
                note("note: \(input.name): columns not used by the template: " + unused.joined(separator: ", "))
            }
        }
        if let count = total, let shard { total = (0..<count).lazy.filter(shard.contains).count }
        let state = RunState(
            writer: try ManifestWriter(url: manifestURL),
            progress: ProgressReporter(total: total, style: progress),
            columns: Dictionary(input.columnMap.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first }),
            note: note)
        state.summary.manifestPath = manifestURL.path

        await withTaskGroup(of: ManifestEntry.self) { group in
            var inFlight = 0
            while state.fatal == nil {
                if inFlight >= jobs, let entry = await group.next() {
                    inFlight -= 1
                    state.finish(entry)
                }
                if let signal = stop.signal {
                    state.summary.interruptedBy = signal
                    break
                }
                if failFast, state.summary.failed > 0 {
                    state.summary.stoppedAtFirstFailure = true
                    break
                }
                let next: BatchRecord?
                do throws(DataError) {
                    next = try reader.next()
                } catch {
                    state.fatal = .data(error)
                    break
                }
                guard let read = next else { break }
                if let shard, !shard.contains(read.index) { continue }
                var record = read
                let names: [String]
                do throws(RecordFailure) {
                    // A record that could not be read as written (a duplicate JSON key, a line over its budget)
                    // fails with that reason, not with the file name its missing fields cannot fill.
                    if let problem = record.problem { throw problem }
                    record = try job.numbered(read)
                    names = try job.fileNames(for: record)
                    try state.claim(names, row: record.row, record: record)
                } catch {
                    state.finish(
                        ManifestEntry(
                            index: record.index, row: record.row, status: .failed,
                            fields: job.keyFields(of: record), failure: error))
                    continue
                }
                if let previous = kept[record.index], previous == names {
                    state.summary.skipped += 1
                    state.progress.advance()
                    continue
                }
                let job = job
                group.addTask { job.run(record, names: names, in: outputs) }
                inFlight += 1
            }
            while let entry = await group.next() { state.finish(entry) }
        }
        state.writer.synchronize()
        outputs.synchronize()
        state.progress.finish()
        state.summary.seconds = (ContinuousClock.now - start).seconds
        if let fatal = state.fatal {
            // A run that started writing ends with its summary: what it finished is in the manifest, whole.
            guard state.summary.ok + state.summary.failed > 0 || state.writer.wroteAny else { throw fatal }
            state.summary.stoppedBy = fatal
        }
        return state.summary
    }

    /// The records an earlier run finished with every output intact and under the names this run would give them
    /// (index → file names); the manifest is rewritten to hold exactly those, so no record appears twice.
    private func keptOutputs(manifest url: URL, folder: URL) throws(BatchError) -> [Int: [String]] {
        let manifest = try Manifest(contentsOf: url)
        var kept: [Int: [String]] = [:]
        var entries: [ManifestEntry] = []
        for entry in manifest.entries.values where Manifest.verify(entry, in: folder) {
            if let shard, !shard.contains(entry.index) { continue }
            let record = BatchRecord(index: entry.index, row: entry.row, fields: entry.fields)
            guard let names = try? job.fileNames(for: record), names == entry.outputs.map(\.path) else { continue }
            kept[entry.index] = names
            entries.append(entry)
        }
        try Manifest.rewrite(entries, to: url)
        return kept
    }
}

/// The run loop's mutable state, touched only by the task that reads records and collects results.
private final class RunState {
    let writer: ManifestWriter
    let progress: ProgressReporter
    let note: (String) -> Void
    var summary = BatchSummary()
    var fatal: BatchError?
    private var claimed: [String: Int] = [:]
    /// The input's column for each field `--map` renamed (`rate` → `税率`), which a failure names beside the field.
    let columns: [String: String]

    init(
        writer: ManifestWriter, progress: ProgressReporter, columns: [String: String] = [:],
        note: @escaping (String) -> Void
    ) {
        self.writer = writer
        self.progress = progress
        self.columns = columns
        self.note = note
    }

    /// Reserves the file names of a record; a name another record already has is that record's failure.
    func claim(_ names: [String], row: Int, record: BatchRecord) throws(RecordFailure) {
        for name in names {
            if let other = claimed[name] {
                throw RecordFailure(
                    row: row, member: record.fields["member"],
                    reason: "the file name \(name) is already used by row \(other): rows \(other) and "
                        + "\(row) both name it, so row \(row) is not written. Fix: make the names "
                        + "distinct, e.g. --name 'ticket-{{member}}-{{row}}'")
            }
        }
        for name in names { claimed[name] = row }
    }

    /// Records a finished entry in the manifest, the counts and the progress.
    func finish(_ entry: ManifestEntry) {
        var entry = entry
        if var failure = entry.failure, failure.column == nil, let field = failure.field, let column = columns[field] {
            failure.column = column
            entry.failure = failure
        }
        do {
            try writer.append(entry)
        } catch {
            fatal = fatal ?? error
            return
        }
        switch entry.status {
        case .ok: summary.ok += 1
        case .failed:
            summary.failed += 1
            if let failure = entry.failure { note("failed: \(failure)") }
        case .skipped: summary.skipped += 1
        }
        progress.advance()
    }
}
