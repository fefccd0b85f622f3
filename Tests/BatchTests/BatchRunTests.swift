import Batch
import Foundation
import Render
import TestSupport
import Testing

@Suite("Batch runs")
struct BatchRunTests {
    @Test("300 records, 2 jobs: every PDF present, its sha256 as in the manifest, a sample passes qpdf --check")
    func threeHundred() async throws {
        let scratch = try Scratch("batch-300")
        let data = try Fixtures.write(Fixtures.csv(count: 300), "members.csv", in: scratch)
        let out = scratch.file("out")
        let runner = BatchRunner(job: try Fixtures.job(), input: BatchInput(path: data.path), folder: out, jobs: 2)
        let summary = try await runner.run(progress: .silent)
        #expect(summary.ok == 300 && summary.failed == 0 && summary.skipped == 0)
        let entries = try Fixtures.entries(out.appendingPathComponent("manifest.jsonl"))
        #expect(entries.count == 300)
        #expect(Set(entries.map(\.index)) == Set(0..<300))
        for entry in entries {
            #expect(entry.status == .ok)
            #expect(entry.fields["member"] == Fixtures.member(entry.index))
            #expect(entry.row == entry.index + 1)
            let output = try #require(entry.outputs.first)
            #expect(output.path == "ticket-\(Fixtures.member(entry.index)).pdf")
            let bytes = try Data(contentsOf: out.appendingPathComponent(output.path))
            #expect(bytes.count == output.bytes && Checksum.sha256(bytes) == output.sha256, "\(output.path)")
        }
        for index in [0, 149, 299] {
            let pdf = out.appendingPathComponent("ticket-\(Fixtures.member(index)).pdf")
            #expect(try Oracle.qpdfCheck(pdf).status == 0)
            #expect(try Oracle.pdftotext(pdf).contains(Fixtures.member(index)))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(names.count == 301)
        #expect(!names.contains { $0.hasPrefix(OutputFolder.temporaryPrefix) })
    }

    @Test("PDF and PNG per record from JSONL, named by --name with {{row}}")
    func jsonlBothFormats() async throws {
        let scratch = try Scratch("batch-jsonl")
        let lines = (0..<4).map { "{\"member\": \"\(Fixtures.member($0))\", \"ticket\": \"FN-1-\($0)\", \"seat\": 12}" }
        let data = try Fixtures.write(lines.joined(separator: "\n") + "\n\n", "members.jsonl", in: scratch)
        let out = scratch.file("out")
        let job = try Fixtures.job(formats: [.pdf, .png], name: "{{member}}-{{row}}")
        let summary = try await BatchRunner(job: job, input: BatchInput(path: data.path), folder: out, jobs: 2)
            .run(progress: .silent)
        #expect(summary.ok == 4)
        let entries = try Fixtures.entries(out.appendingPathComponent("manifest.jsonl"))
        for entry in entries {
            #expect(
                entry.outputs.map(\.path) == [
                    "\(Fixtures.member(entry.index))-\(entry.row).pdf",
                    "\(Fixtures.member(entry.index))-\(entry.row).png"
                ])
        }
        let png = try Data(contentsOf: out.appendingPathComponent("\(Fixtures.member(0))-1.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("An existing manifest is refused without --resume, naming the file and the fix")
    func existingManifest() async throws {
        let scratch = try Scratch("batch-exists")
        let data = try Fixtures.write(Fixtures.csv(count: 2), "members.csv", in: scratch)
        let runner = BatchRunner(
            job: try Fixtures.job(), input: BatchInput(path: data.path),
            folder: scratch.file("out"), jobs: 1)
        _ = try await runner.run(progress: .silent)
        let error = await #expect(throws: BatchError.self) { _ = try await runner.run(progress: .silent) }
        #expect(error?.description.contains("manifest.jsonl already exists") == true)
        #expect(error?.description.contains("--resume") == true)
    }

    @Test("A missing data file is an error naming it")
    func missingData() async throws {
        let scratch = try Scratch("batch-missing")
        let runner = BatchRunner(
            job: try Fixtures.job(), input: BatchInput(path: scratch.file("nope.csv").path),
            folder: scratch.file("out"))
        let error = await #expect(throws: BatchError.self) { _ = try await runner.run(progress: .silent) }
        #expect(error?.description.contains("nope.csv") == true)
        #expect(error?.description.contains("no such file") == true)
    }
}
