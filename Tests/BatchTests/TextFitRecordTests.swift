import Batch
import Foundation
import TestSupport
import Testing

@Suite("Text that does not fit")
struct TextFitRecordTests {
    @Test("A venue too long for its box even shrunk and wrapped fails its record, naming row, member and field")
    func venueTooLong() async throws {
        let scratch = try Scratch("batch-text-fit")
        let long = String(repeating: "会場〜東京−‖①髙ﾊﾝｶｸ（株）国際展示場西ホール特設会場", count: 4)
        let csv =
            "member,ticket,venue,email\n"
            + "\(Fixtures.member(0)),FN-1-0,東京ドーム,m@example.com\n"
            + "\(Fixtures.member(1)),ABCDEFGHIJ-0123456789-KLMNOPQRST,\(long),m@example.com\n"
            + "\(Fixtures.member(2)),FN-1-2,会場〜東京−‖①髙ﾊﾝｶｸ（株）国際展示場西ホール特設会場アネックス棟三階大会議,m@example.com\n"
        let data = try Fixtures.write(csv, "members.csv", in: scratch)
        let out = scratch.file("out")
        let summary = try await BatchRunner(
            job: try Fixtures.job(), input: BatchInput(path: data.path), folder: out,
            jobs: 1
        ).run(progress: .silent)
        #expect(summary.ok == 2 && summary.failed == 1)
        let failed = try Fixtures.entries(out.appendingPathComponent("manifest.jsonl")).filter { $0.status == .failed }
        let failure = try #require(failed.first?.failure)
        #expect(failure.field == "venue" && failure.member == Fixtures.member(1))
        #expect(
            failure.description.hasPrefix("row 2 (member \(Fixtures.member(1))), field \"venue\""),
            "\(failure.description)")
        #expect(failure.description.contains("too tall") || failure.description.contains("too wide"))
        #expect(
            !FileManager.default.fileExists(atPath: out.appendingPathComponent("ticket-\(Fixtures.member(1)).pdf").path)
        )
    }
}
