import Batch
import Foundation
import Render
import Testing

@Suite("Manifest lines and names")
struct ManifestEntryTests {
    @Test("A line round-trips through JSONSerialization with quotes, backslashes, control characters and 𠮷 intact")
    func roundTrip() throws {
        let failure = RecordFailure(
            row: 9, member: "GCG-\"9\"", field: "venue", character: "𠮷",
            codePoint: "U+20BB7", reason: "back\\slash\ttab\u{1}")
        let entry = ManifestEntry(
            index: 8, row: 9, status: .failed, fields: ["member": "GCG-\"9\"", "ticket": "〜−‖"],
            failure: failure)
        let line = entry.jsonLine
        #expect(line.hasPrefix("{\"index\":8,\"row\":9,\"status\":\"failed\""))
        #expect(line.hasSuffix("}\n") && line.filter { $0 == "\n" }.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["character"] as? String == "𠮷")
        #expect((error["message"] as? String)?.contains("back\\slash\ttab\u{1}") == true)
        let parsed = try #require(ManifestEntry(jsonLine: line))
        #expect(parsed.fields == entry.fields && parsed.failure?.field == "venue" && parsed.status == .failed)
        // The message is the reason alone (row, member, field are keys of their own), so a failure read back from
        // the manifest prints its "row 9 (member …), field …" prefix once, not twice.
        #expect(error["message"] as? String == failure.reason)
        #expect(parsed.failure?.description == failure.description)
        #expect(ManifestEntry(jsonLine: String(line.prefix(30))) == nil)
    }

    @Test("File name patterns: fields filled, unsafe values and patterns refused with the field and the fix")
    func names() throws {
        let record = BatchRecord(index: 4, row: 5, fields: ["member": "GCG-1", "bad": "../x", "empty": ""])
        #expect(try OutputName("t-{{member}}-{{row}}-{{index}}").name(for: record) == "t-GCG-1-5-4")
        let unsafe = #expect(throws: RecordFailure.self) { try OutputName("{{bad}}").name(for: record) }
        #expect(unsafe?.field == "bad" && unsafe?.description.hasPrefix("row 5 (member GCG-1), field \"bad\"") == true)
        let empty = #expect(throws: RecordFailure.self) { try OutputName("{{empty}}").name(for: record) }
        #expect(empty?.description.contains("missing or empty") == true)
        for pattern in ["a/{{member}}", ".{{member}}", "{{member", "{{}}", ""] {
            #expect(throws: BatchError.self, "\(pattern)") { try OutputName(pattern) }
        }
        #expect(try OutputFormat.list("pdf, PNG") == [.pdf, .png])
        #expect(throws: BatchError.self) { try OutputFormat.list("pdf,pdf") }
        #expect(throws: BatchError.self) { try OutputFormat.list("svg") }
    }
}
