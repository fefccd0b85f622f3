import DrawingModule

/// One line of broken text: its characters, the width it takes, and where each character goes.
public struct TextLine: Hashable, Sendable {
    /// The line's characters, without the spaces it was broken at.
    public var text: String
    /// The width the line takes as set: its characters, the spacing rules, and justification when it is spread.
    public var width: Double
    /// True for a paragraph's last line and a line ended by a newline: such lines are never stretched.
    public var endsParagraph: Bool
    /// The x of the first character's origin from the line's start: negative when a line-start bracket's blank is
    /// trimmed.
    public var offset: Double
    /// The space after each character of `text`, in points (negative closes up): the text command's
    /// `adjustments`. Empty when every character sits at its advance.
    public var adjustments: [Double]

    /// Creates a line.
    public init(text: String, width: Double, endsParagraph: Bool, offset: Double = 0, adjustments: [Double] = []) {
        self.text = text
        self.width = width
        self.endsParagraph = endsParagraph
        self.offset = offset
        self.adjustments = adjustments
    }

    /// How far right of the box's left edge the line starts for `alignment` in a box `boxWidth` wide (a justified
    /// line was spread when it was broken, and starts at the left edge).
    public func start(alignment: ParagraphAlignment, boxWidth: Double) -> Double {
        switch alignment {
        case .left, .justified, .automatic: 0
        case .right: boxWidth - width
        case .center: (boxWidth - width) / 2
        }
    }
}

/// Breaks text into lines that fit a width: Latin words break at spaces, Japanese between any two characters,
/// both subject to the kinsoku rules; only a word longer than the whole line is cut inside. The Japanese spacing
/// rules (`Typesetting`: 約物の詰め, 和欧間, hanging) set the characters of each line.
///
/// Greedy (first fit), as Japanese typesetting and most word processors do: a line takes every character that
/// fits, and a forbidden break moves the characters it binds to the next line. Newlines in the text force breaks.
public struct LineBreaker: Sendable {
    /// The font the text is measured in.
    public var font: LayoutFont
    /// The line-breaking rules.
    public var kinsoku: Kinsoku
    /// The spacing rules.
    public var typesetting: Typesetting

    /// Creates a line breaker measuring with `font`.
    public init(font: LayoutFont, kinsoku: Kinsoku = .standard, typesetting: Typesetting = .standard) {
        self.font = font
        self.kinsoku = kinsoku
        self.typesetting = typesetting
    }

    /// The lines of `text` set in a box `width` points wide; when `justified`, every line but a paragraph's last is
    /// squeezed or spread to the width by the jlreq steps.
    public func lines(for text: String, width: Double, justified: Bool = false) -> [TextLine] {
        var result: [TextLine] = []
        // Most table cells are one line of text with no line break or carriage return to split at or remove.
        let plain = !text.utf8.contains { $0 == 0x0A || $0 == 0x0D }
        let paragraphs = plain ? [text[...]] : text.split(separator: "\n", omittingEmptySubsequences: false)
        for paragraph in paragraphs {
            let characters = plain ? Array(paragraph) : Array(paragraph.removing("\r"))
            let spaced = spacedText(characters)
            let ranges = spaced.ranges(width: width, squeeze: justified) { canBreak(after: $0, in: characters) }
            var lines = ranges.enumerated().map { number, line in
                let placed = spaced.place(
                    line.range, width: width, squeeze: justified, stretch: justified && number < ranges.count - 1,
                    firstLine: number == 0, hangs: line.hangs)
                let whole = plain && placed.range.lowerBound == 0 && placed.range.upperBound == characters.count - 1
                return TextLine(
                    text: whole ? text : String(characters[placed.range]), width: placed.width, endsParagraph: false,
                    offset: placed.offset,
                    adjustments: placed.adjustments.contains { $0 != 0 } ? placed.adjustments : [])
            }
            if lines.isEmpty {
                lines = [TextLine(text: "", width: 0, endsParagraph: true)]
            }
            lines[lines.count - 1].endsParagraph = true
            result += lines
        }
        return result
    }

    /// The one line `text` is set on when no width breaks it, and the least width that leaves it whole: for a box
    /// at least `minimumWidth` wide, `lines(for: text, width:)` is `[line]`. A table measures every cell on one
    /// line to fit its columns, then sets most cells on that one line; nil for text with a line break, a carriage
    /// return, or nothing but spaces.
    public func unbrokenLine(for text: String) -> (line: TextLine, minimumWidth: Double)? {
        guard !text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return nil }
        let characters = Array(text)
        let spaced = spacedText(characters)
        guard let start = spaced.classes.firstIndex(where: { $0 != .space }) else { return nil }
        let placed = spaced.place(
            start...(characters.count - 1), width: .infinity, squeeze: false, stretch: false, firstLine: true,
            hangs: false)
        let line = TextLine(
            text: placed.range == 0...(characters.count - 1) ? text : String(characters[placed.range]),
            width: placed.width, endsParagraph: true,
            offset: placed.offset, adjustments: placed.adjustments.contains { $0 != 0 } ? placed.adjustments : [])
        return (line, max(placed.width, spaced.widestStart(from: start)))
    }

    /// One paragraph's characters measured in the font, with the spacing rules between them.
    private func spacedText(_ characters: [Character]) -> SpacedText {
        let classes = characters.map(CharacterClass.init)
        return SpacedText(
            characters: characters, advances: characters.map(font.width(of:)),
            ems: Array(repeating: font.size, count: characters.count),
            space: zip(characters, classes).map { font.punctuationSpace(of: $0, kind: $1) }, rules: typesetting,
            classes: classes)
    }

    /// True when a line may end after `characters[index]`.
    func canBreak(after index: Int, in characters: [Character]) -> Bool {
        let before = characters[index]
        let after = characters[index + 1]
        if before.isBreakingSpace { return !after.isBreakingSpace }
        if after.isBreakingSpace { return false }
        guard kinsoku.allowsBreak(between: before, and: after) else { return false }
        if before.isIdeographicBreakable || after.isIdeographicBreakable { return true }
        // Latin: after a hyphen or a slash inside a word, nowhere else.
        return (before == "-" || before == "/") && after.isLetter
    }

    /// Where one paragraph's lines start and end (leading spaces skipped, trailing spaces kept) when its
    /// characters have the advances `widths`, set solid with no spacing rule: greedy, breaking only where
    /// `canBreak` allows and `keep` does not hold a pair together (ruby bases), cutting a run longer than the line
    /// only when there is no other way.
    public func ranges(
        _ characters: [Character], widths: [Double], width maxWidth: Double,
        keep: (Int) -> Bool = { _ in false }
    ) -> [ClosedRange<Int>] {
        let solid = SpacedText(
            characters: characters, advances: widths, ems: Array(repeating: 0, count: characters.count),
            space: Array(repeating: (0, 0), count: characters.count), rules: .none)
        return solid.ranges(width: maxWidth, squeeze: false) { index in
            !keep(index) && canBreak(after: index, in: characters)
        }.map(\.range)
    }
}
