import DrawingModule
import Fonts
import Foundation

/// How one character stands in a vertical column.
enum VerticalForm: Equatable {
    /// Upright in an em-square cell (kanji, kana, full-width forms, a lone digit or letter).
    case upright
    /// Upright in its cell, drawn as the font's own vertical alternate (OpenType `vert`/`vrt2`: 「」ー〜、。ッ …).
    case alternate
    /// Fallback for a font without a vertical alternate: upright, moved to the cell's upper right as the vertical
    /// forms of 、。 and small kana sit.
    case shifted(dx: Double, dy: Double)
    /// Turned 90° clockwise: a Latin word or a number as one piece with the `turnedContinued` characters after it,
    /// or one character (a bracket, a dash or ー in a font without vertical alternates for them).
    case turned
    /// A character of the word a `turned` before it starts, drawn with it.
    case turnedContinued
    /// The first of a word of 2–3 characters set across the column in one cell (縦中横, tate-chu-yoko).
    case across(count: Int)
    /// A character already set by the `across` before it.
    case acrossContinued

    /// Characters turned 90° clockwise when their font has no vertical alternate for them (ASCII brackets always).
    static let turnedMarks: Set<Character> = Set("「」『』（）［］｛｝〔〕【】〈〉《》〖〗ー〜～…‥―－‐—=＝(){}[]<>")
    /// Punctuation moved to the upper right of a vertical cell when its font has no vertical alternate.
    static let upperRight: Set<Character> = Set("、。，．")
    /// Small kana, moved a little up and to the right when their font has no vertical alternate.
    static let smallKana: Set<Character> = Set("ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ")
    /// Marks that belong to a word when they stand between two of its letters or digits: `150-0001`, `1.5`, `3/4`,
    /// `10:30`, `1,000`.
    static let innerMarks: Set<Character> = Set("-.,:/+&'_")
    /// Marks that end a word they follow: `50%`.
    static let closingMarks: Set<Character> = Set("%")

    /// The forms of `characters`, in order. A word of ASCII letters and digits (its inner marks included) is one
    /// unit: a number of up to `words.across` characters set across one cell (digits only, as CSS's
    /// `text-combine-upright: digits`: `Web` or `A4` squeezed into one cell reads as a blot), a longer one or a word
    /// with letters turned whole or upright whole as `words.longer` says. Other characters by their class: a full-width character whose font has a vertical
    /// alternate (`hasAlternate(index)`) stands upright as that alternate; half-width forms never take alternates.
    static func forms(
        of characters: [Character], words: VerticalWords = VerticalWords(),
        hasAlternate: (Int) -> Bool = { _ in false }
    ) -> [VerticalForm] {
        var forms: [VerticalForm] = []
        var index = 0
        while index < characters.count {
            let length = wordLength(in: characters, from: index)
            if length > 0 {
                let number = characters[index..<index + length].allSatisfy { !$0.isLetter }
                forms += wordForms(length: length, words: words, number: number)
                index += length
                continue
            }
            let character = characters[index]
            if !character.isASCII && !isHalfWidth(character) && hasAlternate(index) {
                forms.append(.alternate)
            } else if turnedMarks.contains(character) {
                forms.append(.turned)
            } else if upperRight.contains(character) {
                forms.append(.shifted(dx: 0.6, dy: -0.6))
            } else if smallKana.contains(character) {
                forms.append(.shifted(dx: 0.1, dy: -0.1))
            } else if character.isIdeographicBreakable || isHalfWidth(character) {
                forms.append(.upright)
            } else {
                forms.append(.turned)
            }
            index += 1
        }
        return forms
    }

    /// The forms of one word `length` characters long under `words`; only a `number` (digits and the marks between
    /// them) is set across.
    static func wordForms(length: Int, words: VerticalWords, number: Bool = true) -> [VerticalForm] {
        if length == 1 && words.across >= 1 { return [.upright] }
        if number, length <= words.across {
            return [.across(count: length)] + Array(repeating: .acrossContinued, count: length - 1)
        }
        switch words.longer {
        case .upright: return Array(repeating: .upright, count: length)
        case .turned: return [.turned] + Array(repeating: .turnedContinued, count: length - 1)
        }
    }

