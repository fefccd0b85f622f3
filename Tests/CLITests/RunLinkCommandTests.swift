import DrawingModule
import Foundation
import TestSupport
import Testing

/// `<a href="…">…</a>` on a run inside a paragraph or a text box, through `mkpdf render`: pypdf lists one `/Link`
/// per line the run lands on, with its URI or destination, and pdfium's glyph boxes show each area covering the
/// run's glyphs on its line and no glyph outside the run.
@Suite struct RunLinkCommandTests {
    /// The linked words: long enough to wrap over three lines of the narrow page.
    static let linked = "会員規約〜−‖①髙橋支部の全文と改定履歴はこちらの会員専用ページでご覧いただけます"

    static let template = """
        page: {width: 200, height: 300}
        margins: 20
        data: {url: "https://example.jp/規約"}
        palette:
          ink: {stroke: "#1A1A1A"}
        elements:
          - text: {role: ink, text: 本部, size: 9, x: 150, y: 270, name: office}
        flow:
          - paragraph: "ﾊﾝｶｸ𠮷葛󠄀の皆様へ。<a href=\\"https://example.jp/kiyaku\\">\(linked)</a>。以上です。"
          - paragraph: "お問い合わせは<a href=\\"#office\\">**本部事務局**</a>まで。"
        """

    @Test func aWrappedRunGetsOneLinkPerLineCoveringItsGlyphs() throws {
        let folder = try Scratch("cli-run-links")
        try Self.template.write(to: folder.file("links.yaml"), atomically: true, encoding: .utf8)
        let result = try Oracle.run(
            Repo.mkpdf.path, ["render", "links.yaml", "-o", "links.pdf"], directory: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = folder.file("links.pdf")
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        let annotations = try Oracle.linkAnnotations(pdf)
        let uri = annotations.filter { $0.target == "https://example.jp/kiyaku" }
        let inside = annotations.filter { $0.target == "page 1" }
        #expect(uri.count + inside.count == annotations.count, "\(annotations)")
        #expect(inside.count == 1, "\(annotations)")
        #expect(annotations.allSatisfy { $0.page == 1 && $0.subtype == "/Link" }, "\(annotations)")

        // pdfium's characters in drawing order: the linked words are one stretch of them.
        // pdfium's own characters (the line ends it adds) have no box.
        let glyphs = try Oracle.glyphs(pdf).filter { !$0.character.allSatisfy(\.isWhitespace) && $0.box.width > 0 }
        func stretch(_ words: String) throws -> ArraySlice<Oracle.Glyph> {
            let characters = words.map(String.init)
            let first = try #require(
                glyphs.indices.first { glyphs[$0...].prefix(characters.count).map(\.character) == characters },
                "pdfium reads \(glyphs.map(\.character).joined())")
            return glyphs[first..<(first + characters.count)]
        }
        let linkedGlyphs = try stretch(Self.linked)
        // Lines: the glyphs' centres, a new line wherever they drop by more than half the 10 pt type.
        let centres = linkedGlyphs.map { $0.box.y + $0.box.height / 2 }.sorted()
        let lines = zip(centres, centres.dropFirst()).filter { $1 - $0 > 5 }.count + 1
        #expect(lines >= 3, "the run should wrap over three lines, has \(lines)")
        #expect(uri.count == lines, "one link per line: \(uri)")
        for glyph in linkedGlyphs {
            let centre = Point(x: glyph.box.x + glyph.box.width / 2, y: glyph.box.y + glyph.box.height / 2)
            #expect(uri.filter { $0.contains(centre) }.count == 1, "\(glyph.character) at \(glyph.box): \(uri)")
            #expect(uri.contains { $0.contains(Point(x: glyph.box.x, y: glyph.box.y), slack: 0.5) })
            #expect(uri.contains { $0.contains(Point(x: glyph.box.maxX, y: glyph.box.maxY), slack: 0.5) })
        }
        let officeGlyphs = try stretch("本部事務局")
        let outside = glyphs.indices.filter { !linkedGlyphs.indices.contains($0) && !officeGlyphs.indices.contains($0) }
        for index in outside {
            let box = glyphs[index].box
            let centre = Point(x: box.x + box.width / 2, y: box.y + box.height / 2)
            #expect(!annotations.contains { $0.contains(centre) }, "\(glyphs[index].character) is linked")
        }
        // The bold run links to the named element: its area covers 本部事務局 alone.
        for glyph in officeGlyphs {
            let centre = Point(x: glyph.box.x + glyph.box.width / 2, y: glyph.box.y + glyph.box.height / 2)
            #expect(inside.contains { $0.contains(centre) }, "\(glyph.character) not in \(inside)")
        }
        #expect(try Oracle.squeezed(Oracle.pdftotext(pdf)).contains(Self.linked))
    }

