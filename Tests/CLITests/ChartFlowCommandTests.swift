import Foundation
import TestSupport
import Testing

/// The `chart` flow block through `mkpdf render`: set after the blocks before it at its own height, moved whole to
/// the next page when the rest of a page cannot hold it, and refused with the template's line when no page can.
@Suite struct ChartFlowCommandTests {
    /// A 300 × 400 pt report: `paragraphs` numbered paragraphs, then a 200 pt bar chart, then a closing paragraph.
    static func report(paragraphs: Int, height: String = "200") -> String {
        """
        page: {width: 300, height: 400}
        margins: 20
        data:
          rows: [{月: 4月, 売上: 120.5}, {月: 5月, 売上: 98.3}, {月: 髙崎, 売上: 1143.25}]
        palette:
          ink: {stroke: "#1A1A1A"}
          blue: {fill: "#2E6FBF"}
        flow:
          - heading: 売上報告
        \((1...paragraphs).map { "  - paragraph: 第\($0)項 〜−‖①髙橋𠮷田ﾊﾝｶｸ葛󠄀飾の会員規約について。" }.joined(separator: "\n"))
          - chart: {kind: bar, height: \(height), role: ink, roles: [blue], rows: rows, label: "{{row.月}}",
                    series: [{name: 売上, value: "{{row.売上}}"}], valueTitle: 千円}
          - paragraph: 以上で報告を終わります。
        """
    }

    /// The text pdftotext reads on page `page` (from 1).
    func pageText(_ pdf: URL, _ page: Int) throws -> String {
        let result = try Oracle.run("pdftotext", ["-f", "\(page)", "-l", "\(page)", pdf.path, "-"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    func pageWords(_ pdf: URL, _ page: Int) throws -> Set<String> {
        Set(try pageText(pdf, page).split(whereSeparator: \.isWhitespace).map(String.init))
    }

    @Test(arguments: [(2, 1), (14, 2)])
    func theChartLandsWholeOnThePageWithRoomForIt(paragraphs: Int, page: Int) throws {
        let folder = try Scratch("cli-chart-flow")
        try Self.report(paragraphs: paragraphs).write(
            to: folder.file("report.yaml"), atomically: true, encoding: .utf8)
        let result = try Oracle.run(
            Repo.mkpdf.path, ["render", "report.yaml", "-o", "report.pdf"], directory: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = folder.file("report.pdf")
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        let values = ["120.5", "98.3", "1,143.25", "4月", "5月", "髙崎", "千円"]
        let words = try pageWords(pdf, page)
        for value in values { #expect(words.contains(value), "\(value) not on page \(page): \(words)") }
        #expect(words.contains("以上で報告を終わります。"), "the paragraph after the chart follows it")
        if page == 2 {
            let first = try pageWords(pdf, 1)
            #expect(
                Oracle.squeezed(try pageText(pdf, 1)).contains("第\(paragraphs)項"),
                "every paragraph before the chart is on page 1")
            for value in values { #expect(!first.contains(value), "\(value) is cut onto page 1") }
        }
    }

    @Test func aChartTallerThanAPageIsRefusedWithItsLine() throws {
        let folder = try Scratch("cli-chart-flow-tall")
        try Self.report(paragraphs: 1, height: "130mm").write(
            to: folder.file("report.yaml"), atomically: true, encoding: .utf8)
        let result = try Oracle.run(
            Repo.mkpdf.path, ["render", "report.yaml", "-o", "report.pdf"], directory: folder.url)
        #expect(result.status != 0)
        for text in ["report.yaml:11:", "the chart is 368.5 pt", "holds 360.0 pt", "never cut across pages"] {
            #expect(result.stderr.contains(text), "stderr lacks \(text): \(result.stderr)")
        }
        #expect(try folder.contents() == ["report.yaml"])
    }
}
