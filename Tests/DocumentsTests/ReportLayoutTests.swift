import Documents
import DrawingModule
import Foundation
import Render
import TestSupport
import Testing
import Typeset

/// The layout's geometry: justified lines reach the right edge, nothing leaves its cell or the page, a long table
/// repeats its header and every row appears once, "page X of Y" is right on every page.
@Suite struct ReportLayoutTests {
    static let tolerance = 0.01

    /// Groups body texts into lines by page and top.
    func bodyLines(_ output: ReportOutput) -> [[PlacedText]] {
        var lines: [[PlacedText]] = []
        for text in output.placedTexts where text.region == .body {
            if let last = lines.last?.last, last.pageIndex == text.pageIndex, abs(last.frame.y - text.frame.y) < 1e-6 {
                lines[lines.count - 1].append(text)
            } else {
                lines.append([text])
            }
        }
        return lines
    }

    @Test(
        "justified lines end exactly at the right edge, except each paragraph's last",
        arguments: [
            "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。",
            "Reports are held against ReportLab's Platypus: flowing text, tables that break across pages with their header repeated, headers and footers, page numbers and bookmarks.",
            "会員番号GCG-40167の髙橋様、2024年度の年会費¥12,000を受領しました。Thank you for renewing your Gold membership — 次回の更新は2025年4月です。"
        ])
    func justifiedLinesFillTheBox(text: String) throws {
        let report = Report(page: PageSetup(width: 300, height: 600, margins: .init(all: 40)), template: PageTemplate())
        {
            Paragraph(text, alignment: .justified)
        }
        let output = try report.layout()
        let right = report.page.margins.left + report.page.contentWidth
        let lines = bodyLines(output)
        try #require(lines.count >= 3)
        for line in lines.dropLast() {
            let edge = try #require(line.map(\.frame.maxX).max())
            #expect(
                abs(edge - right) <= Self.tolerance, "line \(line.map(\.text).joined()) ends at \(edge), not \(right)")
        }
        // The last line is set flush left, never spread: no wider than its characters at their own advances (it may
        // be squeezed to hold a character, as every line may).
        let last = try #require(lines.last?.last)
        let font = try LayoutFont(named: report.style.bodyFont, size: report.style.bodySize)
        #expect(abs(last.frame.x - report.page.margins.left) < 1e-9)
        let natural = try #require(LineBreaker(font: font).lines(for: last.text, width: .infinity).first?.width)
        #expect(last.frame.width <= natural + 1e-9, "the last line is not stretched")
    }

    @Test func justifiedJapaneseLinesAreSpreadAtMostAQuarterEmBetweenCharacters() throws {
        // Glyph positions in the PDF (MuPDF): between two kana or kanji of a line but the last, at most a quarter em
        // (2.5 pt at 10 pt) more than solid; the last line solid. Every character once, in order.
        let text =
            "本名簿は2024年度の全会員を「ゴールド」「シルバー」「ブロンズ」のランク別に掲載し、各ランクの年会費の小計と"
            + "総合計を示します。会員番号（GCG-xxxxx）・氏名・入会日・都道府県・年会費・備考の各欄は、会員管理システム"
            + "から書き出したCSV（UTF-8）をそのまま使っています。"
        // No alignment stated: a Japanese paragraph is justified by default (jlreq's 両端揃え).
        let report = Report(page: PageSetup(width: 300, height: 600, margins: .init(all: 40)), template: PageTemplate())
        {
            Paragraph(text)
        }
        let scratch = try Scratch("report-justified")
        let file = scratch.file("justified.pdf")
        try render(try report.layout().document, options: OutputOptions()).write(to: file)
        var lines: [[Oracle.PlacedCharacter]] = []
        for character in try Oracle.characters(file) {
            if let last = lines.last?.last, abs(last.y - character.y) < 0.5 {
                lines[lines.count - 1].append(character)
            } else {
                lines.append([character])
            }
        }
        #expect(lines.flatMap { $0 }.map(\.text).joined() == text)
        try #require(lines.count >= 4)
        // Spread: some line ends where a character pushed to the next left room, shared out between its characters.
        #expect(
            lines.dropLast().contains { line in
                zip(line, line.dropFirst()).contains {
                    CharacterClass(Character($0.text)).isJapaneseLetter && $1.x - $0.x > 10.05
                }
            }, "no line was spread")
        for (number, line) in lines.enumerated() {
            for (a, b) in zip(line, line.dropFirst())
            where CharacterClass(Character(a.text)).isJapaneseLetter
                && CharacterClass(Character(b.text)).isJapaneseLetter
            {
                // Between pen origins, less the full-width advance: a spread glyph's box carries its gap.
                let gap = b.x - a.x - 10
                #expect(gap <= 2.5 + 0.05, "\(a.text)\(b.text) on line \(number + 1): \(gap) pt")
                if number == lines.count - 1 { #expect(abs(gap) < 0.05, "the last line is set solid") }
            }
        }
    }

    @Test("left, right and centre alignment place the line where they say", arguments: ParagraphAlignment.allCases)
    func alignment(_ alignment: ParagraphAlignment) throws {
        let report = Report(page: PageSetup(width: 300, height: 300, margins: .init(all: 40)), template: PageTemplate())
        {
            Paragraph("髙橋 〜 ① ﾊﾝｶｸ", alignment: alignment)
        }
        let text = try #require(try report.layout().placedTexts.first)
        let left = 40.0
        let right = 260.0
        switch alignment {
        case .left, .justified, .automatic: #expect(abs(text.frame.x - left) < 1e-9)
        case .right: #expect(abs(text.frame.maxX - right) < 1e-9)
        case .center: #expect(abs((text.frame.x - left) - (right - text.frame.maxX)) < 1e-9)
        }
    }

    static func memberTable(rows count: Int) -> Table {
        let ranks = ["ゴールド", "シルバー", "ブロンズ"]
        let names = ["髙橋 一郎", "佐藤 花子", "鈴木 次郎", "田中 美咲", "渡辺 健太"]
        let note = "長い備考：このメモは列幅より長いので折り返されます。Long notes wrap inside their cell too."
        let rows: [[String]] = (1...count).map { (index: Int) -> [String] in
            let id = String(format: "GCG-%05d", index)
            let joined = String(format: "2024-04-%02d", index % 28 + 1)
            let fee = "¥\(12_000 + index % 3 * 3_000)"
            let remark = index % 97 == 0 ? note : ""
            return [id, names[index % names.count], ranks[index % 3], joined, fee, remark]
        }
        return Table(
            columns: [
                TableColumn("会員番号"), TableColumn("氏名", width: .fraction(1)), TableColumn("ランク"),
                TableColumn("入会日", width: .fixed(70), alignment: .center),
                TableColumn("年会費", alignment: .right), TableColumn("備考", width: .fraction(2))
            ],
            rows: rows)
    }

    @Test func thousandRowTableKeepsEveryRowHeaderAndPageNumbers() throws {
        let report = Report(template: .pageNumbers, metadata: .init(title: "会員名簿")) {
            Heading("会員名簿", level: 1)
            Self.memberTable(rows: 1000)
        }
        let output = try report.layout()
        let pages = output.pages.count
        #expect(pages > 10)
        let page = report.page
        let body = Rect(
            x: page.margins.left, y: page.contentTop, width: page.contentWidth,
            height: page.contentBottom - page.contentTop)
        // No text leaves its container; no cell leaves the page body; nothing leaves the paper.
        for text in output.placedTexts {
            let frame = text.frame
            let box = text.container
            #expect(
                frame.x >= box.x - 1e-9 && frame.maxX <= box.maxX + 1e-9 && frame.y >= box.y - 1e-9
                    && frame.maxY <= box.maxY + 1e-9, "\(text.text) on page \(text.pageIndex + 1) overflows")
            #expect(frame.x >= 0 && frame.maxX <= page.width && frame.y >= 0 && frame.maxY <= page.height)
            if text.region == .cell {
                #expect(
                    box.x >= body.x - 1e-9 && box.maxX <= body.maxX + 1e-9 && box.y >= body.y - 1e-9
                        && box.maxY <= body.maxY + 1e-9, "cell of \(text.text) leaves the body")
            }
        }
        // Every row once.
        let ids = output.placedTexts.filter { $0.region == .cell && $0.text.hasPrefix("GCG-") }.map(\.text)
        #expect(ids.count == 1000)
        #expect(Set(ids).count == 1000)
        // The header row heads every page.
        for index in 0..<pages {
            let cells = output.placedTexts.filter { $0.pageIndex == index && $0.region == .cell }
            let top = try #require(cells.map(\.frame.y).min())
            #expect(
                cells.filter { abs($0.frame.y - top) < 1e-6 }.map(\.text)
                    == ["会員番号", "氏名", "ランク", "入会日", "年会費", "備考"], "page \(index + 1)")
        }
        // Page X of Y on every page.
        let footers = output.placedTexts.filter { $0.region == .footer }
        #expect(footers.map(\.text) == (1...pages).map { "\($0) / \(pages)" })
        #expect(footers.map(\.pageIndex) == Array(0..<pages))
        #expect(output.outline == [Document.OutlineEntry(title: "会員名簿", level: 1, pageIndex: 0, top: page.contentTop)])
    }

    @Test func rowTallerThanAPageIsSplitBetweenItsLines() throws {
        let tall = (1...80).map { "行\($0)" }.joined(separator: "\n")
        let report = Report(page: PageSetup(width: 400, height: 400, margins: .init(all: 40)), template: PageTemplate())
        {
            Table(
                columns: [TableColumn("番号"), TableColumn("内容", width: .fraction(1))],
                rows: [["1", "短い"], ["2", tall], ["3", "最後"]])
        }
        let output = try report.layout()
        #expect(output.pages.count >= 3)
        let lines = output.placedTexts.filter { $0.text.hasPrefix("行") }.map(\.text)
        #expect(lines == (1...80).map { "行\($0)" })
        for index in 0..<output.pages.count {
            #expect(
                output.placedTexts.contains { $0.pageIndex == index && $0.text == "内容" }, "header on page \(index + 1)")
        }
        for text in output.placedTexts {
            #expect(text.frame.maxY <= text.container.maxY + 1e-9 && text.container.maxY <= 360 + 1e-9)
        }
    }

    /// However many short rows come first, the tall row sometimes starts with less than one line of room left on
    /// the page; it then begins on a new page, which gets the header like every other.
    @Test func tallRowAfterAFullPageStartsUnderARepeatedHeader() throws {
        let tall = (1...40).map { "行\($0)" }.joined(separator: "\n")
        for shortRows in 1...24 {
            let rows = (1...shortRows).map { ["\($0)", "短い"] } + [["tall", tall]]
            let report = Report(
                page: PageSetup(width: 400, height: 400, margins: .init(all: 40)),
                template: PageTemplate()
            ) {
                Table(columns: [TableColumn("番号"), TableColumn("内容", width: .fraction(1))], rows: rows)
            }
            let output = try report.layout()
            #expect(output.placedTexts.filter { $0.text.hasPrefix("行") }.map(\.text) == (1...40).map { "行\($0)" })
            for index in 0..<output.pages.count {
                #expect(
                    output.placedTexts.contains { $0.pageIndex == index && $0.text == "内容" },
                    "\(shortRows) short rows: no header on page \(index + 1)")
            }
        }
    }

    @Test func headingsKeepWithNextAndBecomeOutlineEntries() throws {
        let filler = String(repeating: "段落の本文です。", count: 80)
        let report = Report(page: PageSetup(width: 400, height: 500, margins: .init(all: 40))) {
            Heading("第1章 会員", level: 1)
            Paragraph(filler)
            Heading("1.1 ゴールド", level: 2)
            Paragraph(filler)
            PageBreak()
            Heading("第2章 集計", level: 1)
            Paragraph("短い段落。")
        }
        let output = try report.layout()
        #expect(output.outline.map(\.title) == ["第1章 会員", "1.1 ゴールド", "第2章 集計"])
        #expect(output.outline.map(\.level) == [1, 2, 1])
        for entry in output.outline {
            // The line after each heading is on the heading's page.
            let after = output.placedTexts.first {
                $0.pageIndex >= entry.pageIndex && $0.frame.y > entry.top + 20
                    && $0.region == .body && !$0.text.contains("章")
            }
            #expect(after?.pageIndex == entry.pageIndex, "\(entry.title) is separated from its text")
        }
        #expect(output.outline.last?.pageIndex == output.pages.count - 1)
    }

    @Test func missingGlyphNamesTheCell() throws {
        let report = Report {
            Table(columns: [TableColumn("氏名")], rows: [["髙橋"], ["𠮷田"], ["😀"]])
        }
        #expect {
            try report.layout()
        } throws: { error in
            // 𠮷 (row 2) comes from gothic's fallback; the emoji (row 3) from no font of the chain.
            let text = "\(error)"
            return text.contains("row 3") && text.contains("U+1F600") && text.contains("氏名")
                && text.contains("gothic (") && text.contains("gothic-cjk (")
        }
    }

    @Test func imagesKeepTheirAspectAndTheLogoSitsInTheHeader() throws {
        let logo = try Data(contentsOf: Repo.root.appendingPathComponent("Templates/report-logo.png"))
        let report = Report(
            page: PageSetup(width: 400, height: 400, margins: .init(all: 60)),
            template: PageTemplate(header: [.image(data: logo, height: 30, alignment: .right), .rule()])
        ) {
            Paragraph("前の段落")
            ReportImage(data: logo, width: 500, alignment: .center)
            PageBreak()
            ReportImage(data: logo, width: 100, alignment: .right)
        }
        let output = try report.layout()
        #expect(output.pages.count == 3)
        func images(_ page: Int) -> [Rect] {
            output.pages[page].drawnCommands.compactMap { if case .image(let image) = $0 { image.rect } else { nil } }
        }
        // Page 1: the header logo (30 pt high, right-aligned above the rule) and nothing else; the 500 pt image
        // does not fit under the paragraph, so it moves to page 2, shrunk to the body (280 × 280, square logo).
        #expect(images(0) == [Rect(x: 310, y: 18, width: 30, height: 30)])
        #expect(images(1).last == Rect(x: 60, y: 60, width: 280, height: 280))
        #expect(images(2).last == Rect(x: 240, y: 60, width: 100, height: 100))
    }

    @Test func brokenImageBytesAreRefusedWithTheBlock() {
        let report = Report { ReportImage(data: Data("not a png".utf8)) }
        #expect { try report.layout() } throws: { "\($0)".contains("image 1") && "\($0)".contains("PNG") }
    }
}
