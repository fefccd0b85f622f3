import Batch
import Foundation
import TestSupport
import Testing

@Suite("Resume")
struct ResumeTests {
    @Test("--resume keeps verified outputs, redoes a damaged one, a deleted one and a torn last manifest line")
    func resumeRepairs() async throws {
        let scratch = try Scratch("batch-resume")
        let data = try Fixtures.write(Fixtures.csv(count: 12), "members.csv", in: scratch)
        let out = scratch.file("out")
        let manifest = out.appendingPathComponent("manifest.jsonl")
        let job = try Fixtures.job()
        _ = try await BatchRunner(job: job, input: BatchInput(path: data.path), folder: out, jobs: 2)
            .run(progress: .silent)

        // Damage: one output altered, one with a byte flipped (same size: only the hash tells), one deleted,
        // the last line torn mid-way, a stray temporary file.
        try Data("not a pdf".utf8).write(to: out.appendingPathComponent("ticket-\(Fixtures.member(3)).pdf"))
        let flipped = out.appendingPathComponent("ticket-\(Fixtures.member(5)).pdf")
        var bytes = try Data(contentsOf: flipped)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: flipped)
        try FileManager.default.removeItem(at: out.appendingPathComponent("ticket-\(Fixtures.member(7)).pdf"))
        var text = try String(contentsOf: manifest, encoding: .utf8)
        let lastLine = text.dropLast().split(separator: "\n").last.map(String.init) ?? ""
        let tornIndex = try #require(ManifestEntry(jsonLine: lastLine)?.index)
        text = String(text.dropLast(lastLine.count / 2 + 1))
        try Data(text.utf8).write(to: manifest)
        let stray = out.appendingPathComponent(OutputFolder.temporaryPrefix + "ticket-x.pdf-1234")
        try Data("half".utf8).write(to: stray)

        let summary = try await BatchRunner(
            job: job, input: BatchInput(path: data.path), folder: out, jobs: 2,
            resume: true
        ).run(progress: .silent)
        let redone = Set([3, 5, 7, tornIndex])
        #expect(summary.ok == redone.count && summary.skipped == 12 - redone.count && summary.failed == 0)
        let entries = try Fixtures.entries(manifest)
        #expect(entries.map(\.index).sorted() == Array(0..<12))
        for entry in entries {
            #expect(entry.status == .ok)
            let bytes = try Data(contentsOf: out.appendingPathComponent(entry.outputs[0].path))
            #expect(Checksum.sha256(bytes) == entry.outputs[0].sha256)
        }
        #expect(try Oracle.qpdfCheck(out.appendingPathComponent("ticket-\(Fixtures.member(3)).pdf")).status == 0)
        #expect(!FileManager.default.fileExists(atPath: stray.path))
    }

    @Test("A damaged line that is not the last is an error naming the manifest line")
    func damagedMiddleLine() async throws {
        let scratch = try Scratch("batch-damaged")
        let data = try Fixtures.write(Fixtures.csv(count: 3), "members.csv", in: scratch)
        let out = scratch.file("out")
        let job = try Fixtures.job()
        _ = try await BatchRunner(job: job, input: BatchInput(path: data.path), folder: out).run(progress: .silent)
        let manifest = out.appendingPathComponent("manifest.jsonl")
        var lines = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[1] = "garbage"
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: manifest)
        let error = await #expect(throws: BatchError.self) {
            _ = try await BatchRunner(job: job, input: BatchInput(path: data.path), folder: out, resume: true)
                .run(progress: .silent)
        }
        #expect(error?.description.contains("manifest.jsonl line 2") == true)
    }

    @Test("A stop request finishes the records in flight and leaves a manifest of whole lines")
    func stopRequest() async throws {
        let scratch = try Scratch("batch-stop")
        let data = try Fixtures.write(Fixtures.csv(count: 40), "members.csv", in: scratch)
        let out = scratch.file("out")
        let stop = StopSignal()
        stop.request(SIGTERM)
        let summary = try await BatchRunner(job: try Fixtures.job(), input: BatchInput(path: data.path), folder: out)
            .run(stop: stop, progress: .silent)
        #expect(summary.interruptedBy == SIGTERM)
        #expect(summary.ok == 0)
        #expect(summary.description.contains("--resume"))
        let resumed = try await BatchRunner(
            job: try Fixtures.job(), input: BatchInput(path: data.path), folder: out,
            resume: true
        ).run(progress: .silent)
        #expect(resumed.ok == 40)
    }
}
