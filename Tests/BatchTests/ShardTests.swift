import Batch
import Foundation
import TestSupport
import Testing

@Suite("Shards")
struct ShardTests {
    @Test("0/3, 1/3, 2/3 together cover every record exactly once, each in its own manifest in one folder")
    func threeShardsCoverAll() async throws {
        let scratch = try Scratch("batch-shards")
        let data = try Fixtures.write(Fixtures.csv(count: 31), "members.csv", in: scratch)
        let out = scratch.file("out")
        var seen: [Int] = []
        for index in 0..<3 {
            let shard = try Shard("\(index)/3")
            let runner = BatchRunner(
                job: try Fixtures.job(), input: BatchInput(path: data.path), folder: out,
                jobs: 2, shard: shard)
            let summary = try await runner.run(progress: .silent)
            #expect(runner.manifestName == "manifest-shard-\(index)-of-3.jsonl")
            let entries = try Fixtures.entries(out.appendingPathComponent(runner.manifestName))
            #expect(summary.ok == entries.count)
            #expect(entries.allSatisfy { $0.index % 3 == index && $0.status == .ok })
            seen += entries.map(\.index)
        }
        #expect(seen.sorted() == Array(0..<31))
        let pdfs = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".pdf") }
        #expect(pdfs.count == 31)
    }

    @Test("env/N reads the index from JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm)")
    func indexFromTheEnvironment() throws {
        #expect(try Shard("env/8", environment: ["JOB_COMPLETION_INDEX": "5"]) == Shard("5/8"))
        #expect(try Shard("env/4", environment: ["SLURM_ARRAY_TASK_ID": "0"]) == Shard("0/4"))
        #expect(try Shard("env/4", environment: ["SLURM_ARRAY_TASK_ID": "3", "JOB_COMPLETION_INDEX": "3"]).index == 3)
        let cases: [([String: String], String)] = [
            ([:], "neither JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID"),
            (["SLURM_ARRAY_TASK_ID": "4"], "SLURM_ARRAY_TASK_ID=4 (from a Slurm job array) is not in 0…3"),
            (["SLURM_ARRAY_TASK_ID": "4"], "submit with sbatch --array=0-3"),
            (["JOB_COMPLETION_INDEX": "9"], "set completions: 4 in the Indexed Job"),
            (["JOB_COMPLETION_INDEX": "x"], "JOB_COMPLETION_INDEX=x is not a whole number"),
            (["JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "2"], "disagree")
        ]
        for (environment, message) in cases {
            let error = #expect(throws: BatchError.self) { try Shard("env/4", environment: environment) }
            #expect(error?.description.contains(message) == true, "\(environment): \(error?.description ?? "")")
        }
        #expect(try Shard("0/4", environment: ["JOB_COMPLETION_INDEX": "9"]).index == 0, "i/N ignores the environment")
    }

    @Test("Shard syntax: i/N with 0 ≤ i < N, else an error that shows the form")
    func parsing() throws {
        #expect(try Shard("2/3").contains(5))
        #expect(try !Shard("0/3").contains(5))
        for bad in ["3/3", "-1/3", "1", "a/b", "1/0", "env/0", "env"] {
            let error = #expect(throws: BatchError.self) { try Shard(bad) }
            #expect(error?.description.contains("0 ≤ i < N") == true, "\(bad)")
        }
    }
}
