import Foundation
import TestSupport
import Testing

/// `mkpdf hello` end to end: the written PDF passes qpdf and holds the three lines; a bad path fails cleanly.
@Suite struct HelloCommandTests {
    @Test func writesTheHelloPage() throws {
        let scratch = try Scratch("cli-hello")
        let result = try Oracle.run(Repo.mkpdf.path, ["hello", "-o", "hello.pdf"], directory: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let file = scratch.file("hello.pdf")
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("/hello.pdf"))
        #expect(try scratch.contents() == ["hello.pdf"])
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let lines = try Oracle.pdftotext(file).split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.contains("Hello libHaru!"))
        #expect(lines.contains("こんにちは、libHaru！ MS Gothic 入場整理券〜①髙ｶﾀｶﾅ"))
        #expect(lines.contains("こんにちは、libHaru！ IPAexGothic 入場整理券〜①髙ｶﾀｶﾅ"))
        let fonts = try Oracle.pdffonts(file)
        #expect(fonts.contains { $0.name == "MS-Gothic" && $0.encoding == "90ms-RKSJ-H" && !$0.embedded })
        #expect(fonts.contains { $0.name.hasSuffix("+IPAexGothic") && $0.embedded })
    }

    @Test func defaultOutputIsHelloPDFInTheCurrentFolder() throws {
        let scratch = try Scratch("cli-hello-default")
        let result = try Oracle.run(Repo.mkpdf.path, ["hello"], directory: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try scratch.contents() == ["hello.pdf"])
    }

    @Test func unwritablePathFailsWithMessageAndNoFile() throws {
        let scratch = try Scratch("cli-hello-bad")
        let target = scratch.file("missing-folder/hello.pdf")
        let result = try Oracle.run(Repo.mkpdf.path, ["hello", "-o", target.path])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("HPDF_FILE_OPEN_ERROR") && result.stderr.contains(target.path),
            "stderr: \(result.stderr)")
        #expect(try scratch.contents() == [])
    }

    @Test func missingFontFailsWithThePath() throws {
        let scratch = try Scratch("cli-hello-font")
        let result = try Oracle.run(Repo.mkpdf.path, ["hello", "--font", "/no/such/font.ttf"], directory: scratch.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("/no/such/font.ttf"), "stderr: \(result.stderr)")
        #expect(try scratch.contents() == [])
    }
}
