import DrawingModule
import Foundation
import Render
import TestSupport
import Testing
import Typeset

/// The jlreq rules on horizontal text boxes, one test page per rule, checked where MuPDF finds each glyph in the PDF
/// (`mutool draw -F stext`: pen origins and the glyph boxes the font's widths give) and by what four extractors read.
///
/// IPAexGothic (`gothic`) draws every kana, kanji and full-width punctuation mark in a one-em box; its `halt`
/// feature says an opening bracket's blank is the left half, a closing bracket's and 、。's the right half.
@Suite struct JapaneseTypesettingTests {
    static let tolerance = 0.05
    /// Where each test's PDFs go (a fresh folder per test, removed with it).
    let scratch: Scratch

    init() throws {
        scratch = try Scratch("jlreq")
    }

    /// A PDF of `boxes` (text, size, frame, alignment, rules) on a 420 × 300 pt page, checked by qpdf.
    func render(
        _ name: String, _ boxes: [(String, Double, Rect, TextAlignment, Typesetting)]
    ) throws -> URL {
        var c = Canvas()
        try c.start(width: 420, height: 300, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(1, 1, 1))
        for (text, size, frame, alignment, rules) in boxes {
            try c.drawTextBox(
                "ink", text, size: size, x: frame.x, y: frame.y, w: frame.width, h: frame.height, align: alignment,
                fit: [.wrap, .error], typesetting: rules)
        }
        let file = scratch.file("\(name).pdf")
        try Render.render(try c.stop(), options: OutputOptions()).write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        return file
    }

    /// The characters of `file` grouped into lines by baseline, top to bottom.
    func lines(_ file: URL) throws -> [[Oracle.PlacedCharacter]] {
        var lines: [[Oracle.PlacedCharacter]] = []
        for character in try Oracle.characters(file) {
            if let last = lines.last?.last, abs(last.y - character.y) < 0.5, last.page == character.page {
                lines[lines.count - 1].append(character)
            } else {
                lines.append([character])
            }
        }
        return lines
    }

    /// The pen origin of the `occurrence`-th `text` (from 0) among `characters`.
    func origin(of text: String, _ occurrence: Int = 0, in characters: [Oracle.PlacedCharacter]) throws -> Double {
        let matches = characters.filter { $0.text == text }
        try #require(matches.count > occurrence, "no \(text) #\(occurrence) among \(characters.map(\.text).joined())")
        return matches[occurrence].x
    }

    @Test func adjacentBracketsTakeHalfAnEmLessThanTwoEms() throws {
        let file = try render(
            "brackets", [("「東京」「大阪」（注）『二重』", 20, Rect(x: 10, y: 10, width: 400, height: 40), .left, .standard)])
        let characters = try Oracle.characters(file)
        #expect(characters.map(\.text).joined() == "「東京」「大阪」（注）『二重』")
        // 」「: the pair spans 1.5 em from 」's origin to the next character's (solid: 2 em).
        let close = try origin(of: "」", in: characters)
        let next = try origin(of: "大", in: characters)
        #expect(abs(next - close - 30) < Self.tolerance, "」「 spans \(next - close) pt, not 30 (1.5 em)")
        // The blank left between their inks is the closing bracket's half em: 「 is set flush against it.
        let opening = try origin(of: "「", 1, in: characters)
        #expect(abs(opening - close - 10) < Self.tolerance)
        // 」（ and ）『 alike.
        let (secondClose, note) = (try origin(of: "」", 1, in: characters), try origin(of: "注", in: characters))
        #expect(abs(note - secondClose - 30) < Self.tolerance)
        let (paren, double) = (try origin(of: "）", in: characters), try origin(of: "二", in: characters))
        #expect(abs(double - paren - 30) < Self.tolerance)
        // The paragraph's first 「 keeps its blank: its origin is the box's left edge.
        let first = try origin(of: "「", in: characters)
        #expect(abs(first - 10) < Self.tolerance)
        // Solid, as the font draws them: every character a full em after the one before.
        let solid = try render(
            "brackets-solid", [("「東京」「大阪」", 20, Rect(x: 10, y: 10, width: 400, height: 40), .left, .none)])
        let plain = try Oracle.characters(solid)
        let (plainClose, plainNext) = (try origin(of: "」", in: plain), try origin(of: "大", in: plain))
        #expect(abs(plainNext - plainClose - 40) < Self.tolerance)
    }

