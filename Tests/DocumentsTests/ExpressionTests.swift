import Documents
import Foundation
import Testing

/// The template language's expressions: exact decimal arithmetic, the money and date filters a Japanese receipt
/// needs, list filters, and errors that point at the character that failed.
@Suite struct ExpressionTests {
    static let items: TemplateValue = .list([
        .record(
            TemplateRecord([("name", .text("ブレンドコーヒー豆")), ("price", .int(1200)), ("qty", .int(2)), ("rate", .int(8))])),
        .record(
            TemplateRecord([("name", .text("𠮷野焼マグカップ")), ("price", .int(2400)), ("qty", .int(1)), ("rate", .int(10))])),
        .record(
            TemplateRecord([
                ("name", .text("焼菓子〜季節限定〜")), ("price", .text("1,600")), ("qty", .text("1")), ("rate", .text("8"))
            ]))
    ])

    func value(_ source: String, _ values: [String: TemplateValue] = [:]) throws -> TemplateValue {
        try Expression(parsing: source).evaluate(in: TemplateScope(values.merging(["items": Self.items]) { a, _ in a }))
    }

    func text(_ source: String, _ values: [String: TemplateValue] = [:]) throws -> String {
        try TextTemplate(parsing: source).render(in: TemplateScope(values.merging(["items": Self.items]) { a, _ in a }))
    }

    func failure(_ source: String, _ values: [String: TemplateValue] = [:]) -> ExpressionError? {
        #expect(throws: ExpressionError.self) { try text(source, values) }
    }

