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

    @Test("Shard syntax: i/N with 0 ≤ i < N, else an error that shows the form")
    func parsing() throws {
        #expect(try Shard("2/3").contains(5))
        #expect(try !Shard("0/3").contains(5))
        for bad in ["3/3", "-1/3", "1", "a/b", "1/0"] {
            let error = #expect(throws: BatchError.self) { try Shard(bad) }
            #expect(error?.description.contains("0 ≤ i < N") == true, "\(bad)")
        }
    }
}