    @Test func textBoxesLinkRunsFromDataAndVerticalColumns() throws {
        let yaml = """
            page: {width: 300, height: 200}
            data: {url: "https://example.jp/会員", none: ""}
            palette:
              ink: {stroke: "#1A1A1A"}
            elements:
              - text: {role: ink, text: "詳細は<a href=\\"{{url}}\\">会員ページ</a>へ", size: 12, x: 10, y: 10, w: 200, h: 20}
              - text: {role: ink, text: "<a href=\\"{{none}}\\">リンクなし</a>", size: 12, x: 10, y: 40, w: 200, h: 20}
              - text: {role: ink, text: "縦の<a href=\\"mailto:info@example.jp\\">お問い合わせ</a>先", size: 12,
                       x: 260, y: 10, w: 20, h: 180, writing: vertical}
            """
        let folder = try Scratch("cli-run-links-box")
        try yaml.write(to: folder.file("box.yaml"), atomically: true, encoding: .utf8)
        let result = try Oracle.run(Repo.mkpdf.path, ["render", "box.yaml", "-o", "box.pdf"], directory: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = folder.file("box.pdf")
        let annotations = try Oracle.linkAnnotations(pdf)
        #expect(annotations.count == 2, "an empty address links nowhere: \(annotations)")
        let page = try #require(annotations.first { $0.target.hasPrefix("https://") })
        #expect(page.target == "https://example.jp/%E4%BC%9A%E5%93%A1")
        let glyphs = try Oracle.glyphs(pdf).filter { $0.box.width > 0 }
        for glyph in glyphs {
            let centre = Point(x: glyph.box.x + glyph.box.width / 2, y: glyph.box.y + glyph.box.height / 2)
            let linkedTo = annotations.filter { $0.contains(centre) }.map(\.target)
            switch glyph.character {
            case "会", "員", "ペ", "ー", "ジ":
                #expect(linkedTo == [page.target], "\(glyph.character) at \(glyph.box)")
            case "お", "問", "い", "合", "わ", "せ":
                #expect(linkedTo == ["mailto:info@example.jp"], "\(glyph.character) at \(glyph.box)")
            default:
                #expect(linkedTo.isEmpty, "\(glyph.character) at \(glyph.box) is linked to \(linkedTo)")
            }
        }
    }

    /// A flow heading with `name:` is a destination: a run's `#name` on page 1 jumps to the heading on page 2, at its
    /// top; a name from data works, and a heading and an element sharing a name is an error naming it.
    @Test func aNamedHeadingIsTheDestinationOfALink() throws {
        let yaml = """
            page: {width: 200, height: 300}
            margins: 20
            data: {anchor: kiyaku}
            palette:
              ink: {stroke: "#1A1A1A"}
            flow:
              - paragraph: "髙橋様へ。詳しくは<a href=\\"#kiyaku\\">会員規約</a>をご覧ください。"
              - pageBreak
              - heading: {text: 会員規約, name: "{{anchor}}"}
              - paragraph: 第一条　本会は𠮷野支部を置く。
            """
        let folder = try Scratch("cli-heading-name")
        try yaml.write(to: folder.file("named.yaml"), atomically: true, encoding: .utf8)
        let result = try Oracle.run(
            Repo.mkpdf.path, ["render", "named.yaml", "-o", "named.pdf"], directory: folder.url)
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = folder.file("named.pdf")
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        let annotations = try Oracle.linkAnnotations(pdf)
        #expect(annotations.map(\.target) == ["page 2"], "\(annotations)")
        #expect(annotations.first?.page == 1)
        let script = """
            import sys
            from pypdf import PdfReader
            reader = PdfReader(sys.argv[1])
            dest = reader.pages[0]["/Annots"][0].get_object()["/Dest"]
            print(float(reader.pages[1].mediabox.top) - float(dest[3]))
            """
        let top = try #require(
            Double(
                try Oracle.run("python3", ["-c", script, pdf.path]).stdout.trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        let heading = try #require(try Oracle.glyphs(pdf, page: 1).first { $0.character == "会" })
        #expect(heading.box.y >= top - 0.5 && heading.box.y - top < 12, "destination top \(top), 会 at \(heading.box)")

        let clash = yaml.replacingOccurrences(
            of: "flow:", with: "elements:\n  - text: {role: ink, text: 本部, size: 9, x: 20, y: 270, name: kiyaku}\nflow:"
        )
        try clash.write(to: folder.file("clash.yaml"), atomically: true, encoding: .utf8)
        let refused = try Oracle.run(
            Repo.mkpdf.path, ["render", "clash.yaml", "-o", "clash.pdf"], directory: folder.url)
        #expect(refused.status != 0 && refused.stderr.contains("kiyaku"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("clash.pdf").path))
    }
}
