import Documents
import Foundation
import Testing

/// Declared types read office forms (`DataType`, `NumberText`), and numbers are exact to 38 significant digits or
/// refused: a literal, a value, and the result of `+`, `-`, `*`, `/` and `sum`.
@Suite struct TypedDataUnitTests {
    static func render(_ yaml: String, values: [String: String] = [:]) throws -> [String] {
        TemplateLanguageTests.texts(try Template(yaml: yaml, file: "t.yaml").render(values: values))
    }

    static func evaluate(_ source: String) throws -> TemplateValue {
        try Expression(parsing: source).evaluate(in: TemplateScope([:]))
    }

    static let office: [(String, Decimal, NumberText.Marks)] = [
        ("８％", 8, .init(percent: true)), ("8.5%", 8.5, .init(percent: true)), ("¥2,400", 2400, .init(currency: true)),
        ("￥2,400", 2400, .init(currency: true)), ("2,400円", 2400, .init(currency: true)),
        ("△100", -100, .init(officeNegative: true)), ("▲100", -100, .init(officeNegative: true)),
        ("(1,200)", -1200, .init(officeNegative: true)), ("（１，２００）", -1200, .init(officeNegative: true)),
        ("１２３", 123, .init()), ("¥-1,200", -1200, .init(currency: true))
    ]

    @Test(arguments: office)
    func officeFormsReadForADeclaredField(_ text: String, _ value: Decimal, _ marks: NumberText.Marks) {
        #expect(NumberText.read(text, office: true) == .number(value, marks))
        // Untyped data keeps its plain forms: an office form stays text.
        if !text.hasPrefix("¥"), !text.hasPrefix("￥") { #expect(TemplateValue.number(reading: text) == nil) }
    }

    @Test(arguments: ["(-100)", "¥8%", "8%円", "1,20", "1.200,50", "△-1", "--1", "8 %x"])
    func ambiguousFormsAreRefused(_ text: String) {
        #expect(NumberText.read(text, office: true) == .notANumber)
    }

    @Test func aPercentWithoutItsSignNeedsToBeToldWhatItMeans() throws {
        #expect(try DataType.percent(plain: .fraction).read(.text("0.08")) == .number(8))
        #expect(try DataType.percent(plain: .points).read(.number(8)) == .number(8))
        #expect(try DataType.percent(plain: nil).read(.text("８％")) == .number(8))
        let refused = #expect(throws: DataType.Mismatch.self) { try DataType.percent(plain: nil).read(.text("0.08")) }
        #expect(refused?.problem.contains("fraction (0.08 = 8%) or points (8 = 8%)") == true)
    }

    @Test func excelSerialsAreDaysFromTheFirstOfMarch1900() throws {
        #expect(try DataType.date.read(.number(61)) == .text("1900-03-01"))
        #expect(try DataType.date.read(.text("45969")) == .text("2025-11-08"))
        #expect(try DataType.date.read(.number(2_958_465)) == .text("9999-12-31"))
        #expect(throws: DataType.Mismatch.self) { try DataType.date.read(.number(60)) }
    }

    @Test func emptyValuesAreNullNeverZero() throws {
        #expect(try DataType.money.read(.text(" ")) == .null)
        #expect(try DataType.text.read(.text("")) == .text(""))
    }

    @Test func numbersPastThirtyEightDigitsAreRefusedNotRounded() throws {
        let nines = String(repeating: "9", count: 38)
        #expect(try Self.evaluate("\(nines) + 1") == .number(Decimal(string: "1" + String(repeating: "0", count: 38))!))
        #expect(try Self.evaluate("\(nines) - 1").text == String(repeating: "9", count: 37) + "8")
        #expect(
            try Self.evaluate("1234567890123456789 * 1234567890123456789").text
                == "1524157875323883675019051998750190521")
        for source in ["\(nines) * \(nines)", "\(nines) + \(nines)", "\(nines) / 7", "\(nines)0 + 1"] {
            let error = #expect(throws: ExpressionError.self, "\(source)") { try Self.evaluate(source) }
            #expect(error?.description.contains("refused") == true, "\(source): \(String(describing: error))")
        }
        // A quotient that ends is exact; one that does not keeps its decimals for a stated rounding.
        #expect(try Self.evaluate("\(nines) / 9").text == String(repeating: "1", count: 38))
        #expect(try Self.evaluate("(10 / 3) | round(2)").text == "3.33")
        let literal = #expect(throws: ExpressionError.self) { try Self.evaluate(String(repeating: "1", count: 39)) }
        #expect(literal?.description.contains("39 significant digits") == true)
    }

