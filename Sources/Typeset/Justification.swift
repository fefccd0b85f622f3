import DrawingModule

/// One line of a `SpacedText` as set: which characters, where the first one's origin goes, the space after each,
/// and the width the line takes.
struct SpacedLine: Equatable {
    /// The characters, trailing spaces dropped.
    var range: ClosedRange<Int>
    /// The x of the first character's origin from the line's start: negative when a line-start bracket is trimmed.
    var offset: Double
    /// The space added after each character of `range` (negative closes up): the rules' spacing, justification
    /// and squeezing together.
    var adjustments: [Double]
    /// The width from the line's start to the end of its last character's ink box (a hanging 、。 not counted).
    var width: Double
    /// True when the last character hangs past the line end.
    var hangs: Bool
}

extension SpacedText {
    /// Where the lines start and end (leading spaces skipped, trailing spaces kept) in a box `width` wide:
    /// greedy, as Japanese typesetting and word processors do, each line taking every character it can hold —
    /// with the blank after its last character's ink taken away, and when `squeeze` (justified text) squeezed by
    /// the shrink steps (追い込み) — before a character is pushed to the next line (追い出し).
    ///
    /// A line may end only after a character `breakable` allows; with none in reach, the run is cut (at least one
    /// character). A hanging 、。 may end a line whose other characters fill it.
    func ranges(
        width: Double, squeeze: Bool, deadline: Deadline? = nil, breakable: (Int) -> Bool
    ) -> [(range: ClosedRange<Int>, hangs: Bool)] {
        let count = characters.count
        var result: [(ClosedRange<Int>, Bool)] = []
        var start = 0
        let tolerance = 1e-9
        while start < count {
            // Past the deadline the lines so far are returned; the caller checks it next and throws them away.
            if result.count % 64 == 63, let deadline, deadline.hasPassed { break }
            while start < count && classes[start] == .space { start += 1 }
            guard start < count else { break }
            let trim = startTrim(start, firstLine: result.isEmpty)
            var natural = -trim
            var shrinkable = 0.0
            var lastBreak: Int?
            var end = count - 1
            var hanging = false
            var index = start
            while index < count {
                if index > start {
                    natural += gaps[index - 1].natural
                    if squeeze { shrinkable += gaps[index - 1].shrink.sum() }
                }
                natural += advances[index]
                let endTrim = trailing[index]
                if classes[index] != .space && natural - shrinkable - endTrim > width + tolerance {
                    if hangs(index), index > start, index == count - 1 || breakable(index) {
                        end = index
                        hanging = true
                    } else {
                        end = lastBreak ?? max(start, index - 1)
                    }
                    break
                }
                if index < count - 1 && breakable(index) { lastBreak = index }
                index += 1
            }
            result.append((start...end, hanging))
            start = end + 1
        }
        return result
    }

    /// The least width in which `ranges(width:squeeze: false, breakable:)` keeps every character from `start` on one
    /// line, whatever may break: the widest start of the line measured as `ranges` measures it at each character.
    func widestStart(from start: Int) -> Double {
        var natural = -startTrim(start, firstLine: true)
        var widest = -Double.infinity
        for index in start..<characters.count {
            if index > start { natural += gaps[index - 1].natural }
            natural += advances[index]
            if classes[index] != .space { widest = max(widest, natural - trailing[index]) }
        }
        return widest
    }

    /// Sets the characters of `range` in a box `width` wide: the rules' spacing; when the line is too long, the
    /// blank after its last character taken away and, when `squeeze`, the shrink steps in order; when `stretch`
    /// (a justified line that does not end its paragraph), the stretch steps in order until it reaches `width` or
    /// no step may add more.
    func place(
        _ range: ClosedRange<Int>, width: Double, squeeze: Bool, stretch: Bool, firstLine: Bool, hangs: Bool
    ) -> SpacedLine {
        var last = range.upperBound
        while last > range.lowerBound && classes[last] == .space { last -= 1 }
        let hanging = hangs && last == range.upperBound && last > range.lowerBound
        let content = hanging ? last - 1 : last
        let start = range.lowerBound
        let trim = startTrim(start, firstLine: firstLine)
        var adjustments = (start...last).map { $0 < last ? gaps[$0].natural : 0 }
        var natural = -trim
        for index in start...content {
            natural += advances[index] + (index < content ? gaps[index].natural : 0)
        }
        let inner = start..<content
        var extra = 0.0
        if natural > width {
            var need = natural - width
            // The blank after the line's last character goes first: it is not seen at the line end.
            if !hanging {
                let endTrim = min(need, trailing[content])
                adjustments[content - start] -= endTrim
                extra -= endTrim
                need -= endTrim
            }
            for step in ShrinkStep.allCases where squeeze && need > 0 {
                let capacity = inner.reduce(0) { $0 + gaps[$1].shrink[step.rawValue] }
                guard capacity > 0 else { continue }
                let fraction = min(1, need / capacity)
                for index in inner { adjustments[index - start] -= gaps[index].shrink[step.rawValue] * fraction }
                extra -= capacity * fraction
                need -= capacity * fraction
            }
        } else if stretch, natural < width {
            var spare = width - natural
            for step in StretchStep.allCases where spare > 1e-9 {
                let capacity = inner.reduce(0) { $0 + gaps[$1].stretch[step.rawValue] }
                guard capacity > 0 else { continue }
                // Unlimited: the whole spare width, shared by weight; the others up to their limits.
                let fraction = step == .unlimited ? spare / capacity : min(1, spare / capacity)
                for index in inner { adjustments[index - start] += gaps[index].stretch[step.rawValue] * fraction }
                extra += capacity * fraction
                spare -= capacity * fraction
            }
            // A line whose only gaps are 和欧間 (a Latin word between kanji and nothing else) reaches the edge by them.
            let autospaces = spare > 1e-9 ? inner.filter { gaps[$0].isAutospace } : []
            for index in autospaces { adjustments[index - start] += spare / Double(autospaces.count) }
            if !autospaces.isEmpty { extra += spare }
        }
        return SpacedLine(
            range: start...last, offset: -trim, adjustments: adjustments, width: natural + extra, hangs: hanging)
    }
}
