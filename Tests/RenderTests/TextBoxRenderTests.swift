import DrawingModule
import Fonts
import Foundation
import PNG
import Render
import TestSupport
import Testing

/// Text boxes in the PDF as poppler reads it: turned boxes land where the turn puts them, vertical columns read in
/// order, and a box too small for its text fails the render naming the field instead of drawing past its frame.
@Suite struct TextBoxRenderTests {
    /// Every word `pdftotext -bbox` finds, with its bounds.
    static func words(_ file: URL) throws -> [(text: String, box: Rect)] {
        let xml = try Oracle.run("pdftotext", ["-bbox", "-enc", "UTF-8", file.path, "-"]).stdout
        return xml.split(separator: "\n").compactMap { line in
            func number(_ key: String) -> Double? {
                guard let start = line.range(of: "\(key)=\"") else { return nil }
                return Double(line[start.upperBound...].prefix { $0 != "\"" })
            }
            guard line.contains("<word "), let open = line.range(of: "\">"), let close = line.range(of: "</word>"),
                let x0 = number("xMin"), let y0 = number("yMin"), let x1 = number("xMax"), let y1 = number("yMax")
            else { return nil }
            return (
                String(line[open.upperBound..<close.lowerBound]), Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            )
        }
    }

    /// The drawing `build` draws, as a PDF in `scratch` that passes qpdf's check.
    func render(in scratch: Scratch, _ build: (inout Canvas) throws -> Void) throws -> URL {
        var c = Canvas()
        try c.start(width: 300, height: 300, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(0, 0, 0))
        try build(&c)
        let file = scratch.file("box.pdf")
        try Render.render(try c.stop(), options: OutputOptions()).write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        return file
    }

