import DrawingModule
import Fonts
import Foundation

/// How one character stands in a vertical column.
enum VerticalForm: Equatable {
    /// Upright in an em-square cell (kanji, kana, full-width forms).
    case upright
    /// Upright in its cell, drawn as the font's own vertical alternate (OpenType `vert`/`vrt2`: 「」ー〜、。ッ …).
    case alternate
    /// Fallback for a font without a vertical alternate: upright, moved to the cell's upper right as the vertical
    /// forms of 、。 and small kana sit.
    case shifted(dx: Double, dy: Double)
    /// Turned 90° clockwise: Latin, and — in a font without vertical alternates for them — brackets, dashes and ー.
    case turned
    /// The first of 2–3 ASCII digits set across the column in one cell (tate-chu-yoko); a lone digit stands
    /// upright, and a number of 4 or more digits is turned like a Latin word.
    case across(count: Int)
    /// A digit already set by the `across` before it.
    case acrossContinued

    /// Characters turned 90° clockwise when their font has no vertical alternate for them (ASCII brackets always).
    static let turnedMarks: Set<Character> = Set("「」『』（）［］｛｝〔〕【】〈〉《》〖〗ー〜～…‥―－‐—=＝(){}[]<>")
    /// Punctuation moved to the upper right of a vertical cell when its font has no vertical alternate.
    static let upperRight: Set<Character> = Set("、。，．")
    /// Small kana, moved a little up and to the right when their font has no vertical alternate.
    static let smallKana: Set<Character> = Set("ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ")

    /// The forms of `characters`, in order: digits in runs of 2–3 go across; a full-width character whose font
    /// has a vertical alternate (`hasAlternate(index)`) stands upright as that alternate; everything else by its
    /// class. ASCII and half-width forms never take alternates: Latin runs are turned whole, ﾊﾝｶｸ stays upright.
    static func forms(of characters: [Character], hasAlternate: (Int) -> Bool = { _ in false }) -> [VerticalForm] {
        var forms: [VerticalForm] = []
        var index = 0
        while index < characters.count {
            var end = index
            while end < characters.count && characters[end].isASCII && characters[end].isNumber { end += 1 }
            let digits = end - index
            if digits == 2 || digits == 3 {
                forms.append(.across(count: digits))
                forms += Array(repeating: .acrossContinued, count: digits - 1)
                index = end
                continue
            }
            if digits > 3 {
                // A longer number is turned as a whole, like a Latin word, never split into pieces set across.
                forms += Array(repeating: .turned, count: digits)
                index = end
                continue
            }
            let character = characters[index]
            if digits == 1 {
                forms.append(.upright)
            } else if !character.isASCII && !isHalfWidth(character) && hasAlternate(index) {
                forms.append(.alternate)
            } else if turnedMarks.contains(character) {
                forms.append(.turned)
            } else if upperRight.contains(character) {
                forms.append(.shifted(dx: 0.6, dy: -0.6))
            } else if smallKana.contains(character) {
                forms.append(.shifted(dx: 0.1, dy: -0.1))
            } else if character.isIdeographicBreakable {
                forms.append(.upright)
            } else {
                forms.append(.turned)
            }
            index += 1
        }
        return forms
    }

    /// Half-width katakana and forms (U+FF61–FFEF), set upright as they are: a `vrt2` would turn them.
    static func isHalfWidth(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0xFF61...0xFFEF).contains($0.value) } ?? false
    }
}

extension Prepared {
    /// The vertical forms of every glyph, paragraph by paragraph; with `alternates`, a character the run's font
    /// has a vertical alternate for is set as that alternate.
    static func verticalForms(
        glyphs: [Glyph], runs: [Run], paragraphs: [(range: Range<Int>, run: Int)],
        alternates: Bool
    ) -> [VerticalForm] {
        var forms: [VerticalForm] = []
        for paragraph in paragraphs {
            let slice = Array(glyphs[paragraph.range])
            forms += VerticalForm.forms(
                of: slice.map(\.character),
                hasAlternate: { index in
                    alternates && runs[slice[index].run].font.face.verticalAlternate(of: slice[index].character) != nil
                })
        }
        return forms
    }

