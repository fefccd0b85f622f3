import Foundation
import TestSupport
import Testing

/// Issue 50 through `mkpdf batch`: a template's `data:` declares its fields' types, and an Excel export in CP932
/// (made by iconv, not by our encoder) is read as them — `8%` and `10%` rates give the right totals, or fail naming
/// row, field, group and value when the field is declared a number; every amount and date form reads as the right
/// value or is refused naming it; a 50-digit amount is never a rounded figure.
@Suite struct TypedDataTests {
    static func mkpdf(_ arguments: [String], in scratch: Scratch) throws -> Oracle.Result {
        try Oracle.run(Repo.mkpdf.path, arguments, directory: scratch.url)
    }

    /// `text` converted to CP932 by iconv.
    static func cp932(_ text: String) throws -> Data {
        let result = try Oracle.run("iconv", ["-f", "UTF-8", "-t", "CP932"], input: Data(text.utf8))
        try #require(result.status == 0, "\(result.stderr)")
        return result.data
    }

    /// An invoice over grouped detail lines: per rate the base (`where('rate', N)`), the tax rounded down, the total.
    static func invoice(rate: String) -> String {
        """
        page: a5
        font: gothic
        palette: {ink: {fill: "#000000"}}
        data:
          number: INV-0
          rows:
            type: list
            fields: {price: money, qty: integer, rate: \(rate)}
        let:
          base10: "rows | where('rate', 10) | sum('price * qty')"
          base8: "rows | where('rate', 8) | sum('price * qty')"
          total: "base10 + (base10 * 10 / 100) | round(0, 'down') + base8 + (base8 * 8 / 100) | round(0, 'down')"
        elements:
          - text: {role: ink, text: "total {{ total | yen }} base10 {{ base10 | yen }} base8 {{ base8 | yen }}",
                   x: 20, y: 40, w: 380, h: 20, size: 9}

        """
    }

    /// Detail lines as Excel saves them in CP932: `¥2,400` (0x5C before the amount), `1,200円`, full-width digits,
    /// rates formatted as percent cells.
    static let lines = """
        請求番号,品名,単価,数量,税率
        INV-1,豆,"¥2,400",2,8%
        INV-1,マグ,"1,200円",1,10%
        INV-1,紙,３５０,2,１０％
        INV-2,袋,980,3,8%

        """

    static let mapping = [
        "--group-by", "number", "--map", "請求番号=number", "--map", "単価=price", "--map", "数量=qty",
        "--map", "税率=rate", "--name", "{{number}}"
    ]

    @Test func percentRatesFromACP932ExportGiveTheRightTotals() throws {
        let scratch = try Scratch("typed-rates")
        let bytes = try Self.cp932(Self.lines)
        #expect(bytes.contains(0x5C), "iconv writes ¥ as 0x5C")
        try bytes.write(to: scratch.file("lines.csv"))
        try Self.invoice(rate: "percent").write(to: scratch.file("invoice.yaml"), atomically: true, encoding: .utf8)
        let result = try Self.mkpdf(
            ["batch", "--template", "invoice.yaml", "--data", "lines.csv", "--encoding", "cp932", "--out", "out"]
                + Self.mapping, in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("2 ok, 0 failed"), "\(result.stdout)")
        // INV-1: 8% on 4,800 → 384; 10% on 1,200 + 700 = 1,900 → 190; total 7,274.
        let first = try Oracle.pdftotext(scratch.file("out/INV-1.pdf"))
        #expect(first.contains("total ¥7,274 base10 ¥1,900 base8 ¥4,800"), "\(first)")
        // INV-2: 8% on 2,940 → 235.2, rounded down → 235; total 3,175.
        let second = try Oracle.pdftotext(scratch.file("out/INV-2.pdf"))
        #expect(second.contains("total ¥3,175 base10 ¥0 base8 ¥2,940"), "\(second)")
    }

