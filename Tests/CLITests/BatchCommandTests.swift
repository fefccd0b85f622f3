import Foundation
import TestSupport
import Testing

/// `mkpdf batch` end to end: kill -9 and --resume, SIGTERM, bad records with their context and the exit status,
/// standard input, imposition.
@Suite struct BatchCommandTests {
    /// A CSV of `count` members with a Japanese venue.
    static func csv(count: Int) -> String {
        "member,ticket,venue\n"
            + (0..<count).map { "GCG-\(20_000 + $0),FN-2-\($0),東京ドーム〜髙" }
            .joined(separator: "\n") + "\n"
    }

    /// The manifest's lines as (index, status, [path: sha256]) via JSONSerialization (independent of Batch's parser).
    static func manifest(_ url: URL) throws -> [(index: Int, status: String, outputs: [String: String])] {
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        return try text.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let outputs = (object["outputs"] as? [[String: Any]] ?? []).reduce(into: [String: String]()) {
                $0[$1["path"] as? String ?? ""] = $1["sha256"] as? String
            }
            return (try #require(object["index"] as? Int), try #require(object["status"] as? String), outputs)
        }
    }

    /// Starts `mkpdf batch` without waiting; output goes to files in `folder`.
    static func start(_ arguments: [String], in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = Repo.mkpdf
        process.arguments = ["batch"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = try FileHandle(forWritingTo: Self.touch(folder.appendingPathComponent("stdout.txt")))
        process.standardError = try FileHandle(forWritingTo: Self.touch(folder.appendingPathComponent("stderr.txt")))
        try process.run()
        return process
    }

    private static func touch(_ url: URL) -> URL {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        return url
    }

    /// Waits until the manifest has at least `lines` lines (or the process ends).
    static func wait(for lines: Int, in manifest: URL, while process: Process) throws {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning {
            let text = (try? String(contentsOf: manifest, encoding: .utf8)) ?? ""
            if text.split(separator: "\n").count >= lines { return }
            usleep(20_000)
        }
    }

    /// Every record once, as ok, with outputs matching their sha256 and no temporary file left.
    static func expectComplete(_ out: URL, count: Int) throws {
        let entries = try manifest(out.appendingPathComponent("manifest.jsonl"))
        #expect(entries.map(\.index).sorted() == Array(0..<count))
        #expect(entries.allSatisfy { $0.status == "ok" })
        for entry in entries {
            for (path, sha) in entry.outputs {
                let digest = try Oracle.run("sha256sum", [out.appendingPathComponent(path).path]).stdout.prefix(64)
                #expect(String(digest) == sha, "\(path)")
            }
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(!names.contains { $0.hasPrefix(".mkpdf-tmp-") }, "\(names.filter { $0.hasPrefix(".") })")
        #expect(names.filter { $0.hasSuffix(".pdf") }.count == count)
        for index in [0, count / 2, count - 1] {
            #expect(try Oracle.qpdfCheck(out.appendingPathComponent("ticket-GCG-\(20_000 + index).pdf")).status == 0)
        }
    }

    @Test func killedWithSIGKILLThenResumedHasEveryRecordOnceAndValid() throws {
        let scratch = try Scratch("cli-batch-kill")
        try Data(Self.csv(count: 400).utf8).write(to: scratch.file("members.csv"))
        let out = scratch.file("out")
        let process = try Self.start(["--data", "members.csv", "--out", "out", "--jobs", "2"], in: scratch.url)
        try Self.wait(for: 30, in: out.appendingPathComponent("manifest.jsonl"), while: process)
        #expect(process.isRunning, "the batch finished before it could be killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let before = try Self.manifest(out.appendingPathComponent("manifest.jsonl")).count
        #expect(before < 400)

        let resumed = try Oracle.run(
            Repo.mkpdf.path, ["batch", "--data", "members.csv", "--out", "out", "--resume"],
            directory: scratch.url)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stdout.contains("\(400 - before) ok, 0 failed, \(before) skipped in"), "\(resumed.stdout)")
        try Self.expectComplete(out, count: 400)
    }

    @Test func sigtermStopsCleanlyWith143AndResumeFinishes() throws {
        let scratch = try Scratch("cli-batch-term")
        try Data(Self.csv(count: 200).utf8).write(to: scratch.file("members.csv"))
        let out = scratch.file("out")
        let process = try Self.start(["--data", "members.csv", "--out", "out", "--jobs", "2"], in: scratch.url)
        try Self.wait(for: 10, in: out.appendingPathComponent("manifest.jsonl"), while: process)
        #expect(process.isRunning)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        let stdout = try String(contentsOf: scratch.file("stdout.txt"), encoding: .utf8)
        #expect(stdout.contains("interrupted by signal 15; run again with --resume"), "\(stdout)")
        let entries = try Self.manifest(out.appendingPathComponent("manifest.jsonl"))
        #expect(entries.count < 200 && entries.allSatisfy { $0.status == "ok" })
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(!names.contains { $0.hasPrefix(".mkpdf-tmp-") })

        let resumed = try Oracle.run(
            Repo.mkpdf.path, ["batch", "--data", "members.csv", "--out", "out", "--resume"],
            directory: scratch.url)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        try Self.expectComplete(out, count: 200)
    }

    @Test func badRecordsAreListedWithTheirDataAndTheExitStatusIsOne() throws {
        let scratch = try Scratch("cli-batch-bad")
        let csv = "member,ticket,venue\nGCG-1,FN-1,東京\nGCG 2,FN-2,東京\nGCG-3,FN-3,𠮷野家😀\nGCG-4\nGCG-5,FN-5,東京\n"
        try Data(csv.utf8).write(to: scratch.file("members.csv"))
        let result = try Oracle.run(
            Repo.mkpdf.path, ["batch", "--data", "members.csv", "--out", "out", "--jobs", "1"],
            directory: scratch.url)
        #expect(result.status == 1)
        #expect(result.stdout.contains("2 ok, 3 failed, 0 skipped in"), "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "failed: row 2 (member GCG 2), field \"member\": \(Repo.root.path)/Templates/ticket.yaml:35:11: the value \"GCG 2\" of {{member}} is refused"),
            "\(result.stderr)")
        #expect(result.stderr.contains("failed: row 3 (member GCG-3), field \"venue\", character \"😀\" (U+1F600)"))
        #expect(result.stderr.contains("failed: row 4 (member GCG-4), field \"ticket\": the row has 1 fields"))
        #expect(FileManager.default.fileExists(atPath: scratch.file("out/ticket-GCG-5.pdf").path))

        let fast = try Oracle.run(
            Repo.mkpdf.path,
            [
                "batch", "--data", "members.csv", "--out", "fast", "--jobs", "1",
                "--fail-fast"
            ], directory: scratch.url)
        #expect(fast.status == 1)
        #expect(fast.stdout.contains("1 ok, 1 failed, 0 skipped in") && fast.stdout.contains("--fail-fast"))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("fast/ticket-GCG-5.pdf").path))

        let again = try Oracle.run(
            Repo.mkpdf.path, ["batch", "--data", "members.csv", "--out", "out"],
            directory: scratch.url)
        #expect(again.status != 0)
        #expect(again.stderr.contains("manifest.jsonl already exists from an earlier run. Fix: add --resume"))
    }

