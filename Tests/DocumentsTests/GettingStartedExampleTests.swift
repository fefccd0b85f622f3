import Documents
import DrawingModule
import Fonts
import Foundation
import TestSupport
import Testing

/// The code of the Documents Getting Started article (Sources/Documents/Documents.docc/GettingStarted.md), so the
/// documented calls keep compiling and doing what the article says (rendering to files is RenderTests' part).
@Suite struct GettingStartedExampleTests {
    /// Every text string a drawing draws.
    static func texts(_ drawing: Drawing) -> [String] {
        drawing.drawnCommands.compactMap { if case .text(let text) = $0 { text.string } else { nil } }
    }

    @Test func templateIsFilledWithTheGivenValue() throws {
        let template = try Template(
            yaml: """
                size: {width: 300, height: 80}
                placeholders: {name: 山田 太郎}
                palette:
                  ink: {stroke: "#1A1A1A"}
                elements:
                  - text: {role: ink, text: "{{name}} 様", size: 18, x: 10, y: 20}
                """, file: "greeting.yaml")
        let page = try template.render(values: ["name": "髙橋 一郎"], options: TemplateRenderOptions(fonts: .shared))
        #expect(Self.texts(page) == ["髙橋 一郎 様"])
        #expect(Self.texts(try template.render()) == ["山田 太郎 様"])
    }

    @Test func csvReportAndBuiltReportLayOut() throws {
        let table = try CSVTable(contentsOf: Repo.root.appendingPathComponent("samples/members.csv"))
        let reportTemplate = try Template(contentsOf: Repo.root.appendingPathComponent("Templates/report.yaml"))
        let document = try reportTemplate.document(
            data: ["rows": Template.records(table)],
            options: TemplateRenderOptions(fonts: .shared))
        #expect(document.pages.count >= 1)
        #expect(document.metadata.title == "会員名簿 2024年度")

        let members = [("GCG-40100", "髙橋 一郎"), ("GCG-40138", "佐藤 花子")]
        let handMade = Report(metadata: .init(title: "会員名簿")) {
            Heading("会員名簿", level: 1)
            Paragraph("ランク別の会員一覧です。", alignment: .justified)
            Table(
                columns: [TableColumn("会員番号"), TableColumn("氏名", width: .fraction(1))],
                rows: members.map { [$0.0, $0.1] })
        }
        let pages = try handMade.layout().pages
        #expect(pages.count == 1)
        #expect(pages.flatMap(Self.texts).contains("佐藤 花子"))

        let receipt = Table(
            columns: [
                TableColumn("品名", width: .fraction(1)), TableColumn("数量", alignment: .right),
                TableColumn("金額", alignment: .right)
            ],
            rows: [TableRow(["コーヒー豆 ※", "2", "¥2,400"]), TableRow(["𠮷野マグ", "1", "¥2,400"])],
            footer: [
                TableRow(
                    cells: [
                        TableCell("合計（税込）", span: 2, alignment: .right, style: CellStyle(weight: .bold)),
                        TableCell("¥5,232", style: CellStyle(weight: .bold))
                    ], kind: .summary)
            ])
        let receiptPages = try Report(metadata: .init(title: "領収書")) { receipt }.layout().pages
        let bold = receiptPages[0].drawnCommands.compactMap {
            if case .text(let text) = $0, text.font == "gothic-bold" { text.string } else { nil }
        }
        #expect(bold == ["合計（税込）", "¥5,232"])
    }
}
