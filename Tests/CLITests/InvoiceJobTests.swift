import Foundation
import TestSupport
import Testing

/// The job end to end on Templates/invoice.yaml: 100 invoices from nested JSONL and 100 from a shuffled CP932 CSV of
/// detail lines grouped by 請求番号 — every line in its PDF, every total right (tax rounded down once per rate),
/// every file clean in qpdf and `mkpdf validate --strict`, and the continuation header on page 2 only.
@Suite struct InvoiceJobTests {
    /// One invoice line.
    struct Line {
        var name: String
        var qty: Int
        var price: Int
        var rate: Int
    }

    static let goods: [(String, Int, Int)] = [
        ("ブレンドコーヒー豆", 1200, 8), ("ドリップバッグ", 980, 8), ("吉野焼マグカップ", 2400, 10),
        ("ペーパーフィルター①号", 350, 10), ("焼菓子詰合せ〜季節限定〜", 1600, 8), ("髙島屋ギフト券ﾊﾝｶｸ", 5000, 10),
        ("コーヒーミル", 6800, 10), ("紅茶アールグレイ", 850, 8)
    ]

    /// Invoice `k`'s lines: 1 to 45 of them, so some run to a second page.
    static func lines(_ k: Int) -> [Line] {
        (0..<(1 + (k * 13) % 45)).map { i in
            let (name, price, rate) = goods[(i + k) % goods.count]
            return Line(name: "\(name)-\(k)-\(i)", qty: 1 + (i * 7 + k) % 5, price: price, rate: rate)
        }
    }

    /// The total the invoice must show: per rate the base, plus its tax rounded down.
    static func total(_ lines: [Line]) -> Int {
        [10, 8].reduce(0) { sum, rate in
            let base = lines.filter { $0.rate == rate }.reduce(0) { $0 + $1.price * $1.qty }
            return sum + base + base * rate / 100
        }
    }

    static func yen(_ value: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.groupingSeparator = ","
        return "¥" + (formatter.string(from: NSNumber(value: value)) ?? "")
    }