    @Test func aBoxTurnedClockwiseReadsDownwardsInsideItsTurnedFrame() throws {
        // 120 × 20 at (90, 140), turned 90° about its centre (150, 150): it covers x 140…160, y 90…210.
        let scratch = try Scratch("render-turned-box")
        let file = try render(in: scratch) { c in
            try c.drawTextBox("ink", "AB 髙橋", font: "gothic", size: 14, x: 90, y: 140, w: 120, h: 20, rotation: 90)
        }
        let words = try Self.words(file)
        let first = try #require(words.first { $0.text == "AB" }, "\(words)")
        let second = try #require(words.first { $0.text == "髙橋" }, "\(words)")
        for word in [first, second] {
            #expect(
                word.box.x >= 140 - 0.5 && word.box.maxX <= 160 + 0.5 && word.box.y >= 90 - 0.5
                    && word.box.maxY <= 210 + 0.5, "\(word.text) at \(word.box)")
            #expect(word.box.height > word.box.width, "\(word.text) runs down the page: \(word.box)")
        }
        // Clockwise: the text's start is at the top.
        #expect(first.box.y < second.box.y)
    }

    @Test func verticalColumnsReadRightToLeftInOrder() throws {
        let text = "「髙橋」ー令和7年11月23日〜東京−‖①ﾊﾝｶｸ"
        let scratch = try Scratch("render-vertical-box")
        let file = try render(in: scratch) { c in
            try c.drawTextBox(
                "ink", text, font: "gothic", size: 14, x: 100, y: 20, w: 50, h: 200,
                fit: [.wrap, .error], writing: .vertical)
        }
        let raw = try Oracle.run("pdftotext", ["-raw", "-enc", "UTF-8", file.path, "-"]).stdout
        // Half-width kana stand upright as full-width kana, and read back as what is shown.
        #expect(raw.filter { !$0.isWhitespace } == text.replacingOccurrences(of: "ﾊﾝｶｸ", with: "ハンカク"), "\(raw)")
        let words = try Self.words(file)
        let start = try #require(words.first { $0.text.contains("髙") })
        let end = try #require(words.first { $0.text.contains("ク") })
        #expect(start.box.x > end.box.x, "the first column is right of the last: \(start.box) vs \(end.box)")
        // Upright cells are shown with an Identity-V font. poppler's box for vertical text starts at the pen (the
        // column's centre line) and an em (14 pt) above the cell, so the boxes are checked for that; where the glyphs
        // land is checked on pixels by ParityTests.
        let fonts = try Oracle.run("pdffonts", [file.path]).stdout
        #expect(fonts.contains("Identity-V") && fonts.contains("Identity-H"), "\(fonts)")
        for word in words {
            #expect(
                word.box.x >= 100 - 0.5 && word.box.x <= 150 + 0.5 && word.box.y >= 20 - 14.5
                    && word.box.maxY <= 220 + 0.5, "\(word.text) at \(word.box)")
        }
    }

    @Test func uprightCellsUseAnIdentityVFontSharingTheHorizontalOnesProgram() throws {
        let text = "縦書きの入場整理券、髙橋"
        let scratch = try Scratch("render-identity-v")
        let file = try render(in: scratch) { c in
            try c.drawText("ink", "横書き GCG-40167", font: "gothic", size: 12, x: 10, y: 10)
            try c.drawTextBox(
                "ink", text, font: "gothic", size: 14, x: 200, y: 20, w: 40, h: 200, fit: [.wrap, .error],
                writing: .vertical)
        }
        let qdf = try Oracle.run("qpdf", ["--qdf", "--object-streams=disable", file.path, "-"]).stdout
        #expect(qdf.contains("/Encoding /Identity-V") && qdf.contains("/Encoding /Identity-H"), "\(qdf.prefix(2000))")
        #expect(qdf.contains("/DW2 [\n    880\n    -1000\n  ]"), "IPAexGothic's ascent as the vertical origin")
        #expect(qdf.components(separatedBy: "/FontFile2").count - 1 == 1, "one program for both fonts")
        for (engine, extracted, warnings) in try Oracle.extractions(file) where engine != "pikepdf" {
            #expect(warnings.isEmpty, "\(engine) warns: \(warnings)")
            let flat = extracted.filter { !$0.isWhitespace }
            #expect(flat.contains("横書きGCG-40167") && flat.contains(text), "\(engine): \(extracted)")
        }
    }

    /// The codes each text-showing operator of page 1 shows (two bytes each, as the Identity-H Type0 font reads
    /// them), in content-stream order, read by pikepdf.
    static func shownCodes(_ file: URL) throws -> [UInt32] {
        let script = """
            import sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            codes = []
            for instruction in pikepdf.parse_content_stream(pdf.pages[0]):
                op = str(instruction.operator)
                items = list(instruction.operands[0]) if op == "TJ" else list(instruction.operands) if op == "Tj" else []
                for item in items:
                    if isinstance(item, pikepdf.String):
                        data = bytes(item)
                        codes += [data[i] << 8 | data[i + 1] for i in range(0, len(data), 2)]
            print(" ".join(map(str, codes)))
            """
        let result = try Oracle.run("python3", ["-c", script, file.path])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(whereSeparator: \.isWhitespace).compactMap { UInt32($0) }
    }

    @Test(arguments: ["gothic", "mincho"])
    func verticalPunctuationIsDrawnAsTheFontsVerticalGlyphs(font: String) throws {
        let text = "「髙橋」ー〜、。ッ"
        var c = Canvas()
        try c.start(width: 300, height: 300, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(0, 0, 0))
        try c.drawTextBox(
            "ink", text, font: font, size: 14, x: 100, y: 20, w: 50, h: 200, fit: [.wrap, .error],
            writing: .vertical)
        let scratch = try Scratch("render-vertical-glyphs-\(font)")
        let file = scratch.file("box.pdf")
        // The whole font embedded: each shown code is the font file's own glyph id (a subset renumbers them).
        try Render.render(try c.stop(), options: OutputOptions(subsetsFonts: false)).write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let raw = try Oracle.run("pdftotext", ["-raw", "-enc", "UTF-8", file.path, "-"]).stdout
        #expect(raw.filter { !$0.isWhitespace } == text, "pdftotext -raw: \(raw)")

        // HarfBuzz asked directly: each character shaped with `vert` on, and without.
        let face = try FontRegistry.shared.face(named: font)
        let vertical = text.map { face.shape(Array($0.unicodeScalars), features: ["vert"]).map(\.glyph) }
        let horizontal = text.map { face.shape(Array($0.unicodeScalars)).map(\.glyph) }
        #expect(vertical.allSatisfy { $0.count == 1 })
        let shown = try Self.shownCodes(file)
        #expect(shown == vertical.flatMap { $0 }, "shown \(shown), HarfBuzz vert \(vertical)")
        for (index, character) in text.enumerated() where character != "髙" && character != "橋" {
            #expect(vertical[index] != horizontal[index], "\(character): the vertical glyph is not the horizontal one")
        }
    }

    @Test func aVerticalColumnInCIDModeFallsBackToTurnedBracketsAndStillReadsInOrder() throws {
        // libHaru's CID fonts show characters through UniJIS-UTF16-H, not glyph ids: no alternates, brackets turned.
        let text = "「髙橋」ー〜、。ッ"
        var c = Canvas()
        try c.start(width: 300, height: 300, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(0, 0, 0))
        try c.drawTextBox(
            "ink", text, font: "gothic", size: 14, x: 100, y: 20, w: 50, h: 200, fit: [.wrap, .error],
            writing: .vertical)
        let scratch = try Scratch("render-vertical-cid")
        let file = scratch.file("box.pdf")
        try Render.render(try c.stop(), options: OutputOptions(fontMode: .cid)).write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let raw = try Oracle.run("pdftotext", ["-raw", "-enc", "UTF-8", file.path, "-"]).stdout
        #expect(raw.filter { !$0.isWhitespace } == text, "pdftotext -raw: \(raw)")
    }

    @Test func aCentredLineWiderThanItsBoxWidthIsRefusedInsteadOfSpillingBothWays() throws {
        var c = Canvas()
        try c.start(width: 300, height: 100, opaque: true)
        try c.addSlot(role: "ink")
        try c.drawText("ink", "会場〜東京−‖①髙ﾊﾝｶｸ（株）", size: 14, x: 100, y: 10, boxWidth: 100, align: .center)
        let drawing = try c.stop()
        let scratch = try Scratch("render-box-width")
        #expect {
            try Render.render(drawing, options: OutputOptions()).write(to: scratch.file("t.pdf"))
        } throws: { error in
            guard case .textFit(_, let fit) = error as? RenderError else { return false }
            return fit.frame.width == 100 && fit.excess.width > 0 && "\(error)".contains("too wide")
        }
        #expect(try scratch.contents().isEmpty)
    }

    @Test func aBoxThatCannotFitFailsTheRenderNamingItsField() throws {
        var c = Canvas()
        try c.start(width: 200, height: 100, opaque: true)
        try c.addSlot(role: "ink")
        try c.drawTextBox("ink", "〜−‖①髙ﾊﾝｶｸ 会場名がとても長い", size: 14, x: 10, y: 10, w: 60, h: 18, field: "venue")
        let drawing = try c.stop()
        let scratch = try Scratch("render-text-box-error")
        let file = scratch.file("box.pdf")
        #expect {
            try Render.render(drawing, options: OutputOptions()).write(to: file)
        } throws: { error in
            guard case .textFit(let location, let fit) = error as? RenderError else { return false }
            return location.description.contains("commands[0]") && fit.field == "venue" && "\(error)".contains("venue")
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(throws: RenderError.self) { try RasterRenderer().bitmap(for: drawing, scale: .factor(1)) }
    }
}