    @Test func standardInputAsJSONLAndImpositionFromAFile() throws {
        let scratch = try Scratch("cli-batch-stdin")
        let jsonl = (0..<3).map { "{\"member\": \"GCG-\($0)\", \"ticket\": \"FN-\($0)\"}" }.joined(separator: "\n")
        let piped = try Oracle.run(
            Repo.mkpdf.path,
            [
                "batch", "--data", "-", "--data-format", "jsonl", "--out", "in",
                "--format", "png"
            ], input: Data(jsonl.utf8),
            directory: scratch.url)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.file("in").path).sorted()
                == ["manifest.jsonl", "ticket-GCG-0.png", "ticket-GCG-1.png", "ticket-GCG-2.png"])

        try Data(Self.csv(count: 12).utf8).write(to: scratch.file("members.csv"))
        let imposed = try Oracle.run(
            Repo.mkpdf.path,
            [
                "batch", "--data", "members.csv", "--out", "out",
                "--impose", "a4", "--grid", "2x5", "--crop-marks"
            ],
            directory: scratch.url)
        #expect(imposed.status == 0, "\(imposed.stderr)")
        #expect(imposed.stdout.contains("imposed.pdf: 12 tickets on 2 sheets"), "\(imposed.stdout)")
        let pdf = scratch.file("out/imposed.pdf")
        let info = try Oracle.run("pdfinfo", [pdf.path]).stdout
        #expect(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last == "2")
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        let text = try Oracle.pdftotext(pdf)
        for index in 0..<12 { #expect(text.contains("GCG-\(20_000 + index)")) }
    }
}
