import Foundation
import TestSupport
import Testing

/// Issue 26's two silent losses through the command — a CRLF JSONL read as one record, a CRLF `--map-file` ignored
/// with exit 0 — and `--set-file` values, with LF, CRLF and CR line ends, mixed or not.
@Suite struct LineEndCommandTests {
    static let endings: [String: [String]] = [
        "LF": ["\n"], "CRLF": ["\r\n"], "CR": ["\r"], "mixed": ["\r\n", "\r", "\n"]
    ]

    /// `lines` joined with the line ends of `ending` in turn, each line ended.
    static func text(_ lines: [String], _ ending: String) throws -> String {
        let ends = try #require(endings[ending])
        return lines.enumerated().map { $1 + ends[$0 % ends.count] }.joined()
    }

    @Test("batch: a JSONL with a --map-file gives one document per line", arguments: ["LF", "CRLF", "CR", "mixed"])
    func jsonlAndMapFile(_ ending: String) throws {
        let scratch = try Scratch("cli-line-ends")
        let members = (1...3).map { "{\"会員番号\":\"GCG-\($0)\",\"券番号\":\"FN-\($0)\"}" }
        try Data(try Self.text(members, ending).utf8).write(to: scratch.file("m.jsonl"))
        try Data(try Self.text(["# renames", "会員番号=member", "券番号=ticket"], ending).utf8)
            .write(to: scratch.file("map.txt"))
        let result = try Oracle.run(
            Repo.mkpdf.path, ["batch", "--data", "m.jsonl", "--map-file", "map.txt", "--out", "out", "--jobs", "1"],
            directory: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("3 ok, 0 failed"), "\(result.stdout)")
        let entries = try BatchCommandTests.manifest(scratch.file("out/manifest.jsonl"))
        #expect(entries.map(\.index).sorted() == [0, 1, 2])
        #expect(Set(entries.flatMap(\.outputs.keys)) == ["ticket-GCG-1.pdf", "ticket-GCG-2.pdf", "ticket-GCG-3.pdf"])
        let text = try Oracle.pdftotext(scratch.file("out/ticket-GCG-2.pdf"))
        #expect(text.contains("GCG-2") && text.contains("FN-2"), "\(text)")
    }

    @Test(
        "ticket --set-file: the value's one trailing line end is dropped, whichever it is",
        arguments: endings.keys.sorted())
    func setFile(_ ending: String) throws {
        let scratch = try Scratch("cli-set-file-ends")
        try Data(try Self.text([Self.venue], ending).utf8).write(to: scratch.file("venue.txt"))
        let result = try Oracle.run(
            Repo.mkpdf.path,
            ["ticket", "--member", "GCG-1", "--ticket", "FN-1", "--set-file", "venue=venue.txt", "-o", "t.pdf"],
            directory: scratch.url)
        #expect(result.status == 0, "a CR left in the value is refused as a control character: \(result.stderr)")
        let text = try Oracle.pdftotext(scratch.file("t.pdf"))
        #expect(text.contains("\n\(Self.venue)\n"), "\(text)")
    }

    static let venue = "東京ドーム〜髙"
}
