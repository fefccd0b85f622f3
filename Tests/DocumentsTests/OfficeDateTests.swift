import Documents
import Foundation
import Testing

/// Dates as offices write them reach `wareki` and `date`: Excel's default `2025/11/8` (the 1st–9th without a zero,
/// once refused), with a time after it, 年月日, full-width digits and 和暦; a day no calendar has is refused, naming
/// the data and the forms it may take.
@Suite struct OfficeDateTests {
    @Test(
        "Each way of writing 8 November 2025 gives 令和7年11月8日",
        arguments: [
            "2025-11-08", "2025/11/8", "2025-11-8", "2025/11/08 0:00", "2025-11-08T09:30:00+09:00", "2025.11.8",
            "2025年11月8日", "令和7年11月8日", "R7.11.8", "r7.11.8", "２０２５／１１／８", " 2025/11/8 "
        ])
    func everyFormReadsTheSameDay(_ text: String) throws {
        #expect(try Formatters.wareki(text) == "令和7年11月8日", "\(text)")
        #expect(try Formatters.date(text, pattern: "yyyy-MM-dd") == "2025-11-08", "\(text)")
    }

    @Test("The first days of months and eras, 元年 and the eras' ends")
    func edges() throws {
        #expect(try Formatters.wareki("2025/1/5") == "令和7年1月5日")
        #expect(try Formatters.wareki("令和元年5月1日") == "令和元年5月1日")
        #expect(try Formatters.date("平成31年4月30日", pattern: "yyyy/M/d") == "2019/4/30")
        #expect(try Formatters.date("S64.1.7", pattern: "yyyy/M/d") == "1989/1/7")
        #expect(try Formatters.date("H1.1.8", pattern: "yyyy/M/d") == "1989/1/8")
        #expect(try Formatters.wareki("2024/2/29", short: true) == "R6.2.29")
    }

    @Test(
        "Text that is no day is refused, naming the forms the data may take",
        arguments: [
            "2025/2/30", "2025/13/1", "H31.5.1", "R7.11", "25/11/8", "2025/11/8/1", "明日", "", "2025-11-08x",
            "令和100年1月1日", "2025/11/8 ﾊﾝｶｸ"
        ])
    func refused(_ text: String) throws {
        let error = #expect(throws: ExpressionError.self) { try Formatters.wareki(text) }
        let words = error.map { "\($0)" } ?? ""
        #expect(words.contains("2025/11/8") && words.contains("R7.11.8"), "\(text): \(words)")
    }
}
