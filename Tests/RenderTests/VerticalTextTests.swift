import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// Vertical columns read back by pdfium glyph by glyph (issues 29 and 33): a word of digits and Latin takes one
/// orientation, hyphens included (〒150-0001, 1-12-3 and A4 turned whole; upright whole on request); three digits set
/// across keep their height, three letters do not go across; half-width kana stand upright as full-width kana; mono ruby stays in its box
/// without overlapping; a letter-spaced postal code reads as one word in every extractor.
@Suite struct VerticalTextTests {
    /// The page of `TestDrawings.verticalText()` as a PDF in `scratch`.
    static func pdf(in scratch: Scratch) throws -> URL {
        let pdf = scratch.file("vertical.pdf")
        try render(try TestDrawings.verticalText(), options: OutputOptions()).write(to: pdf)
        return pdf
    }

    /// What pdfium reads from the page, spaces and line breaks it adds left out.
    static func glyphs() throws -> [Oracle.Glyph] {
        let scratch = try Scratch("vertical-text")
        return try Oracle.glyphs(try pdf(in: scratch)).filter { $0.box.width > 0 && $0.box.height > 0 }
    }

    /// The glyphs whose box centre lies between `x` and `x + width`, in content order.
    static func column(_ glyphs: [Oracle.Glyph], x: Double, width: Double) -> [Oracle.Glyph] {
        glyphs.filter { $0.box.x + $0.box.width / 2 >= x && $0.box.x + $0.box.width / 2 <= x + width }
    }

    static func isUpright(_ glyph: Oracle.Glyph) -> Bool { glyph.angle < 1 || glyph.angle > 359 }

    /// The consecutive glyphs of `list` spelling `word`.
    static func word(_ word: String, in list: [Oracle.Glyph]) throws -> [Oracle.Glyph] {
        let count = word.count
        let start = try #require(
            list.indices.first { start in
                start + count <= list.count && list[start..<(start + count)].map(\.character).joined() == word
            }, "\(word) not in \(list.map(\.character).joined())")
        return Array(list[start..<(start + count)])
    }

    /// True when every glyph of `word` lies below the one before it, on one centre line (±2 pt).
    static func stacked(_ word: [Oracle.Glyph]) -> Bool {
        let centre = word[0].box.x + word[0].box.width / 2
        return zip(word, word.dropFirst()).allSatisfy { $0.box.y < $1.box.y }
            && word.allSatisfy { abs($0.box.x + $0.box.width / 2 - centre) < 2 }
    }

    @Test func aWordOfDigitsAndLatinTakesOneOrientation() throws {
        let glyphs = try Self.glyphs()
        // 〒 upright; 150-0001 turned whole, its hyphen with it, read top to bottom down one centre line.
        let postal = Self.column(glyphs, x: 230, width: 20)
        #expect(postal.first.map(Self.isUpright) == true && postal.first?.character == "〒")
        let code = try Self.word("150-0001", in: postal)
        #expect(code.allSatisfy { abs($0.angle - code[0].angle) < 1 } && !Self.isUpright(code[0]), "\(code)")
        #expect(Self.stacked(code), "\(code.map(\.box))")
        // 1-12-3 after 三丁目: one turned word.
        let address = try Self.word("1-12-3", in: Self.column(glyphs, x: 202, width: 20))
        #expect(address.allSatisfy { abs($0.angle - address[0].angle) < 1 } && !Self.isUpright(address[0]))
        #expect(Self.stacked(address), "\(address.map(\.box))")
        // A4 holds a letter: turned whole, as CSS's `text-combine-upright: digits` leaves it, not across one cell.
        let paper = Self.column(glyphs, x: 174, width: 20)
        let a4 = try Self.word("A4", in: paper)
        #expect(a4.allSatisfy { !Self.isUpright($0) } && Self.stacked(a4), "\(a4)")
        // ﾊﾝｶｸ stands upright as full-width katakana, one under the other.
        let kana = try Self.word("ハンカク", in: paper)
        #expect(kana.allSatisfy(Self.isUpright) && Self.stacked(kana))
        // The same postal code with upright words: every character upright, its hyphen too, stacked.
        let upright = try Self.word("150-0001", in: Self.column(glyphs, x: 76, width: 20))
        #expect(upright.allSatisfy(Self.isUpright) && Self.stacked(upright), "\(upright)")
    }

    @Test func threeDigitsSetAcrossKeepTheirHeightAndThreeLettersAreTurned() throws {
        let column = Self.column(try Self.glyphs(), x: 146, width: 20)
        let hundred = try Self.word("100", in: column)
        #expect(hundred.allSatisfy(Self.isUpright))
        // One cell: side by side within the 12 pt em.
        let width = hundred[2].box.maxX - hundred[0].box.x
        #expect(width <= 12.01 && abs(hundred[0].box.y - hundred[1].box.y) < 0.5, "100 is \(width) pt wide")
        // 第1回's 1 stands upright alone: the 1 of 100 is at least 90 % of its height.
        let lone = try Self.word("第1回", in: column)[1]
        #expect(hundred[0].box.height >= 0.9 * lone.box.height, "\(hundred[0].box.height) vs \(lone.box.height)")
        // SNS, three characters as 100 is, but letters: turned whole down the column under across: 3.
        let sns = try Self.word("SNS", in: column)
        #expect(sns.allSatisfy { !Self.isUpright($0) } && Self.stacked(sns), "\(sns)")
    }

    @Test func verticalMonoRubyStaysInItsBoxWithoutOverlapping() throws {
        let column = Self.column(try Self.glyphs(), x: 104, width: 32)
        let ruby = column.filter { abs($0.size - 8) < 0.01 }
        #expect(ruby.map(\.character).joined() == "とうきょう")
        let frame = Rect(x: 104, y: 10, width: 32, height: 200)
        for (a, b) in zip(ruby, ruby.dropFirst()) {
            #expect(a.box.maxY <= b.box.y + 0.01, "\(a.character) \(a.box) overlaps \(b.character) \(b.box)")
        }
        for glyph in ruby {
            #expect(
                glyph.box.x >= frame.x && glyph.box.maxX <= frame.maxX && glyph.box.y >= frame.y
                    && glyph.box.maxY <= frame.maxY, "\(glyph.character) at \(glyph.box) leaves \(frame)")
        }
        // Right of the base, which starts at the box's top.
        let base = try Self.word("東京", in: column)
        #expect(ruby.allSatisfy { $0.box.x >= base[0].box.maxX } && base[0].box.y >= frame.y)
    }

    @Test func aLetterSpacedPostalCodeReadsAsOneWordEverywhere() throws {
        let scratch = try Scratch("vertical-spacing")
        let pdf = try Self.pdf(in: scratch)
        let extracted = try Oracle.extractions(pdf, raw: true).filter { $0.engine != "pikepdf" }
        #expect(extracted.count == 5)
        for (engine, text, warnings) in extracted {
            #expect(warnings.isEmpty, "\(engine) warns: \(warnings)")
            #expect(text.contains("1000005"), "\(engine): \(text)")
        }
    }
}
