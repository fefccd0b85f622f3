import Foundation
import TestSupport
import Testing

/// `mkpdf render` of a template with a `chart:` element: the sample page holds every kind and every value, and
/// data no chart can show fails naming the template line, the row, the field and what fits — with no file written.
@Suite struct ChartCommandTests {
    func mkpdf(_ arguments: [String], in folder: Scratch) throws -> Oracle.Result {
        try Oracle.run(Repo.mkpdf.path, arguments, directory: folder.url)
    }

    /// A bar chart of `rows` (each `{月, 売上}`) in a 300 × 200 pt box.
    static func template(
        kind: String = "bar", rows: String, box: String = "w: 300, h: 200", extra: String = ""
    ) -> String {
        """
        page: {width: 340, height: 240}
        data:
          rows: \(rows)
        palette:
          ink: {stroke: "#1A1A1A"}
          blue: {fill: "#2E6FBF"}
          orange: {fill: "#E8833A"}
          green: {fill: "#4CA35A"}
        elements:
          - chart: {kind: \(kind), x: 20, y: 20, \(box), role: ink, roles: [blue, orange, green], rows: rows,
                    label: "{{row.月}}", series: [{name: 売上, value: "{{row.売上}}"}]\(extra)}
        """
    }

    /// `count` months `1月` … with sales 1 … `count`.
    static func months(_ count: Int) -> String {
        "[" + (1...count).map { "{月: \($0)月, 売上: \($0)}" }.joined(separator: ", ") + "]"
    }

