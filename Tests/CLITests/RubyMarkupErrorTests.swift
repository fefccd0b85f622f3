import Foundation
import TestSupport
import Testing

/// Malformed ruby and link markup is an error naming where it is (issue 51), not markup drawn as text: a ruby
/// reading or link address never closed, and mono ruby whose readings do not match its base's characters, from the
/// template or from data. A name with its space keeps one reading for the whole name, and a lone ｜ stays text.
/// A word that cannot be broken and is wider than its box is named, with a size that fits.
@Suite struct RubyMarkupErrorTests {
    static func render(_ template: String, _ more: [String] = [], in scratch: Scratch) throws -> Oracle.Result {
        try template.write(to: scratch.file("t.yaml"), atomically: true, encoding: .utf8)
        return try Oracle.run(Repo.mkpdf.path, ["render", "t.yaml", "-o", "t.pdf"] + more, directory: scratch.url)
    }

    static let header = """
        page: {width: 300, height: 200}
        palette: {ink: {stroke: "#000000"}}

        """

    @Test func aRubyReadingNeverClosedIsRefusedAtItsLineAndColumn() throws {
        let scratch = try Scratch("ruby-unclosed")
        let run = try Self.render(
            Self.header + """
                elements:
                  - text: {role: ink, text: "駅は｜東京《とうきょう", size: 10, x: 10, y: 10, w: 200, h: 60}
                """, in: scratch)
        #expect(run.status == 3, "a template error: \(run.stderr)")
        // The ｜ is the 3rd character of the text, which starts at column 30 of line 4.
        #expect(run.stderr.contains("t.yaml:4:32:"), "\(run.stderr)")
        #expect(run.stderr.contains("｜東京《…: markup opened here is never closed: write 》"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("t.pdf").path))
    }

    @Test func aLinkAddressNeverClosedInAParagraphIsRefused() throws {
        let scratch = try Scratch("link-unclosed")
        let run = try Self.render(
            """
            page: a6
            flow:
              - paragraph: '詳細は <a href="https://example.com/ を参照'
            """, in: scratch)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(run.stderr.contains("t.yaml:3:21:"), "\(run.stderr)")
        #expect(run.stderr.contains("never closed: write \"> after the address"), "\(run.stderr)")
    }

    @Test func threeReadingsOverTwoCharactersAreRefused() throws {
        let scratch = try Scratch("ruby-count")
        let run = try Self.render(
            Self.header + """
                elements:
                  - text: {role: ink, text: "｜東京《とう きょう と》です", size: 10, x: 10, y: 10, w: 200, h: 60}
                """, in: scratch)
        #expect(run.status == 3, "\(run.stderr)")
        #expect(
            run.stderr.contains("t.yaml:4:29:") && run.stderr.contains("gives 3 readings")
                && run.stderr.contains("for the 2 characters of its base"),
            "\(run.stderr)")
        #expect(run.stderr.contains("｜東京《とう きょう》"), "the fix shows the form: \(run.stderr)")
    }

    @Test func readingsFromDataThatDoNotMatchAreTheDataProblem() throws {
        let scratch = try Scratch("ruby-data")
        let template =
            Self.header + """
                data: {name: "", kana: ""}
                elements:
                  - text: {role: ink, text: "｜{{name}}《{{kana}}》 様", size: 10, x: 10, y: 10, w: 200, h: 60}
                """
        let wrong = try Self.render(template, ["--set", "name=東京", "--set", "kana=と う き"], in: scratch)
        #expect(wrong.status == 1, "bad data: \(wrong.stderr)")
        #expect(wrong.stderr.contains("gives 3 readings"), "\(wrong.stderr)")
        // A name with its space and a reading with one: one reading over the whole name, as before.
        let name = try Self.render(template, ["--set", "name=髙橋 一郎", "--set", "kana=たかはし いちろう"], in: scratch)
        #expect(name.status == 0, "\(name.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("t.pdf")).contains("髙橋 一郎 様"))
    }

    @Test func aLoneVerticalBarIsText() throws {
        let scratch = try Scratch("lone-bar")
        let run = try Self.render(
            Self.header + """
                elements:
                  - text: {role: ink, text: "東京｜大阪", size: 10, x: 10, y: 10, w: 200, h: 60}
                """, in: scratch)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("t.pdf")).contains("東京｜大阪"))
    }

    @Test func aWordWiderThanItsBoxIsNamedWithASizeThatFits() throws {
        let scratch = try Scratch("long-word")
        func template(_ minimum: String) -> String {
            Self.header + """
                elements:
                  - text: {role: ink, text: "会員番号 GCG-4016712345678901234 様", size: 10, x: 10, y: 10, w: 80, h: 60,
                           fit: [wrap, shrink, error], minSize: \(minimum)}
                """
        }
        let refused = try Self.render(template("8"), in: scratch)
        #expect(refused.status == 1, "does not fit: \(refused.stderr)")
        #expect(
            refused.stderr.contains("the word \"GCG-4016712345678901234\" cannot be broken and is ")
                && refused.stderr.contains("pt wide at 8 pt, wider than the box (fit: wrap, shrink, error)"),
            "\(refused.stderr)")
        #expect(!refused.stderr.contains("add wrap"), "wrap is given already: \(refused.stderr)")
        // The size the fix names is one the box takes: the word then stands whole on its line.
        let size = try #require(
            refused.stderr.firstMatch(of: /let the text shrink to ([0-9.]+) pt \(minSize: ([0-9.]+)\)/)?.output.2)
        let fitted = try Self.render(template(String(size)), in: scratch)
        #expect(fitted.status == 0, "minSize: \(size): \(fitted.stderr)")
        #expect(try Oracle.pdftotext(scratch.file("t.pdf")).contains("GCG-4016712345678901234"))
    }
}
