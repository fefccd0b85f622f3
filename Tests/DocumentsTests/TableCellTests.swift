import Documents
import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// Table cells through the `Report` API: a cell spanning columns is set across their summed width and aligned there,
/// per-cell style (bold face, size, text and fill roles), subtotal rows among the body and footer rows after it,
/// the header on every page, and rows whose cells do not cover the columns refused with the row named.
@Suite struct TableCellTests {
    static let page = PageSetup(width: 400, height: 300, margins: .init(all: 40))

    /// A receipt-like table: items, a subtotal row per rate, and footer rows whose label spans three columns.
    static func receipt(items: Int = 3) -> Table {
        let columns = [
            TableColumn("品名", width: .fraction(1)), TableColumn("数量", width: .fixed(40), alignment: .right),
            TableColumn("単価", width: .fixed(60), alignment: .right),
            TableColumn("金額", width: .fixed(70), alignment: .right)
        ]
        var rows = (1...items).map { TableRow(["商品〜①髙 \($0)", "2", "¥1,200", "¥2,400"]) }
        rows.append(TableRow(cells: [TableCell("8% 対象 小計", span: 3, alignment: .right), "¥7,200"], kind: .summary))
        let footer = [
            TableRow(
                cells: [
                    TableCell("合計", span: 3, alignment: .center, style: CellStyle(weight: .bold, size: 12)),
                    TableCell("¥7,776", style: CellStyle(weight: .bold, size: 12))
                ], kind: .summary),
            TableRow(cells: [TableCell("（内消費税等 8%）", span: 3, alignment: .right), "¥576"])
        ]
        return Table(columns: columns, rows: rows, footer: footer)
    }

    static func layout(_ table: Table) throws -> ReportOutput {
        try Report(page: page, template: PageTemplate()) { table }.layout()
    }