    /// The advance of glyph `index` down its column at `scale`, letter spacing excluded.
    func verticalAdvance(_ index: Int, form: VerticalForm, scale: Double) -> Double {
        let em = runs[glyphs[index].run].source.size * scale
        switch form {
        case .turned: return glyphs[index].width * scale
        case .acrossContinued: return 0
        case .upright, .alternate, .shifted, .across: return em
        }
    }

    /// Columns at `scale`, broken at the frame's height when `wrap`; `Laid.width` is the width the columns take,
    /// `Laid.height` the longest column.
    func layVertical(scale: Double, wrap: Bool) -> Laid {
        let forms = verticalForms
        let spacing = box.letterSpacing * scale
        var columns: [Line] = []
        for paragraph in paragraphs {
            guard !paragraph.range.isEmpty else {
                let em = runs.isEmpty ? 0 : runs[paragraph.run].source.size * scale
                columns.append(Line(range: nil, length: 0, ascent: em, descent: 0, ruby: 0))
                continue
            }
            let offset = paragraph.range.lowerBound
            let characters = glyphs[paragraph.range].map(\.character)
            let advances = paragraph.range.map { verticalAdvance($0, form: forms[$0], scale: scale) + spacing }
            var ranges = [0...(characters.count - 1)]
            if wrap, let breaker {
                ranges = breaker.ranges(
                    characters, widths: advances, width: box.frame.height + spacing,
                    keep: {
                        keepsTogether(offset + $0)
                            || (offset + $0 + 1 < forms.count && forms[offset + $0 + 1] == .acrossContinued)
                    })
            }
            for range in ranges {
                let glyphRange = range.lowerBound + offset...range.upperBound + offset
                var length = 0.0
                var em = 0.0
                var ruby = 0.0
                for index in glyphRange {
                    length +=
                        verticalAdvance(index, form: forms[index], scale: scale)
                        + (index < glyphRange.upperBound ? spacing : 0)
                    let run = runs[glyphs[index].run]
                    em = max(em, run.source.size * scale)
                    if run.ruby != nil { ruby = max(ruby, run.source.size * scale / 2) }
                }
                columns.append(Line(range: glyphRange, length: length, ascent: em, descent: 0, ruby: ruby))
            }
        }
        var width = 0.0
        for (index, column) in columns.enumerated() {
            width += column.ruby + (index == columns.count - 1 ? column.ascent : column.ascent * box.lineHeight)
        }
        let height = columns.map(\.length).max() ?? 0
        let fits = width <= box.frame.width + 1e-6 && height <= box.frame.height + 1e-6
        return Laid(lines: columns, scale: scale, width: width, height: height, fits: fits)
    }

