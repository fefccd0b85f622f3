import Foundation
import TestSupport
import Testing

/// `mkpdf report` end to end: a 1,000-member report through the sample template checked with pdftotext and qpdf,
/// a template-less report, PNG pages, and failures that name the row, the column or the path and leave no file.
@Suite struct ReportCommandTests {
    static let template = Repo.root.appendingPathComponent("Templates/report.yaml").path
    static let header = "会員番号,氏名,フリガナ,ランク,入会日,都道府県,年会費,備考"

    /// `count` members with unique numbers GCG-10001…, three ranks, a quoted note with a comma now and then.
    static func members(_ count: Int) -> String {
        let names = ["髙橋 一郎,タカハシ イチロウ", "佐藤 花子,サトウ ハナコ", "鈴木 健太,スズキ ケンタ", "田中 美咲,タナカ ミサキ"]
        let ranks = [("ゴールド", 12_000), ("シルバー", 8_000), ("ブロンズ", 5_000)]
        var lines = [header]
        for index in 1...count {
            let (rank, fee) = ranks[index % 3]
            let note = index % 50 == 0 ? "\"住所変更あり、要確認\"" : ""
            lines.append(
                "GCG-\(10_000 + index),\(names[index % 4]),\(rank),2024-04-\(index % 28 + 10),東京都,\(fee),\(note)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func thousandMemberReport() throws {
        let scratch = try Scratch("cli-report-1000")
        let csv = scratch.file("members.csv")
        try Self.members(1000).write(to: csv, atomically: true, encoding: .utf8)
        let result = try Oracle.run(
            Repo.mkpdf.path,
            [
                "report", "--data", csv.path, "--template", Self.template,
                "-o", "report.pdf"
            ], directory: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let pdf = scratch.file("report.pdf")
        #expect(try scratch.contents() == ["members.csv", "report.pdf"])
        #expect(try Oracle.qpdfCheck(pdf).status == 0)

        let text = try Oracle.pdftotext(pdf)
        let pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: true).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        #expect(pages.count > 15)
        // Every member exactly once.
        for index in 1...1000 {
            let id = "GCG-\(10_000 + index)"
            #expect(text.components(separatedBy: id).count - 1 == 1, "\(id)")
        }
        // The header row and "page X of Y" on every page.
        for (number, page) in pages.enumerated() {
            #expect(page.contains("会員番号") && page.contains("年会費"), "no table header on page \(number + 1)")
            #expect(page.contains("\(number + 1) / \(pages.count) ページ"), "page \(number + 1)")
        }
        // Subtotals per rank and the total, formatted.
        #expect(text.contains("ゴールド 小計 333名") && text.contains("¥3,996,000"))
        #expect(text.contains("合計 1000名") && text.contains("¥8,333,000"))

        // Rewriting the file to add bookmarks keeps the subset fonts embedded: IPAexGothic, and Noto Sans CJK JP
        // Bold for the bold total row — each beside its widened copies, which carry the 和欧間 after 333 in 333名.
        let fonts = try Oracle.pdffonts(pdf)
        #expect(fonts.allSatisfy { $0.embedded && $0.subset }, "\(fonts)")
        #expect(
            Set(fonts.map { $0.name.split(separator: "+").last.map(String.init) ?? $0.name })
                == ["IPAexGothic", "NotoSansCJKjp-Bold"], "\(fonts)")

        // Metadata from the template.
        let info = try Oracle.run("pdfinfo", [pdf.path]).stdout
        #expect(info.contains("会員名簿 2024年度") && info.contains("GCG 会員事務局"), "\(info)")

        // Bookmarks: the title and one per rank, in the catalog's /Outlines.
        let json = try Oracle.run("qpdf", ["--json", pdf.path])
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"/Outlines\""))
        for title in ["会員名簿 2024年度", "ゴールド会員（333名）", "シルバー会員（334名）", "ブロンズ会員（333名）"] {
            #expect(json.stdout.contains("\"/Title\": \"u:\(title)\""), "outline entry \(title)")
        }
    }

    @Test func withoutTemplateEveryColumnIsATableColumnTitledFromTheFile() throws {
        let scratch = try Scratch("cli-report-plain")
        let csv = scratch.file("sales-2024.csv")
        try "\u{FEFF}店舗,担当,\"売上, 円\"\r\n新宿,\"髙橋\n一郎\",120000\r\n梅田,佐藤,98000\r\n"
            .write(to: csv, atomically: true, encoding: .utf8)
        let result = try Oracle.run(
            Repo.mkpdf.path, ["report", "--data", csv.path, "-o", "out.pdf"],
            directory: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let text = try Oracle.pdftotext(scratch.file("out.pdf"))
        for expected in ["sales-2024", "店舗", "担当", "売上, 円", "新宿", "髙橋", "一郎", "120000", "梅田", "98000"] {
            #expect(text.contains(expected), "\(expected) in \(text)")
        }
        #expect(text.replacingOccurrences(of: " ", with: "").contains("1/1"), "page 1 of 1 in the footer")
        #expect(!text.contains("\u{FEFF}"))
    }

    @Test func titleOptionOverridesTemplateAndFileName() throws {
        let scratch = try Scratch("cli-report-title")
        let csv = scratch.file("members.csv")
        try Self.members(5).write(to: csv, atomically: true, encoding: .utf8)
        let result = try Oracle.run(
            Repo.mkpdf.path,
            [
                "report", "--data", csv.path, "--template", Self.template,
                "--title", "理事会資料〜2025年度", "-o", "out.pdf"
            ],
            directory: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let text = try Oracle.pdftotext(scratch.file("out.pdf"))
        #expect(text.contains("理事会資料〜2025年度") && !text.contains("会員名簿 2024年度"))
        #expect(try Oracle.run("pdfinfo", [scratch.file("out.pdf").path]).stdout.contains("理事会資料〜2025年度"))
    }

    @Test func pngOutputWritesOneFilePerPage() throws {
        let scratch = try Scratch("cli-report-png")
        let csv = scratch.file("members.csv")
        try Self.members(120).write(to: csv, atomically: true, encoding: .utf8)
        let result = try Oracle.run(
            Repo.mkpdf.path,
            [
                "report", "--data", csv.path, "--template", Self.template,
                "-o", "report.png", "--dpi", "72"
            ], directory: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let files = try scratch.contents().filter { $0.hasSuffix(".png") }
        #expect(files.count >= 3)
        #expect(Set(files) == Set((1...files.count).map { "report-\($0).png" }))
        let info = try Oracle.run("file", [scratch.file("report-1.png").path])
        #expect(info.stdout.contains("596 x 842"), "\(info.stdout)")
    }

    @Test func badCSVNamesRowAndLineAndWritesNothing() throws {
        let scratch = try Scratch("cli-report-badcsv")
        let csv = scratch.file("broken.csv")
        try (Self.header + "\nGCG-1,a,b,ゴールド,2024-01-01,東京都,100,\nGCG-2,a,b,シルバー,2024-01-01,東京都\n")
            .write(to: csv, atomically: true, encoding: .utf8)
        let result = try Oracle.run(
            Repo.mkpdf.path, ["report", "--data", csv.path, "-o", "out.pdf"],
            directory: scratch.url)
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("broken.csv: row 2 (line 3) has 6 fields but the header has 8"),
            "stderr: \(result.stderr)")
        #expect(try scratch.contents() == ["broken.csv"])
    }

    @Test func missingTemplateColumnIsNamed() throws {
        let scratch = try Scratch("cli-report-column")
        let csv = scratch.file("members.csv")
        try "会員番号,氏名\nGCG-1,髙橋\n".write(to: csv, atomically: true, encoding: .utf8)
        let result = try Oracle.run(
            Repo.mkpdf.path,
            [
                "report", "--data", csv.path, "--template", Self.template,
                "-o", "out.pdf"
            ], directory: scratch.url)
        #expect(result.status != 0)
        // The first row already lacks the column the template reads: named with the template's line and the CSV line.
        #expect(
            result.stderr.contains("no field `フリガナ`") && result.stderr.contains("report.yaml:")
                && result.stderr.contains("members.csv line 2"),
            "stderr: \(result.stderr)")
        #expect(try scratch.contents() == ["members.csv"])
    }

    @Test func unencodableCharacterIsNamedWithItsRow() throws {
        let scratch = try Scratch("cli-report-glyph")
        let csv = scratch.file("members.csv")
        try "会員番号,氏名\nGCG-1,髙橋\nGCG-2,𠮷田 😀\n".write(to: csv, atomically: true, encoding: .utf8)
        let result = try Oracle.run(
            Repo.mkpdf.path, ["report", "--data", csv.path, "-o", "out.pdf"],
            directory: scratch.url)
        #expect(result.status != 0)
        // 𠮷 comes from gothic's fallback font; the emoji from none, and every font tried is named.
        #expect(
            result.stderr.contains("row 2, members.csv line 3") && result.stderr.contains("U+1F600")
                && !result.stderr.contains("U+20BB7"), "stderr: \(result.stderr)")
        #expect(
            result.stderr.contains("ipaexg.ttf") && result.stderr.contains("NotoSansCJK-Regular.ttc"),
            "stderr: \(result.stderr)")
        #expect(try scratch.contents() == ["members.csv"])
    }

    @Test func unwritablePathFailsWithThePath() throws {
        let scratch = try Scratch("cli-report-unwritable")
        let csv = scratch.file("members.csv")
        try Self.members(3).write(to: csv, atomically: true, encoding: .utf8)
        let target = scratch.file("no-such-folder/report.pdf")
        let result = try Oracle.run(Repo.mkpdf.path, ["report", "--data", csv.path, "-o", target.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("cannot write \(target.path)"), "stderr: \(result.stderr)")
        #expect(try scratch.contents() == ["members.csv"])
    }
}