    /// How many characters from `start` make one word of ASCII letters and digits (`A4`, `150-0001`, `No.5`,
    /// `50%`); 0 when `characters[start]` is neither.
    static func wordLength(in characters: [Character], from start: Int) -> Int {
        func isWordCharacter(_ index: Int) -> Bool {
            index < characters.count && characters[index].isASCII
                && (characters[index].isLetter || characters[index].isNumber)
        }
        guard isWordCharacter(start) else { return 0 }
        var end = start + 1
        while end < characters.count {
            if isWordCharacter(end) {
                end += 1
            } else if innerMarks.contains(characters[end]) && isWordCharacter(end + 1) {
                end += 2
            } else {
                if closingMarks.contains(characters[end]) { end += 1 }
                break
            }
        }
        return end - start
    }

    /// Half-width katakana and forms (U+FF61–FF9F: ｱ, ｰ, ｡, ｢ …).
    static func isHalfWidth(_ character: Character) -> Bool {
        character.unicodeScalars.first.map { (0xFF61...0xFF9F).contains($0.value) } ?? false
    }

    /// The character a vertical column sets for `character`: half-width kana and their marks as their full-width
    /// forms (ﾊﾝｶｸ → ハンカク, ｶﾞ → ガ, ｰ → ー), which stand upright and take the font's vertical alternates;
    /// everything else as it is.
    static func columnCharacter(_ character: Character) -> Character {
        guard isHalfWidth(character) else { return character }
        let wide = String(character).precomposedStringWithCompatibilityMapping
        return wide.count == 1 ? Character(wide) : character
    }

    /// `text` as a vertical column sets it (`columnCharacter(_:)` of every character).
    static func columnText(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0xFF61...0xFF9F).contains($0.value) }) else { return text }
        return String(text.map(columnCharacter))
    }

    /// The OpenType features that set a word of `count` characters across one cell at its full height: the
    /// font's forms of that fraction of an em (`hwid` halves, `twid` thirds, `qwid` quarters), then half-widths.
    static func acrossFeatures(count: Int) -> [[String]] {
        switch count {
        case 3: [["twid"], ["hwid"]]
        case 4: [["qwid"], ["hwid"]]
        default: [["hwid"]]
        }
    }

    /// Every feature set `acrossFeatures(count:)` may pick, for font subsets made before anything is set.
    static let everyAcrossFeature = ["hwid", "twid", "qwid"]
}

extension Prepared {
    /// The vertical forms of every glyph, paragraph by paragraph; with `alternates`, a character the run's font
    /// has a vertical alternate for is set as that alternate.
    static func verticalForms(
        glyphs: [Glyph], runs: [Run], paragraphs: [(range: Range<Int>, run: Int)],
        words: VerticalWords, alternates: Bool
    ) -> [VerticalForm] {
        var forms: [VerticalForm] = []
        for paragraph in paragraphs {
            let slice = Array(glyphs[paragraph.range])
            forms += VerticalForm.forms(
                of: slice.map(\.character), words: words,
                hasAlternate: { index in
                    alternates && runs[slice[index].run].font.face.verticalAlternate(of: slice[index].character) != nil
                })
        }
        // A word never runs on into another run (another size or weight): each run's part stands by itself.
        for index in forms.indices.dropFirst() where glyphs[index].run != glyphs[index - 1].run {
            if forms[index] == .turnedContinued { forms[index] = .turned }
        }
        return forms
    }

    /// The advance of glyph `index` down its column at `scale`, letter spacing excluded, the room a ruby longer
    /// than its base is given before the base's first glyph and after its last included.
    func verticalAdvance(_ index: Int, form: VerticalForm, scale: Double) -> Double {
        let run = runs[glyphs[index].run]
        let ruby = (index == run.firstGlyph ? run.lead : 0) + (index == run.lastGlyph ? run.trail : 0)
        return cellAdvance(index, form: form, scale: scale) + ruby * scale
    }

    /// The advance of glyph `index`'s own cell down its column at `scale`.
    func cellAdvance(_ index: Int, form: VerticalForm, scale: Double) -> Double {
        let em = runs[glyphs[index].run].source.size * scale
        switch form {
        case .turned, .turnedContinued: return glyphs[index].width * scale
        case .acrossContinued: return 0
        case .upright, .alternate, .shifted, .across: return em
        }
    }

