import Documents
import DrawingModule
import Foundation
import Testing

/// Summary and footer rows of a template's `table` block carry table cells: a cell spans columns, takes its own
/// alignment, weight, size and roles, in a `cells:` list or by column title; every mistake is named at its line.
@Suite struct TemplateTableCellTests {
    static func template(footer: String, styles: String = "") -> String {
        """
        page: a6
        \(styles)
        data:
          items: [{name: コーヒー豆〜①髙, qty: 2, price: 1200}, {name: 𠮷野マグ, qty: 1, price: 2400}]
        let:
          total: "items | sum('price * qty')"
        flow:
          - table:
              rows: items
              each: item
              columns:
                - {title: 品名, value: "{{item.name}}", width: 1fr}
                - {title: 数量, value: "{{item.qty}}", width: 15mm, align: right}
                - {title: 金額, value: "{{ (item.price * item.qty) | yen }}", width: 25mm, align: right}
              footer:
        \(footer)
        """
    }

    static func texts(_ yaml: String) throws -> [Drawing.Command.Text] {
        let document = try Template(yaml: yaml, file: "t.yaml").document(options: TemplateRenderOptions(fonts: .shared))
        return document.pages.flatMap(\.drawnCommands).compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    @Test func aCellsListSpansAlignsAndStylesEachCell() throws {
        let texts = try Self.texts(
            Self.template(
                footer: """
                            - cells: [{text: 合計（税込）, span: 2, align: right, weight: bold, size: 11}, {text: "{{ total | yen }}", weight: bold}]
                    """))
        let label = try #require(texts.first { $0.string == "合計（税込）" })
        let amount = try #require(texts.first { $0.string == "¥4,800" })
        let quantity = try #require(texts.first { $0.string == "数量" })
        #expect(label.font == "gothic-bold" && label.size == 11 && amount.font == "gothic-bold")
        // Right-aligned across 品名 and 数量: the label ends where the 数量 column's text ends, near its header's end.
        let headerEnd = quantity.origin.x + 2 * quantity.size
        #expect(label.origin.x > 40 && abs(label.origin.x + 6 * 11 - headerEnd) < 1, "\(label.origin) vs \(headerEnd)")
    }

    @Test func aCellByColumnTitleSpansToTheRight() throws {
        let texts = try Self.texts(
            Self.template(
                footer: """
                            - {品名: {text: 小計, span: 2, align: center}, 金額: "{{ total | yen }}"}
                            - {金額: 以上}
                    """))
        let subtotal = try #require(texts.first { $0.string == "小計" })
        let name = try #require(texts.first { $0.string == "品名" })
        #expect(subtotal.origin.x > name.origin.x + 40, "centred over two columns: \(subtotal.origin)")
        #expect(texts.contains { $0.string == "以上" })
    }

    static func loadError(_ footer: String, styles: String = "") -> TemplateError? {
        #expect(throws: TemplateError.self) {
            try Template(yaml: template(footer: footer, styles: styles), file: "t.yaml")
        }
    }

    @Test func mistakesInCellsAreNamedAtTheirLine() throws {
        let misspelt = Self.loadError("          - cells: [{text: 合計, span: 2, wieght: bold}, x]")
        #expect(
            misspelt?.line == 16 && misspelt?.column == 41
                && misspelt?.description.contains("did you mean `weight`?") == true,
            "\(String(describing: misspelt))")
        let short = Self.loadError("          - cells: [{text: 合計, span: 2}]")
        #expect(
            short?.line == 16 && short?.description.contains("cells covering 2 columns") == true,
            "\(String(describing: short))")
        let wide = Self.loadError("          - {数量: {text: 合計, span: 3}}")
        #expect(wide?.line == 16 && wide?.description.contains("from 1 to 2") == true, "\(String(describing: wide))")
        let covered = Self.loadError("          - {品名: {text: 合計, span: 2}, 数量: x}")
        #expect(
            covered?.line == 16 && covered?.column == 39
                && covered?.description.contains("covered by the span of \"品名\"") == true,
            "\(String(describing: covered))")
        let both = Self.loadError("          - {cells: [a, b, c], 金額: x}")
        #expect(both?.description.contains("either cells") == true, "\(String(describing: both))")
        let weight = Self.loadError("          - cells: [{text: 合計, span: 2, weight: heavy}, x]")
        #expect(weight?.description.contains("one of regular, bold") == true, "\(String(describing: weight))")
    }

    @Test func namedStylesServeCellsAndParagraphsUnderTheirOwnKeys() throws {
        let styles =
            "styles: {total: {size: 11, weight: bold, align: right, role: accent}, note: {size: 7, role: muted}}"
        let yaml = Self.template(
            footer: """
                        - cells: [{text: 合計, span: 2, style: total}, {text: "{{ total | yen }}", style: total, size: 12}]
                  - paragraph: {text: ※は軽減税率の対象です, style: note}
                  - paragraph: {text: 以上, style: total, role: text}
                """, styles: styles)
        let texts = try Self.texts(yaml)
        let label = try #require(texts.first { $0.string == "合計" })
        let amount = try #require(texts.first { $0.string == "¥4,800" })
        let note = try #require(texts.first { $0.string == "※は軽減税率の対象です" })
        let end = try #require(texts.first { $0.string == "以上" })
        let accent = ReportStyle.defaultPalette.slot(named: "accent")!.stroke
        #expect(label.font == "gothic-bold" && label.size == 11 && label.color == accent)
        #expect(amount.font == "gothic-bold" && amount.size == 12, "the cell's own size over the style's")
        #expect(
            note.size == 7 && note.font == "gothic"
                && note.color == ReportStyle.defaultPalette.slot(named: "muted")!.stroke)
        #expect(end.font == "gothic-bold" && end.color == ReportStyle.defaultPalette.slot(named: "text")!.stroke)
        #expect(end.origin.x > note.origin.x + 100, "the style's right alignment")

        let unknown = Self.loadError("          - cells: [{text: 合計, span: 2, style: totl}, x]", styles: styles)
        #expect(
            unknown?.line == 16 && unknown?.column == 48
                && unknown?.description.contains("did you mean `total`?") == true, "\(String(describing: unknown))")
        let misspelt = Self.loadError("          - {金額: x}", styles: "styles: {total: {wieght: bold}}")
        #expect(
            misspelt?.line == 2 && misspelt?.description.contains("did you mean `weight`?") == true,
            "\(String(describing: misspelt))")
    }
}
