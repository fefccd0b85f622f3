import DrawingModule
import Fonts
import Foundation
import Support

/// A text box resolved into what the renderers already draw: one-line text commands at their places and underline
/// strokes, in page coordinates, with the clip and the size the fit policies chose.
public struct SetTextBox: Hashable, Sendable {
    /// The text and underline commands, in drawing order.
    public var commands: [Drawing.Command]
    /// The frame when the text was clipped (`fit: clip`), else nil.
    public var clip: Rect?
    /// The factor every run's size was multiplied by (1 when nothing was shrunk).
    public var scale: Double
    /// How many lines (columns when vertical) the text was set in.
    public var lineCount: Int
    /// The width and height the set text takes (before rotation), ruby included.
    public var extent: Size
    /// Which of `commands` draw each ruby's base and which its reading, for a tagged PDF's `/Ruby` `/RB` `/RT`
    /// structure; empty when the box has no ruby (or its ruby is linked, and stays decoration).
    public var rubies: [RubySpan] = []
}

/// The commands of one ruby of a set text box: its base characters and its reading, as indices into the box's
/// commands (a run broken over lines or columns has several of each).
public struct RubySpan: Hashable, Sendable {
    /// The commands that draw the base.
    public var base: [Int]
    /// The commands that draw the reading.
    public var text: [Int]
}

/// What a set box is cached by: the box, the rules, and the registry by identity (held, so its address cannot be
/// reused while cached). Only boxes measured with the font files' own widths are cached, since a renderer's other
/// widths (CID fonts) give other lines.
///
/// The runs' texts and ruby are told apart by their UTF-8 bytes (`hasSameUTF8`): `String`'s `==` takes canonically
/// equivalent texts (é and e + U+0301) as equal, and a box set from one set of code points draws those code points.
struct SetBoxKey: Hashable, Sendable {
    let box: Drawing.Command.TextBox
    let fonts: FontRegistry
    let kinsoku: Kinsoku
    /// The hash of the runs' bytes, the frame, the registry and the rules, made once: a box missed is looked up and
    /// then stored. Equal keys have the same bytes and frame, so the same hash.
    private let hash: Int

    init(box: Drawing.Command.TextBox, fonts: FontRegistry, kinsoku: Kinsoku) {
        self.box = box
        self.fonts = fonts
        self.kinsoku = kinsoku
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for run in box.runs {
            digest = run.string.utf8Digest(continuing: digest)
            digest = (run.ruby ?? "").utf8Digest(continuing: digest ^ 0x1F)
        }
        var hasher = Hasher()
        hasher.combine(digest)
        hasher.combine(box.frame)
        hasher.combine(ObjectIdentifier(fonts))
        hasher.combine(kinsoku)
        hash = hasher.finalize()
    }