    /// How far a vertical ruby reaches beyond its base (half its excess each side) and how much room its run
    /// takes before and after the base (`Run.lead`, `Run.trail`): what the ruby may not overhang onto its kana
    /// neighbours (up to one ruby character each side, never onto another ruby).
    mutating func spreadVerticalRuby() {
        for index in runs.indices where runs[index].ruby != nil {
            let run = runs[index]
            var base = 0.0
            for glyph in run.firstGlyph...run.lastGlyph {
                base += cellAdvance(glyph, form: verticalForms[glyph], scale: 1)
            }
            let reading = Double(run.readings.reduce(0) { $0 + $1.text.count }) * run.source.size / 2
            runs[index].rubyExcess = max(0, reading - base)
            (runs[index].lead, runs[index].trail) = rubySpread(runs[index])
        }
    }

    /// Columns at `scale`, broken at the frame's height when `wrap`, set by the box's spacing rules as lines are
    /// (`SpacedText`): 約物の詰め with the blank the font's `vhal` gives its vertical punctuation, a column-start
    /// bracket set flush, the blank after a column's last character given up, justification and hanging. Words set
    /// across a cell or upright count as full-width characters (no 和欧間); a turned Latin word keeps its class.
    /// `Laid.width` is the width the columns take, `Laid.height` the longest column.
    func layVertical(scale: Double, wrap: Bool) -> Laid {
        let forms = verticalForms
        let spacing = box.letterSpacing * scale
        let justify = alignment == .justified
        var columns: [Line] = []
        // A column ending inside a piece that stands as one (a word turned on its side, 縦中横, a ruby base) would
        // draw that piece in the first column only, the rest of its characters lost: such a layout does not fit.
        var cut = false
        for paragraph in paragraphs {
            if let deadline, deadline.hasPassed {
                return Laid(lines: columns, scale: scale, width: 0, height: 0, fits: false)
            }
            guard !paragraph.range.isEmpty else {
                let em = runs.isEmpty ? 0 : runs[paragraph.run].source.size * scale
                columns.append(Line(range: nil, length: 0, ascent: em, descent: 0, ruby: 0))
                continue
            }
            let offset = paragraph.range.lowerBound
            let characters = glyphs[paragraph.range].map(\.character)
            let keep = { (position: Int) -> Bool in
                let next = offset + position + 1
                return keepsTogether(offset + position)
                    || (next < forms.count && (forms[next] == .acrossContinued || forms[next] == .turnedContinued))
            }
            let spaced = SpacedText(
                characters: characters,
                advances: paragraph.range.map { verticalAdvance($0, form: forms[$0], scale: scale) + spacing },
                ems: paragraph.range.map { runs[glyphs[$0].run].source.size * scale },
                space: paragraph.range.map { index in
                    switch forms[index] {
                    case .upright, .alternate, .shifted:
                        (glyphs[index].space.leading * scale, glyphs[index].space.trailing * scale)
                    default: (0, 0)
                    }
                },
                rules: box.typesetting,
                classes: paragraph.range.map { index in
                    switch forms[index] {
                    case .across, .acrossContinued: .fullWidth
                    case .upright where glyphs[index].character.isASCII: .fullWidth
                    default: CharacterClass(glyphs[index].character)
                    }
                }, fixed: keep)
            var ranges = [(range: 0...(characters.count - 1), hangs: false)]
            if wrap, let breaker {
                ranges = spaced.ranges(width: box.frame.height + spacing, squeeze: justify) { index in
                    !keep(index) && breaker.canBreak(after: index, in: characters)
                }
                cut = cut || ranges.dropLast().contains { keep($0.range.upperBound) }
            }
            for (number, range) in ranges.enumerated() {
                let placed = spaced.place(
                    range.range, width: box.frame.height + spacing, squeeze: justify,
                    stretch: justify && number < ranges.count - 1, firstLine: number == 0, hangs: range.hangs)
                let glyphRange = placed.range.lowerBound + offset...placed.range.upperBound + offset
                var em = 0.0
                var ruby = 0.0
                for index in glyphRange {
                    let run = runs[glyphs[index].run]
                    em = max(em, run.source.size * scale)
                    if run.ruby != nil { ruby = max(ruby, run.source.size * scale / 2) }
                }
                columns.append(
                    Line(
                        range: glyphRange, length: placed.width - spacing, ascent: em, descent: 0, ruby: ruby,
                        offset: placed.offset,
                        adjustments: placed.adjustments.contains { $0 != 0 } ? placed.adjustments : []))
            }
        }
        var width = 0.0
        for (index, column) in columns.enumerated() {
            width += column.ruby + (index == columns.count - 1 ? column.ascent : column.ascent * box.lineHeight)
        }
        let height = columns.map(\.length).max() ?? 0
        let fits = !cut && width <= box.frame.width + 1e-6 && height <= box.frame.height + 1e-6
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
        var commands = LinkedCommands()
        // Ruby goes after every base character of the box, so extractors read the base text unbroken.
        var ruby: [Drawing.Command] = []
        var spans = RubySpans()
        for column in laid.lines {
            defer {
                right -= column.ruby + column.ascent * box.lineHeight
                commands.endLine()
            }
            guard let range = column.range else { continue }
            let centre = right - column.ruby - column.ascent / 2
            var pen = frame.y + Self.offset(free: frame.height - column.length, box.alignment) + column.offset
            // Each glyph's own cell (without the room given to a long ruby), for the ruby beside it.
            var cells: [Int: (start: Double, end: Double)] = [:]
            for index in range {
                let form = forms[index]
                let run = runs[glyphs[index].run]
                let font = run.font.resized(run.source.size * laid.scale)
                let start = pen + (index == run.firstGlyph ? run.lead * laid.scale : 0)
                let cell = cellAdvance(index, form: form, scale: laid.scale)
                cells[index] = (start, start + cell)
                switch form {
                case .upright, .alternate, .shifted:
                    var shift = Point(x: 0, y: 0)
                    if case .shifted(let x, let y) = form { shift = Point(x: x * font.size, y: y * font.size) }
                    commands.append(
                        self.cell(
                            glyphs[index].character, font: font, color: run.source.color,
                            at: Point(x: centre + shift.x, y: start + shift.y), alternate: form == .alternate),
                        link: run.source.link)
                case .turned:
                    var end = index
                    while end < range.upperBound && forms[end + 1] == .turnedContinued { end += 1 }
                    let length = (index...end).reduce(0.0) { $0 + cellAdvance($1, form: forms[$1], scale: laid.scale) }
                    commands.append(
                        turned(
                            String(glyphs[index...end].map(\.character)), font: font, color: run.source.color,
                            centre: Point(x: centre, y: start + (length + spacing * Double(end - index)) / 2),
                            spacing: spacing), link: run.source.link)
                case .across(let count):
                    commands.append(
                        across(
                            String(glyphs[index..<(index + count)].map(\.character)), font: font,
                            color: run.source.color, centre: centre, top: start), link: run.source.link)
                case .turnedContinued, .acrossContinued:
                    break
                }
                if run.ruby != nil, form != .turnedContinued, form != .acrossContinued {
                    spans.base(of: glyphs[index].run, run: run, at: commands.commands.count - 1)
                }
                pen +=
                    verticalAdvance(index, form: form, scale: laid.scale) + (index < range.upperBound ? spacing : 0)
                    + (column.adjustments.isEmpty ? 0 : column.adjustments[index - range.lowerBound])
                if let rubyFont = run.ruby, index == run.lastGlyph || index == range.upperBound {
                    let first = ruby.count
                    defer { spans.text(of: glyphs[index].run, run: run, at: first..<ruby.count) }
                    ruby += verticalRuby(
                        run, rubyFont: rubyFont.resized(font.size / 2), cells: cells, x: right - column.ruby,
                        scale: laid.scale)
                }
            }
        }
        return SetTextBox(
            commands: commands.commands + ruby, clip: clip, scale: laid.scale, lineCount: laid.lines.count,
            extent: Size(width: laid.width, height: laid.height), rubies: spans.spans(after: commands.commands.count))
    }

