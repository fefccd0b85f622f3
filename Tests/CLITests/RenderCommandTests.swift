import Foundation
import TestSupport
import Testing

/// `mkpdf render` end to end: JSON drawings and documents to PDF and PNG, scales, font modes, and errors that
/// name the problem and leave no file behind.
@Suite struct RenderCommandTests {
    /// A hand-written drawing in the Drawing module's JSON form: a framed label with Latin and Japanese text.
    static let drawing = """
        {
          "size": {"width": 200, "height": 80},
          "background": "#FFFFFF",
          "commands": [
            {"kind": "rect", "rect": {"x": 5, "y": 5, "width": 190, "height": 70}, "paint": "both",
             "lineWidth": 2, "stroke": "#1A1AFF", "fill": "#E6E6FF"},
            {"kind": "line", "color": "#FF000080", "width": 3, "from": {"x": 10, "y": 60}, "to": {"x": 190, "y": 60},
             "cap": "round"},
            {"kind": "text", "color": "#1A1A1A", "string": "入場整理券 〜①髙ﾊﾝｶｸ", "font": "gothic", "size": 14,
             "origin": {"x": 12, "y": 12}, "alignment": "left"},
            {"kind": "text", "color": "#1A1A1A", "string": "FN-579-413", "font": "sans", "size": 12,
             "origin": {"x": 10, "y": 35}, "boxWidth": 180, "alignment": "right"}
          ]
        }
        """

    func render(_ arguments: [String]) throws -> Oracle.Result {
        try Oracle.run(Repo.mkpdf.path, ["render"] + arguments)
    }

    /// Width and height from a PNG's IHDR chunk.
    func pngSize(_ url: URL) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    @Test func drawingToPDFPrintsThePathAndHoldsTheText() throws {
        let scratch = try Scratch("cli-render-pdf")
        let input = scratch.file("label.json")
        let output = scratch.file("label.pdf")
        try Data(Self.drawing.utf8).write(to: input)
        let result = try render([input.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == output.path + "\n")
        #expect(try Oracle.qpdfCheck(output).status == 0)
        let text = try Oracle.pdftotext(output)
        #expect(text.contains("入場整理券 〜①髙ﾊﾝｶｸ") && text.contains("FN-579-413"), "\(text)")
        let fonts = try Oracle.pdffonts(output)
        #expect(fonts.count == 2 && fonts.allSatisfy { $0.embedded && $0.subset }, "\(fonts)")
    }

    @Test(arguments: [(["--scale", "1"], 200, 80), (["--dpi", "216"], 600, 240), ([String](), 400, 160)])
    func drawingToPNGAtAScale(_ options: [String], _ width: Int, _ height: Int) throws {
        let scratch = try Scratch("cli-render-png")
        let input = scratch.file("label.json")
        let output = scratch.file("label.png")
        try Data(Self.drawing.utf8).write(to: input)
        let result = try render([input.path, "-o", output.path] + options)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == output.path + "\n")
        #expect(try pngSize(output) == (width, height))
    }

    @Test func documentPagesBecomePDFPagesOrNumberedPNGs() throws {
        let scratch = try Scratch("cli-render-document")
        let input = scratch.file("doc.json")
        let document = "{\"pages\": [\(Self.drawing), \(Self.drawing)], \"metadata\": {\"title\": \"二枚\"}}"
        try Data(document.utf8).write(to: input)
        let pdf = scratch.file("doc.pdf")
        #expect(try render([input.path, "-o", pdf.path]).status == 0)
        let info = try Oracle.run("pdfinfo", [pdf.path]).stdout
        #expect(info.contains("Pages:           2") && info.contains("Title:           二枚"), "\(info)")
        let result = try render([input.path, "-o", scratch.file("doc.png").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == scratch.file("doc-1.png").path + "\n" + scratch.file("doc-2.png").path + "\n")
    }

    @Test func cidFontModeUsesMSPGothic() throws {
        let scratch = try Scratch("cli-render-cid")
        let input = scratch.file("label.json")
        let output = scratch.file("label.pdf")
        try Data(Self.drawing.utf8).write(to: input)
        #expect(try render([input.path, "-o", output.path, "--font-mode", "cid"]).status == 0)
        let fonts = try Oracle.pdffonts(output)
        #expect(fonts.contains { $0.name == "MS-PGothic" && !$0.embedded }, "\(fonts)")
    }

    @Test func badJSONNamesLineAndColumnAndWritesNothing() throws {
        let scratch = try Scratch("cli-render-bad")
        let input = scratch.file("bad.json")
        try Data("{\n  \"size\": {\"width\": 10, \"height\": 10},\n  \"commands\": [,]\n}\n".utf8).write(to: input)
        let result = try render([input.path, "-o", scratch.file("out.pdf").path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("bad.json") && result.stderr.contains("line 3, column"), "\(result.stderr)")
        #expect(try scratch.contents() == ["bad.json"])
    }

    @Test func missingGlyphFailsWithTheCharacterAndWritesNothing() throws {
        let scratch = try Scratch("cli-render-glyph")
        let input = scratch.file("yoshi.json")
        // 𠮷 now comes from gothic's fallback (Noto Sans CJK JP); no font of the chain has the emoji.
        try Data(
            Self.drawing.replacingOccurrences(of: "FN-579-413", with: "𠮷野😀").replacingOccurrences(
                of: "\"sans\"", with: "\"gothic\""
            ).utf8
        ).write(to: input)
        for output in ["out.pdf", "out.png"] {
            let result = try render([input.path, "-o", scratch.file(output).path])
            #expect(result.status != 0)
            #expect(
                result.stderr.contains("U+1F600") && result.stderr.contains("commands[3]")
                    && result.stderr.contains("gothic-cjk"), "\(result.stderr)")
        }
        #expect(try scratch.contents() == ["yoshi.json"])
    }

    @Test func usageErrorsAreExplained() throws {
        let scratch = try Scratch("cli-render-usage")
        let input = scratch.file("label.json")
        try Data(Self.drawing.utf8).write(to: input)
        let wrongFormat = try render([input.path, "-o", scratch.file("label.jpg").path])
        #expect(wrongFormat.status != 0 && wrongFormat.stderr.contains(".pdf or .png"), "\(wrongFormat.stderr)")
        let both = try render([input.path, "-o", scratch.file("x.png").path, "--scale", "2", "--dpi", "144"])
        #expect(both.status != 0 && both.stderr.contains("not both"), "\(both.stderr)")
        let missing = try render([scratch.file("nope.json").path, "-o", scratch.file("x.pdf").path])
        #expect(missing.status != 0 && missing.stderr.contains("nope.json"), "\(missing.stderr)")
        #expect(try scratch.contents() == ["label.json"])
    }
}