    /// Real registration numbers (国税庁 T7000012050002, トヨタ自動車 T1180301018771, the samples' T9234567890123) pass
    /// through unchanged; a wrong first digit names the one the other twelve give; a wrong form says what a number is.
    @Test func invoiceRegistrationChecksTheCorporateNumberDigit() throws {
        for number in ["T7000012050002", "T1180301018771", "T9234567890123", "Ｔ７０００－０１２０－５０００２"] {
            #expect(try text("{{ n | invoiceRegistration }}", ["n": .text(number)]) == number)
        }
        let wrong = failure("{{ n | invoiceRegistration }}", ["n": .text("T1234567890123")])
        #expect(wrong?.message.contains("the twelve digits after it give 9") == true)
        #expect(wrong?.message.contains("T9234567890123") == true)
        let swapped = failure("{{ n | invoiceRegistration }}", ["n": .text("T7000012050020")])
        #expect(swapped?.message.contains("give 5") == true)
        #expect(
            failure("{{ n | invoiceRegistration }}", ["n": .text("7000012050002")])?.message.contains("start with T")
                == true)
        #expect(
            failure("{{ n | invoiceRegistration }}", ["n": .text("T700001205000")])?.message.contains("12 digits")
                == true)
        #expect(failure("{{ n | invoiceRegistration }}", ["n": .int(7_000_012_050_002)]) != nil)
    }

    @Test func decimalsAreExact() throws {
        #expect(try value("0.1 + 0.2") == .number(Decimal(string: "0.3")!))
        #expect(try text("{{ 1200 * 3 - 100 }}") == "3500")
        #expect(try text("{{ 7 % 3 }} {{ -2 * 3 }} {{ 10 / 4 }}") == "1 -6 2.5")
    }

    @Test func receiptTaxByRateRoundedDownOncePerRate() throws {
        let base8 = try value("items | where('rate', 8) | sum('price * qty')")
        #expect(base8 == .int(4000))
        #expect(try value("items | where('rate', 10) | sum('price * qty')") == .int(2400))
        // 8 % of 4,000 is 320; of 4,001 it is 320.08, rounded down (切り捨て) to 320.
        #expect(try text("{{ (4001 * 8 / 100) | round(0, 'down') | yen }}") == "¥320")
        // Tax included in a total: 10/110 of ¥2,400 is 218.18…, down to 218.
        #expect(try text("{{ (2400 * 10 / 110) | round(0, 'down') | yen }}") == "¥218")
        #expect(try text("合計 {{ items | sum('price * qty') | yen }}") == "合計 ¥6,400")
    }

    @Test func roundingModesOnHalves() throws {
        #expect(try text("{{ 2.5 | round }} {{ 3.5 | round }} {{ -2.5 | round }}") == "3 4 -3")
        #expect(try text("{{ 2.5 | round(0, 'half-even') }} {{ 3.5 | round(0, 'half-even') }}") == "2 4")
        #expect(try text("{{ 2.9 | round(0, 'down') }} {{ -2.9 | round(0, 'down') }}") == "2 -2")
        #expect(try text("{{ 2.1 | round(0, 'up') }} {{ -2.1 | round(0, 'up') }}") == "3 -3")
        #expect(try text("{{ 1.005 | round(2) }} {{ 2.1 | floor }} {{ 2.1 | ceil }}") == "1.01 2 3")
    }

    @Test func moneyAndNumbersAreNeverRoundedSilently() throws {
        #expect(try text("{{ 1234567 | yen }} {{ -500 | yen }} {{ '12,000' | yen }}") == "¥1,234,567 -¥500 ¥12,000")
        #expect(try text("{{ 1234.5 | number(2) }} {{ 1234 | number }}") == "1,234.50 1,234")
        #expect(
            try text("{{ 999 | yen }} {{ 1000 | yen }} {{ -100000 | yen }} {{ 0 | yen }}") == "¥999 ¥1,000 -¥100,000 ¥0"
        )
        #expect(try text("{{ -1234567.5 | number(1) }} {{ 123 | number(2) }}") == "-1,234,567.5 123.00")
        let unrounded = failure("{{ (10 / 3) | yen }}")
        #expect(unrounded?.message.contains("round(0") == true, "\(String(describing: unrounded))")
        #expect(failure("{{ 1.234 | number(2) }}")?.message.contains("round(2, 'half-up')") == true)
    }

    @Test func warekiFollowsTheEraChanges() throws {
        #expect(try text("{{ '2019-04-30' | wareki }}") == "平成31年4月30日")
        #expect(try text("{{ '2019-05-01' | wareki }}") == "令和元年5月1日")
        #expect(try text("{{ '1989-01-07' | wareki }} {{ '1989-01-08' | wareki }}") == "昭和64年1月7日 平成元年1月8日")
        #expect(try text("{{ '2025-11-23' | wareki('short') }}") == "R7.11.23")
        #expect(try text("{{ '2025/11/23' | date('yyyy年M月d日') }}") == "2025年11月23日")
        #expect(failure("{{ '2025-02-30' | wareki }}")?.message.contains("a day the calendar does not have") == true)
        #expect(failure("{{ '令和7年' | wareki }}")?.message.contains("2025/11/8, 2025年11月8日") == true)
    }

    /// 算用数字 → 漢数字 for vertical text: positional with 十 and the myriad units, or digit by digit.
    @Test func kansujiWritesNumbersInKanji() throws {
        #expect(try text("第{{ 11 | kansuji }}回") == "第十一回")
        #expect(try text("{{ '2025-11-23' | wareki | kansuji }}") == "令和七年十一月二十三日")
        #expect(try text("{{ 2025 | kansuji }}年 {{ 2025 | kansuji('digits') }}年") == "二千二十五年 二〇二五年")
        #expect(try text("{{ a | kansuji }}", ["a": .text("神宮前3-25-18")]) == "神宮前三-二十五-十八")
        #expect(try text("{{ a | kansuji('digits') }}", ["a": .text("〒150-0001")]) == "〒一五〇-〇〇〇一")
        let read = [
            ("0", "〇"), ("10", "十"), ("100", "百"), ("110", "百十"), ("1001", "千一"), ("10000", "一万"),
            ("12345", "一万二千三百四十五"), ("10000000", "千万"), ("100000000", "一億"), ("10,905", "一万九百五"),
            ("0005", "五"), ("１２", "十二"), ("1.5", "一・五"), ("令和元年", "令和元年"), ("〜 − ‖ ① 髙 ﾊﾝｶｸ 𠮷", "〜 − ‖ ① 髙 ﾊﾝｶｸ 𠮷")
        ]
        for (number, kanji) in read {
            #expect(try text("{{ n | kansuji }}", ["n": .text(number)]) == kanji, "\(number)")
        }
        #expect(try text("{{ n | kansuji('digits') }}", ["n": .text("0005")]) == "〇〇〇五")
        let long = failure("{{ n | kansuji }}", ["n": .text(String(repeating: "9", count: 21))])
        #expect(long?.message.contains("kansuji('digits')") == true, "\(String(describing: long))")
        #expect(failure("{{ 12 | kansuji('roman') }}")?.message.contains("'positional'") == true)
    }

    @Test func listsGroupSortAndCount() throws {
        let members: TemplateValue = .list(
            [("ゴールド", "12000"), ("シルバー", "8000"), ("ゴールド", "12,000")].map {
                .record(TemplateRecord([("ランク", .text($0.0)), ("年会費", .text($0.1))]))
            })
        let scope = ["members": members]
        #expect(try text("{{ members | count }}名 {{ members | sum('年会費') | yen }}", scope) == "3名 ¥32,000")
        #expect(try text("{{ members | groupBy('ランク') | map('key') | join('・') }}", scope) == "ゴールド・シルバー")
        #expect(try text("{{ (members | groupBy('ランク') | first).count }}", scope) == "2")
        #expect(try text("{{ items | sortBy('price', 'desc') | map('name') | first }}") == "𠮷野焼マグカップ")
        #expect(try text("{{ items | max('price') | yen }} {{ items | min('qty') }}") == "¥2,400 1")
    }

    @Test func conditionsAndText() throws {
        #expect(try text("{{ 8 == '8' and '※' or '' }}|{{ 10 == 8 and '※' or '' }}") == "※|")
        #expect(try text("{{ 'abc' | upper }} {{ 'Tokyo 2025!' | fullwidth }}") == "ABC Ｔｏｋｙｏ　２０２５！")
        #expect(try text("{{ missing | default('未定') }}", ["missing": .null]) == "未定")
        #expect(try text("{{ '{{' }} literal") == "{{ literal")
        // Text passes through untouched, whatever it holds.
        let hostile = "〜 − ‖ ① 髙 ﾊﾝｶｸ 𠮷 葛󠄀"
        #expect(try text("{{ s }}・{{ s | length }}", ["s": .text(hostile)]) == hostile + "・" + String(hostile.count))
        #expect(try text("{{会員番号}}", ["会員番号": .text("GCG-40167")]) == "GCG-40167")
    }

    @Test func errorsPointAtTheCharacterWithTheNearestName() {
        let unknown = failure("合計 {{ totl | yen }}", ["total": .int(1)])
        #expect(unknown?.offset == 6 && unknown?.suggestion == "total", "\(String(describing: unknown))")
        let field = failure("{{ items | sum('prise') }}")
        #expect(field?.suggestion == "price", "\(String(describing: field))")
        let filter = failure("{{ 1 | yne }}")
        #expect(filter?.offset == 7 && filter?.suggestion == "yen", "\(String(describing: filter))")
        #expect(failure("{{ 1 + }}")?.message.contains("expected a value") == true)
        #expect(failure("text {{ 1")?.offset == 5)
        #expect(failure("{{ 'a' * 2 }}")?.message.contains("must be a number") == true)
        #expect(failure("{{ 1 / 0 }}")?.message == "division by zero")
        #expect(failure("{{ items }}")?.message.contains("does not print as text") == true)
    }
}