    /// One upright character in its em cell: horizontally centred on `at.x`, its line box's top `at.y` plus half
    /// the em's room above the glyph height; as the font's vertical alternate when `alternate`.
    func cell(
        _ character: Character, font: LayoutFont, color: Color, at point: Point, alternate: Bool,
        artifact: Bool? = nil
    ) -> Drawing.Command {
        let string = String(character)
        // An alternate is centred by its own advance (the renderers draw it with that advance).
        let width =
            alternate
            ? font.face.verticalAlternate(of: character).map {
                Double(font.face.advance(ofGlyph: $0)) * font.size / Double(font.face.unitsPerEm)
            } ?? measure(string, font)
            : measure(string, font)
        return .text(
            .init(
                color: color, string: string, font: font.name, size: font.size,
                origin: Point(x: point.x - width / 2, y: point.y + (font.size - font.glyphHeight) / 2),
                verticalAlternates: alternate ? true : nil, vertical: true, artifact: artifact))
    }

    /// A word (or one character) drawn on its side, centred on `centre`: a part as wide as the text and one line
    /// box high, turned about its centre; letter spacing shown inside the one text (`characterSpacing`).
    func turned(_ text: String, font: LayoutFont, color: Color, centre: Point, spacing: Double) -> Drawing.Command {
        let width = max(
            text.reduce(0.0) { $0 + measure(String($1), font) } + spacing * Double(text.count - 1), 0.01)
        let page = Drawing(
            size: Size(width: width, height: font.glyphHeight),
            commands: [
                .text(
                    .init(
                        color: color, string: text, font: font.name, size: font.size, origin: .zero,
                        characterSpacing: spacing == 0 ? nil : spacing))
            ])
        let rect = Rect(
            x: centre.x - width / 2, y: centre.y - font.glyphHeight / 2, width: width, height: font.glyphHeight)
        return .part(.init(drawing: page, rect: rect, rotation: 90))
    }

