import Documents
import Foundation
import Testing

/// Text reads as a number only in the forms `TemplateValue.number(reading:)` names; white space at the ends
/// (ASCII or ideographic) is ignored, and text that starts with anything else is never a number.
@Suite struct NumberReadingTests {
    static let numbers: [(String, Decimal)] = [
        ("1200", 1200), ("-12.5", -12.5), ("1,200", 1200), ("¥1,200", 1200), ("￥1,200,000", 1_200_000),
        ("−500", -500), ("-¥1,200", -1200), ("\\2,400", 2400), ("-\\2,400", -2400), (" 12 ", 12), ("\t12", 12),
        ("12\t", 12), ("\u{3000}12\u{3000}", 12),
        ("0.25", 0.25), ("007", 7), ("0", 0), ("123456789012345678", Decimal(123_456_789_012_345_678)),
        ("12345678901234567890123", Decimal(string: "12345678901234567890123")!), ("¥-1", -1), ("￥-1,234", -1234)
    ]
    static let texts = [
        "", " ", "12abc", "GCG-00001", "1,20", "1,2000", "髙橋 一郎", "-", "¥", ".5", "12.", "1.2.3", "１２", "+3",
        "2024-04-01", "a 12", "1 2", "\\", "\\n12", "\\\\12"
    ]

    @Test(arguments: numbers)
    func readsNumber(_ text: String, _ value: Decimal) {
        #expect(TemplateValue.number(reading: text) == value)
        #expect(TemplateValue.text(text).numberValue == value)
    }

    @Test(arguments: texts)
    func leavesText(_ text: String) {
        #expect(TemplateValue.number(reading: text) == nil)
    }
}
