import Foundation
import TestSupport
import Testing

/// The built `mkpdf` run on mutated sample templates, CSV and JSONL data, PNGs and PDFs (issue 27): every case must
/// end with exit 0 and its output, or a clear error and no output (`validate`: 0, 1 or 2) — never a signal, a Swift
/// runtime trap, a hang, or an error that quotes a file outside the template's folder. Bounded: new cases start only in the first 40 s.
@Suite(.serialized) struct HostileInputFuzzTests {
    /// One run: what was mutated, the command and how it ended.
    struct Outcome: CustomStringConvertible {
        var label: String
        var arguments: [String]
        var status: Int32
        var signalled: Bool
        var timedOut: Bool
        var stderr: String
        var output: URL
        var outputExists: Bool
        var description: String {
            "\(label): mkpdf \(arguments.joined(separator: " ")) → "
                + (timedOut ? "timed out" : signalled ? "signal \(status)" : "exit \(status)")
                + ": \(stderr.prefix(300))"
        }
    }

    /// Runs the built mkpdf in `folder`, killing it after `seconds`.
    static func run(_ arguments: [String], in folder: URL, output: URL, label: String, seconds: Double = 10) throws
        -> Outcome
    {
        let process = Process()
        process.executableURL = Repo.mkpdf
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errorFile = folder.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process.standardError = errorHandle
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        try process.run()
        let timedOut = done.wait(timeout: .now() + seconds) == .timedOut
        if timedOut {
            process.terminate()
            done.wait()
        }
        try errorHandle.close()
        let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return Outcome(
            label: label, arguments: arguments, status: process.terminationStatus,
            signalled: process.terminationReason == .uncaughtSignal, timedOut: timedOut, stderr: stderr,
            output: output, outputExists: Self.written(output))
    }

    /// True when `output` was written: the file, or for a PNG of several pages its first page's file (`out-1.png`).
    static func written(_ output: URL) -> Bool {
        let stem = output.deletingPathExtension().lastPathComponent
        let first = output.deletingLastPathComponent().appendingPathComponent("\(stem)-1.\(output.pathExtension)")
        return FileManager.default.fileExists(atPath: output.path) || FileManager.default.fileExists(atPath: first.path)
    }

