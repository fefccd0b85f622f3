import ArgumentParser
import Batch
import Dispatch
import Documents
import Foundation
import Render
import Support

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `mkpdf batch`: one document per record of a CSV or JSONL file, in parallel, resumable, with a manifest.
///
/// A thin face over the Batch module: it parses the options, traps SIGINT/SIGTERM, runs the batch, optionally
/// imposes the tickets on A4 sheets, prints the summary line and exits non-zero when any record failed.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Render one document per CSV/JSONL record, in parallel, resumable, with a manifest.",
        usage: "mkpdf batch <options>",
        discussion: """
            Each CSV column (or JSON key) fills the template placeholder of the \
            same name; columns the template does not use are ignored. Any \
            template works, one page or a flow of many (PNG pages NAME-1.png, \
            NAME-2.png ...); JSON arrays and objects fill the lists and records \
            the template declares. --group-by FIELD makes one document of all \
            records with the same value (its rows: every record, in file order). \
            Outputs go \
            to --out under --name plus .pdf/.png, each written atomically; \
            DIR/manifest.jsonl gets one line per record (index, row, status, key \
            fields, output paths, bytes, sha256, or the error with row, member, \
            field and character). Failed records are listed on standard error; the \
            summary line "N ok, M failed, K skipped in Xs" goes to standard output. \
            The exit status is 1 when any record failed, 130/143 when interrupted \
            by SIGINT/SIGTERM (run again with --resume). A run into an --out that \
            holds an earlier run's manifest is refused unless --resume is given: \
            give each new run its own --out.

            --shard i/N renders the records whose 0-based index mod N is i (i from \
            0 to N-1) and writes manifest-shard-i-of-N.jsonl; any number of shards \
            may write into one --out at once, but not the same shard twice. \
            --shard env/N takes i from JOB_COMPLETION_INDEX (a Kubernetes Indexed \
            Job) or SLURM_ARRAY_TASK_ID (sbatch --array=0-(N-1)). --impose a4 writes \
            DIR/imposed.pdf (a shard: imposed-shard-i-of-N.pdf) with every \
            successful ticket on A4 sheets.

            --status DIR reads every manifest in DIR and reports records done, \
            failed, missing (give --data FILE to count the records after the last \
            one listed), missing shards, records done twice, files written by two \
            records and outputs changed since; --json prints it as one JSON object. \
            The exit status is 0 only when every record was written once.

            \(HelpText.resolution)

            Examples:
              mkpdf batch --data examples/members.csv --out tickets
              mkpdf batch --data examples/members.csv --out tickets --jobs 4 --resume
              mkpdf batch --status tickets --data examples/members.csv
              mkpdf batch --data examples/members.jsonl --out png --format pdf,png
              cat examples/members.csv | mkpdf batch --data - --out t --fail-fast
              mkpdf batch --data examples/members.csv --out a4 --impose a4 --grid 2x5
              mkpdf batch --data examples/members.csv --out shards --shard 3/8
            """
    )

    /// The template every record fills.
    @Option(help: "Template file (default: Templates/ticket.yaml).")
    var template: String?

    /// The records.
    @Option(
        help: ArgumentHelp(
            "CSV or JSONL file with the records, or - for standard input (with --status: the records, or the "
                + "--group-by groups, to count)."))
    var data: String?

    /// The records' format when the extension does not say.
    @Option(
        name: .customLong("data-format"),
        help: "csv, jsonl or yaml (a YAML or JSON list of records; default: from the extension; - reads CSV).")
    var dataFormat: String?

    /// The output folder.
    @Option(help: "Output folder (created if missing).")
    var out: String?

    /// The formats per record.
    @Option(help: "pdf, png or pdf,png.")
    var format: String = "pdf"

    /// The file name pattern.
    @Option(help: "File name pattern without extension, in the template language: fields, index, row, filters.")
    var name: String = "ticket-{{member}}"

    /// Records rendered at once.
    @Option(help: "Records rendered at once (this machine's processor count).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    /// Continue an earlier run in the same folder.
    @Flag(help: "Keep outputs the manifest records and that still match their sha256; redo the rest.")
    var resume = false

    /// A slice of the records for job arrays.
    @Option(
        help: ArgumentHelp(
            "Render only records whose 0-based index mod N is i, e.g. 0/3, 1/3, 2/3; env/N reads i from "
                + "JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID."))
    var shard: String?

    /// Report on a folder's manifests instead of rendering.
    @Option(
        help: ArgumentHelp(
            "Report what every manifest in DIR says (done, failed, missing, duplicates) instead of rendering.",
            valueName: "DIR"))
    var status: String?

    /// The status report as JSON.
    @Flag(help: "With --status: print the report as one JSON object.")
    var json = false

    /// Stop at the first failing record.
    @Flag(name: .customLong("fail-fast"), help: "Stop taking records after the first failure.")
    var failFast = false

    /// Scale, resolution and font mode.
    @OptionGroup var rendering: OutputArguments

    /// A pattern member and ticket numbers must also match, besides the template's `patterns:`.
    @Option(
        name: .customLong("id-pattern"),
        help: "Regular expression member and ticket numbers must also match, besides the template's patterns:.")
    var idPattern: String?

    /// Impose every ticket on sheets.
    @Option(help: "Also write DIR/imposed.pdf with every successful ticket on sheets of this size (a4).")
    var impose: String?

    /// The imposition grid.
    @Option(help: "Tickets per sheet as COLUMNSxROWS, e.g. 2x5 (default: as many as fit unscaled).")
    var grid: String?

    /// Crop marks on the imposed sheets.
    @Flag(name: .customLong("crop-marks"), help: "Draw crop marks around each imposed ticket.")
    var cropMarks = false

    /// The field whose records make one document.
    @Option(
        name: .customLong("group-by"),
        help: ArgumentHelp(
            "Make one document of all the records with the same value of this field (after --map): its fields "
                + "are the first record's, rows the list of all of them, e.g. --group-by 請求番号.",
            valueName: "field"))
    var groupBy: String?

    /// Attach the whole input to each grouped document anyway.
    @Flag(
        name: .customLong("attach-whole-input"),
        help: ArgumentHelp(
            "With --group-by: allow attaching the batch's whole input file to every document (each then carries "
                + "every other group's rows); refused otherwise."))
    var attachWholeInput = false

    /// The data's text encoding and column renames.
    @OptionGroup var dataInput: DataInputOptions

    /// Fields numbered from each record's position.
    @OptionGroup var numbering: NumberingOptions

    /// The root a template's files stay inside, and the budgets (docs/security.md).
    @OptionGroup var safety: SafetyOptions

    func validate() throws {
        if status != nil, out != nil { throw ValidationError("--status DIR names the folder: leave out --out") }
        if status == nil, data == nil || out == nil {
            throw ValidationError("give --data FILE and --out DIR (or --status DIR to check a folder)")
        }
        if json, status == nil { throw ValidationError("--json applies to --status DIR") }
        guard jobs > 0, jobs <= 1024 else { throw ValidationError("--jobs \(jobs): give 1 to 1024") }
        if let impose, impose.lowercased() != "a4" {
            throw ValidationError("--impose \(impose): the sheet size a4 is the one supported")
        }
        if impose == nil, grid != nil || cropMarks {
            throw ValidationError("--grid and --crop-marks apply to imposition: add --impose a4")
        }
        if let dataFormat, BatchInput.Format(rawValue: dataFormat.lowercased()) == nil {
            throw ValidationError("--data-format \(dataFormat): give csv, jsonl or yaml")
        }
    }

    func run() throws {
        let limits = try safety.limits()
        let input = try data.map {
            var given = BatchInput(
                path: $0, format: dataFormat.flatMap { BatchInput.Format(rawValue: $0.lowercased()) },
                encoding: try dataInput.inputEncoding(), columnMap: try dataInput.columnMap())
            given.limits = limits
            given.groupBy = groupBy
            return given
        }
        if let status {
            try BatchStatusReport.run(folder: status, data: input, json: json)
            return
        }
        guard let input, let out else { throw ValidationError("give --data FILE and --out DIR") }
        let templateURL = try template.map { URL(fileURLWithPath: $0) } ?? TicketRules.defaultTemplate()
        let template = try Template(contentsOf: templateURL, root: safety.rootURL, limits: input.limits)
        try refuseWholeInput(data ?? "-", template: template)
        var configured = RecordJob(
            template: template,
            formats: try OutputFormat.list(format),
            name: try OutputName(name),
            rules: try idPattern.map { pattern throws(TicketError) in try TicketRules(pattern: pattern) },
            output: try rendering.options(.pdf, limits: input.limits))
        configured.numbers = try numbering.sequences()
        configured.jobSeconds = input.limits.jobSeconds
        configured.eInvoice = rendering.eInvoice
        let job = configured
        let runner = BatchRunner(
            job: job, input: input, folder: URL(fileURLWithPath: out), jobs: jobs,
            resume: resume, shard: try shard.map { try Shard($0, environment: ProcessInfo.processInfo.environment) },
            failFast: failFast)
        let layout = try impose.map { _ in
            try ImpositionLayout(
                ticket: job.template.size, grid: try grid.map { try ImpositionLayout.grid($0) },
                cropMarks: cropMarks)
        }
        if layout != nil, input.file == nil {
            throw ValidationError("--impose reads the data twice: give --data FILE rather than -")
        }
        let stop = StopSignal()
        stop.trapInterrupts()
        let summary = try waitFor {
            try await runner.run(stop: stop) { line in
                let clear = isatty(2) == 1 ? "\r\u{1B}[K" : ""
                FileHandle.standardError.write(Data((clear + TerminalText.escaped(line) + "\n").utf8))
            }
        }
        if let signal = summary.interruptedBy {
            print(summary)
            throw ExitCode(128 + signal)
        }
        if let stopped = summary.stoppedBy {
            print(summary)
            throw stopped
        }
        if let layout {
            let folder = try OutputFolder(url: runner.folder)
            try folder.lock(manifest: runner.manifestName)
            defer { folder.unlock(manifest: runner.manifestName) }
            let manifest = try Manifest(contentsOf: URL(fileURLWithPath: summary.manifestPath))
            let imposed = try waitFor { [jobs] in
                try await Imposer(job: job, layout: layout).impose(
                    input, include: { manifest.entries[$0]?.status == .ok }, into: folder,
                    name: OutputFolder.imposedName(for: runner.shard), jobs: jobs)
            }
            print(imposed.url.standardizedFileURL.path + ": \(imposed.tickets) tickets on \(imposed.sheets) sheets")
        }
        print(summary)
        if summary.failed > 0 || summary.stoppedAtFirstFailure { throw ExitCode.failure }
    }
}