    @Test func commasAndFullStopsBesideBracketsCloseUp() throws {
        let text = "「はい」、「いいえ」。「了解」。"
        let file = try render("comma-stop", [(text, 20, Rect(x: 10, y: 10, width: 400, height: 40), .left, .standard)])
        let characters = try Oracle.characters(file)
        #expect(characters.map(\.text).joined() == text)
        // 」、: the bracket's blank goes, 、 keeps its own half em before 「 (which loses its blank): 」、「 = 2 em.
        let (close, comma, next) = (
            try origin(of: "」", in: characters), try origin(of: "、", in: characters),
            try origin(of: "い", 1, in: characters)
        )
        #expect(abs(comma - close - 10) < Self.tolerance)
        #expect(abs(next - close - 40) < Self.tolerance)
        // 」。「 alike.
        let (second, stop, after) = (
            try origin(of: "」", 1, in: characters), try origin(of: "。", in: characters),
            try origin(of: "了", in: characters)
        )
        #expect(abs(stop - second - 10) < Self.tolerance)
        #expect(abs(after - second - 40) < Self.tolerance)
    }

    @Test func aLineStartBracketIsFlushAndALineEndStopGivesUpItsBlankToStay() throws {
        // Box 5.5 em: あいうえお。 is 6 em solid, 5.5 em with the blank after 。 taken away.
        let file = try render(
            "line-ends",
            [
                ("あいうえお。かきくけこ「さしす」", 20, Rect(x: 10, y: 10, width: 110, height: 120), .left, .standard),
                ("あいうえお。かきくけこ「さしす」", 20, Rect(x: 210, y: 10, width: 110, height: 120), .left, .none)
            ])
        let all = try lines(file)
        let trimmed = all.filter { $0[0].x < 200 }.map { $0.map(\.text).joined() }
        let solid = all.filter { $0[0].x >= 150 }.map { $0.map(\.text).joined() }
        #expect(trimmed.first == "あいうえお。", "\(trimmed)")
        // Solid, お。 does not fit and 。 may not start a line: お goes down with it.
        #expect(solid.first == "あいうえ", "\(solid)")
        // The 「 starting a later line is set flush: its ink (the right half of its em) starts at the box's edge.
        let start = try #require(all.first { $0[0].text == "「" && $0[0].x < 200 }, "\(trimmed)")
        #expect(abs(start[0].x - 0) < Self.tolerance, "「 at \(start[0].x), not 10 − 10")
    }

