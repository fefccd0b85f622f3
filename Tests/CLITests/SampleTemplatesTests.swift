import Foundation
import TestSupport
import Testing

/// The sample templates a user starts from — the receipt (領収書) with its tax breakdown and the vertical
/// certificate (賞状) — render to PDF and PNG through `mkpdf render`, pass qpdf and `mkpdf validate`, and read back
/// exactly from three text engines.
@Suite struct SampleTemplatesTests {
    static func render(_ template: String, _ output: String, in scratch: Scratch, _ extra: [String] = []) throws
        -> Oracle.Result
    {
        try Oracle.run(
            Repo.mkpdf.path,
            ["render", Repo.root.appendingPathComponent("Templates/\(template)").path]
                + extra + ["-o", scratch.file(output).path])
    }

    static func checkValid(_ pdf: URL) throws {
        #expect(try Oracle.qpdfCheck(pdf).status == 0, "qpdf: \(pdf.lastPathComponent)")
        let validate = try Oracle.run(Repo.mkpdf.path, ["validate", pdf.path])
        #expect(validate.status == 0 && validate.stdout.contains("0 errors, 0 warnings"), "\(validate.stdout)")
    }

    @Test func theReceiptAddsUpAndReadsBackExactly() throws {
        let scratch = try Scratch("sample-receipt")
        let pdf = try Self.render("receipt.yaml", "receipt.pdf", in: scratch, ["--set", "customer=株式会社髙島商店"])
        #expect(pdf.status == 0, "\(pdf.stderr)")
        try Self.checkValid(scratch.file("receipt.pdf"))
        // 8 %: 2,400 + 2,940 + 1,600 = 6,940, tax 555.2 → 555 (rounded down once); 10 %: 3,100, tax 310.
        // The issuer block (fixed, bottom right, under its 角印) comes before the flowed table.
        let expected = """
            領 収 書 No. 2025-00123
            令和7年11月23日
            株式会社髙島商店 様
            金額 10,905円（税込）
            但し お品代として 上記正に領収いたしました。
            喫茶 髙田珈琲店
            〒150-0001 東京都渋谷区神宮前3-25-18
            登録番号 T9234567890123
            髙
            田
            珈
            琲
            店
            印
            品名 数量 単価 金額
            ブレンドコーヒー豆 200g ※ 2 ¥1,200 ¥2,400
            ドリップバッグ 10袋入　※ 3 ¥980 ¥2,940
            𠮷野焼マグカップ 1 ¥2,400 ¥2,400
            ペーパーフィルター ①号 2 ¥350 ¥700
            焼菓子詰合せ〜季節限定〜 ※ 1 ¥1,600 ¥1,600
            10%対象 小計 ¥3,100
            消費税（10%） ¥310
            8%対象（軽減税率） 小計 ¥6,940
            消費税（8%） ¥555
            合計（税込） ¥10,905
            ※印は軽減税率（8%）の対象品目です。
            """
        // The template marks 8 % items with "　※" (an ideographic space). A line whose 和欧間 opens gaps (10袋)
        // carries /ActualText, so poppler reads that space as written; elsewhere it reads the blank glyph as " ".
        let raw = try Oracle.run("pdftotext", ["-raw", scratch.file("receipt.pdf").path, "-"]).stdout
        #expect(raw.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(raw)")
        let mupdf = try Oracle.run("mutool", ["draw", "-q", "-F", "txt", "-o", "-", scratch.file("receipt.pdf").path])
            .stdout
        let pdfium = try Oracle.run(
            "python3",
            [
                "-c",
                """
                import sys, pypdfium2
                print(pypdfium2.PdfDocument(sys.argv[1])[0].get_textpage().get_text_range())
                """, scratch.file("receipt.pdf").path
            ]
        ).stdout
        for line in ["株式会社髙島商店", "10,905円（税込）", "¥10,905", "𠮷野焼マグカップ", "8%対象（軽減税率）", "T9234567890123"] {
            // MuPDF reads the quarter em of 和欧間 (10,905 円) as a word space; pdfium reads the line's /ActualText.
            #expect(
                Oracle.squeezed(mupdf).contains(Oracle.squeezed(line)), "mutool lacks \(line): \(mupdf)")
            #expect(pdfium.contains(line), "pdfium lacks \(line): \(pdfium)")
        }
        let png = try Self.render("receipt.yaml", "receipt.png", in: scratch)
        #expect(png.status == 0, "\(png.stderr)")
        #expect(try scratch.contents().sorted() == ["receipt.pdf", "receipt.png"])
    }

    @Test func theReceiptRefusesATaxRateItDoesNotKnowHowToRound() throws {
        let scratch = try Scratch("sample-receipt-bad")
        let template = try String(
            contentsOf: Repo.root.appendingPathComponent("Templates/receipt.yaml"), encoding: .utf8
        )
        .replacingOccurrences(of: "tax8: \"(base8 * 8 / 100) | round(0, 'down')\"", with: "tax8: \"base8 * 8 / 100\"")
        try template.write(to: scratch.file("receipt.yaml"), atomically: true, encoding: .utf8)
        // The 角印 part beside it, as in Templates/.
        try FileManager.default.createDirectory(at: scratch.file("parts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("Templates/parts/kakuin.yaml"), to: scratch.file("parts/kakuin.yaml"))
        let result = try Oracle.run(Repo.mkpdf.path, ["render", "receipt.yaml", "-o", "r.pdf"], directory: scratch.url)
        #expect(result.status != 0)
        // The total is the first text printed with | number: 10,905.2 is refused, with the rounding to add.
        #expect(result.stderr.contains("10905.2") && result.stderr.contains("| round(0, "), "\(result.stderr)")
        #expect(try scratch.contents().sorted() == ["parts", "receipt.yaml"])
    }

    @Test func theCertificateSetsItsColumnsVertically() throws {
        let scratch = try Scratch("sample-certificate")
        let pdf = try Self.render("certificate.yaml", "certificate.pdf", in: scratch, ["--set", "name=𠮷田花子"])
        #expect(pdf.status == 0, "\(pdf.stderr)")
        try Self.checkValid(scratch.file("certificate.pdf"))
        // Vertical columns come out one character a line, right column first.
        let raw = try Oracle.run("pdftotext", ["-raw", scratch.file("certificate.pdf").path, "-"]).stdout
            .replacingOccurrences(of: "\n", with: "")
        // Numbers in 漢数字 (kansuji), no Latin line, the issuer named; the seal is a part
        // (Templates/parts/seal.yaml): its two columns read right to left.
        for run in ["賞状", "優秀賞", "𠮷田花子", "第十一回", "令和七年十一月二十三日", "会長山田太郎", "会長之印"] {
            #expect(raw.contains(run), "\(run) not in \(raw)")
        }
        #expect(!raw.contains { $0.isASCII && $0.isLetter }, "a Latin letter in \(raw)")
        let png = try Self.render("certificate.yaml", "certificate.png", in: scratch)
        #expect(png.status == 0, "\(png.stderr)")
    }
}
