/// One line of broken text: its characters, its natural width, and the pieces justification may move apart.
public struct TextLine: Hashable, Sendable {
    /// A run of characters drawn as one text command, and where it starts relative to the line's start when set
    /// without justification.
    public struct Piece: Hashable, Sendable {
        /// The characters.
        public var text: String
        /// The offset from the line's left edge at natural spacing, in points.
        public var offset: Double
        /// The run's width, in points.
        public var width: Double

        /// Creates a piece.
        public init(text: String, offset: Double, width: Double) {
            self.text = text
            self.offset = offset
            self.width = width
        }
    }

    /// The line's characters, without the spaces it was broken at.
    public var text: String
    /// The natural width in points.
    public var width: Double
    /// True for a paragraph's last line and a line ended by a newline: such lines are never stretched.
    public var endsParagraph: Bool
    /// The runs between justification opportunities (spaces, and the gaps between Japanese characters).
    public var pieces: [Piece]

    /// Creates a line.
    public init(text: String, width: Double, endsParagraph: Bool, pieces: [Piece]) {
        self.text = text
        self.width = width
        self.endsParagraph = endsParagraph
        self.pieces = pieces
    }

    /// Where each piece goes for `alignment` in a box `boxWidth` wide, as offsets from the box's left edge.
    ///
    /// Justified lines spread the spare width evenly over the gaps between pieces, so the last glyph's right edge
    /// lands on the box's right edge; a paragraph's last line, and a line with no gaps, is set flush left.
    public func placedPieces(alignment: ParagraphAlignment, boxWidth: Double) -> [Piece] {
        switch alignment {
        case .left:
            return pieces
        case .right:
            return pieces.map { Piece(text: $0.text, offset: $0.offset + boxWidth - width, width: $0.width) }
        case .center:
            return pieces.map { Piece(text: $0.text, offset: $0.offset + (boxWidth - width) / 2, width: $0.width) }
        case .justified:
            guard !endsParagraph, pieces.count > 1, boxWidth > width else { return pieces }
            let gap = (boxWidth - width) / Double(pieces.count - 1)
            var placed = pieces.enumerated().map { index, piece in
                Piece(text: piece.text, offset: piece.offset + gap * Double(index), width: piece.width)
            }
            // Pin the last piece exactly, so rounding in the sum cannot leave it a hair short of the edge.
            placed[placed.count - 1].offset = boxWidth - placed[placed.count - 1].width
            return placed
        }
    }
}

/// Breaks text into lines that fit a width: Latin words break at spaces, Japanese between any two characters,
/// both subject to the kinsoku rules; only a word longer than the whole line is cut inside.
///
/// Greedy (first fit), as Japanese typesetting and most word processors do: a line takes every piece that fits,
/// and a forbidden break moves the characters it binds to the next line. Newlines in the text force breaks.
public struct LineBreaker: Sendable {
    /// The font the text is measured in.
    public var font: LayoutFont
    /// The line-breaking rules.
    public var kinsoku: Kinsoku

    /// Creates a line breaker measuring with `font`.
    public init(font: LayoutFont, kinsoku: Kinsoku = .standard) {
        self.font = font
        self.kinsoku = kinsoku
    }

    /// The lines of `text` set in a box `width` points wide.
    public func lines(for text: String, width: Double) -> [TextLine] {
        var result: [TextLine] = []
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
        for paragraph in paragraphs {
            let characters = Array(paragraph.removing("\r"))
            var lines = breakParagraph(characters, width: width)
            if lines.isEmpty {
                lines = [TextLine(text: "", width: 0, endsParagraph: true, pieces: [])]
            }
            lines[lines.count - 1].endsParagraph = true
            result += lines
        }
        return result
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

    private func breakParagraph(_ characters: [Character], width maxWidth: Double) -> [TextLine] {
        let widths = characters.map(font.width(of:))
        return ranges(characters, widths: widths, width: maxWidth).map { range in
            makeLine(characters[range], widths: widths[range])
        }
    }

    /// Where one paragraph's lines start and end (leading spaces skipped, trailing spaces kept) when its
    /// characters have the advances `widths`: greedy, breaking only where `canBreak` allows and `keep` does not
    /// hold a pair together (ruby bases), cutting a run longer than the line only when there is no other way.
    public func ranges(
        _ characters: [Character], widths: [Double], width maxWidth: Double,
        keep: (Int) -> Bool = { _ in false }
    ) -> [ClosedRange<Int>] {
        let count = characters.count
        var result: [ClosedRange<Int>] = []
        var start = 0
        let tolerance = 1e-9
        while start < count {
            while start < count && characters[start].isBreakingSpace { start += 1 }
            guard start < count else { break }
            var used = 0.0
            var lastBreak: Int?
            var end = count - 1
            var index = start
            while index < count {
                let next = used + widths[index]
                if next > maxWidth + tolerance && !characters[index].isBreakingSpace {
                    // Break at the last opportunity; with none, cut the overlong run (at least one character).
                    end = lastBreak ?? max(start, index - 1)
                    break
                }
                used = next
                if index < count - 1 && !keep(index) && canBreak(after: index, in: characters) { lastBreak = index }
                index += 1
            }
            result.append(start...end)
            start = end + 1
        }
        return result
    }

    /// A line from its characters, trailing spaces dropped, split into justification pieces.
    private func makeLine(_ characters: ArraySlice<Character>, widths: ArraySlice<Double>) -> TextLine {
        var last = characters.endIndex - 1
        while last > characters.startIndex && characters[last].isBreakingSpace { last -= 1 }
        var pieces: [TextLine.Piece] = []
        var current = ""
        var currentOffset = 0.0
        var currentWidth = 0.0
        var pen = 0.0
        var previous: Character?
        for index in characters.startIndex...last {
            let character = characters[index]
            let advance = widths[index]
            defer {
                pen += advance
                previous = character
            }
            if character.isBreakingSpace {
                if !current.isEmpty {
                    pieces.append(.init(text: current, offset: currentOffset, width: currentWidth))
                    current = ""
                }
                continue
            }
            if let previous, !previous.isBreakingSpace, !current.isEmpty,
                previous.isIdeographicBreakable || character.isIdeographicBreakable
            {
                pieces.append(.init(text: current, offset: currentOffset, width: currentWidth))
                current = ""
            }
            if current.isEmpty {
                currentOffset = pen
                currentWidth = 0
            }
            current.append(character)
            currentWidth += advance
        }
        if !current.isEmpty { pieces.append(.init(text: current, offset: currentOffset, width: currentWidth)) }
        let text = String(characters[characters.startIndex...last])
        let width = pieces.last.map { $0.offset + $0.width } ?? 0
        return TextLine(text: text, width: width, endsParagraph: false, pieces: pieces)
    }
}