    @Test func aRateDeclaredANumberFailsNamingRowFieldGroupAndValueNeverOK() throws {
        let scratch = try Scratch("typed-rates-number")
        try Self.cp932(Self.lines).write(to: scratch.file("lines.csv"))
        try Self.invoice(rate: "integer").write(to: scratch.file("invoice.yaml"), atomically: true, encoding: .utf8)
        let result = try Self.mkpdf(
            ["batch", "--template", "invoice.yaml", "--data", "lines.csv", "--encoding", "cp932", "--out", "out"]
                + Self.mapping, in: scratch)
        #expect(result.status == 1, "\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("0 ok, 2 failed"), "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "row 1 (group number INV-1), field \"rate\" (column 税率): \"rate\" of item 1 of rows (row 1) is "
                    + "\"8%\", which does not read as integer: it is a percent"), "\(result.stderr)")
        #expect(result.stderr.contains("row 4 (group number INV-2), field \"rate\""), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out/INV-1.pdf").path))
        let manifest = try String(contentsOf: scratch.file("out/manifest.jsonl"), encoding: .utf8)
        #expect(
            manifest.contains("\"group\":\"number INV-1\",\"field\":\"rate\",\"column\":\"税率\""), "\(manifest)")
        #expect(!manifest.contains("\"status\":\"ok\""), "\(manifest)")
    }

    /// One record per form: what `{{ amount | yen }}` prints, or nil where the record must fail naming the value.
    static let amounts: [(String, String?)] = [
        ("2400", "¥2,400"), ("\"2,400\"", "¥2,400"), ("\"¥2,400\"", "¥2,400"), ("\"￥2,400\"", "¥2,400"),
        ("\"2,400円\"", "¥2,400"), ("△100", "-¥100"), ("▲100", "-¥100"), ("\"(1,200)\"", "-¥1,200"),
        ("-2400", "-¥2,400"), ("\"２，４００\"", "¥2,400"), ("\"¥-1,200\"", "-¥1,200"), ("12.5", nil), ("8%", nil),
        ("\"2,40\"", nil), ("\"(-100)\"", nil), ("abc", nil), ("\"1.200,50\"", nil),
        ("12345678901234567890123456789012345678", "¥12,345,678,901,234,567,890,123,456,789,012,345,678"),
        ("12345678901234567890123456789012345678901234567890", nil)
    ]

    @Test func eachAmountFormReadsAsItsValueOrIsRefusedNamingIt() throws {
        let scratch = try Scratch("typed-amounts")
        let csv = "id,amount\n" + Self.amounts.indices.map { "a\($0),\(Self.amounts[$0].0)" }.joined(separator: "\n")
        try Self.cp932(csv + "\n").write(to: scratch.file("amounts.csv"))
        try """
        page: a6
        font: gothic
        palette: {ink: {fill: "#000000"}}
        data:
          id: a
          amount: {type: money}
        elements:
          - text: {role: ink, text: "[{{ amount | yen }}]", x: 10, y: 20, w: 280, h: 20, size: 6}

        """.write(to: scratch.file("amount.yaml"), atomically: true, encoding: .utf8)
        let result = try Self.mkpdf(
            ["batch", "--template", "amount.yaml", "--data", "amounts.csv", "--out", "out", "--name", "{{id}}"],
            in: scratch)
        #expect(result.status == 1, "\(result.stderr)")
        for (index, (written, printed)) in Self.amounts.enumerated() {
            let pdf = scratch.file("out/a\(index).pdf")
            let shown = written.hasPrefix("\"") ? String(written.dropFirst().dropLast()) : written
            if let printed {
                let text = try Oracle.pdftotext(pdf)
                #expect(text.contains("[\(printed)]"), "\(written): \(text)")
            } else {
                #expect(!FileManager.default.fileExists(atPath: pdf.path), "\(written) must be refused")
                let excerpt = shown.count > 40 ? String(shown.prefix(40)) : shown
                #expect(
                    result.stderr.contains("row \(index + 1), field \"amount\": \"amount\" is \"\(excerpt)"),
                    "\(written): \(result.stderr)")
            }
        }
        #expect(result.stderr.contains("has 49 significant digits"), "\(result.stderr)")
    }

    /// One record per form: the day `{{ issued }}` holds, or nil where the record must fail naming the value.
    static let dates: [(String, String?)] = [
        ("2025/1/5", "2025-01-05"), ("2025-1-5", "2025-01-05"), ("2025年1月5日", "2025-01-05"),
        ("令和7年1月5日", "2025-01-05"), ("R7.1.5", "2025-01-05"), ("R07.01.05", "2025-01-05"),
        ("2025/11/8 0:00", "2025-11-08"), ("２０２５／１１／８", "2025-11-08"), ("45662", "2025-01-05"),
        ("61", "1900-03-01"), ("60", nil), ("1/5/2025", nil), ("25/1/5", nil), ("2025/2/30", nil), ("H31.5.1", nil),
        ("someday", nil)
    ]

    @Test func eachDateFormReadsAsTheRightDayOrIsRefusedNamingIt() throws {
        let scratch = try Scratch("typed-dates")
        let csv = "id,issued\n" + Self.dates.indices.map { "d\($0),\(Self.dates[$0].0)" }.joined(separator: "\n")
        try Self.cp932(csv + "\n").write(to: scratch.file("dates.csv"))
        try """
        page: a6
        font: gothic
        palette: {ink: {fill: "#000000"}}
        data:
          id: d
          issued: {type: date}
        elements:
          - text: {role: ink, text: "[{{ issued }}] [{{ issued | wareki }}]", x: 10, y: 20, w: 280, h: 20, size: 6}

        """.write(to: scratch.file("date.yaml"), atomically: true, encoding: .utf8)
        let result = try Self.mkpdf(
            ["batch", "--template", "date.yaml", "--data", "dates.csv", "--out", "out", "--name", "{{id}}"],
            in: scratch)
        #expect(result.status == 1, "\(result.stderr)")
        for (index, (written, day)) in Self.dates.enumerated() {
            let pdf = scratch.file("out/d\(index).pdf")
            if let day {
                let text = try Oracle.pdftotext(pdf)
                #expect(text.contains("[\(day)]"), "\(written): \(text)")
            } else {
                #expect(!FileManager.default.fileExists(atPath: pdf.path), "\(written) must be refused")
                #expect(
                    result.stderr.contains(
                        "row \(index + 1), field \"issued\": \"issued\" is \"\(written)\", which does not read as date"),
                    "\(written): \(result.stderr)")
            }
        }
        #expect(try Oracle.pdftotext(scratch.file("out/d4.pdf")).contains("[令和7年1月5日]"))
    }

    @Test func aFiftyDigitAmountIsPrintedAsWrittenOrRefusedNeverRounded() throws {
        let scratch = try Scratch("typed-fifty-digits")
        let fifty = "12345678901234567890123456789012345678901234567890"
        try "id,amount\nx,\(fifty)\n".write(to: scratch.file("big.csv"), atomically: true, encoding: .utf8)
        func template(_ text: String) -> String {
            """
            page: a6
            font: gothic
            palette: {ink: {fill: "#000000"}}
            data: {id: x, amount: "0"}
            elements:
              - text: {role: ink, text: "[\(text)]", x: 10, y: 20, w: 280, h: 20, size: 5}

            """
        }
        // Untyped and only printed, it is text: every digit as written.
        try template("{{ amount }}").write(to: scratch.file("print.yaml"), atomically: true, encoding: .utf8)
        let printed = try Self.mkpdf(
            ["batch", "--template", "print.yaml", "--data", "big.csv", "--out", "p", "--name", "{{id}}"], in: scratch)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("p/x.pdf")).contains("[\(fifty)]"))
        // Computed with, it is refused naming it.
        for (name, text) in [("sum", "{{ amount + 1 }}"), ("yen", "{{ amount | yen }}")] {
            try template(text).write(to: scratch.file("\(name).yaml"), atomically: true, encoding: .utf8)
            let result = try Self.mkpdf(
                ["batch", "--template", "\(name).yaml", "--data", "big.csv", "--out", name, "--name", "{{id}}"],
                in: scratch)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(
                result.stderr.contains("the number \(fifty) has 49 significant digits"), "\(name): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: scratch.file("\(name)/x.pdf").path))
        }
        // Written in the template, it is refused when the template loads.
        try template("{{ \(fifty) }}").write(to: scratch.file("literal.yaml"), atomically: true, encoding: .utf8)
        let literal = try Self.mkpdf(["render", "literal.yaml", "-o", "l.pdf"], in: scratch)
        #expect(literal.status == 3, "\(literal.stderr)")
        #expect(literal.stderr.contains("has 49 significant digits"), "\(literal.stderr)")
    }
}
