import Batch
import Documents
import Foundation
import TestSupport
import Testing

/// `--group-by` over an unsorted input past its memory budget sorts through temporary files: the same groups, in the
/// same order, with the same rows, fields, data and problems as grouping in memory — and no file left behind (one
/// test at a time, as a run's file exists by name for the moment between its creation and its unlinking).
@Suite(.serialized) struct GroupSpillTests {
    /// The groups of `url` read with `--group-by number` and a budget of `bytes`, and the reader's note.
    static func groups(_ url: URL, bytes: Int) throws -> (groups: [BatchRecord], note: String?) {
        var input = BatchInput(path: url.path)
        input.groupBy = "number"
        input.groupBytes = bytes
        let reader = try RecordReader(input)
        var groups: [BatchRecord] = []
        while let group = try reader.next() { groups.append(group) }
        return (groups, reader.note)
    }

    /// Files named like the grouping's temporary files in the temporary folder.
    static func spillFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)
            .filter { $0.hasPrefix("mkpdf-group-") }
    }

    @Test func anUnsortedCSVPastItsBudgetGroupsAsInMemory() throws {
        let scratch = try Scratch("group-spill")
        var lines = ["number,name,price,qty"]
        // 300 lines of 40 invoices, each invoice's lines scattered through the file; one row short of a field.
        for index in 0..<300 {
            let number = (index * 7) % 40
            lines.append(index == 123 ? "INV-\(number),短い行" : "INV-\(number),品物\(index),\(index * 10),\(index % 5)")
        }
        let url = scratch.file("lines.csv")
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        let before = try Self.spillFiles()
        let memory = try Self.groups(url, bytes: 1 << 30)
        let spilled = try Self.groups(url, bytes: 2_000)
        #expect(memory.note?.contains("holds all 300 records") == true, "\(String(describing: memory.note))")
        #expect(
            spilled.note?.contains("sorted its 300 records") == true
                && spilled.note?.contains("through temporary files") == true,
            "\(String(describing: spilled.note))")
        #expect(memory.groups.count == 40)
        #expect(spilled.groups == memory.groups)
        #expect(spilled.groups.map(\.fields["number"]) == (0..<40).map { "INV-\(($0 * 7) % 40)" }.uniqued())
        let failed = try #require(spilled.groups.first { $0.problem != nil })
        #expect(failed.problem?.reason.contains("the row has 2 fields where the header has 4") == true)
        #expect(try Self.spillFiles() == before, "the runs are unlinked as soon as they are made")
    }

    @Test func groupingALongUnsortedInputReportsTheRecordsReadAsItGoes() throws {
        let scratch = try Scratch("group-progress")
        let count = 2 * RecordReader.groupingProgressEvery + 1
        var text = "number,name\n"
        text.reserveCapacity(count * 16)
        for index in 0..<count { text += "N\((index * 7) % 97),\(index)\n" }
        let url = scratch.file("long.csv")
        try text.write(to: url, atomically: true, encoding: .utf8)
        var input = BatchInput(path: url.path)
        input.groupBy = "number"
        var reported: [Int] = []
        let reader = try RecordReader(input) { reported.append($0) }
        #expect(reported == [RecordReader.groupingProgressEvery, 2 * RecordReader.groupingProgressEvery])
        var groups = 0
        while try reader.next() != nil { groups += 1 }
        #expect(groups == 97)
    }

    @Test func aJSONLInputKeepsItsNestedDataAndLiteralsThroughTheRuns() throws {
        let scratch = try Scratch("group-spill-jsonl")
        var lines: [String] = []
        for index in 0..<120 {
            lines.append(
                #"{"number": "N-\#(index % 9)", "paid": \#(index % 2 == 0 ? "true" : "null"), "#
                    + #""items": [{"price": 12.50, "tags": ["a", "髙"]}, \#(index)], "note": "行\#(index)"}"#)
        }
        let url = scratch.file("lines.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        let memory = try Self.groups(url, bytes: 1 << 30)
        let spilled = try Self.groups(url, bytes: 1_000)
        #expect(spilled.note?.contains("through temporary files") == true)
        #expect(spilled.groups == memory.groups)
        #expect(spilled.groups.count == 9)
    }
}

extension Array where Element: Hashable {
    /// The elements without repeats, in order of first appearance.
    fileprivate func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}

@Suite struct GroupBudgetDefaultTests {
    @Test func theDefaultBudgetIsSixtyFourMegabytes() {
        #expect(BatchInput(path: "x.csv").groupBytes == 64 << 20)
    }
}
