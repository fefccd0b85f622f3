import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// Justified lines reach both edges of their box, a narrow one's too (issue 51): what the capped steps leave spare is
/// shared by the gaps between Japanese characters, while 和欧間 stays within its quarter em. Read back by pdfium glyph
/// by glyph.
@Suite struct JustifiedEdgeTests {
    /// A 6 em (72 pt) justified box at x 10 whose first line, ああ, is followed by a number too long to join it (eight
    /// digits, 60 pt), and a 10 em box whose first line, 詳細は, is followed by a Latin word too long to join it.
    static func characters() throws -> [Oracle.PlacedCharacter] {
        var canvas = Canvas()
        try canvas.start(width: 340, height: 160, opaque: true)
        try canvas.addSlot(role: "ink", stroke: Color(0.1, 0.1, 0.1), fill: Color(1, 1, 1))
        try canvas.drawTextBox(
            .role("ink"), "ああ12345678です。", size: 12, x: 10, y: 10, w: 72, h: 60, align: .justified,
            fit: [.wrap, .error])
        try canvas.drawTextBox(
            .role("ink"), "詳細はMEMBERSGUIDE確認してください。", size: 12, x: 10, y: 80, w: 120, h: 70,
            align: .justified, fit: [.wrap, .error])
        let scratch = try Scratch("justified-edges")
        let pdf = scratch.file("justified.pdf")
        try render(Document(pages: [try canvas.stop()]), options: OutputOptions()).write(to: pdf)
        return try Oracle.characters(pdf)
    }

    @Test func shortLinesReachBothEdgesByTheGapsBetweenJapaneseCharacters() throws {
        let characters = try Self.characters()
        /// The characters on the baseline of `character`.
        func line(of character: Oracle.PlacedCharacter) -> [Oracle.PlacedCharacter] {
            characters.filter { abs($0.y - character.y) < 1 }
        }
        // ああ alone on its line: the second あ ends it at the box's right edge (82), where a quarter em at most
        // between them left it at 34.
        let first = line(of: characters[0])
        try #require(first.map(\.text).joined() == "ああ", "\(first)")
        #expect(abs(first[0].x - 10) < 0.01 && abs(first[1].maxX - 82) < 0.05, "\(first)")
        // 詳細は alone on its line, spread to the edge (130) between its kanji; the next line's MEMBERSGUIDE and 確
        // keep their 和欧間 within a quarter em (3 pt) while the line's gaps between Japanese characters take the rest.
        let kanji = line(of: try #require(characters.first { $0.text == "詳" }))
        try #require(kanji.map(\.text).joined() == "詳細は", "\(kanji)")
        #expect(abs(kanji[2].maxX - 130) < 0.05, "\(kanji)")
        let word = line(of: try #require(characters.first { $0.text == "M" }))
        let last = try #require(word.firstIndex { $0.text == "E" && $0.x > word[0].x + 60 })
        let kaku = try #require(word.firstIndex { $0.text == "確" })
        #expect(kaku == last + 1 && word[kaku].x - word[last].maxX <= 3.05, "\(word)")
        #expect(abs((word.last?.maxX ?? 0) - 130) < 0.6, "\(word)")
    }
}
