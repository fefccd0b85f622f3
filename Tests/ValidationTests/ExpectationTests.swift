import Foundation
import TestSupport
import Testing
import Validation

/// The rules on top of the inspection: embedded fonts, page size, page count, expected text; and the JSON form.
@Suite struct ExpectationTests {
    @Test func requireEmbeddedTurnsABase14FontIntoAnError() throws {
        let data = Fixtures.helvetica()
        let lenient = try Validator().validate(data: data)
        #expect(lenient.isValid)
        #expect(lenient.findings(.fontNotEmbedded).map(\.severity) == [.warning])
        let strict = try Validator(options: ValidationOptions(requireEmbeddedFonts: true)).validate(data: data)
        #expect(!strict.isValid)
        let finding = try #require(strict.findings(.fontNotEmbedded).first)
        #expect(finding.severity == .error)
        #expect(finding.message.contains("Helvetica"))
        // The fix names what a mkpdf user changes, not a libHaru call.
        #expect(finding.message.contains("--font-mode cid") && !finding.message.contains("HPDF_"), "\(finding.message)")
        #expect(!strict.isDamaged)
        #expect(
            try Validator(options: ValidationOptions(requireEmbeddedFonts: true))
                .validate(data: Fixtures.japanese("入場", embedded: true)).isValid)
        // One finding per font, its pages as ranges.
        let long = try Validator().validate(data: Fixtures.helvetica(pages: 40)).findings(.fontNotEmbedded)
        #expect(long.count == 1)
        #expect(long.first?.message.contains("used on pages 1–40)") == true)
    }

    @Test func pageCountAndSizeExpectations() throws {
        let data = Fixtures.helvetica(pages: 2, mediaBox: "[0 0 595.276 841.89]")
        #expect(
            try Validator(options: ValidationOptions(pageCount: 2, pageSize: ExpectedPageSize.parse("a4"))).validate(
                data: data
            ).isValid)
        let wrong = try Validator(options: ValidationOptions(pageCount: 3, pageSize: ExpectedPageSize.parse("letter")))
            .validate(data: data)
        #expect(wrong.findings(.pageCount).count == 1)
        #expect(wrong.findings(.pageSize).map(\.page) == [1, 2])
        #expect(wrong.findings(.pageSize)[0].message.contains("595.28×841.89 pt"))
        let landscape = Fixtures.helvetica(mediaBox: "[0 0 842 595]")
        #expect(
            try Validator(options: ValidationOptions(pageSize: ExpectedPageSize.parse("a4"))).validate(data: landscape)
                .isValid)
        #expect(
            !(try Validator(options: ValidationOptions(pageSize: ExpectedPageSize.parse("595x842"))).validate(
                data: landscape
            ).isValid))
    }

    @Test func pageSizeParsing() {
        let a4 = ExpectedPageSize.parse("A4")
        #expect(
            a4?.eitherOrientation == true
                && a4.map { abs($0.width - 595.28) < 0.01 && abs($0.height - 841.89) < 0.01 } == true)
        // B4 is ISO (250 × 353 mm); JIS B4 (257 × 364 mm) is named apart, from the one paper table.
        #expect(ExpectedPageSize.parse("b4").map { abs($0.width - 708.66) < 0.01 } == true)
        #expect(ExpectedPageSize.parse("jis-b4").map { abs($0.width - 728.50) < 0.01 } == true)
        #expect(ExpectedPageSize.parse("400x150") == ExpectedPageSize(width: 400, height: 150))
        for bad in ["", "a99", "400", "x150", "400x", "-1x2", "axb", "400x150x2", "infxinf"] {
            #expect(ExpectedPageSize.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func missingTextIsAnErrorNamingIt() throws {
        let data = Fixtures.japanese("入場整理券")
        let options = ValidationOptions(texts: ["入場整理券", "会員番号", "𠮷野家"])
        let report = try Validator(options: options).validate(data: data)
        let missing = report.findings(.textMissing)
        #expect(missing.count == 2)
        #expect(missing[0].message.contains("会員番号"))
        #expect(missing[1].message.contains("U+20BB7"))
        #expect(!report.isValid)
    }

    @Test func reportRoundTripsThroughJSON() throws {
        let report = try Validator(options: ValidationOptions(texts: ["nowhere"])).validate(
            data: Fixtures.japanese("入場"))
        let json = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(ValidationReport.self, from: json) == report)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["valid"] as? Bool == false)
        #expect(object["damaged"] as? Bool == false)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.contains { $0["rule"] as? String == "expect.text" && $0["severity"] as? String == "error" })
    }
}
