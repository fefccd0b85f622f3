import Foundation
import TestSupport
import Testing
import Validation

/// Numbers and names in content streams are read by the PDF's ASCII rules: the text `validate` extracts shows
/// which words were numbers (a `TJ` adjustment below −250 is a space, a `Td` with a non-zero vertical move a line
/// break) and which names resolved (`/F#31` is the font `/F1`).
@Suite struct ContentNumberTests {
    private func text(_ content: String) throws -> String {
        let report = try Validator().validate(data: Fixtures.helvetica(content: content))
        #expect(!report.isDamaged, "\(report.findings)")
        return try #require(report.inspection.pages.first).text
    }

    /// Signs, a leading or trailing point, leading zeros and too many digits for a 64-bit integer are numbers;
    /// `+-300` is not (a keyword in the array, shown as nothing).
    @Test func adjustmentsInTJ() throws {
        let content =
            "BT /F1 24 Tf [(A) -300 (B) -.5 (C) -250.5 (D) +-300 (E) -1000. (F) -0300 (G) +251 (H)"
            + " -250 (I) -123456789012345678901234567 (J)] TJ ET"
        #expect(try text(content).hasPrefix("A BC DE F GHI J"))
    }

    /// `-.5`, `.5`, `+3`, `1.` and a 27-digit number move to a new line; `+0.`, `-0` and `0.000` do not.
    @Test func verticalMovesInTd() throws {
        let moves = [
            "-.5", "+0.", "-0", ".5", "+3", "1.", "0.000", "123456789012345678901234567", "0.0000000000000000000000001"
        ]
        let shown = ["b", "c", "d", "e", "f", "g", "h", "i", "j"]
        let content =
            "BT /F1 9 Tf (a) Tj " + zip(moves, shown).map { "0 \($0) Td (\($1)) Tj" }.joined(separator: " ")
            + " ET"
        #expect(try text(content).hasPrefix("a\nbcd\ne\nf\ngh\ni\nj"))
    }

    /// A `#xx` escape stands for its byte: `/F#31` names the page's `/F1`, whose WinAnsi apostrophe is U+0027
    /// (an unknown font would show the standard encoding's U+2019).
    @Test func escapedFontName() throws {
        #expect(try text("BT /F#31 9 Tf (it's) Tj ET").hasPrefix("it's"))
        #expect(try text("BT /F#32 9 Tf (it's) Tj ET").hasPrefix("it\u{2019}s"))
        #expect(try text("BT /#461 9 Tf (it's) Tj ET").hasPrefix("it's"))
    }
}
