import Documents
import Foundation
import Testing

/// Sizes and paddings from callers are checked before layout divides by them: a typed error, never a crash.
@Suite struct ReportNumberTests {
    @Test(
        "a table size or padding that is not a usable number is an error naming it",
        arguments: [(0.0, 4.0), (-3.0, 4.0), (Double.nan, 4.0), (Double.infinity, 4.0), (10.0, -1.0), (10.0, .nan)])
    func unusableTableNumbers(size: Double, padding: Double) {
        let report = Report(template: PageTemplate()) {
            Table(columns: [TableColumn("会員番号")], rows: [["GCG-40167"]], size: size, padding: padding)
        }
        #expect {
            _ = try report.layout()
        } throws: { error in
            guard case .invalidNumber(let what, _, _)? = error as? ReportError else { return false }
            return what.contains("font size") || what.contains("padding")
        }
    }

    @Test func unusableParagraphSizeIsAnError() {
        let report = Report(template: PageTemplate()) { Paragraph("髙橋様", size: .nan) }
        #expect {
            _ = try report.layout()
        } throws: { error in
            "\(error)".contains("must be from 0 (exclusive) to 1000 pt")
        }
    }
}
