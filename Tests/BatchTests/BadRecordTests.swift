import Batch
import Foundation
import TestSupport
import Testing

@Suite("Bad records")
struct BadRecordTests {
    /// Ten rows; row 3 has a bad member number, row 5 an emoji no font has in the venue (after 𠮷, which gothic's fallback has), row 8 lacks its last fields.
    static let csv = {
        var rows = (0..<10).map { "\(Fixtures.member($0)),FN-1-\($0),東京ドーム,m@example.com" }
        rows[2] = "GCG 40/167,FN-1-2,東京ドーム,m@example.com"
        rows[4] = "\(Fixtures.member(4)),FN-1-4,𠮷野家😀ホール,m@example.com"
        rows[7] = "\(Fixtures.member(7)),FN-1-7"
        return "member,ticket,venue,email\n" + rows.joined(separator: "\n") + "\n"
    }()

    @Test("Each bad record is reported with its row, member, field and character; the rest succeed")
    func reportedWithContext() async throws {
        let scratch = try Scratch("batch-bad")
        let data = try Fixtures.write(Self.csv, "members.csv", in: scratch)
        let out = scratch.file("out")
        let notes = Notes()
        let summary = try await BatchRunner(
            job: try Fixtures.job(), input: BatchInput(path: data.path), folder: out,
            jobs: 2
        ).run(progress: .silent, note: notes.add)
        #expect(summary.ok == 7 && summary.failed == 3)
        let entries = try Fixtures.entries(out.appendingPathComponent("manifest.jsonl"))
        let failed = Dictionary(uniqueKeysWithValues: entries.filter { $0.status == .failed }.map { ($0.row, $0) })
        #expect(failed.keys.sorted() == [3, 5, 8])

        let badMember = try #require(failed[3]?.failure)
        #expect(badMember.field == "member" && badMember.member == "GCG 40/167")
        #expect(badMember.description.hasPrefix("row 3 (member GCG 40/167), field \"member\""))

        let glyph = try #require(failed[5]?.failure)
        #expect(glyph.field == "venue" && glyph.character == "😀" && glyph.codePoint == "U+1F600")
        #expect(glyph.member == Fixtures.member(4))
        #expect(glyph.description.contains("row 5 (member \(Fixtures.member(4))), field \"venue\", character \"😀\""))

        let short = try #require(failed[8]?.failure)
        #expect(short.field == "venue" && short.description.contains("2 fields where the header has 4"))

        for entry in entries where entry.status == .ok {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(entry.outputs[0].path).path))
        }
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("ticket-GCG-10004.pdf").path))
        #expect(notes.lines.filter { $0.hasPrefix("failed: row ") }.count == 3)
        let manifestText = try String(contentsOf: out.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
        #expect(manifestText.contains("\"character\":\"😀\",\"codePoint\":\"U+1F600\""))
    }

    @Test("A JSONL record without a member is refused (the template's default would be printed), naming the field")
    func missingMemberKey() async throws {
        let scratch = try Scratch("batch-missing-member")
        let text = "{\"member\": \"GCG-1\", \"ticket\": \"FN-1\"}\n{\"ticket\": \"FN-2\"}\n[1]\n"
        let data = try Fixtures.write(text, "members.jsonl", in: scratch)
        let out = scratch.file("out")
        let summary = try await BatchRunner(
            job: try Fixtures.job(name: "t-{{row}}"), input: BatchInput(path: data.path),
            folder: out, jobs: 1
        ).run(progress: .silent)
        #expect(summary.ok == 1 && summary.failed == 2)
        let failed = try Fixtures.entries(out.appendingPathComponent("manifest.jsonl")).filter { $0.status == .failed }
        #expect(failed.map(\.row) == [2, 3])
        #expect(failed[0].failure?.field == "member")
        #expect(failed[1].failure?.description.contains("not an object") == true)
    }

    @Test("--fail-fast stops at the first failure: nothing after it is rendered (one job)")
    func failFast() async throws {
        let scratch = try Scratch("batch-fail-fast")
        let data = try Fixtures.write(Self.csv, "members.csv", in: scratch)
        let out = scratch.file("out")
        let summary = try await BatchRunner(
            job: try Fixtures.job(), input: BatchInput(path: data.path), folder: out,
            jobs: 1, failFast: true
        ).run(progress: .silent)
        #expect(summary.stoppedAtFirstFailure)
        #expect(summary.ok == 2 && summary.failed == 1)
        let entries = try Fixtures.entries(out.appendingPathComponent("manifest.jsonl"))
        #expect(entries.map(\.row) == [1, 2, 3])
        #expect(summary.description.contains("--fail-fast"))
    }

    @Test("Two records with the same file name: the second fails naming the first's row, nothing is overwritten")
    func duplicateNames() async throws {
        let scratch = try Scratch("batch-duplicate")
        let text = "member,ticket\nGCG-1,FN-1\nGCG-1,FN-2\n"
        let data = try Fixtures.write(text, "members.csv", in: scratch)
        let out = scratch.file("out")
        let summary = try await BatchRunner(
            job: try Fixtures.job(), input: BatchInput(path: data.path), folder: out,
            jobs: 1
        ).run(progress: .silent)
        #expect(summary.ok == 1 && summary.failed == 1)
        let failed = try Fixtures.entries(out.appendingPathComponent("manifest.jsonl")).first { $0.status == .failed }
        #expect(failed?.failure?.description.contains("already used by row 1") == true)
    }
}

/// Collects `note` lines from a run.
final class Notes: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    /// Adds a line.
    func add(_ line: String) {
        lock.lock()
        stored.append(line)
        lock.unlock()
    }

    /// The lines so far.
    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
