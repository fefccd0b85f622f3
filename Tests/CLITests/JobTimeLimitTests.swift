import Foundation
import TestSupport
import Testing

/// `--limit job-seconds=N`: a document that runs past its time fails naming the limit, and a batch goes on with the
/// next record.
@Suite struct JobTimeLimitTests {
    @Test func aDocumentPastItsTimeFailsAndTheBatchGoesOn() throws {
        let scratch = try Scratch("job-seconds")
        try Data(Samples.slowTemplate.utf8).write(to: scratch.file("slow.yaml"))
        let many = (0..<15_000).map { "\"\($0)\"" }.joined(separator: ",")
        let jsonl = "{\"n\": \"slow\", \"items\": [\(many)]}\n{\"n\": \"quick\", \"items\": [\"1\"]}\n"
        try Data(jsonl.utf8).write(to: scratch.file("records.jsonl"))
        let clock = ContinuousClock()
        let start = clock.now
        let run = try Oracle.run(
            Repo.mkpdf.path,
            [
                "batch", "--template", "slow.yaml", "--data", "records.jsonl", "--out", "out", "--name", "{{n}}",
                "--limit", "job-seconds=1", "--limit", "elements-per-page=100000", "--jobs", "1"
            ], directory: scratch.url)
        let elapsed = clock.now - start
        #expect(run.status == 1, "\(run.stdout) \(run.stderr.suffix(300))")
        #expect(run.stdout.contains("1 ok, 1 failed"), "\(run.stdout)")
        #expect(run.stderr.contains("job-seconds"), "the failure names the limit: \(run.stderr.suffix(400))")
        #expect(FileManager.default.fileExists(atPath: scratch.file("out/quick.pdf").path))
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out/slow.pdf").path))
        #expect(elapsed < .seconds(10), "stopped near its second, not after the whole page: \(elapsed)")
    }
}
