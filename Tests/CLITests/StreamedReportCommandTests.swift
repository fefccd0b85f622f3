import DrawingModule
import Foundation
import TestSupport
import Testing

/// `mkpdf report` lays out and writes a long report page by page: a 20,000-member report is a valid PDF whose first,
/// middle and last pages say "X / Y ページ", whose subtotals and outline are right, and whose peak memory does not
/// grow with its pages; the default budget takes a long list of one's own and still refuses a template's own
/// expansion.
@Suite(.serialized) struct StreamedReportCommandTests {
    static let template = Repo.root.appendingPathComponent("Templates/report.yaml").path

    /// Runs `mkpdf report` on `rows` generated members into `name` in `scratch`.
    static func report(_ rows: Int, in scratch: Scratch, name: String = "report.pdf") throws -> Oracle.Result {
        let csv = scratch.file("members-\(rows).csv")
        try ReportCommandTests.members(rows).write(to: csv, atomically: true, encoding: .utf8)
        return try Oracle.run(
            Repo.mkpdf.path, ["report", "--data", csv.path, "--template", template, "-o", name],
            directory: scratch.url)
    }

    /// The text of page `page` (from 1) of `pdf`.
    static func text(of pdf: URL, page: Int) throws -> String {
        try Oracle.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", pdf.path, "-"]).stdout
    }

    @Test func twentyThousandMembersArePagedWithPageNumbersSubtotalsAndOutline() throws {
        let scratch = try Scratch("cli-report-20000")
        let result = try Self.report(20_000, in: scratch)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let pdf = scratch.file("report.pdf")
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        let validation = try Oracle.run(Repo.mkpdf.path, ["validate", pdf.path])
        #expect(validation.status == 0, "\(validation.stdout)\(validation.stderr)")

        let info = try Oracle.run("pdfinfo", [pdf.path]).stdout
        let pages = try #require(
            info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
                .flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) })
        #expect(pages > 600, "\(info)")
        for page in [1, pages / 2, pages] {
            let text = try Self.text(of: pdf, page: page)
            #expect(text.contains("\(page) / \(pages) ページ"), "page \(page): \(text.suffix(200))")
            #expect(text.contains("会員番号") && text.contains("年会費"), "no table header on page \(page)")
        }

        // Ranks go round ゴールド (index % 3 == 0), シルバー, ブロンズ: 6,666, 6,667 and 6,667 members.
        let all = try Oracle.pdftotext(pdf)
        for (subtotal, amount) in [
            ("ゴールド 小計 6666名", "¥79,992,000"), ("シルバー 小計 6667名", "¥53,336,000"),
            ("ブロンズ 小計 6667名", "¥33,335,000"), ("合計 20000名", "¥166,663,000")
        ] {
            #expect(all.contains(subtotal) && all.contains(amount), "\(subtotal) \(amount)")
        }
        #expect(all.components(separatedBy: "GCG-30000").count == 2, "the last member once")

        // The outline, read by pypdf: the title, then each rank's heading on the page pdftotext finds it on.
        let script = """
            import sys, pypdf
            r = pypdf.PdfReader(sys.argv[1], strict=True)
            def walk(items):
                for item in items:
                    if isinstance(item, list):
                        walk(item)
                    else:
                        print("%s\\t%d" % (item.title, r.get_destination_page_number(item) + 1))
            walk(r.outline)
            """
        let outline = try Oracle.run("python3", ["-c", script, pdf.path])
        #expect(outline.status == 0, "\(outline.stderr)")
        let entries = outline.stdout.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        #expect(
            entries.map { $0.first ?? "" } == [
                "会員名簿 2024年度", "ゴールド会員（6666名）", "シルバー会員（6667名）", "ブロンズ会員（6667名）"
            ], "\(outline.stdout)")
        for entry in entries.dropFirst() {
            let page = try #require(entry.count == 2 ? Int(entry[1]) : nil, "\(entry)")
            #expect(try Self.text(of: pdf, page: page).contains(entry[0]), "\(entry[0]) is not on page \(page)")
        }
    }

    /// Peak resident memory (GNU time's maximum resident set size, KB) of a report of `rows` members.
    static func peakMemory(_ rows: Int, in scratch: Scratch) throws -> Int {
        let csv = scratch.file("members-\(rows).csv")
        try ReportCommandTests.members(rows).write(to: csv, atomically: true, encoding: .utf8)
        let result = try Oracle.run(
            "/usr/bin/time",
            ["-f", "%M", Repo.mkpdf.path, "report", "--data", csv.path, "--template", template, "-o", "r.pdf"],
            directory: scratch.url)
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(result.stderr.split(separator: "\n").last.flatMap { Int($0) }, "\(result.stderr)")
    }

    @Test func peakMemoryGrowsByLittleMoreThanTheDataItHolds() throws {
        let scratch = try Scratch("cli-report-rss")
        let small = try Self.peakMemory(5_000, in: scratch)
        let large = try Self.peakMemory(20_000, in: scratch)
        // Holding every laid-out page cost about 11 KB a row (5,000 → 20,000 rows, release build at 8c56a6d); what
        // remains is the rows' data (read whole) and each page's compressed content.
        let perRow = Double(large - small) * 1024 / 15_000
        #expect(perRow < 5_000, "\(small) KB at 5,000 rows, \(large) KB at 20,000: \(Int(perRow)) bytes a row")
    }

    @Test func theDefaultBudgetTakesAHundredThousandRowsOfOnesOwnData() throws {
        // 700,004 blocks and cells: a table of 100,000 rows × 7 columns, its group headings and summaries.
        let bytes = ReportCommandTests.members(100_000).utf8.count
        #expect(Limits().growing(forDataBytes: bytes).elementsPerDocument > 700_004 + 100_000)
        #expect(Limits().growing(forDataBytes: 0) == Limits())
    }

    @Test func aTemplatesOwnExpansionIsStillRefusedWhateverTheData() throws {
        let scratch = try Scratch("cli-report-hostile")
        // Every row shows every row: 1,000 rows of data make a million cells.
        let yaml = """
            page: a4
            font: gothic
            data: {rows: []}
            flow:
              - for:
                  each: r
                  in: rows
                  flow:
                    - table:
                        rows: rows
                        columns: [{title: 番号, value: "{{row.会員番号}}"}]
            """
        try yaml.write(to: scratch.file("hostile.yaml"), atomically: true, encoding: .utf8)
        let csv = scratch.file("members.csv")
        try ReportCommandTests.members(1_000).write(to: csv, atomically: true, encoding: .utf8)
        let result = try Oracle.run(
            Repo.mkpdf.path, ["report", "--data", csv.path, "--template", "hostile.yaml", "-o", "h.pdf"],
            directory: scratch.url)
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("elements-per-document"), "\(result.stderr)")
        #expect(try scratch.contents() == ["hostile.yaml", "members.csv"])
    }
}