    @Test func aSumOfManyAmountsPastThirtyEightDigitsIsRefused() throws {
        let big = String(repeating: "9", count: 37)
        var scope = TemplateScope([:])
        scope.set("items", .list(Array(repeating: .text(big), count: 20)))
        let error = #expect(throws: ExpressionError.self) {
            try Expression(parsing: "items | sum").evaluate(in: scope)
        }
        #expect(error?.description.contains("refused") == true)
        scope.set("items", .list(Array(repeating: .text(big), count: 9)))
        #expect(
            try Expression(parsing: "items | sum").evaluate(in: scope).text == "8" + String(repeating: "9", count: 36)
                + "1")
    }

    @Test func aDeclarationIsReadAndItsDefaultChecked() throws {
        let yaml = """
            page: a6
            font: gothic
            palette: {ink: {fill: "#000000"}}
            data:
              amount: {type: money, default: "¥1,200"}
              label: {type: text, default: 請求}
              example: {type: 請求書}
            elements:
              - text: {role: ink, text: "{{ label }} {{ amount | yen }} {{ example.type }}", x: 10, y: 20, w: 200, h: 20, size: 9}

            """
        #expect(try Self.render(yaml) == ["請求 ¥1,200 請求書"])
        #expect(try Self.render(yaml, values: ["amount": "▲300"]) == ["請求 -¥300 請求書"])
        let bad = #expect(throws: TemplateError.self) { try Self.render(yaml, values: ["amount": "8%"]) }
        #expect(bad?.kind == .badData)
        #expect(bad?.place.field == "amount")
        #expect(bad?.description.hasPrefix("\"amount\" is \"8%\", which does not read as money") == true)
        let defaultRefused = #expect(throws: TemplateError.self) {
            try Template(
                yaml: yaml.replacingOccurrences(of: "default: \"¥1,200\"", with: "default: 12.5"), file: "t.yaml")
        }
        #expect(defaultRefused?.line == 5, "\(String(describing: defaultRefused))")
        let misspelt = #expect(throws: TemplateError.self) {
            try Template(yaml: yaml.replacingOccurrences(of: "type: money", with: "type: mony"), file: "t.yaml")
        }
        #expect(misspelt?.description.contains("did you mean `money`") == true)
    }

    @Test func aStackedTotalPastThirtyEightDigitsIsRefusedNamingTheRow() throws {
        // Each value holds in 38 digits (and under the chart's 10^30); their sum needs 39.
        let big = "123456789012345678901234567890.12345678"
        let yaml = """
            page: a5
            font: gothic
            data:
              stores: [{店: 東京, 平日: 1, 休日: 2}, {店: 大阪, 平日: "\(big)", 休日: "0.000000001"}]
            palette:
              ink: {stroke: "#1A1A1A"}
              blue: {fill: "#2E6FBF"}
              red: {fill: "#BF2E2E"}
            elements:
              - chart: {kind: stacked, x: 10, y: 10, w: 380, h: 200, role: ink, roles: [blue, red], rows: stores,
                        label: "{{row.店}}", series: [{name: 平日, value: "{{row.平日}}"}, {name: 休日, value: "{{row.休日}}"}]}

            """
        let error = #expect(throws: TemplateError.self) { try Self.render(yaml) }
        #expect(error?.kind == .badData, "\(String(describing: error))")
        #expect(
            error?.description.contains("needs more than 38 significant digits") == true, "\(String(describing: error))"
        )
        #expect(error?.description.contains("row 2") == true, "\(String(describing: error))")
        #expect(throws: Never.self) { try Self.render(yaml.replacingOccurrences(of: "0.000000001", with: "1")) }
    }
}
