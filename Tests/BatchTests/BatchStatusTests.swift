import Batch
import Foundation
import TestSupport
import Testing

/// `BatchStatus`: what the manifests of one folder say together — done, failed, missing records and shards, records
/// done twice, files two records wrote, outputs changed since.
@Suite("Batch status")
struct BatchStatusTests {
    /// Runs the shards `indices` of `count` over `data` into `out`.
    static func run(
        _ indices: [Int], of count: Int?, data: URL, out: URL, name: String = "ticket-{{member}}"
    ) async throws {
        for index in indices {
            let runner = BatchRunner(
                job: try Fixtures.job(name: name), input: BatchInput(path: data.path), folder: out, jobs: 2,
                shard: try count.map { try Shard(index: index, count: $0) })
            _ = try await runner.run(progress: .silent)
        }
    }

    @Test("Every shard run: complete, each record done once, nothing missing")
    func complete() async throws {
        let scratch = try Scratch("status-complete")
        let data = try Fixtures.write(Fixtures.csv(count: 13), "m.csv", in: scratch)
        let out = scratch.file("out")
        try await Self.run([0, 1, 2], of: 3, data: data, out: out)
        let status = try BatchStatus(folder: out, records: 13)
        #expect(status.isComplete)
        #expect(status.done == 13 && status.checked == 13)
        #expect(status.manifests.map(\.name) == (0..<3).map { "manifest-shard-\($0)-of-3.jsonl" })
        #expect(status.manifests.map(\.ok) == [5, 4, 4])
        #expect(status.manifests.allSatisfy { $0.runningProcess == nil }, "this process's own runs are not running")
        #expect(status.missingShards.isEmpty && status.missingRecords.isEmpty && status.duplicates.isEmpty)
    }

    @Test("A shard never run: its shard and records are missing; --data also counts records after the last listed")
    func missingShard() async throws {
        let scratch = try Scratch("status-missing")
        let data = try Fixtures.write(Fixtures.csv(count: 13), "m.csv", in: scratch)
        let out = scratch.file("out")
        try await Self.run([0, 2], of: 3, data: data, out: out)
        let guessed = try BatchStatus(folder: out)
        #expect(!guessed.isComplete)
        #expect(guessed.missingShards == [try Shard(index: 1, count: 3)])
        #expect(guessed.checked == 13, "record 12 is shard 0's last")
        #expect(guessed.missingRecords == [1, 4, 7, 10])
        let counted = try BatchStatus(folder: out, records: 20)
        #expect(counted.missingRecords == [1, 4, 7, 10] + Array(13..<20))
    }

    @Test("A failed record, an unsharded run over shards, a deleted output and one name for two records are reported")
    func problems() async throws {
        let scratch = try Scratch("status-problems")
        let csv =
            "member,ticket,venue,email\n"
            + (0..<6).map {
                $0 == 3 ? "GCG 40/167,FN-1-3,東京,m@example.com" : "\(Fixtures.member($0)),FN-1-\($0),東京,m@example.com"
            }
            .joined(separator: "\n") + "\n"
        let data = try Fixtures.write(csv, "m.csv", in: scratch)
        let out = scratch.file("out")
        try await Self.run([0, 1], of: 2, data: data, out: out)
        try await Self.run([0], of: nil, data: data, out: out)
        try FileManager.default.removeItem(at: out.appendingPathComponent("ticket-\(Fixtures.member(5)).pdf"))
        let status = try BatchStatus(folder: out, records: 6)
        #expect(!status.isComplete)
        #expect(status.failures.map(\.index) == [3])
        #expect(status.failures.first?.message.contains("row 4 (member GCG 40/167), field \"member\"") == true)
        #expect(status.duplicates.map(\.index) == [0, 1, 2, 4, 5])
        #expect(status.duplicates.first?.manifests == ["manifest-shard-0-of-2.jsonl", "manifest.jsonl"])
        #expect(Set(status.changedOutputs.map(\.manifest)) == ["manifest-shard-1-of-2.jsonl", "manifest.jsonl"])
        #expect(status.changedOutputs.allSatisfy { $0.index == 5 })

        let shared = scratch.file("shared")
        try await Self.run([0, 1], of: 2, data: data, out: shared, name: "ticket-{{venue}}")
        let sharing = try BatchStatus(folder: shared, records: 6)
        #expect(sharing.sharedOutputs.map(\.path) == ["ticket-東京.pdf"])
        #expect(sharing.sharedOutputs.first?.indices == [0, 1], "each shard claims the name once; across shards, both")
    }

    @Test("JSON: one object with complete, the counts and the shards as i/N")
    func json() async throws {
        let scratch = try Scratch("status-json")
        let data = try Fixtures.write(Fixtures.csv(count: 4), "m.csv", in: scratch)
        let out = scratch.file("out")
        try await Self.run([1], of: 2, data: data, out: out)
        let encoded = try JSONEncoder().encode(try BatchStatus(folder: out, records: 4))
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["complete"] as? Bool == false)
        #expect(object["done"] as? Int == 2)
        #expect(object["missingShards"] as? [String] == ["0/2"])
        #expect(object["missingRecords"] as? [Int] == [0, 2])
        let manifests = try #require(object["manifests"] as? [[String: Any]])
        #expect(manifests.first?["shard"] as? String == "1/2")
    }
}