    @Test func aSpanningCellIsAlignedAcrossTheColumnsItCovers() throws {
        let output = try Self.layout(Self.receipt())
        let cells = output.placedTexts.filter { $0.region == .cell }
        let left = 40.0
        let width = 320.0
        // The 品名 column takes what the fixed columns leave: 320 − 40 − 60 − 70 = 150 pt.
        let subtotal = try #require(cells.first { $0.text == "8% 対象 小計" })
        #expect(
            abs(subtotal.container.x - left) < 1e-9 && abs(subtotal.container.width - (150 + 40 + 60)) < 1e-9,
            "the subtotal label's cell covers three columns: \(subtotal.container)")
        #expect(abs(subtotal.frame.maxX - (left + 250 - 4)) < 1e-6, "right-aligned at the third column's edge")
        let total = try #require(cells.first { $0.text == "合計" })
        let middle = total.frame.x + total.frame.width / 2
        #expect(abs(middle - (left + 125)) < 1e-6, "centred over the three columns' 250 pt: \(total.frame)")
        let amount = try #require(cells.first { $0.text == "¥7,776" })
        #expect(abs(amount.container.x - (left + 250)) < 1e-9 && abs(amount.frame.maxX - (left + width - 4)) < 1e-6)
        // The footer follows the body, in order.
        let order = cells.map(\.text)
        let subtotalIndex = try #require(order.firstIndex(of: "8% 対象 小計"))
        let totalIndex = try #require(order.firstIndex(of: "合計"))
        let taxIndex = try #require(order.firstIndex(of: "（内消費税等 8%）"))
        #expect(order.firstIndex(of: "商品〜①髙 3")! < subtotalIndex && subtotalIndex < totalIndex && totalIndex < taxIndex)
    }

    @Test func aSpanningCellWrapsAcrossItsWholeWidthWithKinsoku() throws {
        let long = "長い注記：この行は三列にまたがるので、一列よりずっと広い幅で折り返されます。句読点は行頭に来ません。"
        let table = Table(
            columns: [
                TableColumn("A", width: .fixed(80)), TableColumn("B", width: .fixed(80)),
                TableColumn("C", width: .fixed(80))
            ],
            rows: [TableRow(cells: [TableCell(long, span: 3)])])
        let lines = try Self.layout(table).placedTexts.filter { $0.region == .cell && $0.container.width == 240 }
        #expect(lines.count >= 2)
        #expect(lines.allSatisfy { $0.frame.maxX <= 40 + 240 - 4 + 1e-6 })
        #expect(lines.contains { $0.frame.width > 80 }, "lines are wider than one column")
        #expect(lines.dropFirst().allSatisfy { !"、。）」".contains($0.text.first!) }, "kinsoku: \(lines.map(\.text))")
        #expect(lines.map(\.text).joined() == long)
    }

    /// The same text in a narrow and a wide column, and at a larger size, is broken for each cell's own width and
    /// font, row after row: repeated text is set once per width and font, never once for all.
    @Test func repeatedTextIsBrokenForEachCellsWidthAndSize() throws {
        let text = "住所変更あり、要確認（2024年3月）"
        let columns = [TableColumn("狭", width: .fixed(60)), TableColumn("広", width: .fixed(200))]
        let rows = (0..<3).flatMap { _ in
            [TableRow([text, text]), TableRow(cells: [TableCell(text, style: CellStyle(size: 14)), TableCell(text)])]
        }
        let cells = try Self.layout(Table(columns: columns, rows: rows)).placedTexts.filter { $0.region == .cell }
        let wide = cells.filter { $0.container.width == 200 && $0.text != "広" }.map(\.text)
        #expect(wide == Array(repeating: text, count: 6), "one line each in the wide column: \(wide)")
        let narrow = cells.filter { $0.container.width == 60 && $0.text != "狭" }
        #expect(narrow.map(\.text).joined() == Array(repeating: text, count: 6).joined())
        let bySize = Dictionary(grouping: narrow) { ($0.frame.height * 100).rounded() }
        let counts = bySize.sorted { $0.key < $1.key }.map(\.value.count)
        #expect(counts.count == 2 && counts[0] < counts[1], "the 14 pt cells take more lines: \(counts)")
        #expect(counts.allSatisfy { $0 % 3 == 0 && $0 > 3 }, "each size wraps alike in its three rows: \(counts)")
    }

    @Test func perCellStyleSetsBoldSizeAndRoles() throws {
        var style = ReportStyle()
        var palette = style.palette
        _ = try palette.addSlot(role: "alert", stroke: Color(hex: "#CC0000")!, fill: Color(hex: "#FFE0E0")!)
        style.palette = palette
        let table = Table(
            columns: [TableColumn("項目"), TableColumn("値", alignment: .right)],
            rows: [
                TableRow(cells: [
                    "普通",
                    TableCell(
                        "太字",
                        style: CellStyle(
                            weight: .bold, size: 14, role: "alert",
                            fill: "alert"))
                ])
            ])
        let output = try Report(page: Self.page, template: PageTemplate(), style: style) { table }.layout()
        let texts = output.pages[0].drawnCommands.compactMap { if case .text(let text) = $0 { text } else { nil } }
        let bold = try #require(texts.first { $0.string == "太字" })
        let plain = try #require(texts.first { $0.string == "普通" })
        #expect(bold.font == "gothic-bold" && bold.size == 14 && bold.color == Color(hex: "#CC0000"))
        #expect(plain.font == "gothic" && plain.size == 9)
        let fills = output.pages[0].drawnCommands.compactMap { if case .rect(let shape) = $0 { shape } else { nil } }
        #expect(fills.contains { $0.fill == Color(hex: "#FFE0E0") && $0.rect.x > 40 }, "the cell's own fill")

        // The PDF uses the bold face for that cell: pdffonts lists Noto Sans CJK JP Bold beside IPAexGothic.
        let scratch = try Scratch("table-bold")
        let file = scratch.file("bold.pdf")
        try render(output.document, options: OutputOptions()).write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let fonts = try Oracle.pdffonts(file).map(\.name)
        #expect(
            fonts.contains { $0.hasSuffix("+NotoSansCJKjp-Bold") } && fonts.contains { $0.hasSuffix("+IPAexGothic") },
            "\(fonts)")
        let words = try Oracle.run("pdftotext", ["-bbox", "-enc", "UTF-8", file.path, "-"]).stdout
        #expect(words.contains(">太字<") && words.contains(">普通<"))
    }

    @Test func aLongTableRepeatsItsHeaderOnEveryPageAndEndsWithItsFooter() throws {
        let output = try Self.layout(Self.receipt(items: 40))
        #expect(output.pages.count >= 3, "\(output.pages.count) pages")
        for index in output.pages.indices {
            let first = output.placedTexts.first { $0.pageIndex == index && $0.region == .cell }
            #expect(first?.text == "品名", "page \(index + 1) starts with the header")
        }
        let last = output.pages.count - 1
        let onLast = output.placedTexts.filter { $0.pageIndex == last }.map(\.text)
        #expect(onLast.contains("合計") && onLast.contains("（内消費税等 8%）"), "the footer rows stay together")
        for item in 1...40 {
            #expect(output.placedTexts.filter { $0.text == "商品〜①髙 \(item)" }.count == 1)
        }

        // pdftotext sees the header on every page of the PDF.
        let scratch = try Scratch("table-pages")
        let file = scratch.file("long.pdf")
        try render(output.document, options: OutputOptions()).write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let pages = try Oracle.pdftotext(file).split(separator: "\u{0C}").filter {
            !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        }
        #expect(pages.count == output.pages.count)
        #expect(pages.allSatisfy { $0.contains("品名") && $0.contains("金額") })
    }

    @Test func footerRowsMoveTogetherToTheNextPage() throws {
        // Enough items that the footer's two rows would straddle the page end: they move together.
        for items in 10...20 {
            let output = try Self.layout(Self.receipt(items: items))
            let total = try #require(output.placedTexts.first { $0.text == "合計" })
            let tax = try #require(output.placedTexts.first { $0.text == "（内消費税等 8%）" })
            #expect(total.pageIndex == tax.pageIndex, "\(items) items")
        }
    }

    @Test func rowsThatDoNotCoverTheColumnsAreRefusedNamingTheRow() throws {
        let columns = [TableColumn("A"), TableColumn("B"), TableColumn("C")]
        let wide = Table(
            columns: columns, rows: [TableRow(["1", "2", "3"])],
            footer: [TableRow(cells: [TableCell("合計", span: 3), "x"])])
        let error = #expect(throws: ReportError.self) { try Self.layout(wide) }
        #expect(error == .rowShape(table: 1, row: 2, cells: 4, columns: 3))
        #expect(error?.description.contains("span") == true)
        let zero = Table(columns: columns, rows: [TableRow(cells: [TableCell("a", span: 0), "b", "c"])])
        let bad = #expect(throws: ReportError.self) { try Self.layout(zero) }
        #expect(bad?.description.contains("row 1, cell 1's span") == true, "\(String(describing: bad))")
        let bold = Table(
            columns: [TableColumn("A")], rows: [TableRow(cells: [TableCell("x", style: CellStyle(weight: .bold))])])
        var style = ReportStyle()
        style.bodyFont = "mincho-ipamj"
        let noBold = #expect(throws: ReportError.self) {
            try Report(page: Self.page, template: PageTemplate(), style: style) { bold }.layout()
        }
        #expect(noBold?.description.contains("mincho-ipamj-bold") == true, "\(String(describing: noBold))")
    }
}