    @Test(arguments: [(0.25, 5.0), (0, 0), (0.5, 10)])
    func autospaceSeparatesJapaneseFromLatinAndDigits(autospace: Double, expected: Double) throws {
        let text = "会費はA4判で2024年度"
        let rules = Typesetting(autospace: autospace)
        let frame = Rect(x: 10, y: 10, width: 400, height: 40)
        let file = try render("autospace-\(autospace)", [(text, 20, frame, .left, rules)])
        let solid = try Oracle.characters(try render("autospace-none", [(text, 20, frame, .left, .none)]))
        let characters = try Oracle.characters(file)
        #expect(characters.map(\.text).joined() == text)
        // The space is measured between pen origins, against the same pair set solid: the glyph before the space is
        // shown from a font whose advance carries it, so its box reaches the next glyph (no gap to read as a space).
        func span(_ before: String, _ after: String, in characters: [Oracle.PlacedCharacter]) throws -> Double {
            let index = try #require(
                characters.indices.dropLast().first {
                    characters[$0].text == before && characters[$0 + 1].text == after
                })
            #expect(abs(characters[index].maxX - characters[index + 1].x) < Self.tolerance, "a gap after \(before)")
            return characters[index + 1].x - characters[index].x
        }
        let gaps: [(String, String)] = [("は", "A"), ("4", "判"), ("で", "2"), ("4", "年")]
        for (before, after) in gaps {
            let space = try span(before, after, in: characters) - span(before, after, in: solid)
            #expect(abs(space - expected) < Self.tolerance, "\(before)\(after): \(space) pt, not \(expected)")
        }
        // Kanji beside kanji, digits beside digits: no space.
        #expect(abs(try span("会", "費", in: characters) - 20) < Self.tolerance)
        #expect(abs(try span("0", "2", in: characters) - span("0", "2", in: solid)) < Self.tolerance)
    }

    @Test func justifiedLinesReachBothEdgesWithNoGapOverAQuarterEm() throws {
        let text =
            "本名簿は2024年度の全会員を「ゴールド」「シルバー」「ブロンズ」のランク別に掲載し、各ランクの年会費の小計と"
            + "総合計を示します。会員番号（GCG-xxxxx）・氏名・フリガナ・入会日・都道府県・年会費・備考の各欄は、"
            + "会員管理システムから書き出したCSV（UTF-8）をそのまま使っています。"
        let frame = Rect(x: 20, y: 10, width: 283, height: 280)
        let file = try render("justified", [(text, 12, frame, .justified, .standard)])
        let all = try lines(file)
        #expect(all.flatMap { $0 }.map(\.text).joined() == text)
        try #require(all.count >= 4)
        for (number, line) in all.enumerated() {
            let described = line.map(\.text).joined()
            for (a, b) in zip(line, line.dropFirst()) {
                // Between pen origins, less the full-width advance: a spread glyph's box carries its gap.
                let gap = b.x - a.x - 12
                if CharacterClass(Character(a.text)).isJapaneseLetter,
                    CharacterClass(Character(b.text)).isJapaneseLetter
                {
                    #expect(
                        gap <= 3 + Self.tolerance, "\(a.text)\(b.text) in line \(number + 1) \(described): \(gap) pt")
                    if number == all.count - 1 { #expect(abs(gap) < Self.tolerance, "the last line is set solid") }
                }
            }
            let last = try #require(line.last)
            // The right edge: the last glyph's box, or for closing punctuation whose blank was taken, its ink.
            let edge = CharacterClass(Character(last.text)).closes ? last.minX + 6 : last.maxX
            if number < all.count - 1 {
                let ink =
                    CharacterClass(Character(last.text)).closes ? (last.minX + 6)...(last.maxX) : last.maxX...last.maxX
                #expect(
                    ink.lowerBound <= frame.maxX + Self.tolerance && ink.upperBound >= frame.maxX - Self.tolerance,
                    "line \(number + 1) \(described) ends at \(edge), not \(frame.maxX)")
            } else {
                #expect(edge < frame.maxX - 6, "the last line is not spread")
            }
            #expect(line[0].minX >= frame.x - 6 - Self.tolerance)
        }
    }

    @Test func theIssueLineFitsAsManyCharactersAsChromium() throws {
        // Issue 29: at 20 pt in 380 pt, mkpdf put 17 characters on the first line, headless Chromium 156 (with
        // text-spacing-trim and text-autospace) puts 21 — 19 em of 21 characters with four pairs closed up.
        let text = "「ゴールド」「シルバー」、「ブロンズ」。会費はA4判で2024年度"
        let file = try render(
            "issue-line",
            [
                (text, 20, Rect(x: 10, y: 10, width: 380, height: 120), .left, .standard),
                (text, 20, Rect(x: 10, y: 150, width: 380, height: 120), .justified, .standard)
            ])
        let all = try lines(file)
        let left = try #require(all.first)
        let justified = try #require(all.first { $0[0].y > 150 })
        #expect(left.count >= 21, "\(left.map(\.text).joined())")
        // Justified, the line squeezes the blank left beside 」、。 (追い込み) to keep 費 too.
        #expect(justified.count >= 22, "\(justified.map(\.text).joined())")
        for line in [left, justified] {
            let last = try #require(line.last)
            #expect(last.maxX <= 390 + Self.tolerance, "\(line.map(\.text).joined()) ends at \(last.maxX)")
        }
    }

    @Test func theTestLineHoldsMoreCharactersThanChromiumAndTypst() throws {
        // The 280 pt line of the side-by-side comparison (docs/typesetting.md), justified: Chromium puts 26
        // characters on it, Typst 28.
        let line = "「東京」、「大阪」。（注）「『二重』」、……彼は言った。"
        let file = try render(
            "280", [(line + line + line, 12, Rect(x: 10, y: 10, width: 280, height: 200), .justified, .standard)])
        let first = try #require(try lines(file).first)
        #expect(first.count >= 29, "\(first.count): \(first.map(\.text).joined())")
        let last = try #require(first.last)
        #expect(last.minX < 290)
    }

    @Test func hangingLetsAStopPassTheEdgeInsteadOfPushingItsCharacter() throws {
        // 5 em wide: あいうえお。 needs 5.5 em even with 。's blank taken; hanging, 。 goes past the edge.
        let text = "あいうえお。かきくけこ"
        let file = try render(
            "hanging",
            [
                (text, 20, Rect(x: 10, y: 10, width: 100, height: 90), .left, Typesetting(hang: true)),
                (text, 20, Rect(x: 210, y: 10, width: 100, height: 90), .left, .standard)
            ])
        let all = try lines(file)
        let hung = try #require(all.first { $0[0].x < 200 })
        let pushed = try #require(all.first { $0[0].x >= 200 })
        #expect(hung.map(\.text).joined() == "あいうえお。")
        #expect(pushed.map(\.text).joined() == "あいうえ")
        let stop = try #require(hung.last)
        #expect(stop.minX >= 110 - Self.tolerance, "。 hangs past the edge at 110: \(stop)")
    }

    /// A PDF of vertical `boxes` (text, frame, alignment, rules) at 20 pt on a 420 × 300 pt page, and its
    /// characters in MuPDF's order: each one's `y` is the top of its cell in the column.
    func vertical(
        _ name: String, _ boxes: [(String, Rect, TextAlignment, Typesetting)]
    ) throws -> [Oracle.PlacedCharacter] {
        var c = Canvas()
        try c.start(width: 420, height: 300, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(1, 1, 1))
        for (text, frame, alignment, rules) in boxes {
            try c.drawTextBox(
                "ink", text, size: 20, x: frame.x, y: frame.y, w: frame.width, h: frame.height, align: alignment,
                fit: [.wrap, .error], writing: .vertical, typesetting: rules)
        }
        let file = scratch.file("\(name).pdf")
        try Render.render(try c.stop(), options: OutputOptions()).write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        return try Oracle.characters(file)
    }

    @Test func verticalBracketsAndStopsCloseUpByTheFontsVerticalHalfMetrics() throws {
        // Down a column, 」「 spans 1.5 em as across a line: IPAexGothic's `vhal` says where the blank of its vertical
        // brackets and 、。 is.
        let text = "「東京」「大阪」、（注）。あ"
        let characters = try vertical(
            "vertical-brackets",
            [
                (text, Rect(x: 380, y: 10, width: 24, height: 280), .left, .standard),
                (text, Rect(x: 330, y: 10, width: 24, height: 280), .left, .none)
            ])
        let trimmed = characters.filter { $0.x > 370 }
        let solid = characters.filter { $0.x < 370 }
        #expect(trimmed.map(\.text).joined() == text && solid.map(\.text).joined() == text)
        func top(_ text: String, _ occurrence: Int = 0, in column: [Oracle.PlacedCharacter]) throws -> Double {
            let matches = column.filter { $0.text == text }
            try #require(matches.count > occurrence, "no \(text) #\(occurrence)")
            return matches[occurrence].y
        }
        // 」「大: 1.5 em from 」 to 大 (solid 2), the 「 set flush under 」's ink.
        #expect(abs(try top("大", in: trimmed) - top("」", in: trimmed) - 30) < Self.tolerance)
        #expect(abs(try top("「", 1, in: trimmed) - top("」", in: trimmed) - 10) < Self.tolerance)
        #expect(abs(try top("大", in: solid) - top("」", in: solid) - 40) < Self.tolerance)
        // 」、（注: 、 right under 」's ink, （ under 、's, 注 two ems below 」 (solid three).
        #expect(abs(try top("、", in: trimmed) - top("」", 1, in: trimmed) - 10) < Self.tolerance)
        #expect(abs(try top("注", in: trimmed) - top("」", 1, in: trimmed) - 40) < Self.tolerance)
        #expect(abs(try top("注", in: solid) - top("」", 1, in: solid) - 60) < Self.tolerance)
        // The column's first 「 keeps its blank: its cell starts at the box's top, as set solid.
        #expect(abs(try top("「", in: trimmed) - top("「", in: solid)) < Self.tolerance)
    }

    @Test func aColumnStartBracketIsFlushAndJustifiedColumnsReachTheFoot() throws {
        // 5.5 em columns: あいうえお。 stays in the first column by giving up 。's blank; the 「 starting a later
        // column is set flush (its cell half an em above the box's top); justified, every column but the last
        // reaches the foot, and no two kana are more than a quarter em apart.
        let text = "あいうえお。かきくけこ「さしす」たちつてとなにぬねの"
        let characters = try vertical(
            "vertical-ends",
            [
                (text, Rect(x: 260, y: 10, width: 150, height: 110), .left, .standard),
                (text, Rect(x: 90, y: 10, width: 150, height: 115), .justified, .standard)
            ])
        var columns: [[Oracle.PlacedCharacter]] = []
        for character in characters {
            if let last = columns.last?.last, abs(last.x - character.x) < 0.5 {
                columns[columns.count - 1].append(character)
            } else {
                columns.append([character])
            }
        }
        let ragged = columns.filter { $0[0].x > 250 }
        let justified = columns.filter { $0[0].x < 250 }
        // MuPDF's y of a cell, less the cell's top: from the first column's あ, whose cell starts at the box's top.
        let shift = try #require(ragged.first?.first).y - 10
        #expect(ragged.first?.map(\.text).joined() == "あいうえお。", "\(ragged.map { $0.map(\.text).joined() })")
        let bracket = try #require(ragged.first { $0[0].text == "「" }, "\(ragged.map { $0.map(\.text).joined() })")
        #expect(abs(bracket[0].y - shift - 0) < Self.tolerance, "「 at \(bracket[0].y - shift), not 10 − 10")
        try #require(justified.count >= 3)
        for (number, column) in justified.enumerated() {
            let last = try #require(column.last)
            // The foot: the last cell's end, or for closing punctuation whose blank was given up, its ink or more.
            let cell = (last.y - shift)...(last.y - shift + 20)
            let foot = CharacterClass(Character(last.text)).closes ? (cell.lowerBound + 10)...cell.upperBound : cell
            if number < justified.count - 1 {
                #expect(
                    foot.lowerBound <= 125 + Self.tolerance && foot.upperBound >= 125 - Self.tolerance,
                    "column \(number + 1) ends at \(foot), not 125: \(column)")
            }
            for (a, b) in zip(column, column.dropFirst())
            where CharacterClass(Character(a.text)).isJapaneseLetter
                && CharacterClass(Character(b.text)).isJapaneseLetter
            {
                #expect(b.y - a.y - 20 <= 5 + Self.tolerance)
                if number == justified.count - 1 { #expect(abs(b.y - a.y - 20) < Self.tolerance) }
            }
        }
    }

    @Test func japaneseBoxesAndParagraphsAreJustifiedUnlessAlignSaysOtherwise() throws {
        // jlreq's default (両端揃え): with no alignment stated, a Japanese paragraph's lines but its last reach the
        // right edge; Latin text stays flush left, its word spaces unspread; `left` keeps a Japanese box ragged.
        let japanese = "本名簿は全会員を「ゴールド」「シルバー」のランク別に掲載し、各ランクの年会費の小計と総合計を示します。"
        let latin = "The members are listed by rank with the subtotal of each rank and the grand total."
        var c = Canvas()
        try c.start(width: 420, height: 300, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(1, 1, 1))
        try c.drawTextBox("ink", japanese, size: 12, x: 10, y: 10, w: 185, h: 120, fit: [.wrap, .error])
        try c.drawTextBox("ink", japanese, size: 12, x: 215, y: 10, w: 185, h: 120, align: .left, fit: [.wrap, .error])
        try c.drawTextBox("ink", latin, font: "sans", size: 12, x: 10, y: 150, w: 185, h: 120, fit: [.wrap, .error])
        let file = scratch.file("default.pdf")
        try Render.render(try c.stop(), options: OutputOptions()).write(to: file)
        let all = try lines(file)
        let justified = all.filter { $0[0].x < 100 && $0[0].y < 140 }
        let ragged = all.filter { $0[0].x > 200 }
        try #require(justified.count >= 3 && justified.count == ragged.count)
        func end(_ line: [Oracle.PlacedCharacter]) -> Double {
            let last = line[line.count - 1]
            return CharacterClass(Character(last.text)).closes ? last.minX + 6 : last.maxX
        }
        for line in justified.dropLast() { #expect(abs(end(line) - 195) < 6 + Self.tolerance, "\(line)") }
        #expect(ragged.dropLast().contains { end($0) < 400 - 6 }, "the left box is ragged")
        #expect(end(try #require(justified.last)) < 195 - 6, "the last line is not spread")
        // The Latin box: every word space as the font sets it (sans's space is a quarter em or more; a spread line
        // would open wider ones), read back with single spaces.
        let read = try Oracle.run("pdftotext", ["-enc", "UTF-8", file.path, "-"]).stdout
        #expect(read.contains("The members are listed by"), "\(read)")
        let words = all.filter { $0[0].y > 140 }
        for line in words.dropLast() {
            for (a, b) in zip(line, line.dropFirst()) where a.text == " " {
                #expect(b.x - a.x < 12 * 0.35, "a spread word space in \(line.map(\.text).joined())")
            }
        }
    }

    @Test func aCFFFontCarriesItsGapsToo() throws {
        // Noto Sans CJK (CFF outlines): bold 和欧間 and a letter-spaced postal code are shown from copies of the
        // program whose Private DICTs' widths are raised, so MuPDF and pypdf read them without a space.
        var c = Canvas()
        try c.start(width: 420, height: 120, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(1, 1, 1))
        try c.drawTextBox("ink", "会費はA4判で2024年度", weight: .bold, size: 20, x: 10, y: 10, w: 400, h: 30)
        try c.drawTextBox(
            "ink", "1000005", font: "gothic-cjk", size: 14, x: 10, y: 60, w: 300, h: 24, letterSpacing: 11.41)
        let file = scratch.file("cff.pdf")
        try Render.render(try c.stop(), options: OutputOptions()).write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let fonts = try Oracle.run("pdffonts", [file.path]).stdout
        #expect(fonts.contains("CID Type 0C") && !fonts.contains("CID TrueType"), "\(fonts)")
        #expect(try Oracle.widestTJGap(file) < 50)
        for (engine, text, warnings) in try Oracle.extractions(file, raw: true) where engine != "pikepdf" {
            let read = Oracle.unwrapped(text)
            #expect(read.contains("会費はA4判で2024年度") && read.contains("1000005"), "\(engine) read \(text)")
            #expect(!warnings.contains("rror"), "\(engine): \(warnings)")
        }
    }

    @Test func theCIDModeMovesItsCharactersAsTheEmbeddedModeDoes() throws {
        // MS-PGothic through Adobe-Japan1 CIDs (not embedded): the same adjustments, as TJ numbers between CIDs.
        var c = Canvas()
        try c.start(width: 420, height: 100, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(1, 1, 1))
        try c.drawTextBox("ink", "「東京」「大阪」会費はA4判", size: 20, x: 10, y: 10, w: 400, h: 40, fit: [.wrap, .error])
        let drawing = try c.stop()
        var origins: [[Double]] = []
        for mode in [PDFFontMode.embedded, .cid] {
            let file = scratch.file("\(mode).pdf")
            try Render.render(drawing, options: OutputOptions(fontMode: mode)).write(to: file)
            let characters = try Oracle.characters(file)
            #expect(characters.map(\.text).joined() == "「東京」「大阪」会費はA4判")
            origins.append(characters.map(\.x))
            let (close, next) = (try origin(of: "」", in: characters), try origin(of: "大", in: characters))
            #expect(abs(next - close - 30) < Self.tolerance, "\(mode): 」「 spans \(next - close) pt")
        }
        // The Japanese characters (full width in both fonts) sit at the same places up to は; Latin widths differ.
        #expect(zip(origins[0], origins[1]).prefix(11).allSatisfy { abs($0 - $1) < Self.tolerance }, "\(origins)")
    }

    @Test func aBoxWithAnAutospaceNoRendererCanSetIsRefusedNamingIt() {
        for autospace in [-0.25, 2, .nan] {
            let box = Drawing.Command.TextBox(
                frame: Rect(x: 0, y: 0, width: 100, height: 20), runs: [TextRun("会費はA4判", size: 12)],
                typesetting: Typesetting(autospace: autospace))
            #expect {
                try TextBoxSetter().set(box)
            } throws: { error in
                guard let error = error as? TextFitError, case .invalid(let member, _) = error.reason else {
                    return false
                }
                return member == "typesetting.autospace"
            }
        }
    }

    @Test func extractorsReadTheTextWrittenWithEveryRuleOn() throws {
        let texts = [
            "「ゴールド」「シルバー」、「ブロンズ」。会費はA4判で2024年度の髙橋〜𠮷田様（ﾊﾝｶｸ①）。",
            "本名簿は2024年度の全会員を「ゴールド」「シルバー」のランク別に掲載し、年会費¥12,000の小計を示します。"
        ]
        let file = try render(
            "extraction",
            [
                (texts[0], 14, Rect(x: 10, y: 10, width: 180, height: 140), .justified, Typesetting(hang: true)),
                (texts[1], 12, Rect(x: 210, y: 10, width: 200, height: 140), .justified, .standard)
            ])
        // The gaps are carried by the fonts' advances: what TJ numbers are left open less than a twentieth of an em.
        #expect(try Oracle.widestTJGap(file) < 50)
        // Exactly: no word space read into a 和欧間 or a spread line, no character lost to a closed-up pair.
        for (engine, text, warnings) in try Oracle.extractions(file, raw: true) where engine != "pikepdf" {
            let read = Oracle.unwrapped(text)
            for written in texts {
                #expect(read.contains(written), "\(engine) read \(text)")
            }
            #expect(!warnings.contains("rror"), "\(engine): \(warnings)")
        }
    }
}