/// `palt`: Japanese set with the font's proportional widths, the same in the PDF and the PNG, the text unchanged.
@Suite struct ProportionalTextTests {
    static let text = "「カタカナ」、ひらがな。ー"

    /// The drawing of one box, proportional or not.
    static func drawing(palt: Bool) throws -> Drawing {
        var c = Canvas()
        try c.start(width: 300, height: 40, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(0, 0, 0))
        try c.drawTextBox("ink", text, font: "gothic", size: 20, x: 0, y: 5, w: 300, h: 30, palt: palt)
        return try c.stop()
    }

    /// The x just past the rightmost dark pixel of a raster (composited over white), in pixels.
    static func inkEnd(_ bitmap: Bitmap) -> Int {
        let flat = ImageComparison.overWhite(bitmap)
        var end = 0
        for y in 0..<flat.height {
            for x in 0..<flat.width where flat.pixels[(y * flat.width + x) * 4] < 128 { end = max(end, x + 1) }
        }
        return end
    }

    @Test func paltSetsJapaneseNarrowerInPDFAndPNGAndTheTextStaysTheSame() throws {
        let scratch = try Scratch("render-palt")
        var ends: [Bool: (png: Int, pdf: Int)] = [:]
        for palt in [false, true] {
            let drawing = try Self.drawing(palt: palt)
            let png = Self.inkEnd(try RasterRenderer().bitmap(for: drawing, scale: .factor(1)))
            let file = scratch.file("palt-\(palt).pdf")
            try Render.render(drawing, options: OutputOptions()).write(to: file)
            #expect(try Oracle.qpdfCheck(file).status == 0)
            #expect(try Oracle.pdftotext(file).contains(Self.text), "palt \(palt)")
            let raster = scratch.file("palt-\(palt)")
            _ = try Oracle.run("pdftoppm", ["-r", "72", "-png", "-singlefile", file.path, raster.path])
            let pdf = Self.inkEnd(try PNGDecoder().decode(contentsOf: raster.appendingPathExtension("png")))
            ends[palt] = (png, pdf)
        }
        let full = try #require(ends[false])
        let proportional = try #require(ends[true])
        // 13 full-width characters at 20 pt end near 260; palt closes up brackets, kana and punctuation.
        #expect(full.png > 240 && full.pdf > 240, "\(full)")
        #expect(proportional.png < full.png - 25 && proportional.pdf < full.pdf - 25, "\(proportional) vs \(full)")
        // The PDF and the PNG place the glyphs alike.
        #expect(abs(proportional.png - proportional.pdf) <= 2 && abs(full.png - full.pdf) <= 2, "\(ends)")
    }
}