    /// A short word set across one em cell whose top is `top`, centred on `centre`, keeping the glyphs' height: in
    /// the font's half-, third- or quarter-width forms where it has them (`hwid`, `twid`, `qwid`), narrowed
    /// horizontally (never shrunk) when still wider than the em.
    func across(_ text: String, font: LayoutFont, color: Color, centre: Double, top: Double) -> Drawing.Command {
        let natural = measure(text, font)
        var features: [String] = []
        var width = natural
        for candidate in VerticalForm.acrossFeatures(count: text.count) {
            let narrowed = measure(text, font.with(features: font.features + candidate))
            if narrowed < natural - 1e-6 {
                features = candidate
                width = narrowed
                break
            }
        }
        let y = top + (font.size - font.glyphHeight) / 2
        let command = Drawing.Command.Text(
            color: color, string: text, font: font.name, size: font.size, origin: .zero,
            features: features.isEmpty ? nil : features)
        guard width > font.size + 1e-6 else {
            var placed = command
            placed.origin = Point(x: centre - width / 2, y: y)
            return .text(placed)
        }
        // Narrowed to one em: the part's page is the text at its natural width, placed into a rect an em wide.
        let page = Drawing(size: Size(width: width, height: font.glyphHeight), commands: [.text(command)])
        return .part(
            .init(
                drawing: page,
                rect: Rect(x: centre - font.size / 2, y: y, width: font.size, height: font.glyphHeight)))
    }

    /// The ruby beside a vertical base (to its right, from `x`), marked as artifacts: each reading centred along
    /// the cells of the base characters it covers, moved apart where two would collide and kept within the base
    /// and the room its run was given (and within the frame), its characters upright in their cells.
    func verticalRuby(
        _ run: Run, rubyFont: LayoutFont, cells: [Int: (start: Double, end: Double)], x: Double, scale: Double
    ) -> [Drawing.Command] {
        guard let first = cells[run.firstGlyph], let last = cells[run.lastGlyph] else { return [] }
        var glyph = run.firstGlyph
        var placed: [(text: String, x: Double, width: Double)] = []
        for reading in run.readings {
            let from = cells[glyph]?.start ?? first.start
            let to = cells[glyph + reading.count - 1]?.end ?? last.end
            let length = Double(reading.text.count) * rubyFont.size
            placed.append((reading.text, (from + to - length) / 2, length))
            glyph += reading.count
        }
        let reach = run.rubyExcess / 2 * scale
        Self.separate(
            &placed,
            within: (max(first.start - reach, box.frame.y), min(last.end + reach, box.frame.maxY)))
        var commands: [Drawing.Command] = []
        for reading in placed {
            var pen = reading.x
            for character in reading.text {
                commands.append(
                    cell(
                        character, font: rubyFont, color: run.source.color,
                        at: Point(x: x + rubyFont.size / 2, y: pen),
                        alternate: alternates && rubyFont.face.verticalAlternate(of: character) != nil,
                        artifact: true))
                pen += rubyFont.size
            }
        }
        return commands
    }
}