    /// Columns right to left from the frame's right edge (`verticalAlignment` places the block of columns: top =
    /// right, middle, bottom = left; `alignment` places each column's characters: left = top, center, right =
    /// bottom).
    func drawVertical(_ laid: Laid, clip: Rect?) -> SetTextBox {
        let frame = box.frame
        let forms = verticalForms
        let spacing = box.letterSpacing * laid.scale
        var right = frame.maxX - Self.offset(free: frame.width - laid.width, box.verticalAlignment)
        var commands: [Drawing.Command] = []
        // Ruby goes after every base character of the box, so extractors read the base text unbroken.
        var ruby: [Drawing.Command] = []
        for column in laid.lines {
            defer { right -= column.ruby + column.ascent * box.lineHeight }
            guard let range = column.range else { continue }
            let em = column.ascent
            let centre = right - column.ruby - em / 2
            var pen = frame.y + Self.offset(free: frame.height - column.length, box.alignment)
            var rubyStarts: [Int: Double] = [:]
            for index in range {
                let form = forms[index]
                let advance = verticalAdvance(index, form: form, scale: laid.scale)
                let run = runs[glyphs[index].run]
                let font = run.font.resized(run.source.size * laid.scale)
                let size = font.size
                let character = String(glyphs[index].character)
                let cellTop = pen + (size - font.glyphHeight) / 2
                if index == run.firstGlyph { rubyStarts[glyphs[index].run] = pen }
                switch form {
                case .upright, .alternate, .shifted:
                    var dx = 0.0
                    var dy = 0.0
                    if case .shifted(let x, let y) = form {
                        dx = x * size
                        dy = y * size
                    }
                    let alternate = form == .alternate
                    // An alternate is centred by its own advance (the renderers draw it with that advance).
                    let width =
                        alternate
                        ? font.face.verticalAlternate(of: glyphs[index].character).map {
                            Double(font.face.advance(ofGlyph: $0)) * size / Double(font.face.unitsPerEm)
                        } ?? measure(character, font)
                        : measure(character, font)
                    commands.append(
                        .text(
                            .init(
                                color: run.source.color, string: character, font: font.name,
                                size: size, origin: Point(x: centre - width / 2 + dx, y: cellTop + dy),
                                verticalAlternates: alternate ? true : nil, vertical: true)))
                case .turned:
                    // The glyph drawn on its side: a part the glyph's advance wide and one line box high, centred
                    // on its cell and turned about its centre.
                    let width = measure(character, font)
                    let page = Drawing(
                        size: Size(width: max(width, 0.01), height: font.glyphHeight),
                        commands: [
                            .text(
                                .init(
                                    color: run.source.color, string: character, font: font.name, size: size,
                                    origin: .zero))
                        ])
                    let rect = Rect(
                        x: centre - width / 2, y: pen + advance / 2 - font.glyphHeight / 2,
                        width: max(width, 0.01), height: font.glyphHeight)
                    commands.append(.part(.init(drawing: page, rect: rect, rotation: 90)))
                case .across(let count):
                    let digits = String(glyphs[index..<(index + count)].map(\.character))
                    let natural = measure(digits, font)
                    let fitted = natural > em ? font.resized(size * em / natural) : font
                    let width = measure(digits, fitted)
                    commands.append(
                        .text(
                            .init(
                                color: run.source.color, string: digits, font: font.name,
                                size: fitted.size,
                                origin: Point(
                                    x: centre - width / 2,
                                    y: pen + (size - fitted.glyphHeight) / 2))))
                case .acrossContinued:
                    break
                }
                pen += advance + (index < range.upperBound ? spacing : 0)
                if let rubyFont = run.ruby, index == run.lastGlyph || index == range.upperBound,
                    let start = rubyStarts[glyphs[index].run]
                {
                    ruby += verticalRuby(
                        run, rubyFont: rubyFont.resized(size / 2), from: start,
                        to: pen - (index < range.upperBound ? spacing : 0),
                        x: right - column.ruby)
                }
            }
        }
        return SetTextBox(
            commands: commands + ruby, clip: clip, scale: laid.scale, lineCount: laid.lines.count,
            extent: Size(width: laid.width, height: laid.height))
    }

    /// Ruby to the right of a vertical base from `start` to `end`, marked as artifacts: its characters upright,
    /// centred along the base, moved down or up to stay inside the frame when longer than the base.
    func verticalRuby(
        _ run: Run, rubyFont: LayoutFont, from start: Double, to end: Double,
        x: Double
    ) -> [Drawing.Command] {
        let reading = run.readings.map(\.text).joined()
        let length = Double(reading.count) * rubyFont.size
        var pen = min(max(start + (end - start - length) / 2, box.frame.y), box.frame.maxY - length)
        var commands: [Drawing.Command] = []
        for character in reading {
            let width = measure(String(character), rubyFont)
            commands.append(
                .text(
                    .init(
                        color: run.source.color, string: String(character), font: rubyFont.name,
                        size: rubyFont.size,
                        origin: Point(
                            x: x + (rubyFont.size - width) / 2,
                            y: pen + (rubyFont.size - rubyFont.glyphHeight) / 2), artifact: true)))
            pen += rubyFont.size
        }
        return commands
    }
}
