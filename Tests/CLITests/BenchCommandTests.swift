import Foundation
import TestSupport
import Testing

/// `mkpdf-bench ticket`: prints one line in the anchors' format and leaves one valid PDF per ticket.
@Suite struct BenchCommandTests {
    /// The `mkpdf-bench` executable SwiftPM built beside `mkpdf`.
    static var bench: URL {
        Repo.mkpdf.deletingLastPathComponent().appendingPathComponent("mkpdf-bench")
    }

    @Test func cidRunPrintsTheAnchorLineAndWritesValidPDFs() throws {
        let scratch = try Scratch("cli-bench")
        let out = scratch.file("tmp")
        let result = try Oracle.run(Self.bench.path, ["ticket", "--count", "3", "--mode", "cid", "--out", out.path])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first.map(String.init))
        let format = /mkpdf cid: 3 tickets in \d+\.\d{3}s = \d+ tickets\/s, avg (\d+) bytes/
        let match = try #require(line.wholeMatch(of: format), "line: \(line)")
        #expect(Int(match.1)! > 1_000, "a ticket PDF is some kilobytes: \(line)")

        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files == ["ticket-00000.pdf", "ticket-00001.pdf", "ticket-00002.pdf"])
        for file in files {
            #expect(try Oracle.qpdfCheck(out.appendingPathComponent(file)).status == 0, "\(file)")
        }
        let text = try Oracle.pdftotext(out.appendingPathComponent("ticket-00002.pdf"))
        #expect(text.contains("GCG-00002") && !text.contains("00001"), "member numbers vary per ticket: \(text)")
        #expect(
            text.contains("整理番号:") && text.contains("日付:"),
            "the benchmark draws the anchors' ticket (Templates/anchor-ticket.yaml): \(text)")
    }

    /// `--cold` empties every cache before each ticket: the same bytes as a warm run (nothing a cache holds changes
    /// the output), and its own line so scripts/bench can tell the two apart.
    @Test func coldRunWritesTheSameBytesAsAWarmRun() throws {
        let scratch = try Scratch("cli-bench-cold")
        let cold = scratch.file("cold")
        let warm = scratch.file("warm")
        let coldRun = try Oracle.run(Self.bench.path, ["ticket", "--count", "3", "--cold", "--out", cold.path])
        #expect(coldRun.status == 0, "stderr: \(coldRun.stderr)")
        #expect(coldRun.stdout.hasPrefix("mkpdf embedded cold: 3 tickets in "), "line: \(coldRun.stdout)")
        let warmRun = try Oracle.run(Self.bench.path, ["ticket", "--count", "3", "--out", warm.path])
        #expect(warmRun.stdout.hasPrefix("mkpdf embedded: 3 tickets in "), "line: \(warmRun.stdout)")
        for name in ["ticket-00000.pdf", "ticket-00001.pdf", "ticket-00002.pdf"] {
            let coldBytes = try Data(contentsOf: cold.appendingPathComponent(name))
            #expect(coldBytes.count > 1_000)
            #expect(coldBytes == (try Data(contentsOf: warm.appendingPathComponent(name))), "\(name)")
        }
    }

    @Test func aCountOfZeroIsRefused() throws {
        let scratch = try Scratch("cli-bench-zero")
        let result = try Oracle.run(Self.bench.path, ["ticket", "--count", "0", "--out", scratch.file("t").path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--count 0"), "stderr: \(result.stderr)")
        #expect(try scratch.contents().isEmpty)
    }
}
