import Batch
import Documents
import Foundation
import TestSupport
import Testing

/// JSONL records read as RFC 8259 says: a key written twice is an error naming both places, every valid number is
/// read exactly (or refused naming it), and a line longer than its budget fails its record without being held.
@Suite struct JSONLineTests {
    /// The records of `text` as a JSONL file, read with `limits`.
    static func records(_ text: String, limits: Limits = Limits()) throws -> [BatchRecord] {
        let scratch = try Scratch("jsonl")
        let url = scratch.file("records.jsonl")
        try Data(text.utf8).write(to: url)
        var input = BatchInput(path: url.path)
        input.limits = limits
        let reader = try RecordReader(input)
        var records: [BatchRecord] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    @Test func aKeyWrittenTwiceIsAnErrorNamingBothPlaces() throws {
        let records = try Self.records(
            "{\"member\": \"GCG-1\"}\n{\"member\": \"GCG-2\", \"venue\": \"東京\", \"member\": \"GCG-3\"}\n")
        #expect(records[0].problem == nil && records[0].fields["member"] == "GCG-1")
        let problem = try #require(records[1].problem)
        #expect(problem.row == 2)
        #expect(
            problem.reason.contains("the key \"member\" is written twice, at column 2 and at column 36"), "\(problem)")
        #expect(records[1].fields.isEmpty)
    }

    @Test func everyValidNumberIsReadExactlyOrRefusedNamingIt() throws {
        let records = try Self.records(
            """
            {"a": 1e400, "b": 1.5e3, "c": 2E-3, "d": -0.0, "e": 12345678901234567890123, "f": 1.50, "g": 0e99999999}
            {"a": 1e-400}
            """)
        let first = try #require(records.first)
        let problem = try #require(first.problem)
        #expect(problem.field == "a" && problem.reason.contains("the number 1e400"), "\(problem)")
        #expect(first.fields["b"] == "1500" && first.fields["c"] == "0.002" && first.fields["d"] == "-0.0")
        #expect(first.fields["e"] == "12345678901234567890123" && first.fields["f"] == "1.50")
        #expect(first.fields["g"] == "0")
        #expect(records[1].problem?.reason.contains("1e-400") == true)
    }

    @Test(arguments: [
        ("{\"a\": 01}", "may not start with 0"), ("{\"a\": 1.}", "digit after \".\""), ("{\"a\": \"x\" ", "expected"),
        ("{\"a\": tru}", "expected a value"), ("{\"a\": \"\\q\"}", "not a JSON escape"),
        ("{\"a\": 1} 2", "text follows"),
        ("{\"a\": \"\\uD800\"}", "half of a surrogate pair"), ("{'a': 1}", "key in double quotes")
    ])
    func invalidJSONIsRefusedWithItsColumn(_ line: String, _ expected: String) throws {
        let problem = try #require(try Self.records(line + "\n").first?.problem)
        #expect(problem.reason.contains(expected) && problem.reason.contains("column"), "\(problem)")
    }

    @Test func escapesAndNestingAreRead() throws {
        let record = try #require(
            try Self.records(#"{"a": "\u00e9\ud83d\ude00\n", "b": true, "c": null, "d": [[{"x": [1]}]]}"# + "\n").first)
        #expect(record.fields["a"] == "é😀\n")
        #expect(record.literals == ["b": "true", "c": "null"])
        #expect(record.problem == nil)
        let inner = TemplateValue.record(TemplateRecord([("x", .list([.number(1)]))]))
        #expect(record.data["d"] == .list([.list([inner])]), "arrays and objects are kept as lists and records")
        let twice = try #require(try Self.records(#"{"d": [{"x": 1, "x": 2}]}"# + "\n").first?.problem)
        #expect(twice.reason.contains("written twice"), "a key written twice is refused at any depth: \(twice)")
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let nested = try #require(try Self.records("{\"a\": \(deep)}\n").first?.problem)
        #expect(nested.reason.contains("deeper than 64"), "\(nested)")
    }

    @Test func aLineOverItsBudgetFailsItsRecordAndTheNextIsRead() throws {
        var limits = Limits()
        limits.jsonLineBytes = 1_000
        let long = "{\"member\": \"" + String(repeating: "x", count: 200_000) + "\"}"
        let records = try Self.records(long + "\n{\"member\": \"GCG-2\"}\n", limits: limits)
        #expect(records.count == 2)
        let problem = try #require(records[0].problem)
        #expect(problem.reason.contains("json-line-bytes") && problem.reason.contains("200014 bytes"), "\(problem)")
        #expect(records[1].problem == nil && records[1].fields["member"] == "GCG-2" && records[1].row == 2)
    }

    @Test func aBatchReportsTheDuplicateKeyRatherThanTheNameItCannotFill() async throws {
        let scratch = try Scratch("jsonl-batch")
        let good = "{\"member\": \"\(Fixtures.member(1))\", \"ticket\": \"FN-1-1\", \"venue\": \"東京\"}"
        let twice = "{\"member\": \"\(Fixtures.member(2))\", \"ticket\": \"FN-1-2\", \"member\": \"GCG-99999\"}"
        let data = try Fixtures.write(good + "\n" + twice + "\n", "members.jsonl", in: scratch)
        let out = scratch.file("out")
        let summary = try await BatchRunner(
            job: try Fixtures.job(), input: BatchInput(path: data.path), folder: out, jobs: 1
        ).run(progress: .silent)
        #expect(summary.ok == 1 && summary.failed == 1)
        let failed = try #require(
            try Fixtures.entries(out.appendingPathComponent("manifest.jsonl")).first { $0.status == .failed })
        #expect(failed.row == 2)
        #expect(failed.failure?.description.contains("\"member\" is written twice") == true, "\(failed)")
    }

    @Test func crlfLinesAreSplit() throws {
        let records = try Self.records("{\"member\": \"GCG-1\"}\r\n{\"member\": \"GCG-2\"}\r\n")
        #expect(records.map { $0.fields["member"] } == ["GCG-1", "GCG-2"])
    }
}