    static func == (a: SetBoxKey, b: SetBoxKey) -> Bool {
        a.hash == b.hash && a.fonts === b.fonts && a.kinsoku == b.kinsoku && a.box.runs.count == b.box.runs.count
            && zip(a.box.runs, b.box.runs).allSatisfy { one, other in
                one.string.hasSameUTF8(as: other.string) && (one.ruby ?? "").hasSameUTF8(as: other.ruby ?? "")
            } && a.box == b.box
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

/// The boxes an owner's recent documents set (`RenderContext`'s shelf), so a box checked by a template and then
/// drawn by a renderer, or repeated by every record of a batch, is laid out once.
package final class SetTextBoxes: ShelvedCache {
    /// Recently set boxes, by their bytes.
    let recent = BoundedCache<SetBoxKey, SetTextBox>(limit: 512)
    /// The boxes set last, by their runs' storage: the renderer sets the box a template checked, and lists its texts
    /// twice, with the very runs the template made.
    let lastSet = RecentTextBoxes<SetTextBox>(limit: 64)
    /// The texts of the boxes listed last (`TextBoxSetter.texts(of:)`), by their runs' storage.
    let lastListed = RecentTextBoxes<[Drawing.Command.Text]>(limit: 64)

    /// Nothing set yet.
    package init() {}

    /// Forgets the boxes set so far (`mkpdf-bench --cold`: one document measured alone).
    package func removeAll() {
        recent.removeAll()
        lastSet.removeAll()
        lastListed.removeAll()
    }

    /// The boxes and texts kept.
    package var keptEntries: Int { recent.count + lastSet.count + lastListed.count }
}

/// One line of styled runs, set at (0, 0): its commands, its height (ruby, ascent and descent) and its text.
public struct SetLine: Hashable, Sendable {
    /// The text and underline commands, relative to the line's top-left corner.
    public var commands: [Drawing.Command]
    /// The height the line's glyphs (and ruby) take.
    public var height: Double
    /// The line's characters.
    public var text: String
}

/// Sets text boxes: resolves each run's family and weight to a face, measures with `LayoutFont` (the renderers'
/// own advances), breaks lines with `LineBreaker`'s kinsoku rules, and applies the box's fit policies in order.
///
/// The one home of text-box layout: the renderers' `Replayer` draws boxes through it, and templates call it ahead
/// of rendering so a fit error can name the field and the record.
public struct TextBoxSetter: Sendable {
    /// Where the runs' fonts are opened.
    public var fonts: FontRegistry
    /// The line-breaking rules used by `wrap`.
    public var kinsoku: Kinsoku
    /// When the document must be done by: checked before the text is prepared and before each layout a fit policy
    /// tries (a shrink tries a dozen sizes of the whole text); nil for no limit.
    public var deadline: Deadline?
    /// The boxes recent documents of the same owner set (its `RenderContext`'s), or nil to set every box.
    package var caches: SetTextBoxes?

    /// Creates a setter over `fonts`.
    public init(fonts: FontRegistry = .shared, kinsoku: Kinsoku = .standard) {
        self.fonts = fonts
        self.kinsoku = kinsoku
    }

    /// Every run of `box` as the one-line text (logical font resolved, size unscaled) a renderer must have glyphs
    /// for, ruby included: for glyph checks and font subsets before anything is drawn. A vertical box's runs come
    /// twice, the second time with `verticalAlternates` on, so a subset holds the vertical glyphs the columns draw.
    ///
    /// A vertical box's runs come with half-width kana as the full-width forms it sets, and — when they hold ASCII
    /// letters or digits — once more shaped with the half-, third- and quarter-width features a word set across a
    /// cell may take (their ASCII characters); its ruby comes with vertical alternates too.
    public func texts(of box: Drawing.Command.TextBox) throws(TextFitError) -> [Drawing.Command.Text] {
        guard let caches else { return try textsUncached(of: box) }
        if let listed = caches.lastListed.value(for: box, fonts: fonts, kinsoku: kinsoku) { return listed }
        let result = try textsUncached(of: box)
        caches.lastListed.store(result, for: box, fonts: fonts, kinsoku: kinsoku)
        return result
    }

    private func textsUncached(of box: Drawing.Command.TextBox) throws(TextFitError) -> [Drawing.Command.Text] {
        var result: [Drawing.Command.Text] = []
        let vertical = box.writingMode == .vertical
        for run in box.runs {
            let name = try fontName(run.font, run.weight, box)
            let string = vertical ? VerticalForm.columnText(run.string.removing("\n")) : run.string.removing("\n")
            result.append(.init(color: run.color, string: string, font: name, size: run.size, origin: box.frame.origin))
            if vertical {
                result.append(
                    .init(
                        color: run.color, string: string, font: name, size: run.size,
                        origin: box.frame.origin, verticalAlternates: true))
                let words = String(string.filter { $0.isASCII && !$0.isWhitespace })
                for feature in VerticalForm.everyAcrossFeature where !words.isEmpty {
                    result.append(
                        .init(
                            color: run.color, string: words, font: name, size: run.size, origin: box.frame.origin,
                            features: [feature]))
                }
            }
            if let ruby = run.ruby.map({ vertical ? VerticalForm.columnText($0) : $0 }) {
                result.append(
                    .init(
                        color: run.color, string: ruby.removing(" "),
                        font: run.font, size: run.size / 2, origin: box.frame.origin))
                if vertical {
                    result.append(
                        .init(
                            color: run.color, string: ruby.removing(" "), font: run.font, size: run.size / 2,
                            origin: box.frame.origin, verticalAlternates: true))
                }
            }
        }
        return result
    }

    /// Sets `box` by its fit policies, measuring with `measure` (text, font → width in points; the font file's
    /// advances by default, as both renderers place glyphs) — a renderer whose output spaces glyphs otherwise
    /// (libHaru's built-in CID fonts) passes its own widths so the box still holds what it draws.
    /// `verticalAlternates` false sets a vertical box without the fonts' vertical alternates (brackets turned, 、。
    /// shifted) for a renderer that draws characters, not glyph ids (libHaru's built-in CID fonts).
    /// - Throws: `TextFitError` naming the field, the text, the frame and the overflow when no policy makes it fit,
    ///   or when a run's font (or bold face) cannot be opened.
    public func set(
        _ box: Drawing.Command.TextBox, measure: ((String, LayoutFont) -> Double)? = nil,
        verticalAlternates: Bool = true
    ) throws(TextFitError) -> SetTextBox {
        if let (member, reason) = box.firstProblem {
            throw TextFitError(
                field: box.field, text: box.string, frame: box.frame,
                reason: .invalid(member: member, reason: reason))
        }
        if let counting = LayoutWork.current {
            counting.countTextBox()
            return try setUncached(box, measure: measure, verticalAlternates: verticalAlternates)
        }
        guard let caches, measure == nil && verticalAlternates else {
            return try setUncached(box, measure: measure, verticalAlternates: verticalAlternates)
        }
        // A document made to be checked (a batch's imposed tickets) is set again when it is drawn: the second
        // setting of the same box (same fonts, rules and widths) is a lookup, by the runs' storage when it is the
        // very box set last.
        if let last = caches.lastSet.value(for: box, fonts: fonts, kinsoku: kinsoku) { return last }
        let key = SetBoxKey(box: box, fonts: fonts, kinsoku: kinsoku)
        let result: SetTextBox
        if let cached = caches.recent.value(for: key) {
            result = cached
        } else {
            result = try setUncached(box, measure: measure, verticalAlternates: verticalAlternates)
            caches.recent.store(result, for: key)
        }
        caches.lastSet.store(result, for: box, fonts: fonts, kinsoku: kinsoku)
        return result
    }

    private func setUncached(
        _ box: Drawing.Command.TextBox, measure: ((String, LayoutFont) -> Double)?,
        verticalAlternates: Bool
    ) throws(TextFitError) -> SetTextBox {
        func checkDeadline() throws(TextFitError) {
            try deadline?.check {
                TextFitError(field: box.field, text: box.string, frame: box.frame, reason: .limit($0))
            }
        }
        try checkDeadline()
        let prepared = try Prepared(
            box: box, setter: self, verticalAlternates: verticalAlternates, measure: measure)
        guard !prepared.glyphs.isEmpty else {
            return SetTextBox(commands: [], clip: nil, scale: 1, lineCount: 0, extent: Size(width: 0, height: 0))
        }
        var wrap = false
        var scale = 1.0
        try checkDeadline()
        var laid = prepared.lay(scale: scale, wrap: wrap)
        try checkDeadline()
        if laid.fits { return prepared.draw(laid, clip: nil) }
        for policy in box.fit {
            switch policy {
            case .wrap:
                // Wrapping starts again from the stated size: a later shrink then finds the largest wrapped size.
                wrap = true
                scale = 1
                try checkDeadline()
                laid = prepared.lay(scale: scale, wrap: true)
                try checkDeadline()
                if laid.fits { return prepared.draw(laid, clip: nil) }
            case .shrink:
                let largest = box.largestSize
                let smallest = min(largest, box.minimumSize)
                // Sizes on a 0.05 pt grid, largest first: the biggest that fits wins.
                var low = Int(roundedClamping: smallest * 20, .up)
                var high = Int(roundedClamping: largest * 20, .down)
                try checkDeadline()
                let lowest = prepared.lay(scale: min(1, Double(low) / 20 / largest), wrap: wrap)
                try checkDeadline()
                if lowest.fits {
                    var best = lowest
                    while low < high {
                        let middle = (low + high + 1) / 2
                        try checkDeadline()
                        let candidate = prepared.lay(scale: min(1, Double(middle) / 20 / largest), wrap: wrap)
                        try checkDeadline()
                        if candidate.fits {
                            low = middle
                            best = candidate
                        } else {
                            high = middle - 1
                        }
                    }
                    return prepared.draw(best, clip: nil)
                }
                scale = smallest / largest
                laid = lowest
            case .clip:
                return prepared.draw(laid, clip: box.frame)
            case .error:
                throw prepared.overflow(laid)
            }
        }
        throw prepared.overflow(laid)
    }

    /// `runs` broken into lines `width` points wide (kinsoku rules; a word is cut only when longer than a line),
    /// each as commands relative to its own top-left corner, for layouts that place lines themselves (a report's
    /// paragraphs flowing across pages).
    /// - Throws: `TextFitError` when a run's font or weight cannot be opened or a run is unusable.
    public func lines(
        _ runs: [TextRun], width: Double, alignment: TextAlignment = .left, typesetting: Typesetting = .standard,
        field: String? = nil
    ) throws(TextFitError) -> [SetLine] {
        let box = Drawing.Command.TextBox(
            frame: Rect(x: 0, y: 0, width: width, height: 1e9), runs: runs,
            alignment: alignment, lineHeight: 1, fit: [.wrap], field: field, typesetting: typesetting)
        if let (member, reason) = box.firstProblem {
            throw TextFitError(
                field: field, text: box.string, frame: box.frame,
                reason: .invalid(member: member, reason: reason))
        }
        let prepared = try Prepared(box: box, setter: self, measure: nil)
        guard !prepared.glyphs.isEmpty else { return [] }
        let laid = prepared.lay(scale: 1, wrap: true)
        var lines: [SetLine] = []
        lines.reserveCapacity(laid.lines.count)
        for (index, line) in laid.lines.enumerated() {
            if index % 64 == 0, let deadline, deadline.hasPassed {
                throw TextFitError(
                    field: field, text: box.string, frame: box.frame, reason: .limit(deadline.exceeded))
            }
            let height = line.ruby + line.ascent + line.descent
            let one = Prepared.Laid(lines: [line], scale: 1, width: line.length, height: height, fits: true)
            let text = line.range.map { String(prepared.glyphs[$0].map(\.character)) } ?? ""
            lines.append(SetLine(commands: prepared.draw(one, clip: nil).commands, height: height, text: text))
        }
        if let deadline, deadline.hasPassed {
            throw TextFitError(field: field, text: box.string, frame: box.frame, reason: .limit(deadline.exceeded))
        }
        return lines
    }

    fileprivate func fontName(
        _ family: String, _ weight: FontWeight,
        _ box: Drawing.Command.TextBox
    ) throws(TextFitError) -> String {
        do {
            return try fonts.fontName(family: family, weight: weight)
        } catch {
            throw TextFitError(
                field: box.field, text: box.string, frame: box.frame,
                reason: .font(family: family, weight: weight, reason: error.description))
        }
    }

    fileprivate func font(
        _ name: String, family: String, weight: FontWeight, size: Double,
        _ box: Drawing.Command.TextBox
    ) throws(TextFitError) -> LayoutFont {
        do {
            let font = try LayoutFont(named: name, size: size, fonts: fonts)
            return box.proportional && box.writingMode == .horizontal ? font.with(features: ["palt"]) : font
        } catch {
            throw TextFitError(
                field: box.field, text: box.string, frame: box.frame,
                reason: .font(family: family, weight: weight, reason: error.description))
        }
    }
}

/// A box's characters with their fonts and advances at the runs' own sizes, ready to be laid out at any scale.
struct Prepared {
    struct Glyph {
        var character: Character
        var run: Int
        /// The advance at scale 1, letter spacing excluded.
        var width: Double
        /// The blank beside the ink that the spacing rules may take away, at scale 1.
        var space: (leading: Double, trailing: Double) = (0, 0)
    }

    struct Run {
        var source: TextRun
        var font: LayoutFont
        var ruby: LayoutFont?
        /// Each reading and the base characters it covers (one entry for group ruby).
        var readings: [(text: String, count: Int)]
        var firstGlyph: Int
        var lastGlyph: Int
        /// How much longer the ruby is than its base, at scale 1 (0 when shorter).
        var rubyExcess: Double
        /// The room given before the base's first glyph and after its last for a ruby longer than its base, at
        /// scale 1: half the excess each side, less what the ruby may overhang onto a kana neighbour.
        var lead = 0.0
        var trail = 0.0
    }

    /// A line (or column) laid out at one scale: which glyphs, its length and metrics.
    struct Line {
        var range: ClosedRange<Int>?
        var length: Double
        var ascent: Double
        var descent: Double
        var ruby: Double
        /// The x of the first glyph's origin from the line's start (negative when a line-start bracket is trimmed).
        var offset = 0.0
        /// The space after each glyph of `range` set by the spacing rules and justification; empty for none.
        var adjustments: [Double] = []
    }

    struct Laid {
        var lines: [Line]
        var scale: Double
        var width: Double
        var height: Double
        var fits: Bool
        /// The first word that had to be cut where no break is allowed, with its width at `scale`.
        var cutWord: TextFitError.UnbreakableWord? = nil
    }

    let box: Drawing.Command.TextBox
    let measure: (String, LayoutFont) -> Double
    /// True when `measure` is the font files' own widths: a character is then measured as a `Character`, not made
    /// into a `String` first (the same advance, `LayoutFont.width(of:)`).
    let measuresFiles: Bool
    var breaker: LineBreaker?
    var glyphs: [Glyph] = []
    var runs: [Run] = []
    /// The glyph index ranges of the paragraphs (split at newlines); an empty paragraph is an empty range.
    var paragraphs: [(range: Range<Int>, run: Int)] = []
    /// How each glyph stands in a vertical column (empty for a horizontal box).
    var verticalForms: [VerticalForm] = []
    /// True when characters may be drawn as their fonts' vertical alternates (glyph ids, not a CID font's codes).
    let alternates: Bool
    /// The box's alignment, `automatic` resolved by its text.
    let alignment: TextAlignment
    /// The setter's deadline: a layout stops at the paragraph or line it reaches once it has passed, and is then
    /// taken as not fitting (`setUncached` throws the deadline's error right after).
    let deadline: Deadline?

    init(
        box: Drawing.Command.TextBox, setter: TextBoxSetter, verticalAlternates: Bool = true,
        measure: ((String, LayoutFont) -> Double)?
    ) throws(TextFitError) {
        self.box = box
        deadline = setter.deadline
        self.measure = measure ?? { $1.width(of: $0) }
        measuresFiles = measure == nil
        alternates = verticalAlternates
        alignment = box.alignment.resolved(for: box.string)
        let vertical = box.writingMode == .vertical
        var firstFont: LayoutFont?
        var paragraphStart = 0
        // Once for all runs: reserving per run grows the array to the exact size each time, copying it run by run
        // (a paragraph of 30,000 markup runs spent seconds copying).
        glyphs.reserveCapacity(box.runs.reduce(0) { $0 + $1.string.unicodeScalars.count })
        for (index, run) in box.runs.enumerated() {
            if index % 64 == 0, let deadline, deadline.hasPassed {
                throw TextFitError(
                    field: box.field, text: box.string, frame: box.frame, reason: .limit(deadline.exceeded))
            }
            let name = try setter.fontName(run.font, run.weight, box)
            let font = try setter.font(name, family: run.font, weight: run.weight, size: run.size, box)
            if firstFont == nil { firstFont = font }
            var entry = Run(
                source: run, font: font, ruby: nil, readings: [], firstGlyph: glyphs.count,
                lastGlyph: glyphs.count - 1, rubyExcess: 0)
            // A run without a line break (most) compares no character with one.
            let breaks = run.string.utf8.contains(0x0A)
            for character in run.string {
                // One run may be a whole document's text: the deadline is checked inside it too.
                if glyphs.count % 4096 == 4095, let deadline, deadline.hasPassed {
                    throw TextFitError(
                        field: box.field, text: box.string, frame: box.frame, reason: .limit(deadline.exceeded))
                }
                if breaks && (character == "\n" || character == "\r\n") {
                    paragraphs.append((paragraphStart..<glyphs.count, index))
                    paragraphStart = glyphs.count
                    continue
                }
                // A vertical column sets half-width kana as their full-width forms.
                let set = vertical ? VerticalForm.columnCharacter(character) : character
                let width = measuresFiles ? font.width(of: set) : self.measure(String(set), font)
                // Blank only where the renderer's width is the full em the font's blank was read from (a CID
                // font's own widths could be narrower).
                glyphs.append(
                    Glyph(
                        character: set, run: index, width: width,
                        space: width < run.size * 0.9
                            ? (0, 0)
                            : vertical ? font.verticalPunctuationSpace(of: set) : font.punctuationSpace(of: set)))
            }
            entry.lastGlyph = glyphs.count - 1
            if let ruby = run.ruby.map({ vertical ? VerticalForm.columnText($0) : $0 }), !ruby.isEmpty,
                entry.lastGlyph >= entry.firstGlyph
            {
                let rubyFont = try setter.font(run.font, family: run.font, weight: .regular, size: run.size / 2, box)
                entry.ruby = rubyFont
                let parts = ruby.split(separator: " ").map(String.init)
                let baseCount = entry.lastGlyph - entry.firstGlyph + 1
                // Readings split by spaces over a base of one word go one per character; a base of several words
                // (a name with its space) takes its readings as one group, as it always has.
                if parts.count > 1, parts.count != baseCount, !run.string.contains(where: \.isWhitespace) {
                    throw TextFitError(
                        field: box.field, text: box.string, frame: box.frame,
                        reason: .ruby(base: run.string, reading: ruby, readings: parts.count, characters: baseCount))
                }
                entry.readings =
                    parts.count == baseCount && parts.count > 1
                    ? parts.map { ($0, 1) } : [(ruby.removing(" "), baseCount)]
                let baseWidth = glyphs[entry.firstGlyph...entry.lastGlyph].reduce(0) { $0 + $1.width }
                entry.rubyExcess = max(0, self.measure(entry.readings.map(\.text).joined(), rubyFont) - baseWidth)
            }
            runs.append(entry)
        }
        paragraphs.append((paragraphStart..<glyphs.count, max(0, box.runs.count - 1)))
        breaker = firstFont.map { LineBreaker(font: $0, kinsoku: setter.kinsoku) }
        if vertical {
            verticalForms = Self.verticalForms(
                glyphs: glyphs, runs: runs, paragraphs: paragraphs, words: box.verticalWords,
                alternates: verticalAlternates)
            spreadVerticalRuby()
        } else {
            // The base is spread to a longer ruby's width, less what the ruby overhangs onto kana beside it.
            for index in runs.indices where runs[index].ruby != nil {
                (runs[index].lead, runs[index].trail) = rubySpread(runs[index])
                glyphs[runs[index].firstGlyph].width += runs[index].lead
                glyphs[runs[index].lastGlyph].width += runs[index].trail
            }
        }
    }

    /// The room (before, after) a base gives its ruby's excess, at scale 1: half each side, less up to one ruby
    /// character (half the base size) where the neighbour on that side is kana without ruby of its own in the same
    /// paragraph (jlreq's overhang: ruby may cover part of adjacent kana, never another ruby or a kanji).
    func rubySpread(_ run: Run) -> (lead: Double, trail: Double) {
        let half = run.rubyExcess / 2
        guard half > 0 else { return (0, 0) }
        func overhang(onto index: Int) -> Double {
            guard glyphs.indices.contains(index), runs.indices.contains(glyphs[index].run),
                runs[glyphs[index].run].ruby == nil, glyphs[index].character.isKana,
                !paragraphs.contains(where: { $0.range.lowerBound == max(index, run.firstGlyph) && !$0.range.isEmpty })
            else { return 0 }
            return min(half, run.source.size / 2)
        }
        return (half - overhang(onto: run.firstGlyph - 1), half - overhang(onto: run.lastGlyph + 1))
    }

    // MARK: Layout

    /// The lines at `scale`, broken at the frame's width when `wrap`, and whether they fit the frame.
    func lay(scale: Double, wrap: Bool) -> Laid {
        if box.writingMode == .vertical { return layVertical(scale: scale, wrap: wrap) }
        let spacing = box.letterSpacing * scale
        var lines: [Line] = []
        var cut = false
        var cutWord: TextFitError.UnbreakableWord?
        for paragraph in paragraphs {
            if let deadline, deadline.hasPassed {
                return Laid(lines: lines, scale: scale, width: 0, height: 0, fits: false)
            }
            guard !paragraph.range.isEmpty else {
                let font =
                    runs.isEmpty ? nil : runs[paragraph.run].font.resized(runs[paragraph.run].source.size * scale)
                lines.append(
                    Line(
                        range: nil, length: 0, ascent: font?.ascent ?? 0, descent: font?.descent ?? 0,
                        ruby: 0))
                continue
            }
            let characters = glyphs[paragraph.range].map(\.character)
            let widths = glyphs[paragraph.range].map { $0.width * scale + spacing }
            let offset = paragraph.range.lowerBound
            let spaced = SpacedText(
                characters: characters, advances: widths,
                ems: glyphs[paragraph.range].map { runs[$0.run].source.size * scale },
                space: glyphs[paragraph.range].map { ($0.space.leading * scale, $0.space.trailing * scale) },
                rules: box.typesetting, deadline: deadline, fixed: { keepsTogether(offset + $0) })
            if let deadline, deadline.hasPassed {
                return Laid(lines: lines, scale: scale, width: 0, height: 0, fits: false)
            }
            let justify = alignment == .justified
            var ranges = [(range: 0...(characters.count - 1), hangs: false)]
            if wrap, let breaker {
                ranges = spaced.ranges(width: box.frame.width + spacing, squeeze: justify, deadline: deadline) {
                    index in
                    !keepsTogether(offset + index) && breaker.canBreak(after: index, in: characters)
                }
                if let deadline, deadline.hasPassed {
                    return Laid(lines: lines, scale: scale, width: 0, height: 0, fits: false)
                }
                // A word cut where no break is allowed (a ticket number split mid-digits) does not count as fitting.
                func breakable(after index: Int) -> Bool {
                    characters[index].isBreakingSpace || characters[index + 1].isBreakingSpace
                        || (!keepsTogether(offset + index) && breaker.canBreak(after: index, in: characters))
                }
                if let end = ranges.dropLast().lazy.map(\.range.upperBound).first(where: {
                    $0 + 1 < characters.count && !breakable(after: $0)
                }) {
                    cut = true
                    if cutWord == nil {
                        // The whole word: from the break before the cut to the break after it.
                        var first = end
                        while first > 0, !breakable(after: first - 1) { first -= 1 }
                        var last = end + 1
                        while last + 1 < characters.count, !breakable(after: last) { last += 1 }
                        cutWord = TextFitError.UnbreakableWord(
                            text: String(characters[first...last]), width: widths[first...last].reduce(0, +) - spacing)
                    }
                }
            }
            for (number, line) in ranges.enumerated() {
                if number % 64 == 63, let deadline, deadline.hasPassed {
                    return Laid(lines: lines, scale: scale, width: 0, height: 0, fits: false)
                }
                let placed = spaced.place(
                    line.range, width: box.frame.width + spacing, squeeze: justify,
                    stretch: justify && number < ranges.count - 1, firstLine: number == 0, hangs: line.hangs)
                lines.append(self.line(placed, from: offset, scale: scale))
            }
        }
        let width = lines.map(\.length).max() ?? 0
        var height = 0.0
        for (index, line) in lines.enumerated() {
            let glyphHeight = line.ascent + line.descent
            height += line.ruby + (index == lines.count - 1 ? glyphHeight : glyphHeight * box.lineHeight)
        }
        let fits = !cut && width <= box.frame.width + 1e-6 && height <= box.frame.height + 1e-6
        return Laid(lines: lines, scale: scale, width: width, height: height, fits: fits, cutWord: cutWord)
    }

    /// True when no line may end after glyph `index`: inside a ruby base.
    func keepsTogether(_ index: Int) -> Bool {
        let run = runs[glyphs[index].run]
        return run.ruby != nil && index < run.lastGlyph
    }

    /// One line's metrics, from the characters `placed` set (glyph indices counted from `first`): its length
    /// without the letter spacing after its last glyph, the tallest glyphs and ruby, where each glyph goes.
    func line(_ placed: SpacedLine, from first: Int, scale: Double) -> Line {
        let range = placed.range.lowerBound + first...placed.range.upperBound + first
        var ascent = 0.0
        var descent = 0.0
        var ruby = 0.0
        for index in range {
            let run = runs[glyphs[index].run]
            let size = run.source.size * scale
            ascent = max(ascent, run.font.face.ascent(size: size))
            descent = max(descent, run.font.face.descent(size: size))
            if let rubyFont = run.ruby { ruby = max(ruby, rubyFont.resized(size / 2).glyphHeight) }
        }
        return Line(
            range: range, length: placed.width - box.letterSpacing * scale, ascent: ascent, descent: descent,
            ruby: ruby, offset: placed.offset,
            adjustments: placed.adjustments.contains { $0 != 0 } ? placed.adjustments : [])
    }

    func overflow(_ laid: Laid) -> TextFitError {
        var error = TextFitError(
            field: box.field, text: box.string, frame: box.frame,
            reason: .overflow(
                needed: Size(width: laid.width, height: laid.height),
                size: box.largestSize * laid.scale, policies: box.fit))
        error.unbreakable = laid.cutWord
        return error
    }

    // MARK: Drawing

    /// The commands for `laid` lines placed in the frame by the box's alignments.
    func draw(_ laid: Laid, clip: Rect?) -> SetTextBox {
        if box.writingMode == .vertical { return drawVertical(laid, clip: clip) }
        let frame = box.frame
        var top = frame.y + Self.offset(free: frame.height - laid.height, box.verticalAlignment)
        let spacing = box.letterSpacing * laid.scale
        var commands = LinkedCommands()
        // Ruby goes after every base character of the box, so extractors read the base text unbroken.
        var ruby: [Drawing.Command] = []
        var spans = RubySpans()
        for line in laid.lines {
            defer {
                top += line.ruby + (line.ascent + line.descent) * box.lineHeight
                commands.endLine()
            }
            guard let range = line.range else { continue }
            let baseline = top + line.ruby + line.ascent
            var pen = frame.x + Self.offset(free: frame.width - line.length, box.alignment) + line.offset
            let adjustment = { (glyph: Int) in line.adjustments.isEmpty ? 0 : line.adjustments[glyph - range.lowerBound]
            }
            var index = range.lowerBound
            while index <= range.upperBound {
                let runIndex = glyphs[index].run
                var end = index
                while end < range.upperBound && glyphs[end + 1].run == runIndex { end += 1 }
                let run = runs[runIndex]
                let font = run.font.resized(run.source.size * laid.scale)
                let start = pen
                let lead = index == run.firstGlyph ? run.lead * laid.scale : 0
                let trail = end == run.lastGlyph ? run.trail * laid.scale : 0
                var segment = ""
                for glyph in glyphs[index...end] { segment.append(glyph.character) }
                // Letter spacing is drawn inside one text (`characterSpacing`), so a spaced postal code stays one word;
                // the spacing rules' adjustments after each glyph but the last go into the text too, the last one's
                // moves the pen.
                let inner = (index..<end).map(adjustment)
                commands.append(
                    text(
                        segment, run: run, font: font, x: pen + lead, baseline: baseline, spacing: spacing,
                        adjustments: inner.contains { $0 != 0 } ? inner + [0] : nil), link: run.source.link)
                if run.ruby != nil { spans.base(of: runIndex, run: run, at: commands.commands.count - 1) }
                pen +=
                    glyphs[index...end].reduce(0) { $0 + $1.width * laid.scale }
                    + spacing * Double(end - index + (end < range.upperBound ? 1 : 0)) + inner.reduce(0, +)
                if run.source.underline {
                    let y = baseline + font.size * 0.12
                    commands.append(
                        .line(
                            .init(
                                color: run.source.color, width: font.size * 0.06,
                                from: Point(x: start + lead, y: y),
                                to: Point(
                                    x: pen - trail - (end < range.upperBound ? spacing : 0),
                                    y: y))), link: run.source.link)
                }
                if let rubyFont = run.ruby, index == run.firstGlyph {
                    let small = rubyFont.resized(font.size / 2)
                    let reach = run.rubyExcess / 2 * laid.scale
                    let base = start + lead
                    let first = ruby.count
                    defer { spans.text(of: runIndex, run: run, at: first..<ruby.count) }
                    ruby += rubyCommands(
                        run, rubyFont: small, baseX: base, baseFont: font,
                        top: top + line.ruby - small.glyphHeight, spacing: spacing,
                        bounds: (
                            max(base - reach, frame.x),
                            min(base + baseWidth(run, font: font, spacing: spacing) + reach, frame.maxX)
                        ))
                }
                pen += adjustment(end)
                index = end + 1
            }
        }
        return SetTextBox(
            commands: commands.commands + ruby, clip: clip, scale: laid.scale, lineCount: laid.lines.count,
            extent: Size(width: laid.width, height: laid.height), rubies: spans.spans(after: commands.commands.count))
    }

    /// The width of `run`'s base characters drawn in `font`, letter spacing between them included.
    func baseWidth(_ run: Run, font: LayoutFont, spacing: Double) -> Double {
        glyphs[run.firstGlyph...run.lastGlyph].reduce(0) { $0 + measure(String($1.character), font) }
            + spacing * Double(run.lastGlyph - run.firstGlyph)
    }

    /// The ruby over a run, marked as artifacts: each reading centred over the base characters it covers, then
    /// moved apart where two would collide (mono ruby wider than its character) and kept within `bounds`, the base
    /// with the room it was spread by (jlreq: ruby never overlaps another ruby; the base is spread when the readings
    /// together are wider).
    func rubyCommands(
        _ run: Run, rubyFont: LayoutFont, baseX: Double, baseFont: LayoutFont, top: Double,
        spacing: Double, bounds: (Double, Double)
    ) -> [Drawing.Command] {
        var x = baseX
        var glyph = run.firstGlyph
        var placed: [(text: String, x: Double, width: Double)] = []
        for reading in run.readings {
            let covered = glyphs[glyph..<(glyph + reading.count)].map(\.character)
            let baseWidth =
                covered.reduce(0) { $0 + measure(String($1), baseFont) } + spacing * Double(reading.count - 1)
            let rubyWidth = measure(reading.text, rubyFont)
            placed.append((reading.text, x + (baseWidth - rubyWidth) / 2, rubyWidth))
            x += baseWidth + spacing
            glyph += reading.count
        }
        Self.separate(&placed, within: bounds)
        return placed.map { reading in
            .text(
                .init(
                    color: run.source.color, string: reading.text, font: rubyFont.name,
                    size: rubyFont.size, origin: Point(x: reading.x, y: top),
                    proportional: rubyFont.features.isEmpty ? nil : true, artifact: true))
        }
    }

    /// Moves `placed` readings (in order, each at its wanted start) the least so that none overlaps the next and
    /// all lie within `bounds` when they fit in it: pushed right past the one before, then back left from the end.
    static func separate(_ placed: inout [(text: String, x: Double, width: Double)], within bounds: (Double, Double)) {
        var end = bounds.0
        for index in placed.indices {
            placed[index].x = max(placed[index].x, end)
            end = placed[index].x + placed[index].width
        }
        var start = bounds.1
        for index in placed.indices.reversed() {
            placed[index].x = max(bounds.0, min(placed[index].x, start - placed[index].width))
            start = placed[index].x
        }
    }

    func text(
        _ string: String, run: Run, font: LayoutFont, x: Double, baseline: Double, spacing: Double = 0,
        adjustments: [Double]? = nil
    ) -> Drawing.Command {
        .text(
            .init(
                color: run.source.color, string: string, font: font.name, size: font.size,
                origin: Point(x: x, y: baseline - font.ascent), proportional: font.features.isEmpty ? nil : true,
                characterSpacing: spacing == 0 ? nil : spacing, adjustments: adjustments))
    }

    static func offset(free: Double, _ alignment: TextAlignment) -> Double {
        switch alignment {
        case .left, .justified, .automatic: 0
        case .center: free / 2
        case .right: free
        }
    }

    static func offset(free: Double, _ alignment: VerticalAlignment) -> Double {
        switch alignment {
        case .top: 0
        case .middle: free / 2
        case .bottom: free
        }
    }
}

extension Character {
    /// True for hiragana and katakana (and their marks): what a longer ruby may overhang onto.
    fileprivate var isKana: Bool {
        unicodeScalars.first.map { (0x3041...0x30FF).contains($0.value) } ?? false
    }
}

/// The ruby spans of a box being drawn: each ruby run's base commands and reading commands as they are appended, the
/// readings counted in the array drawn after the base text. A run whose text links somewhere is left out: its
/// commands are inside a link's group, and its ruby stays decoration.
struct RubySpans {
    private var order: [Int] = []
    private var bases: [Int: [Int]] = [:]
    private var texts: [Int: [Range<Int>]] = [:]

    /// Command `index` draws base characters of run `runIndex`.
    mutating func base(of runIndex: Int, run: Prepared.Run, at index: Int) {
        guard run.source.link == nil else { return }
        if bases[runIndex] == nil { order.append(runIndex) }
        bases[runIndex, default: []].append(index)
    }

    /// Commands `range` of the readings array draw run `runIndex`'s reading.
    mutating func text(of runIndex: Int, run: Prepared.Run, at range: Range<Int>) {
        guard run.source.link == nil, !range.isEmpty else { return }
        texts[runIndex, default: []].append(range)
    }

    /// The spans, the readings' indices moved past the `count` base commands they are drawn after.
    func spans(after count: Int) -> [RubySpan] {
        order.compactMap { run in
            guard let base = bases[run], let text = texts[run] else { return nil }
            return RubySpan(base: base, text: text.flatMap { $0.map { $0 + count } })
        }
    }
}
