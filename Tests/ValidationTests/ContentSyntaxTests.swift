import Foundation
import TestSupport
import Testing
import Validation

/// Page content streams are parsed as `qpdf --check` parses them: the same files are broken for both.
@Suite struct ContentSyntaxTests {
    /// Content streams, each with whether qpdf 11 reports it (measured with `qpdf --check`).
    static let cases: [(name: String, content: String, broken: Bool)] = [
        ("fine", "BT /F1 24 Tf 72 700 Td (Hello) Tj ET", false),
        ("unterminated string", "BT /F1 24 Tf 72 700 Td (Hello World Tj ET", true),
        ("bad hex string", "BT /F1 24 Tf 72 700 Td <Hello> Tj ET", true),
        ("stray close paren", "BT /F1 24 Tf (x) Tj ) ET", true),
        ("unclosed array", "BT /F1 24 Tf 72 700 Td [(Hello) 3 (x) TJ ET", true),
        ("unclosed dictionary", "BT /F1 24 Tf (Hello) Tj ET /P << /MCID 0 BDC", true),
        ("odd dictionary", "/P << /MCID >> BDC EMC BT /F1 24 Tf (x) Tj ET", true),
        ("braces", "{ 1 2 } BT /F1 24 Tf (x) Tj ET", true),
        ("stray greater-than", "/P <</A 1>>> BDC EMC", true),
        ("stray array close", "BT /F1 24 Tf (Hello) Tj ET ]", true),
        ("stray hash in name", "/A#zz gs BT /F1 24 Tf (x) Tj ET", true),
        ("inline image without EI", "q BI /W 2 /H 2 /BPC 8 /CS /G ID \u{1}\u{2}\u{3}\u{4} Q", true),
        ("inline image", "q BI /W 2 /H 2 /BPC 8 /CS /G ID \u{1}\u{2}\u{3}\u{4} EI Q BT /F1 9 Tf (after) Tj ET", false),
        ("odd-length hex", "BT /F1 24 Tf <4142 4> Tj ET", false),
        ("comment with paren", "% comment ( unbalanced\nBT /F1 24 Tf (x) Tj ET", false),
        ("nested and escaped parens", "BT /F1 24 Tf (a (b) \\) c) Tj ET", false),
        ("odd numbers and unknown operators", "1.2.3 4..5 -- +-3 w foo bar 1 2 3 qq BT /F1 24 Tf (x) Tj ET", false),
        ("hex name escape", "/A#20B gs BT /F1 24 Tf (x) Tj ET", false),
        ("name ending in #", "/A# gs BT /F1 24 Tf (x) Tj ET", true),
        ("name with one hex digit after #", "/A#4 gs BT /F1 24 Tf (x) Tj ET", true),
        ("name with #00", "/A#00 gs BT /F1 24 Tf (x) Tj ET", true),
        ("signed and pointed numbers", "BT /F1 24 Tf [(A) -.5 (B) +3 (C) 1. (D)] TJ 0 -.5 Td 0 +0. TD ET", false),
        ("empty", "", false)
    ]

    @Test(arguments: cases.indices)
    func agreesWithQPDFCheck(_ index: Int) throws {
        let (name, content, broken) = Self.cases[index]
        let scratch = try Scratch("check-content")
        let file = scratch.file("content.pdf")
        try Fixtures.helvetica(content: content).write(to: file)
        let qpdf = try Oracle.qpdfCheck(file)
        #expect((qpdf.status != 0) == broken, "\(name): qpdf says \(qpdf.status) \(qpdf.stderr)")

        let report = try Validator().validate(file)
        #expect(report.isDamaged == broken, "\(name): \(report.findings)")
        #expect(report.isValid == !broken)
        if broken {
            #expect(report.findings(.contentStream).allSatisfy { $0.page == 1 && $0.severity == .error })
        }
    }

    @Test func textAfterAnInlineImageIsStillRead() throws {
        let report = try Validator().validate(
            data: Fixtures.helvetica(
                content: "q BI /W 2 /H 1 /BPC 8 /CS /G ID EI\u{0}EI EI Q BT /F1 9 Tf (after the image) Tj ET"))
        #expect(report.inspection.pages[0].text.contains("after the image"))
        #expect(!report.isDamaged)
    }
}
