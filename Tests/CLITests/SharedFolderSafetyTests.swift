import Foundation
import TestSupport
import Testing

/// A batch's `--out` may hold what someone else put there: a link planted under an output's or the manifest's name
/// is never written through, and a full disk (here `ulimit -f`) ends the run with its summary and a manifest of whole
/// lines that `--resume` continues without repair.
@Suite struct SharedFolderSafetyTests {
    static func members(_ count: Int) -> Data {
        Data(
            ("member,ticket\n" + (0..<count).map { "GCG-\(10_000 + $0),FN-\($0)" }.joined(separator: "\n") + "\n").utf8)
    }

    @Test func aLinkPlantedInTheOutputFolderIsReplacedNotFollowed() throws {
        let scratch = try Scratch("out-links")
        try Self.members(3).write(to: scratch.file("members.csv"))
        let victim = scratch.file("victim.txt")
        try Data("keep me\n".utf8).write(to: victim)
        try FileManager.default.createDirectory(at: scratch.file("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.file("out/ticket-GCG-10001.pdf").path, withDestinationPath: victim.path)
        let run = try Oracle.run(
            Repo.mkpdf.path, ["batch", "--data", "members.csv", "--out", "out"], directory: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me\n", "the link's target is untouched")
        let planted = try FileManager.default.attributesOfItem(atPath: scratch.file("out/ticket-GCG-10001.pdf").path)
        #expect(planted[.type] as? FileAttributeType == .typeRegular, "the link was replaced by the ticket")
        #expect(try Oracle.qpdfCheck(scratch.file("out/ticket-GCG-10001.pdf")).status == 0)

        // A link under the manifest's name is refused with its reason; nothing is written through it.
        try FileManager.default.createDirectory(at: scratch.file("out2"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.file("out2/manifest.jsonl").path, withDestinationPath: victim.path)
        let refused = try Oracle.run(
            Repo.mkpdf.path, ["batch", "--data", "members.csv", "--out", "out2", "--resume"], directory: scratch.url)
        #expect(refused.status != 0 && refused.stderr.contains("symbolic link"), "\(refused.stderr)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me\n")
    }

    @Test func aFullDiskEndsTheRunWithItsSummaryAndAWholeManifest() throws {
        let scratch = try Scratch("out-full")
        try Self.members(120).write(to: scratch.file("members.csv"))
        // ulimit -f counts 1024-byte blocks: a ticket (≈ 13 KB) fits, the manifest reaches the limit part-way.
        let script = "ulimit -f 16; exec \"$0\" batch --data members.csv --out out --jobs 1"
        let run = try Oracle.run("bash", ["-c", script, Repo.mkpdf.path], directory: scratch.url)
        #expect(run.status == 2, "an I/O problem: stdout: \(run.stdout) stderr: \(run.stderr.suffix(400))")
        #expect(run.stdout.contains(" ok, ") && run.stdout.contains("stopped:"), "the summary: \(run.stdout)")
        #expect(run.stderr.contains("manifest.jsonl"), "the error names the manifest: \(run.stderr.suffix(400))")
        let manifest = try Data(contentsOf: scratch.file("out/manifest.jsonl"))
        #expect(manifest.count <= 16 * 1024 && manifest.last == UInt8(ascii: "\n"), "ends with a whole line")
        let lines = String(decoding: manifest, as: UTF8.self).split(separator: "\n")
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["status"] as? String == "ok", "\(line)")
        }
        #expect(lines.count > 10 && lines.count < 120)
        let resumed = try Oracle.run(
            Repo.mkpdf.path, ["batch", "--data", "members.csv", "--out", "out", "--resume"], directory: scratch.url)
        #expect(resumed.status == 0, "\(resumed.stderr.suffix(300))")
        #expect(
            resumed.stdout.contains("\(120 - lines.count) ok, 0 failed, \(lines.count) skipped"), "\(resumed.stdout)")
    }

    @Test func renderWritesThroughALinkItIsGivenUnlessToldNotTo() throws {
        let scratch = try Scratch("render-links")
        let target = scratch.file("target.pdf")
        try Data("old\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(
            atPath: scratch.file("link.pdf").path, withDestinationPath: target.path)
        let template = Repo.root.appendingPathComponent("Templates/receipt.yaml").path
        let through = try Oracle.run(Repo.mkpdf.path, ["render", template, "-o", "link.pdf"], directory: scratch.url)
        #expect(through.status == 0, "\(through.stderr)")
        #expect(try Oracle.qpdfCheck(target).status == 0, "the documented default writes through the link")
        try Data("old\n".utf8).write(to: target)
        let replaced = try Oracle.run(
            Repo.mkpdf.path, ["render", template, "-o", "link.pdf", "--no-follow"], directory: scratch.url)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "old\n", "--no-follow leaves the target alone")
        let link = try FileManager.default.attributesOfItem(atPath: scratch.file("link.pdf").path)
        #expect(link[.type] as? FileAttributeType == .typeRegular)
    }
}