    /// Text snippets a hostile author would try, inserted at random places.
    static let snippets = [
        "{{ " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000) + " }}",
        "{{ " + String(repeating: "-", count: 20_000) + "1 }}",
        "{{ 1" + String(repeating: " | floor", count: 5_000) + " }}",
        "&a [1, 2, 3]", "*a", "*b", "../../../../../../etc/passwd", "/etc/passwd", "1e400", "-1e308",
        "99999999999999999999999999999999999999999", "repeat: {count: 10000, dy: 0}", "\u{0}", "\u{202E}", "\r",
        "\n  - part: {file: ../../../../../../etc/passwd, x: 0, y: 0, w: 1, h: 1}",
        "\n  - image: {file: /etc/passwd, x: 0, y: 0, w: 1, h: 1}", "page: {width: 14400pt, height: 14400pt}",
        "{{", "}}", "\"", "'", ":", "- ", "[", "{", String(repeating: "x,", count: 20_000), "\"\"\"",
        String(repeating: "a", count: 100_000)
    ]

    /// `bytes` changed once or a few times: a byte replaced (by a printable ASCII one in text, so most cases get past
    /// UTF-8 decoding), a span deleted or repeated, the rest cut off, a line repeated, a snippet inserted.
    static func mutate(_ bytes: [UInt8], _ random: inout SeededRandom, text: Bool) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<(text ? 6 : 4), using: &random) {
            case 0:
                bytes[at] =
                    text ? UInt8.random(in: 0x20...0x7E, using: &random) : UInt8.random(in: 0...255, using: &random)
            case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &random)))
            case 2:
                let span = Array(bytes[at..<min(bytes.count, at + Int.random(in: 1...64, using: &random))])
                for _ in 0..<Int.random(in: 1...50, using: &random) { bytes.insert(contentsOf: span, at: at) }
            case 3: bytes.removeSubrange(min(bytes.count, at + 1)...)
            case 4:
                let snippet = Array(snippets[Int.random(in: 0..<snippets.count, using: &random)].utf8)
                bytes.insert(contentsOf: snippet, at: at)
            default:
                let lineStart = bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let lineEnd = bytes[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
                let line = Array(bytes[lineStart..<lineEnd])
                for _ in 0..<Int.random(in: 1...200, using: &random) { bytes.insert(contentsOf: line, at: lineEnd) }
            }
        }
        return bytes
    }

    /// A copy of Templates/ (parts and logo included) to run cases in.
    static func workspace() throws -> Scratch {
        let scratch = try Scratch("fuzz")
        for name in try FileManager.default.contentsOfDirectory(
            atPath: Repo.root.appendingPathComponent("Templates").path)
        {
            try FileManager.default.copyItem(
                at: Repo.root.appendingPathComponent("Templates/\(name)"), to: scratch.file(name))
        }
        return scratch
    }

    @Test(.timeLimit(.minutes(2)))
    func mutatedTemplatesDataAndPNGsEndInOutputOrAClearError() throws {
        let scratch = try Self.workspace()
        let root = Repo.root
        let templates = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Templates").path
        )
        .filter { $0.hasSuffix(".yaml") }.sorted()
        let samples = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("samples").path)
        let pngs = samples.filter { $0.hasSuffix(".png") }.sorted()
        let pdfs = samples.filter { $0.hasSuffix(".pdf") }.sorted()
        let csv = try Array(Data(contentsOf: root.appendingPathComponent("samples/members.csv")))
        let jsonl = Array(
            (0..<5).map { "{\"member\": \"GCG-4010\($0)\", \"ticket\": \"FN-1-\($0)\", \"venue\": \"東京\"}" }
                .joined(separator: "\n").utf8)
        var random = SeededRandom(seed: 27)
        var outcomes: [Outcome] = []
        var counts: [String: Int] = [:]
        let start = ContinuousClock.now
        var round = 0
        while ContinuousClock.now - start < .seconds(40) {
            round += 1
            let kind = ["template", "template", "csv", "png", "jsonl", "pdf"][round % 6]
            counts[kind, default: 0] += 1
            let folder = scratch.url
            let out = scratch.file(round % 3 == 0 && kind == "template" ? "out.png" : "out.pdf")
            // The output, and the page files of a PNG of several pages an earlier case wrote.
            for name in try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
            where name.hasPrefix("out.") || name.hasPrefix("out-") {
                try FileManager.default.removeItem(at: scratch.file(name))
            }
            var arguments: [String]
            let label: String
            switch kind {
            case "template":
                let name = templates[round % templates.count]
                let source = try Array(Data(contentsOf: root.appendingPathComponent("Templates/\(name)")))
                try Data(Self.mutate(source, &random, text: true)).write(to: scratch.file("m.yaml"))
                label = "template \(name) #\(round)"
                arguments = ["render", "m.yaml", "-o", out.lastPathComponent]
                if out.pathExtension == "png" { arguments += ["--scale", "1"] }
            case "csv":
                try Data(Self.mutate(csv, &random, text: true)).write(to: scratch.file("m.csv"))
                label = "csv #\(round)"
                arguments = ["report", "--data", "m.csv", "-o", out.lastPathComponent]
            case "png":
                let name = pngs[round % pngs.count]
                let source = try Array(Data(contentsOf: root.appendingPathComponent("samples/\(name)")))
                try Data(Self.mutate(source, &random, text: false)).write(to: scratch.file("m.png"))
                label = "png \(name) #\(round)"
                arguments = ["image", "m.png", "-o", out.lastPathComponent]
            case "pdf":
                let name = pdfs[round % pdfs.count]
                let source = try Array(Data(contentsOf: root.appendingPathComponent("samples/\(name)")))
                try Data(Self.mutate(source, &random, text: false)).write(to: scratch.file("m.pdf"))
                label = "pdf \(name) #\(round)"
                arguments = ["validate", "m.pdf"]
            default:
                try Data(Self.mutate(jsonl, &random, text: true)).write(to: scratch.file("m.jsonl"))
                try? FileManager.default.removeItem(at: scratch.file("batch"))
                label = "jsonl #\(round)"
                arguments = ["batch", "--data", "m.jsonl", "--out", "batch", "--jobs", "1"]
            }
            var outcome = try Self.run(arguments, in: folder, output: out, label: label)
            if kind == "jsonl" {
                outcome.outputExists = FileManager.default.fileExists(
                    atPath: scratch.file("batch/manifest.jsonl").path)
            }
            if kind == "pdf" { outcome.outputExists = true }
            outcomes.append(outcome)
        }
        var usage = rusage()
        #if os(Linux)
            getrusage(RUSAGE_CHILDREN.rawValue, &usage)
            let peakMB = Int(usage.ru_maxrss) / 1024 // kilobytes on Linux
        #else
            getrusage(RUSAGE_CHILDREN, &usage)
            let peakMB = Int(usage.ru_maxrss) / (1024 * 1024) // bytes on Darwin
        #endif
        let elapsed = ContinuousClock.now - start
        let failures = outcomes.filter { $0.status != 0 }.count
        print(
            "fuzz: \(outcomes.count) cases (\(counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))), "
                + "\(failures) clear errors, \(outcomes.filter(\.signalled).count) signals, "
                + "\(outcomes.filter(\.timedOut).count) hangs, peak RSS \(peakMB) MB, \(elapsed)")
        if let log = ProcessInfo.processInfo.environment["MKPDF_FUZZ_LOG"] {
            // Every case's command and the first line of its error, to see which errors the mutations reach.
            let lines = outcomes.map { "\($0.label)\t\($0.status)\t\($0.stderr.prefix { $0 != "\n" })" }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: log))
        }
        #expect(outcomes.count >= 30, "too few cases ran in 40 s: \(outcomes.count)")
        #expect(elapsed < .seconds(60))
        #expect(peakMB < 1_024, "peak RSS of a case: \(peakMB) MB")
        for outcome in outcomes {
            #expect(!outcome.timedOut && !outcome.signalled, "\(outcome)")
            #expect(!outcome.stderr.contains("Fatal error") && !outcome.stderr.contains("Stack dump"), "\(outcome)")
            #expect(!outcome.stderr.contains("root:x:0:0"), "\(outcome)")
            #expect(outcome.status != 70, "every refusal has a kind, none is an unclassified error: \(outcome)")
            if outcome.label.hasPrefix("pdf") {
                // validate writes no file: 0 valid, 1 error findings, 2 unreadable.
                #expect([0, 1, 2].contains(outcome.status), "\(outcome)")
            } else if outcome.status == 0 {
                #expect(outcome.outputExists, "\(outcome)")
            } else if !outcome.label.hasPrefix("jsonl") {
                #expect(!outcome.stderr.isEmpty && !outcome.outputExists, "\(outcome)")
            }
        }
    }

    // MARK: The root and the limits on the command line

    @Test func aPartOutsideTheRootIsRefusedWithoutPrintingTheFile() throws {
        let scratch = try Self.workspace()
        try """
        page: a6
        palette: {ink: {stroke: "#000000"}}
        elements:
          - part: {file: ../../../../../../../../etc/passwd, x: 0, y: 0, w: 10, h: 10}
        """.write(to: scratch.file("p.yaml"), atomically: true, encoding: .utf8)
        let refused = try Self.run(
            ["render", "p.yaml", "-o", "p.pdf"], in: scratch.url, output: scratch.file("p.pdf"), label: "outside")
        #expect(refused.status != 0 && !refused.outputExists)
        #expect(refused.stderr.contains("part \"../../../../../../../../etc/passwd\" is outside the template's root"))
        #expect(!refused.stderr.contains("root:"), "\(refused)")
        let explicit = try Self.run(
            ["render", "p.yaml", "-o", "p.pdf", "--root", "/"], in: scratch.url, output: scratch.file("p.pdf"),
            label: "root /")
        #expect(explicit.status != 0 && !explicit.outputExists)
        #expect(explicit.stderr.contains("not a YAML template: line 1 is text"), "\(explicit)")
        #expect(!explicit.stderr.contains("root:x") && !explicit.stderr.contains("/bin/"), "\(explicit)")
    }

    @Test func batchTakesItsLimitsFromTheCommandLine() throws {
        let scratch = try Self.workspace()
        let long = String(repeating: "x", count: 300)
        try """
        {"member": "GCG-40100", "ticket": "FN-1-1", "venue": "東京"}
        {"member": "GCG-40101", "ticket": "FN-1-2", "venue": "\(long)"}

        """.write(to: scratch.file("l.jsonl"), atomically: true, encoding: .utf8)
        let manifest = scratch.file("out/manifest.jsonl")
        let outcome = try Self.run(
            ["batch", "--data", "l.jsonl", "--out", "out", "--jobs", "1", "--limit", "json-line-bytes=200"],
            in: scratch.url, output: manifest, label: "batch")
        #expect(outcome.status == 1 && outcome.outputExists, "\(outcome)")
        let lines = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains("\"status\":\"ok\""))
        #expect(lines[1].contains("over the limit json-line-bytes of 200 bytes"), "\(lines[1])")
        #expect(!lines[1].contains(long))
    }

    @Test func aLimitIsRaisedOnTheCommandLineAndAnUnknownOneIsRefused() throws {
        let scratch = try Self.workspace()
        try """
        page: a6
        palette: {ink: {stroke: "#000000"}}
        elements:
          - text: {role: ink, text: "{{ \(String(repeating: "(", count: 300))1\(String(repeating: ")", count: 300)) }}", size: 10, x: 10, y: 10}
        """.write(to: scratch.file("deep.yaml"), atomically: true, encoding: .utf8)
        let output = scratch.file("deep.pdf")
        let refused = try Self.run(
            ["render", "deep.yaml", "-o", "deep.pdf"], in: scratch.url, output: output, label: "")
        #expect(refused.status != 0 && refused.stderr.contains("--limit expression-depth=N"), "\(refused)")
        let raised = try Self.run(
            ["render", "deep.yaml", "-o", "deep.pdf", "--limit", "expression-depth=400"], in: scratch.url,
            output: output, label: "")
        #expect(raised.status == 0 && raised.outputExists, "\(raised)")
        let unknown = try Self.run(
            ["render", "deep.yaml", "-o", "x.pdf", "--limit", "expresion-depth=400"], in: scratch.url,
            output: scratch.file("x.pdf"), label: "")
        #expect(unknown.status != 0 && unknown.stderr.contains("did you mean `expression-depth`?"), "\(unknown)")
    }
}
