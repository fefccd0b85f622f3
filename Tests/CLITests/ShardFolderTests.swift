import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Shards that share one `--out` (issue 26), run as the README's "Fanning out" recipes say: eight concurrent
/// processes as a Kubernetes Indexed Job runs them (examples/k8s-indexed-job.yaml's command, JOB_COMPLETION_INDEX set),
/// the GNU parallel line verbatim, then `mkpdf batch --status`.
@Suite struct ShardFolderTests {
    static func mkpdf(_ arguments: [String], in scratch: Scratch) throws -> Oracle.Result {
        try Oracle.run(Repo.mkpdf.path, arguments, directory: scratch.url)
    }

    /// The README's "Fanning out" section.
    static func fanningOut() throws -> String {
        let readme = try String(contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "### Fanning out"))
        let end = try #require(readme.range(of: "\n### ", range: start.upperBound..<readme.endIndex))
        return String(readme[start.lowerBound..<end.lowerBound])
    }

    /// Every output listed once across the shard manifests, each record 0..<count once, and every PDF present.
    static func expectEveryRecordOnce(_ out: URL, count: Int, shards: Int) throws {
        var indices: [Int] = []
        for index in 0..<shards {
            let entries = try BatchCommandTests.manifest(
                out.appendingPathComponent("manifest-shard-\(index)-of-\(shards).jsonl"))
            #expect(entries.allSatisfy { $0.status == "ok" && $0.index % shards == index })
            indices += entries.map(\.index)
        }
        #expect(indices.sorted() == Array(0..<count))
        let pdfs = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".pdf") }
        #expect(pdfs.count == count)
    }

    @Test("Eight shards at once into one --out, as Kubernetes pods: all succeed, --status says complete")
    func eightConcurrentShards() throws {
        let scratch = try Scratch("cli-shards-8")
        let count = 400
        try Data(BatchCommandTests.csv(count: count).utf8).write(to: scratch.file("members.csv"))
        let job = try String(
            contentsOf: Repo.root.appendingPathComponent("examples/k8s-indexed-job.yaml"), encoding: .utf8)
        #expect(job.contains("completionMode: Indexed") && job.contains("completions: 8"))
        let lines = job.split(separator: "\n")
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "command:" })
        let command = lines[(start + 1)...].prefix { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- ") }
            .map { String($0.trimmingCharacters(in: .whitespaces).dropFirst(2)) }
        #expect(
            try Self.fanningOut().contains(command.joined(separator: " ")), "the README shows the manifest's command")
        let arguments = Array(command.dropFirst())
            .map { $0 == "/data/members.csv" ? "members.csv" : $0 == "/shared/tickets" ? "tickets" : $0 }
        #expect(arguments == ["batch", "--data", "members.csv", "--out", "tickets", "--shard", "env/8", "--resume"])

        var pods: [Process] = []
        defer { for pod in pods where pod.isRunning { kill(pod.processIdentifier, SIGKILL) } }
        for index in 0..<8 {
            let pod = Process()
            pod.executableURL = Repo.mkpdf
            pod.arguments = arguments + ["--jobs", "1"]
            pod.currentDirectoryURL = scratch.url
            pod.environment = ProcessInfo.processInfo.environment.merging(["JOB_COMPLETION_INDEX": "\(index)"]) { $1 }
            pod.standardOutput = FileHandle.nullDevice
            pod.standardError = try FileHandle(forWritingTo: Self.touch(scratch.file("pod-\(index).err")))
            try pod.run()
            pods.append(pod)
        }
        let runningTogether = pods.filter(\.isRunning).count
        for pod in pods { pod.waitUntilExit() }
        #expect(runningTogether == 8, "all eight ran at the same time")
        for (index, pod) in pods.enumerated() {
            let stderr = try String(contentsOf: scratch.file("pod-\(index).err"), encoding: .utf8)
            #expect(pod.terminationStatus == 0, "shard \(index): \(stderr)")
        }
        try Self.expectEveryRecordOnce(scratch.file("tickets"), count: count, shards: 8)

        let status = try Self.mkpdf(["batch", "--status", "tickets", "--data", "members.csv"], in: scratch)
        #expect(status.status == 0, "\(status.stdout)\(status.stderr)")
        #expect(
            status.stdout.hasPrefix(
                "tickets: 8 manifests, 400 records checked (all of members.csv): 400 done, 0 failed, 0 missing, "
                    + "0 done twice — complete\n"), "\(status.stdout)")
        let json = try Self.mkpdf(["batch", "--status", "tickets", "--json"], in: scratch)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["complete"] as? Bool == true)
        #expect(object["done"] as? Int == count)
        #expect((object["missingShards"] as? [String])?.isEmpty == true)
        #expect((object["missingRecords"] as? [Int])?.isEmpty == true)
        let manifests = try #require(object["manifests"] as? [[String: Any]])
        #expect(manifests.compactMap { $0["shard"] as? String } == (0..<8).map { "\($0)/8" })
        #expect(manifests.allSatisfy { $0["ok"] as? Int == 50 })
    }

    @Test("The README's GNU parallel line, run verbatim: every record once, --status complete")
    func gnuParallelRecipe() throws {
        let scratch = try Scratch("cli-shards-parallel")
        let line = try #require(
            try Self.fanningOut().split(separator: "\n").first { $0.hasPrefix("seq 0 7 | parallel") })
        try FileManager.default.createDirectory(at: scratch.file("examples"), withIntermediateDirectories: true)
        try Data(BatchCommandTests.csv(count: 80).utf8).write(to: scratch.file("examples/members.csv"))
        let path =
            Repo.mkpdf.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let run = try Oracle.run("bash", ["-c", String(line)], environment: ["PATH": path], directory: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("in use by another mkpdf batch"), "\(run.stderr)")
        try Self.expectEveryRecordOnce(scratch.file("tickets"), count: 80, shards: 8)
        let status = try Self.mkpdf(["batch", "--status", "tickets", "--data", "examples/members.csv"], in: scratch)
        #expect(status.status == 0, "\(status.stdout)")
        #expect(status.stdout.contains("80 done, 0 failed, 0 missing, 0 done twice — complete"), "\(status.stdout)")
    }

    @Test("The same shard twice is refused naming the pid; another shard and an unsharded run write alongside")
    func sameShardRefusedOthersAlongside() throws {
        let scratch = try Scratch("cli-shards-lock")
        try Data(BatchCommandTests.csv(count: 400).utf8).write(to: scratch.file("m.csv"))
        let first = try BatchCommandTests.start(
            ["--data", "m.csv", "--out", "out", "--shard", "0/2", "--jobs", "1"], in: scratch.url)
        defer {
            if first.isRunning {
                kill(first.processIdentifier, SIGKILL)
                first.waitUntilExit()
            }
        }
        try BatchCommandTests.wait(for: 3, in: scratch.file("out/manifest-shard-0-of-2.jsonl"), while: first)
        // Held still while the others try, so a loaded machine cannot let it finish first.
        kill(first.processIdentifier, SIGSTOP)
        #expect(first.isRunning, "the first shard finished before the others could start")
        for extra in [[], ["--resume"]] {
            let again = try Self.mkpdf(
                ["batch", "--data", "m.csv", "--out", "out", "--shard", "0/2"] + extra, in: scratch)
            #expect(again.status != 0)
            #expect(
                again.stderr.contains(
                    "manifest-shard-0-of-2.jsonl is in use by another mkpdf batch (process \(first.processIdentifier))"),
                "\(again.stderr)")
        }
        let running = try Self.mkpdf(["batch", "--status", "out"], in: scratch)
        #expect(running.status == 1)
        #expect(
            running.stdout.contains(
                "running: manifest-shard-0-of-2.jsonl is being written by process \(first.processIdentifier)"),
            "\(running.stdout)")
        let other = try Self.launch(["--data", "m.csv", "--out", "out", "--shard", "1/2"], log: "other", in: scratch)
        let whole = try Self.launch(["--data", "m.csv", "--out", "out"], log: "whole", in: scratch)
        #expect(first.isRunning, "shard 0/2 still runs when the others start")
        kill(first.processIdentifier, SIGCONT)
        for (process, log) in [(other, "other"), (whole, "whole"), (first, "stderr")] {
            process.waitUntilExit()
            let stderr = try String(contentsOf: scratch.file("\(log).txt"), encoding: .utf8)
            #expect(process.terminationStatus == 0, "\(log): \(stderr)")
        }

        let out = scratch.file("out")
        #expect(try BatchCommandTests.manifest(out.appendingPathComponent("manifest.jsonl")).count == 400)
        try Self.expectEveryRecordOnce(out, count: 400, shards: 2)
        let status = try Self.mkpdf(["batch", "--status", "out"], in: scratch)
        #expect(status.status == 1, "the unsharded run and the shards each did every record")
        #expect(
            status.stdout.contains("400 done, 0 failed, 0 missing, 400 done twice — INCOMPLETE"), "\(status.stdout)")
        #expect(
            status.stdout.contains("done twice: record 0 in manifest-shard-0-of-2.jsonl and manifest.jsonl"),
            "\(status.stdout)")
    }

    @Test("--status: a missing shard and its records are reported, with the fix, and exit 1; shards impose apart")
    func statusReportsAMissingShard() throws {
        let scratch = try Scratch("cli-shards-missing")
        try Data(BatchCommandTests.csv(count: 9).utf8).write(to: scratch.file("m.csv"))
        for shard in ["0/3", "2/3"] {
            let run = try Self.mkpdf(
                ["batch", "--data", "m.csv", "--out", "out", "--shard", shard, "--impose", "a4"], in: scratch)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.file("out").path)
        #expect(
            names.filter { $0.hasPrefix("imposed") }.sorted() == [
                "imposed-shard-0-of-3.pdf", "imposed-shard-2-of-3.pdf"
            ])
        let imposed = try Oracle.pdftotext(scratch.file("out/imposed-shard-2-of-3.pdf"))
        #expect(imposed.contains("GCG-20002") && imposed.contains("GCG-20008") && !imposed.contains("GCG-20000"))
        #expect(!names.contains { $0.hasPrefix(".") }, "no lock or temporary file is left: \(names)")
        let status = try Self.mkpdf(["batch", "--status", "out", "--data", "m.csv"], in: scratch)
        #expect(status.status == 1)
        #expect(
            status.stdout.contains("9 records checked (all of m.csv): 6 done, 0 failed, 3 missing"), "\(status.stdout)")
        #expect(
            status.stdout.contains(
                "\nmissing shard 1/3: no manifest-shard-1-of-3.jsonl. Fix: run mkpdf batch with "
                    + "--shard 1/3 --out out"), "\(status.stdout)")
        #expect(status.stdout.contains("\nmissing records (0-based index): 1, 4, 7."), "\(status.stdout)")
        #expect(status.stdout.split(separator: "\n").count == 3, "one line each: \(status.stdout)")
        let empty = try Self.mkpdf(["batch", "--status", "m.csv"], in: scratch)
        #expect(
            empty.status != 0 && empty.stderr.contains("/m.csv: it is a file. Fix: give the --out folder"),
            "\(empty.stderr)")
    }

    @Test("mkpdf help batch documents --shard env/N, --status and the recipes")
    func help() throws {
        let help = try Self.mkpdf(["help", "batch"], in: Scratch("cli-shards-help")).stdout
        for text in [
            "--shard env/N takes i from JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID",
            "--status DIR reads every manifest",
            "mkpdf batch --data examples/members.csv --out shards --shard 3/8",
            "mkpdf batch --status tickets --data examples/members.csv"
        ] {
            #expect(
                help.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "  ", with: " ")
                    .contains(text), "\(text)")
        }
    }

    /// Starts `mkpdf batch` without waiting; standard error goes to `LOG.txt` in the scratch folder.
    static func launch(_ arguments: [String], log: String, in scratch: Scratch) throws -> Process {
        let process = Process()
        process.executableURL = Repo.mkpdf
        process.arguments = ["batch"] + arguments
        process.currentDirectoryURL = scratch.url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: Self.touch(scratch.file("\(log).txt")))
        try process.run()
        return process
    }

    private static func touch(_ url: URL) -> URL {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        return url
    }
}
