import Documents
import Foundation
import Testing

/// Report templates: the sample template groups and sums; YAML mistakes name the file and line; columns the CSV
/// lacks are named with the CSV's columns.
@Suite struct ReportTemplateTests {
    let file = URL(fileURLWithPath: "/tmp/test-report.yaml")

    func members() throws -> CSVTable {
        try CSVTable(data: Data("""
            会員番号,氏名,ランク,年会費
            GCG-3,佐藤,シルバー,"8,000"
            GCG-1,髙橋,ゴールド,¥12000
            GCG-2,鈴木,ゴールド,12000

            """.utf8), source: "members.csv")
    }

    @Test func groupsSortsAndSums() throws {
        let template = try ReportTemplate(yaml: """
            title: 会員
            sort: 会員番号
            group: {column: ランク, order: [ゴールド, シルバー], heading: "{{group}}（{{count}}名）", subtotal: "小計"}
            columns:
              - {column: 会員番号}
              - {column: 氏名, width: 1fr}
              - {column: 年会費, align: right, format: yen, sum: true}
            total: "合計 {{count}}名"
            """, file: file)
        let report = try template.report(for: try members())
        let tables = report.blocks.compactMap { block -> Table? in if case .table(let t) = block { t } else { nil } }
        let headings = report.blocks.compactMap { block -> String? in if case .heading(let h) = block { h.text } else { nil } }
        #expect(headings == ["会員", "ゴールド（2名）", "シルバー（1名）"])
        #expect(tables.count == 3)
        #expect(tables[0].rows.map(\.cells) == [["GCG-1", "髙橋", "¥12,000"], ["GCG-2", "鈴木", "¥12,000"], ["小計", "", "¥24,000"]])
        #expect(tables[0].rows.last?.kind == .summary)
        #expect(tables[2].rows.map(\.cells) == [["合計 3名", "", "¥32,000"]])
        #expect(tables[0].columns.map(\.width) == [.fit, .fraction(1), .fit])
        #expect(report.metadata.title == "会員")
    }

    @Test func yamlSyntaxErrorNamesFileAndLine() {
        #expect {
            try ReportTemplate(yaml: "title: 会員\ncolumns:\n  - column: [unclosed\n", file: file)
        } throws: { error in
            "\(error)".contains("/tmp/test-report.yaml:")
        }
    }

    @Test func badWidthNamesItsLine() {
        #expect(throws: ReportTemplateError.self) {
            try ReportTemplate(yaml: "title: 会員\ncolumns:\n  - column: 氏名\n    width: wide\n", file: file)
        }
        do {
            _ = try ReportTemplate(yaml: "title: 会員\ncolumns:\n  - column: 氏名\n    width: wide\n", file: file)
        } catch {
            #expect("\(error)".contains("/tmp/test-report.yaml:4") && "\(error)".contains("\"wide\""), "\(error)")
        }
    }

    @Test func missingColumnIsNamedWithTheCSVColumns() throws {
        let template = try ReportTemplate(yaml: "group: {column: 会員ランク}\n", file: file)
        #expect(throws: ReportTemplateError.missingColumn(template: file.path, key: "group.column", column: "会員ランク",
                                                          csv: "members.csv", available: ["会員番号", "氏名", "ランク", "年会費"])) {
            try template.report(for: try members())
        }
    }

    @Test func nonNumberInSummedColumnNamesRowAndLine() throws {
        let template = try ReportTemplate(yaml: "columns:\n  - {column: 年会費, sum: true}\n", file: file)
        let csv = try CSVTable(data: Data("年会費\n100\n未納\n".utf8), source: "fees.csv")
        #expect(throws: ReportTemplateError.notANumber(csv: "fees.csv", row: 2, line: 3, column: "年会費", value: "未納")) {
            try template.report(for: csv)
        }
    }
}
