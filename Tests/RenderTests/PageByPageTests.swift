import Documents
import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// A flowing template rendered page by page (`Template.pages`, a `PageSource`, made to walk even a short report)
/// gives the bytes the whole document gives (`Template.document`): the same pages, headers and footers with the same
/// page count, outline, links and contents, in PDF and in PNG; a short report is held and drawn whole.
@Suite struct PageByPageTests {
    /// `Templates/report.yaml`, read from the checkout.
    static func reportTemplate() throws -> Template {
        try Template(contentsOf: Repo.root.appendingPathComponent("Templates/report.yaml"))
    }

    /// `count` member records as `mkpdf report` reads them: three ranks, a note now and then.
    static func members(_ count: Int) -> TemplateValue {
        let names = [("髙橋 一郎", "タカハシ イチロウ"), ("佐藤 花子", "サトウ ハナコ"), ("鈴木 健太", "スズキ ケンタ")]
        let ranks = [("ゴールド", "12000"), ("シルバー", "8000"), ("ブロンズ", "5000")]
        return .list(
            (1...count).map { index in
                let (name, kana) = names[index % 3]
                let (rank, fee) = ranks[index % 3]
                return .record(
                    TemplateRecord([
                        ("会員番号", .text("GCG-\(10_000 + index)")), ("氏名", .text(name)), ("フリガナ", .text(kana)),
                        ("ランク", .text(rank)), ("入会日", .text("2024-04-\(index % 28 + 1)")),
                        ("都道府県", .text("東京都")), ("年会費", .text(fee)),
                        ("備考", .text(index % 50 == 0 ? "住所変更あり、要確認" : ""))
                    ]))
            })
    }

    @Test func aGroupedReportIsTheSameBytesPageByPage() throws {
        let template = try Self.reportTemplate()
        let data = ["rows": Self.members(400)]
        let options = TemplateRenderOptions(fonts: .shared)
        let whole = try render(try template.document(data: data, options: options)).files
        let pages = try template.pages(data: data, options: options, heldSize: 0)
        #expect(pages.pageCount > 10 && pages.document == nil)
        let streamed = try render(pages).files
        try #require(whole.count == 1 && streamed.count == 1)
        #expect(whole[0] == streamed[0], "the PDF made page by page differs from the whole document's")
    }

    @Test func contentsAndLinksAreTheSameBytesPageByPage() throws {
        let sentence = "会員〜髙橋の記録です。段落が数行に折り返されるだけの長さを持たせ、見出しの位置を頁ごとに変えます。"
        let yaml = """
            page: a5
            font: gothic
            footer: "{{page}} / {{pages}}"
            data: {chapters: [\((1...40).map(String.init).joined(separator: ", "))]}
            flow:
              - toc: {title: 目次, depth: 2}
              - for:
                  each: n
                  in: chapters
                  flow:
                    - heading: {text: "第{{n}}章", name: "chapter-{{n}}"}
                    - paragraph: "\(String(repeating: sentence, count: 6))"
                    - heading: {text: "第{{n}}.1節", level: 2}
                    - paragraph: "<a href=\\"#chapter-1\\">第1章へ</a>"
            """
        let template = try Template(yaml: yaml, file: "toc.yaml")
        let options = TemplateRenderOptions(fonts: .shared)
        let whole = try render(try template.document(options: options)).files
        let streamed = try render(try template.pages(options: options, heldSize: 0)).files
        try #require(whole.count == 1 && streamed.count == 1)
        #expect(whole[0] == streamed[0], "the PDF made page by page differs from the whole document's")
    }

    @Test func pngPagesAreTheSameBytesAndWrittenAllOrNone() throws {
        let template = try Self.reportTemplate()
        let data = ["rows": Self.members(120)]
        let options = TemplateRenderOptions(pixelsPerPoint: 1, fonts: .shared)
        let output = OutputOptions(format: .png, scale: .factor(1))
        let whole = try render(try template.document(data: data, options: options), options: output).files
        let pages = try template.pages(data: data, options: options, heldSize: 0)
        let scratch = try Scratch("page-by-page-png")
        let written = try write(pages, options: output, to: scratch.file("report.png"))
        #expect(written.map(\.lastPathComponent) == (1...whole.count).map { "report-\($0).png" })
        for (index, url) in written.enumerated() {
            #expect(try Data(contentsOf: url) == whole[index], "page \(index + 1)")
        }
        let left = try scratch.contents()
        #expect(left.count == whole.count, "\(left)")
    }

    @Test func aShortReportIsHeldAndDrawnWhole() throws {
        let template = try Self.reportTemplate()
        let data = ["rows": Self.members(100)]
        let options = TemplateRenderOptions(fonts: .shared)
        let pages = try template.pages(data: data, options: options)
        let document = try #require(pages.document)
        #expect(document.pages.count == pages.pageCount && pages.pageCount > 1)
        var walked = 0
        try pages.forEachPage { index, page in
            #expect(page == document.pages[index])
            walked += 1
        }
        #expect(walked == pages.pageCount)
        let whole = try render(try template.document(data: data, options: options)).files
        #expect(try render(pages).files == whole)
    }
}
