import Batch
import Documents
import Foundation
import Support
import TestSupport
import Testing

/// CSV, JSONL and `--map-file` read with LF, CRLF and CR line ends, mixed or not: the same records, fields without a
/// stray CR, and rows numbered by their line.
@Suite("Line ends")
struct LineEndTests {
    /// The records of `text` saved as `name`, read through `RecordReader` as `mkpdf batch` reads them.
    static func records(_ text: String, _ name: String, map: [String: String] = [:]) throws -> [BatchRecord] {
        let scratch = try Scratch("line-ends")
        let url = try Fixtures.write(text, name, in: scratch)
        let reader = try RecordReader(BatchInput(path: url.path, columnMap: map))
        var records: [BatchRecord] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    static let endings: [(name: String, ends: [String])] = [
        ("LF", ["\n"]), ("CRLF", ["\r\n"]), ("CR", ["\r"]), ("mixed", ["\r\n", "\n", "\r"])
    ]

    @Test("CSV: three records whatever the line ends, no CR left in a field", arguments: endings.map(\.name))
    func csv(_ ending: String) throws {
        let ends = try #require(Self.endings.first { $0.name == ending }).ends
        let lines = ["member,ticket", "GCG-1,FN-1", "GCG-2,FN-2", "GCG-3,FN-3"]
        let text = lines.enumerated().map { $1 + ends[$0 % ends.count] }.joined()
        let records = try Self.records(text, "m.csv")
        #expect(records.map { $0.fields["member"] } == ["GCG-1", "GCG-2", "GCG-3"])
        #expect(records.map { $0.fields["ticket"] } == ["FN-1", "FN-2", "FN-3"])
        #expect(records.allSatisfy { $0.problem == nil })
    }

    @Test("JSONL: three records numbered by line whatever the line ends", arguments: endings.map(\.name))
    func jsonl(_ ending: String) throws {
        let ends = try #require(Self.endings.first { $0.name == ending }).ends
        let lines = [
            #"{"member":"GCG-1","ticket":"FN-1"}"#, "", #"{"member":"GCG-2","ticket":"FN-2"}"#,
            "{\"member\":\"GCG-3\",\"ticket\":\"FN-\u{2028} 3\"}"
        ]
        let text = lines.enumerated().map { $1 + ends[$0 % ends.count] }.joined()
        let records = try Self.records(text, "m.jsonl")
        #expect(records.map { $0.fields["member"] } == ["GCG-1", "GCG-2", "GCG-3"])
        #expect(records.map(\.row) == [1, 3, 4])
        #expect(
            records.last?.fields["ticket"] == "FN-\u{2028} 3",
            "U+2028 inside a JSON string is a character, not a line end")
        #expect(records.allSatisfy { $0.problem == nil })
    }

    @Test("JSONL: a CRLF split between two 64 KiB reads is one line end, so later rows keep their numbers")
    func jsonlCRLFAcrossReads() throws {
        let first = #"{"member":"GCG-1","ticket":"FN-1","pad":""#
        let close = #""}"#
        let padding = InputTextStream.prefixSize - 1 - first.utf8.count - close.utf8.count
        let line = first + String(repeating: "x", count: padding) + close
        #expect(line.utf8.count + 1 == InputTextStream.prefixSize, "the CR is the last byte of the first read")
        let text =
            line + "\r\n" + #"{"member":"GCG-2","ticket":"FN-2"}"# + "\r\n"
            + #"{"member":"GCG-3","ticket":"FN-3"}"# + "\r\n"
        let records = try Self.records(text, "m.jsonl")
        #expect(records.map { $0.fields["member"] } == ["GCG-1", "GCG-2", "GCG-3"])
        #expect(records.map(\.row) == [1, 2, 3])
        #expect(records.allSatisfy { $0.problem == nil })
    }

    @Test("--map-file: every rename is read whatever the line ends", arguments: endings.map(\.name))
    func mapFile(_ ending: String) throws {
        let ends = try #require(Self.endings.first { $0.name == ending }).ends
        let scratch = try Scratch("line-ends-map")
        let lines = ["# renames", "会員番号=member", "", "券番号 = ticket"]
        let text = lines.enumerated().map { $1 + ends[$0 % ends.count] }.joined()
        let file = try Fixtures.write(text, "map.txt", in: scratch)
        let map = try BatchInput.columnMap([], files: [file.path])
        #expect(map == ["会員番号": "member", "券番号": "ticket"])
        let records = try Self.records("会員番号,券番号\r\nGCG-1,FN-1\r\n", "m.csv", map: map)
        #expect(records.first?.fields == ["member": "GCG-1", "ticket": "FN-1"])
    }

    @Test("LineEnds splits at LF, CRLF and CR only and normalises them to LF")
    func lineEnds() {
        #expect(LineEnds.lines("a\r\nb\rc\nd\u{2028}e\u{85}f").map(String.init) == ["a", "b", "c", "d\u{2028}e\u{85}f"])
        #expect(LineEnds.lines("a\n").map(String.init) == ["a", ""])
        #expect(LineEnds.normalized("一\r\n二\r三\n") == "一\n二\n三\n")
    }
}
