import Documents
import DrawingModule
import Fonts
import Foundation
import Testing

/// Headers and footers wrap and shrink like any text box, and refuse what cannot fit, instead of keeping only
/// their first line.
@Suite struct ReportBandTests {
    static let long =
        "会員名簿〜2024年度−‖①髙ﾊﾝｶｸ 株式会社ガイガー・カウント・グループ 会員事務局 東京都千代田区丸の内一丁目 "
        + "お問い合わせは会員事務局まで（平日10時〜17時）"

    @Test func aLongFooterWrapsAndEveryCharacterIsPlaced() throws {
        let report = Report(
            page: PageSetup(width: 300, height: 400, margins: .init(all: 60)),
            template: PageTemplate(footer: [.rule(), .text(Self.long, alignment: .center, size: 8)])
        ) {
            Paragraph("本文")
        }
        let output = try report.layout()
        let footer = output.placedTexts.filter { $0.region == .footer }
        #expect(footer.count > 1, "the footer wraps to more than one line")
        #expect(footer.map(\.text).joined().filter { !$0.isWhitespace } == Self.long.filter { !$0.isWhitespace })
        for line in footer {
            #expect(line.frame.x >= 60 - 1e-9 && line.frame.maxX <= 240 + 1e-9, "\(line.text) at \(line.frame)")
            #expect(line.frame.y >= 340 && line.frame.maxY <= 400 - 2 + 1e-9, "\(line.text) at \(line.frame)")
        }
    }

    @Test func aHeaderTooLongForItsBandIsRefusedNamingIt() {
        let report = Report(
            page: PageSetup(width: 300, height: 400, margins: .init(all: 40)),
            template: PageTemplate(header: [.text(String(repeating: Self.long, count: 4), size: 10)])
        ) {
            Paragraph("本文")
        }
        #expect {
            try report.layout()
        } throws: { error in
            guard let error = error as? ReportError,
                case .bandOverflow(
                    let band, let item, let page, _, let needed,
                    let available, let size) = error
            else {
                return false
            }
            return band == "header" && item == 1 && page == 1 && needed > available && size == 6
                && "\(error)".contains("too tall")
        }
    }
}

/// A report paragraph written with inline markup is set as styled runs: bold from the family's bold face, ruby over
/// its base, lines wrapped with the kinsoku rules inside the body width.
@Suite struct ReportRichParagraphTests {
    @Test func boldAndRubyRunsFlowInTheBody() throws {
        let text = "Member **Takahashi** ｜髙橋《たかはし》 <u>様</u>、ご入会ありがとうございます。" + String(repeating: "〜−‖①ﾊﾝｶｸ会員", count: 6)
        let sans = Report(page: PageSetup(width: 300, height: 400, margins: .init(all: 40))) {
            Paragraph("Member **Takahashi** and <u>guests</u>", font: "sans", markup: true)
            Paragraph(text.replacingOccurrences(of: "**Takahashi**", with: "Takahashi"), markup: true)
        }
        let laid = try sans.layout()
        let drawn = laid.pages[0].drawnCommands.compactMap { if case .text(let text) = $0 { text } else { nil } }
        #expect(drawn.contains { $0.string == "Takahashi" && $0.font == "sans-bold" })
        let ruby = try #require(drawn.first { $0.string == "たかはし" })
        let base = try #require(drawn.first { $0.string.contains("髙橋") })
        #expect(ruby.size * 2 == base.size && ruby.origin.y < base.origin.y)
        let underline = laid.pages[0].drawnCommands.contains { if case .line = $0 { true } else { false } }
        #expect(underline)
        let body = laid.placedTexts.filter { $0.region == .body }
        #expect(body.count > 2, "the Japanese paragraph wraps")
        #expect(body.map(\.text).joined().contains("ご入会ありがとうございます。"))
        for line in drawn {
            #expect(line.origin.x >= 40 - 1e-9, "\(line.string) at \(line.origin)")
        }
    }

    @Test func boldInAFamilyWithoutABoldFaceIsRefused() {
        let plain = FontRegistry(
            configuration: FontConfiguration(fonts: [
                "gothic": .init(files: ["/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf"])
            ]), environment: [:])
        let report = Report { Paragraph("**髙橋**", font: "gothic", markup: true) }
        #expect {
            try report.layout(fonts: plain)
        } throws: { error in
            error is ReportError && "\(error)".contains("no usable bold face")
        }
    }
}

/// A table cell written with inline markup is set as styled runs inside its cell.
@Suite struct ReportRichCellTests {
    @Test func rubyAndUnderlineInACellStayInTheCell() throws {
        let report = Report(page: PageSetup(width: 300, height: 400, margins: .init(all: 40))) {
            Table(
                columns: [TableColumn("氏名", width: .fixed(120)), TableColumn("備考")],
                rows: [["｜髙橋《たかはし》一郎", "<u>要確認</u> 〜−‖①ﾊﾝｶｸ"], ["山田", "なし"]], markup: true)
            Table(columns: [TableColumn("データ")], rows: [["**CSV** <u>data</u>"]])
        }
        let output = try report.layout()
        let commands = output.pages[0].drawnCommands
        let texts = commands.compactMap { if case .text(let text) = $0 { text } else { nil } }
        let ruby = try #require(texts.first { $0.string == "たかはし" })
        let base = try #require(texts.first { $0.string == "髙橋" })
        #expect(ruby.size * 2 == base.size && ruby.origin.y < base.origin.y)
        let cells = output.placedTexts.filter { $0.region == .cell }
        let name = try #require(cells.first { $0.text == "髙橋一郎" }, "\(cells.map(\.text))")
        #expect(name.frame.x >= name.container.x && name.frame.maxX <= name.container.maxX + 1e-9)
        #expect(name.frame.y >= name.container.y && name.frame.maxY <= name.container.maxY + 1e-9)
        #expect(ruby.origin.y >= name.container.y, "the ruby stays in the row")
        let underlines = commands.compactMap {
            if case .line(let line) = $0, line.from.y == line.to.y,
                line.from.x > name.container.maxX - 1
            {
                line
            } else {
                nil
            }
        }
        #expect(!underlines.isEmpty)
        #expect(texts.contains { $0.string == "要確認" })
        // Without `markup`, a cell's asterisks and tags are its text (data never styles itself).
        #expect(texts.contains { $0.string == "**CSV** <u>data</u>" })
    }
}
