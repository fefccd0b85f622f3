import Documents
import Foundation
import Render
import TestSupport
import Testing

/// A `toc` flow block through the one output entry point: its page numbers are the pages poppler finds the headings
/// on, and each line is a `/Link` to its heading's page, read back by pypdf.
@Suite struct TableOfContentsTests {
    /// A report of 30 chapters, each a level-1 and a level-2 heading with paragraphs, after a two-page contents.
    static let yaml: String = {
        let sentence = "会員〜髙橋−‖①の記録です。ﾊﾝｶｸも𠮷も同じ行に置き、段落が数行に折り返されるだけの長さを持たせます。"
        let long = String(repeating: sentence, count: 9)
        return """
            page: a4
            font: gothic
            data: {chapters: [\((1...30).map(String.init).joined(separator: ", "))]}
            flow:
              - toc: {title: 目次, depth: 2}
              - pageBreak
              - for:
                  each: n
                  in: chapters
                  flow:
                    - heading: "第{{n}}章 髙橋‖①"
                    - paragraph: "\(long)"
                    - heading: {text: "第{{n}}.1節 〜の内訳", level: 2}
                    - paragraph: "\(long)"
                    - paragraph: "\(long)"
                    - heading: {text: "第{{n}}.1.1項 細目", level: 3}
                    - paragraph: "\(long)"
            """
    }()

    @Test func pageNumbersAreThePagesTheHeadingsLandOnAndEachLineLinksThere() throws {
        let template = try Template(yaml: Self.yaml, file: "toc.yaml")
        let document = try template.document(options: TemplateRenderOptions(fonts: .shared))
        let scratch = try Scratch("toc")
        let pdf = scratch.file("toc.pdf")
        try render(document, options: OutputOptions()).write(to: pdf)
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        let pages = try Oracle.pdftotext(pdf).components(separatedBy: "\u{0C}").dropLast()
        try #require(pages.count >= 30, "\(pages.count) pages")

        // The contents' lines: "title ..... page", read with -layout so each stays one line.
        let layoutPages = try Oracle.pdftotext(pdf, layout: true).components(separatedBy: "\u{0C}")
        var entries: [(title: String, page: Int)] = []
        var contentsPages = 0
        for text in layoutPages where text.contains("....") {
            contentsPages += 1
            for line in text.split(separator: "\n") {
                guard let match = line.firstMatch(of: /^\s*(\S.*?)\s*\.{3,}\s*(\d+)\s*$/) else { continue }
                entries.append((String(match.1), try #require(Int(match.2))))
            }
        }
        #expect(contentsPages == 2, "a contents of 60 lines fills two pages")
        #expect(entries.count == 60, "30 chapters and 30 sections, no level-3 headings: \(entries.map(\.title))")
        #expect(entries.first?.title == "第1章 髙橋‖①")
        #expect(entries.dropFirst().first?.title == "第1.1節 〜の内訳")
        for entry in entries {
            let found = pages.indices.dropFirst(contentsPages).first { pages[$0].contains(entry.title) }
            #expect(found.map { $0 + 1 } == entry.page, "\(entry.title) is listed on page \(entry.page)")
        }
        #expect((entries.last?.page ?? 0) >= 30, "the last section is on page 30 or later")

        // Each line is a /Link whose destination is the page it prints.
        let annotations = try LinkTests.pypdfAnnotations(pdf)
        let destinations = annotations.compactMap { row -> Int? in
            let fields = row.split(separator: "|")
            guard fields.count == 4, fields[1] == "/Link", fields[2].hasPrefix("page ") else { return nil }
            return Int(fields[2].dropFirst(5))
        }
        #expect(annotations.count == 60, "\(annotations.prefix(3))")
        #expect(destinations == entries.map(\.page))
        #expect(annotations.allSatisfy { $0.hasPrefix("1|") || $0.hasPrefix("2|") }, "links sit on the contents pages")
    }

    @Test func anUnknownKeyOfTocIsAnErrorNamingTheLine() throws {
        let yaml = """
            page: a5
            flow:
              - toc: {title: 目次, levels: 2}
            """
        let error = try #require(throws: TemplateError.self) { try Template(yaml: yaml, file: "toc.yaml") }
        #expect(error.description.contains("toc.yaml:3"), "\(error.description)")
        #expect(error.description.contains("levels"), "\(error.description)")
    }
}