    /// Runs `mkpdf` in `folder` and requires success.
    static func mkpdf(_ arguments: [String], in folder: URL) throws -> Oracle.Result {
        let result = try Oracle.run(Repo.mkpdf.path, arguments, directory: folder)
        try #require(result.status == 0, "mkpdf \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    /// Checks every invoice `0..<count` in `folder`, named `INV-k.pdf`.
    static func check(_ folder: URL, count: Int) throws {
        var twoPages = 0
        for k in 0..<count {
            let pdf = folder.appendingPathComponent(String(format: "INV-%04d.pdf", k))
            let lines = Self.lines(k)
            let text = try Oracle.pdftotext(pdf).filter { !$0.isWhitespace }
            for line in lines {
                #expect(text.contains(line.name), "\(pdf.lastPathComponent) lacks \(line.name)")
            }
            #expect(text.contains("合計（税込）" + yen(total(lines))), "\(pdf.lastPathComponent): total")
            let pages = try Oracle.run("pdfinfo", [pdf.path]).stdout
            if pages.contains("Pages:           2") {
                twoPages += 1
                let first = try Oracle.run("pdftotext", ["-f", "1", "-l", "1", pdf.path, "-"]).stdout
                    .filter { !$0.isWhitespace }
                let second = try Oracle.run("pdftotext", ["-f", "2", "-l", "2", pdf.path, "-"]).stdout
                    .filter { !$0.isWhitespace }
                #expect(!first.contains("（続き）") && second.contains("（続き）"), "\(pdf.lastPathComponent)")
                #expect(second.contains("2/2") && first.contains("1/2"), "\(pdf.lastPathComponent)")
            }
            #expect(try Oracle.qpdfCheck(pdf).status == 0, "\(pdf.lastPathComponent)")
        }
        #expect(twoPages >= 20, "long invoices run to a second page: \(twoPages)")
        let files = (0..<count).map { String(format: "INV-%04d.pdf", $0) }
        let validate = try Oracle.run(
            Repo.mkpdf.path, ["validate", "--strict", "--require-embedded"] + files, directory: folder)
        #expect(validate.status == 0, "\(validate.stdout.suffix(600))")
    }

    @Test func hundredInvoicesFromNestedJSONL() throws {
        let scratch = try Scratch("invoice-jsonl")
        var text = ""
        for k in 0..<100 {
            let items = Self.lines(k).map {
                "{\"name\": \"\($0.name)\", \"qty\": \($0.qty), \"price\": \($0.price), \"rate\": \($0.rate)}"
            }
            text +=
                "{\"number\": \"\(String(format: "INV-%04d", k))\", \"customer\": \"株式会社𠮷田商店\", "
                + "\"issued\": \"2025-11-25\", \"items\": [\(items.joined(separator: ", "))]}\r\n"
        }
        try Data(text.utf8).write(to: scratch.file("invoices.jsonl"))
        let template = Repo.root.appendingPathComponent("Templates/invoice.yaml").path
        let run = try Self.mkpdf(
            ["batch", "--template", template, "--data", "invoices.jsonl", "--out", "out", "--name", "{{number}}"],
            in: scratch.url)
        #expect(run.stdout.contains("100 ok, 0 failed"), "\(run.stdout)")
        try Self.check(scratch.file("out"), count: 100)
        let manifest = try String(contentsOf: scratch.file("out/manifest.jsonl"), encoding: .utf8)
        #expect(manifest.contains("\"pages\":2") && manifest.contains("\"pages\":1"))
    }

    @Test func hundredInvoicesFromAShuffledCP932CSVOfDetailLines() throws {
        let scratch = try Scratch("invoice-csv")
        var rows: [String] = []
        for k in 0..<100 {
            for line in Self.lines(k) {
                // Excel writes 〜 as the CP932 form ～; mkpdf reads it back as 〜.
                let name = line.name.replacingOccurrences(of: "〜", with: "～")
                rows.append(
                    "\(String(format: "INV-%04d", k)),株式会社髙島商店,2025-11-25,\(name),\(line.qty),\(line.price),"
                        + "\(line.rate)")
            }
        }
        var random = SeededRandom(seed: 26)
        rows.shuffle(using: &random)
        let csv = (["請求番号,取引先,発行日,品名,数量,単価,税率"] + rows).joined(separator: "\r\n") + "\r\n"
        let bytes = try #require(csv.data(using: .shiftJIS), "the CSV encodes as CP932")
        try bytes.write(to: scratch.file("lines.csv"))
        let template = Repo.root.appendingPathComponent("Templates/invoice.yaml").path
        let run = try Self.mkpdf(
            [
                "batch", "--template", template, "--data", "lines.csv", "--group-by", "number", "--map", "請求番号=number",
                "--map", "取引先=customer", "--map", "発行日=issued", "--map", "品名=name", "--map", "数量=qty",
                "--map", "単価=price", "--map", "税率=rate", "--out", "out", "--name", "{{number}}"
            ], in: scratch.url)
        #expect(run.stdout.contains("100 ok, 0 failed"), "\(run.stdout)")
        #expect(run.stderr.contains("not sorted by number"), "the grouping says what it holds: \(run.stderr)")
        try Self.check(scratch.file("out"), count: 100)
    }

    @Test func aFieldThatDiffersInsideAGroupNamesBothRows() throws {
        let scratch = try Scratch("invoice-conflict")
        let csv = """
            number,customer,name,qty,price,rate
            INV-1,髙島商店,豆,1,1200,8
            INV-1,𠮷田商店,カップ,1,2400,10

            """
        try Data(csv.utf8).write(to: scratch.file("lines.csv"))
        let template = Repo.root.appendingPathComponent("Templates/invoice.yaml").path
        let run = try Oracle.run(
            Repo.mkpdf.path,
            [
                "batch", "--template", template, "--data", "lines.csv", "--group-by", "number", "--out", "out",
                "--name",
                "{{number}}"
            ],
            directory: scratch.url)
        #expect(run.status == 1)
        #expect(run.stderr.contains("row 1 has \"髙島商店\", row 2 has \"𠮷田商店\""), "\(run.stderr)")
        #expect(!run.stderr.contains("not sorted"), "a file sorted by the field is streamed: \(run.stderr)")
    }

    @Test func aListOfRecordsInJSONOrYAMLMakesOneDocumentEach() throws {
        let scratch = try Scratch("invoice-list")
        let template = Repo.root.appendingPathComponent("Templates/invoice.yaml").path
        let json = """
            [{"number": "A-1", "customer": "髙島商店", "items": [{"name": "豆", "qty": 2, "price": 1200, "rate": 8}]},
             {"number": "A-2", "customer": "𠮷田商店", "items": [{"name": "マグ", "qty": 1, "price": 2400, "rate": 10}]}]
            """
        try Data(json.utf8).write(to: scratch.file("two.json"))
        let render = try Self.mkpdf(["render", template, "--data", "two.json", "-o", "inv.pdf"], in: scratch.url)
        #expect(render.stdout.contains("/inv-1.pdf\n") && render.stdout.hasSuffix("/inv-2.pdf\n"), "\(render.stdout)")
        let second = try Oracle.pdftotext(scratch.file("inv-2.pdf")).filter { !$0.isWhitespace }
        #expect(second.contains("𠮷田商店") && second.contains("合計（税込）¥2,640"), "\(second)")
        let yaml = """
            - number: B-1
              customer: 株式会社髙島商店
              items:
                - {name: ブレンドコーヒー豆, qty: 2, price: 1200, rate: 8}
            - number: B-2
              customer: 有限会社𠮷田製作所
              items:
                - {name: 𠮷野焼マグカップ, qty: 1, price: 2400, rate: 10}
                - {name: ドリップバッグ, qty: 3, price: 980, rate: 8}

            """
        try Data(yaml.utf8).write(to: scratch.file("invoices.yaml"))
        let batch = try Self.mkpdf(
            ["batch", "--template", template, "--data", "invoices.yaml", "--out", "out", "--name", "{{number}}"],
            in: scratch.url)
        #expect(batch.stdout.contains("2 ok, 0 failed"), "\(batch.stdout)")
        // 2400 + 240 at 10 %, 2940 + 235 at 8 %.
        let b2 = try Oracle.pdftotext(scratch.file("out/B-2.pdf")).filter { !$0.isWhitespace }
        #expect(b2.contains("有限会社𠮷田製作所") && b2.contains("合計（税込）¥5,815"), "\(b2)")
    }
}
