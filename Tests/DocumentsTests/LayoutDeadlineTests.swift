import Documents
import DrawingModule
import Foundation
import Testing

/// A report's deadline holds while its blocks are prepared, before any is placed (issue 47): every table row's cells
/// are broken into lines, and markup cells and paragraphs set, in one pass. Each construct stops within the deadline
/// and a second with `ReportError.limit` naming `job-seconds`, as `JobTimeLimitConstructTests` requires of the
/// command line (where table markup cannot be reached: only the library's `Table(markup:)` sets it).
@Suite(.serialized) struct LayoutDeadlineTests {
    /// Lays out `report` under a deadline of one second; the error it ended with and how long it took.
    static func layOut(_ report: Report) -> (error: ReportError?, elapsed: Duration) {
        var report = report
        report.deadline = Deadline(seconds: 1)
        let clock = ContinuousClock()
        let start = clock.now
        do {
            _ = try report.layout()
            return (nil, clock.now - start)
        } catch {
            return (error, clock.now - start)
        }
    }

    /// The end every construct must come to: the deadline's own error, within the limit and a second.
    static func expectStopped(_ ended: (error: ReportError?, elapsed: Duration), _ construct: Comment) throws {
        print("deadline 1 s, \(construct) → \(ended.elapsed)")
        let error = try #require(ended.error, "\(construct): laid out in \(ended.elapsed) without stopping")
        guard case .limit(let limit) = error else {
            Issue.record("\(construct): not the deadline's error: \(error)")
            return
        }
        #expect(limit.limit == "job-seconds", "\(construct): \(limit)")
        #expect(ended.elapsed < .seconds(2), "\(construct): stopped within the deadline + 1 s: \(ended.elapsed)")
    }

    @Test func aTableOfMarkupCells() throws {
        let rows = (0..<20_000).map { index in
            TableRow(["**\(index)** 東京国際展示場", "<u>西ホール</u> 特設会場 **\(index % 7)**"])
        }
        let table = Table(
            columns: [TableColumn("番号"), TableColumn("会場", width: .fraction(1))], rows: rows, markup: true)
        try Self.expectStopped(Self.layOut(Report { table }), "a table of 20,000 rows of markup cells")
    }

    @Test func aTableOfManyPlainCells() throws {
        // Measuring each fitted column and breaking every cell, before the first row is placed.
        let rows = (0..<400_000).map { index in TableRow(["\(index)", "東京国際展示場 西ホール \(index)"]) }
        let table = Table(columns: [TableColumn("番号"), TableColumn("会場")], rows: rows)
        try Self.expectStopped(Self.layOut(Report { table }), "a table of 400,000 plain rows")
    }

    @Test func oneMarkupParagraphOfManyRuns() throws {
        let text = Array(repeating: "**東京国際展示場** 西ホール <u>特設会場</u>", count: 20_000).joined(separator: " ")
        try Self.expectStopped(
            Self.layOut(Report { Paragraph(text, markup: true) }), "one markup paragraph of 40,000 runs")
    }
}