/// Runs async work to completion from synchronous `run()` (the root command is not async): a detached task does the
/// work while this thread waits; signals are handled on their own dispatch queue, so waiting blocks nothing.
private func waitFor<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
    let box = OutcomeBox<Value>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do {
            box.set(.success(try await work()))
        } catch {
            box.set(.failure(error))
        }
        done.signal()
    }
    done.wait()
    return try box.get()
}

/// The outcome of `waitFor`'s task, handed across threads under a lock.
private final class OutcomeBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: Result<Value, any Error>?

    func set(_ value: Result<Value, any Error>) {
        lock.lock()
        outcome = value
        lock.unlock()
    }

    func get() throws -> Value {
        lock.lock()
        defer { lock.unlock() }
        guard let outcome else { throw ExitCode.failure }
        return try outcome.get()
    }
}

extension BatchCommand {
    /// Refuses to attach the batch's whole input to grouped documents (`--attach` or the template's `attach:` naming
    /// the `--data` file) unless `--attach-whole-input` asks for it: each invoice would carry every other customer's
    /// lines.
    /// - Throws: `ValidationError` saying why and how to attach each document's own rows instead.
    func refuseWholeInput(_ input: String, template: Template) throws {
        guard let groupBy, !attachWholeInput, input != "-" else { return }
        let inputURL = URL(fileURLWithPath: input).resolvingSymlinksInPath().standardizedFileURL
        let why =
            "is the batch's whole input, and --group-by \(groupBy) makes one document per group: every document would "
            + "carry every other group's rows. Fix: attach each document's own rows with attach: [{generate: rows}] "
            + "in the template, or give --attach-whole-input to attach the whole file to every document anyway"
        for path in rendering.attach
        where URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL == inputURL {
            throw ValidationError("--attach \(path) \(why)")
        }
        let fixed = template.fixedAttachments
        guard !fixed.isEmpty, let size = try? FileManager.default.attributesOfItem(atPath: inputURL.path)[.size] as? Int
        else { return }
        for file in fixed where file.data.count == size {
            if let contents = FileManager.default.contents(atPath: inputURL.path), contents == file.data {
                throw ValidationError("the template's attach: \(file.name) \(why)")
            }
        }
    }
}