    @Test func theSamplePageHoldsEveryKindAndEveryValue() throws {
        let folder = try Scratch("cli-chart-sample")
        let pdf = folder.file("chart.pdf")
        let result = try mkpdf(
            ["render", Repo.root.appendingPathComponent("Templates/chart.yaml").path, "-o", pdf.path], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        let words = Set(try Oracle.pdftotext(pdf).split(whereSeparator: \.isWhitespace).map(String.init))
        let values = [
            // bars: 売上 and 原価 per month
            "120.5", "98.3", "143.2", "160", "151.7", "130.4", "80.2", "65.1", "90.8", "102.5", "99.9", "88.3",
            // stacked: each store's weekdays, weekends and exact total (12.1 + 8.2 = 20.3)
            "12.1", "8.2", "20.3", "9.4", "11.35", "20.75", "7.25", "6.5", "13.75", "4.8", "3.3", "8.1",
            // pie: members by rank
            "42", "128", "205", "311"
        ]
        for value in values { #expect(words.contains(value), "value \(value) not in the PDF's text") }
        for label in ["𠮷祥寺店", "髙崎店", "葛󠄀飾店", "ﾊﾝｶｸ店", "4月", "9月", "プラチナ", "金額（万円）", "入会", "退会"] {
            #expect(words.contains(label), "label \(label) not in the PDF's text")
        }
        #expect(!words.contains { $0.contains("0000") || $0.contains("9999") })
    }

    @Test(arguments: [
        // A value that is no number names the row, the series and the field it came from.
        (template(rows: "[{月: 4月, 売上: 10}, {月: 5月, 売上: 十二}]"), ["row 2 of `rows`", "\"十二\"", "{{row.売上}}", "売上"]),
        (template(rows: "[{月: 4月, 売上: NaN}]"), ["row 1 of `rows`", "\"NaN\""]),
        (template(rows: "[{月: 4月, 売上: \"\"}]"), ["row 1 of `rows`", "empty", "{{row.売上}}"]),
        (template(rows: "[{月: 4月}]"), ["row 1 of `rows`", "no field `売上`"]),
        // A negative bar: the row, the category and the value, and the fix.
        (template(rows: "[{月: 4月, 売上: 3}, {月: 5月, 売上: -2.5}]"), ["row 2 of `rows`", "\"5月\" is -2.5", "line chart"]),
        (template(rows: "[]"), ["has no categories"]),
        (
            template(kind: "pie", rows: "[{月: a, 売上: 1}, {月: b, 売上: 1}, {月: c, 売上: 1}, {月: d, 売上: 1}]"),
            ["needs 4 colours", "has 3"]
        ),
        // Too many categories for the box: how many fit.
        (
            template(rows: "[" + (1...40).map { "{月: \($0)月, 売上: \($0)}" }.joined(separator: ", ") + "]"),
            ["has 40 categories but only", "show at most"]
        )
    ])
    func badDataFailsNamingWhereAndLeavesNoFile(_ yaml: String, _ expected: [String]) throws {
        let folder = try Scratch("cli-chart-bad")
        try yaml.write(to: folder.file("chart.yaml"), atomically: true, encoding: .utf8)
        let result = try mkpdf(["render", "chart.yaml", "-o", "chart.pdf"], in: folder)
        #expect(result.status != 0)
        #expect(result.stderr.contains("chart.yaml:"), "\(result.stderr)")
        for text in expected { #expect(result.stderr.contains(text), "stderr lacks \(text): \(result.stderr)") }
        #expect(try folder.contents() == ["chart.yaml"])
    }

    @Test func theCategoryLimitHoldsBeforeAnyValueIsRead() throws {
        let folder = try Scratch("cli-chart-limit")
        let rows = "[" + (1...5).map { "{月: \($0)月, 売上: \($0)}" }.joined(separator: ", ") + "]"
        try Self.template(rows: rows).write(to: folder.file("chart.yaml"), atomically: true, encoding: .utf8)
        let refused = try mkpdf(
            ["render", "chart.yaml", "-o", "chart.pdf", "--limit", "chart-categories=4"], in: folder)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("chart-categories"), "\(refused.stderr)")
        let allowed = try mkpdf(
            ["render", "chart.yaml", "-o", "chart.pdf", "--limit", "chart-categories=5"], in: folder)
        #expect(allowed.status == 0, "\(allowed.stderr)")
    }

    /// Crowded category labels with `labels: rotate`: turned to 45° while lines stay apart there, else 90°, read
    /// back by pdfium with their baselines' angles and by pdftotext; too many even at 90° is still the error.
    @Test(arguments: [(12, 45.0, ""), (20, 90.0, ", values: no")])
    func crowdedLabelsTurnWhenAskedTo(count: Int, angle: Double, values: String) throws {
        let folder = try Scratch("cli-chart-turned")
        try Self.template(rows: Self.months(count), extra: ", labels: rotate" + values).write(
            to: folder.file("chart.yaml"), atomically: true, encoding: .utf8)
        let rendered = try mkpdf(["render", "chart.yaml", "-o", "turned.pdf"], in: folder)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        let pdf = folder.file("turned.pdf")
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        let glyphs = try Oracle.glyphs(pdf)
        // Every 月 is a category label's last character; all of them stand at the angle (pdfium measures it
        // clockwise: text rising 45° to the right is at 315°), nothing else is turned.
        let turned = 360 - angle
        let marks = glyphs.filter { $0.character == "月" }
        #expect(marks.count == count, "\(marks.count) labels")
        for mark in marks { #expect(abs(mark.angle - turned) < 0.5, "月 at \(mark.angle)°, not \(turned)°") }
        #expect(glyphs.filter { abs($0.angle - turned) < 0.5 }.count >= count * 2)
        #expect(glyphs.filter { $0.angle != 0 && abs($0.angle - turned) >= 0.5 }.isEmpty)
        // MuPDF reads each turned label whole (poppler splits text off the page's axes into characters).
        let text = try Oracle.run("mutool", ["draw", "-q", "-F", "txt", "-o", "-", pdf.path]).stdout
        let lines = Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for month in 1...count { #expect(lines.contains("\(month)月"), "\(month)月 not in \(lines)") }
        // The same data without the policy is still refused.
        try Self.template(rows: Self.months(count), extra: values).write(
            to: folder.file("plain.yaml"), atomically: true, encoding: .utf8)
        let refused = try mkpdf(["render", "plain.yaml", "-o", "plain.pdf"], in: folder)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("categories but only"), "\(refused.stderr)")
    }

    @Test func tooManyEvenTurnedIsStillAnErrorAndEveryThinsThemOut() throws {
        let folder = try Scratch("cli-chart-crowded")
        try Self.template(rows: Self.months(40), extra: ", values: no, labels: rotate").write(
            to: folder.file("chart.yaml"), atomically: true, encoding: .utf8)
        let refused = try mkpdf(["render", "chart.yaml", "-o", "chart.pdf"], in: folder)
        #expect(refused.status != 0)
        for text in ["has 40 categories but only", "even turned 90°", "chart.yaml:"] {
            #expect(refused.stderr.contains(text), "stderr lacks \(text): \(refused.stderr)")
        }
        #expect(try folder.contents() == ["chart.yaml"])
        try Self.template(rows: Self.months(40), extra: ", values: no, labels: {every: 4}").write(
            to: folder.file("chart.yaml"), atomically: true, encoding: .utf8)
        let thinned = try mkpdf(["render", "chart.yaml", "-o", "chart.pdf"], in: folder)
        #expect(thinned.status == 0, "\(thinned.stderr)")
        let words = Set(
            try Oracle.pdftotext(folder.file("chart.pdf")).split(whereSeparator: \.isWhitespace).map(String.init))
        for month in 1...40 {
            #expect(
                words.contains("\(month)月") == (month % 4 == 1), "\(month)月 printed: \(words.contains("\(month)月"))")
        }
    }
}
