/// What a text box does when its text does not fit its frame at the stated size, tried in order.
///
/// `shrink` lowers every run's size together down to the box's minimum size; `wrap` breaks lines (Japanese kinsoku
/// rules, Latin at spaces) for itself and every later step; `clip` draws what overflows cut at the frame (only ever
/// when asked for); `error` refuses the text. A list that runs out without fitting is an error: text never overflows
/// its box silently.
public enum FitPolicy: String, Codable, Hashable, Sendable, CaseIterable {
    /// Lower the size, down to the box's `minimumSize`.
    case shrink
    /// Break into lines that fit the frame's width (kinsoku rules), then go on to the next policy.
    case wrap
    /// Draw the text cut off at the frame.
    case clip
    /// Refuse the text with an error naming the field, the text, the box and how much did not fit.
    case error

    /// The policy for text filled from data: shrink to the minimum size, then refuse.
    public static let dataDefault: [FitPolicy] = [.shrink, .error]
}

/// Where the lines of a text box sit between its top and bottom edges.
public enum VerticalAlignment: String, Codable, Hashable, Sendable, CaseIterable {
    /// The first line at the top edge.
    case top
    /// The lines centred between the edges.
    case middle
    /// The last line at the bottom edge.
    case bottom
}

/// How a text box sets its lines: horizontal rows top to bottom, or vertical Japanese columns right to left.
public enum WritingMode: String, Codable, Hashable, Sendable, CaseIterable {
    /// Rows, left to right, top to bottom (横書き).
    case horizontal
    /// Columns, top to bottom, right to left (縦書き): CJK upright, words of digits and Latin letters set across,
    /// turned or upright as ``VerticalWords`` says.
    case vertical
}

/// How a word of ASCII digits and Latin letters longer than ``VerticalWords/across`` stands in a vertical column.
public enum VerticalWordOrientation: String, Codable, Hashable, Sendable, CaseIterable {
    /// Turned 90° clockwise as one piece, read with the head tilted (`150-0001`, `1-12-3`, `No.5`).
    case turned
    /// Every character upright in its own cell, one under the other, its hyphens and points too.
    case upright
}

/// How a vertical column sets a word of ASCII digits and Latin letters (`A4`, `2025`, `150-0001`): the word is one
/// unit — its hyphens, points, slashes and colons between two of its characters belong to it — so it takes one
/// orientation, never an upright digit beside a turned hyphen.
///
/// A word of up to `across` characters is set across the column in one cell (縦中横, tate-chu-yoko), its glyphs
/// keeping their height (the font's half-width forms, `hwid`, or `twid`/`qwid` where the font has them, then
/// narrowed horizontally to fit one em); a longer word stands as `longer` says. A lone character stands upright.
public struct VerticalWords: Codable, Hashable, Sendable {
    /// The longest word set across one cell, 0 to 3 characters; 2 by default (`A4`, `12`; 100 of 第100回 is turned).
    public var across: Int
    /// How a longer word stands; turned by default.
    public var longer: VerticalWordOrientation

    /// Creates the rule: words of up to `across` characters set across, longer ones `longer`.
    public init(across: Int = 2, longer: VerticalWordOrientation = .turned) {
        self.across = across
        self.longer = longer
    }

    /// The longest `across` a text box takes.
    public static let mostAcross = 3

    private enum CodingKeys: String, CodingKey { case across, longer }

    /// Reads the rule; either member may be left out and takes its default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        across = try c.decodeIfPresent(Int.self, forKey: .across) ?? 2
        longer = try c.decodeIfPresent(VerticalWordOrientation.self, forKey: .longer) ?? .turned
    }
}

/// A font's weight, resolved to a face of the family by the Fonts configuration, never faked by stroking.
public enum FontWeight: String, Codable, Hashable, Sendable, CaseIterable {
    /// The family's regular face.
    case regular
    /// The family's bold face (`sans` → `sans-bold`).
    case bold
}

/// A piece of a text box's text set in one style: font family and weight, size, colour, underline, ruby.
public struct TextRun: Codable, Hashable, Sendable {
    /// The characters.
    public var string: String
    /// The logical font family (`gothic`, `sans` …).
    public var font: String
    /// Regular or bold; bold comes from the family's bold face.
    public var weight: FontWeight
    /// The size in points before any shrinking.
    public var size: Double
    /// The text colour.
    public var color: Color
    /// True to draw a line under the run.
    public var underline: Bool
    /// Furigana set over the run at half its size: one reading for the whole run (group ruby), or one per
    /// character separated by spaces when the counts match (mono ruby).
    public var ruby: String?
    /// Where a click on the run goes: a URI, or `#name` for a named element or heading of the document. A run that
    /// wraps gets one link area per line it lands on, so a click between its lines goes nowhere.
    public var link: String?

    /// Creates a run.
    public init(
        _ string: String, font: String = "gothic", weight: FontWeight = .regular, size: Double,
        color: Color = .black, underline: Bool = false, ruby: String? = nil, link: String? = nil
    ) {
        self.string = string
        self.font = font
        self.weight = weight
        self.size = size
        self.color = color
        self.underline = underline
        self.ruby = ruby
        self.link = link
    }

    private enum CodingKeys: String, CodingKey { case string, font, weight, size, color, underline, ruby, link }

    /// Reads a run; `weight`, `color`, `underline`, `ruby` and `link` may be left out.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        string = try c.decode(String.self, forKey: .string)
        font = try c.decodeIfPresent(String.self, forKey: .font) ?? "gothic"
        weight = try c.decodeIfPresent(FontWeight.self, forKey: .weight) ?? .regular
        size = try c.decode(Double.self, forKey: .size)
        color = try c.decodeIfPresent(Color.self, forKey: .color) ?? .black
        underline = try c.decodeIfPresent(Bool.self, forKey: .underline) ?? false
        ruby = try c.decodeIfPresent(String.self, forKey: .ruby)
        link = try c.decodeIfPresent(String.self, forKey: .link)
    }
}

extension Drawing.Command {
    /// Text set inside a frame by a fit policy: one or more runs, aligned both ways, wrapped, shrunk, clipped or
    /// refused as `fit` says, optionally rotated about the frame's centre or set in vertical columns.
    ///
    /// The renderers resolve it into lines through the Typeset module, from the same font metrics in PDF and PNG.
    public struct TextBox: Codable, Hashable, Sendable {
        /// The frame: top-left corner and size, before rotation.
        public var frame: Rect
        /// The text, in styled runs; a newline inside a run starts a new line.
        public var runs: [TextRun]
        /// Horizontal placement of each line; when vertical, placement of each column's characters (left = top,
        /// center = middle, right = bottom). `automatic` (the default) justifies Japanese text as jlreq does.
        public var alignment: TextAlignment
        /// Vertical placement of the block of lines; when vertical, placement of the block of columns (top = against
        /// the right edge, where vertical text starts; bottom = against the left edge).
        public var verticalAlignment: VerticalAlignment
        /// The distance between baselines as a multiple of the glyph height (ascent + descent); 1.2 by default.
        public var lineHeight: Double
        /// Extra space after every character, in points (scaled with the text when it shrinks).
        public var letterSpacing: Double
        /// The policies tried, in order, when the text does not fit.
        public var fit: [FitPolicy]
        /// The smallest size `shrink` may use for the largest run, in points.
        public var minimumSize: Double
        /// Degrees to turn the whole box clockwise about its centre.
        public var rotation: Double
        /// Rows or vertical columns.
        public var writingMode: WritingMode
        /// What the text is (a template's placeholder, a report's column): named in fit errors.
        public var field: String?
        /// True sets horizontal text with the fonts' proportional widths for Japanese (OpenType `palt`: kana and
        /// punctuation take their own width instead of a full em); vertical columns keep their full-width cells.
        public var proportional: Bool
        /// How a vertical box sets words of digits and Latin letters; ignored in horizontal boxes.
        public var verticalWords: VerticalWords
        /// The Japanese typesetting rules of horizontal lines: 和欧間, trimmed punctuation, hanging.
        public var typesetting: Typesetting
        /// The template element the box came from, named by layout's errors; nil for a box drawn in code.
        public var source: SourcePlace?

        /// Creates a text box; the default fit is shrink to 60 % of the largest size, then refuse.
        public init(
            frame: Rect, runs: [TextRun], alignment: TextAlignment = .automatic,
            verticalAlignment: VerticalAlignment = .top, lineHeight: Double = 1.2, letterSpacing: Double = 0,
            fit: [FitPolicy] = FitPolicy.dataDefault, minimumSize: Double? = nil, rotation: Double = 0,
            writingMode: WritingMode = .horizontal, field: String? = nil, proportional: Bool = false,
            verticalWords: VerticalWords = VerticalWords(), typesetting: Typesetting = .standard
        ) {
            self.frame = frame
            self.runs = runs
            self.alignment = alignment
            self.verticalAlignment = verticalAlignment
            self.lineHeight = lineHeight
            self.letterSpacing = letterSpacing
            self.fit = fit
            self.minimumSize = minimumSize ?? Self.defaultMinimum(runs)
            self.rotation = rotation
            self.writingMode = writingMode
            self.field = field
            self.proportional = proportional
            self.verticalWords = verticalWords
            self.typesetting = typesetting
        }

        /// The largest font size a text box sets, in points (far beyond any page).
        public static let largestSize = 10_000.0

        /// The text of every run joined: what a reader extracts.
        public var string: String { runs.map(\.string).joined() }

        /// The largest run size: the size `minimumSize` limits.
        public var largestSize: Double { runs.map(\.size).max() ?? 0 }

        private static func defaultMinimum(_ runs: [TextRun]) -> Double {
            (runs.map(\.size).max() ?? 0) * 0.6
        }

        private enum CodingKeys: String, CodingKey {
            case frame, runs, alignment, verticalAlignment, lineHeight, letterSpacing, fit, minimumSize, rotation
            case writingMode, field, proportional, verticalWords, typesetting, source
        }

        /// Reads a text box; everything but `frame` and `runs` may be left out and takes the defaults of `init`.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            frame = try c.decode(Rect.self, forKey: .frame)
            runs = try c.decode([TextRun].self, forKey: .runs)
            alignment = try c.decodeIfPresent(TextAlignment.self, forKey: .alignment) ?? .automatic
            verticalAlignment = try c.decodeIfPresent(VerticalAlignment.self, forKey: .verticalAlignment) ?? .top
            lineHeight = try c.decodeIfPresent(Double.self, forKey: .lineHeight) ?? 1.2
            letterSpacing = try c.decodeIfPresent(Double.self, forKey: .letterSpacing) ?? 0
            fit = try c.decodeIfPresent([FitPolicy].self, forKey: .fit) ?? FitPolicy.dataDefault
            minimumSize = try c.decodeIfPresent(Double.self, forKey: .minimumSize) ?? Self.defaultMinimum(runs)
            rotation = try c.decodeIfPresent(Double.self, forKey: .rotation) ?? 0
            writingMode = try c.decodeIfPresent(WritingMode.self, forKey: .writingMode) ?? .horizontal
            field = try c.decodeIfPresent(String.self, forKey: .field)
            proportional = try c.decodeIfPresent(Bool.self, forKey: .proportional) ?? false
            verticalWords = try c.decodeIfPresent(VerticalWords.self, forKey: .verticalWords) ?? VerticalWords()
            typesetting = try c.decodeIfPresent(Typesetting.self, forKey: .typesetting) ?? .standard
            source = try c.decodeIfPresent(SourcePlace.self, forKey: .source)
        }

        /// The first value no renderer can set (a zero size, a negative frame …) as (member, reason), or nil.
        public var firstProblem: (member: String, reason: String)? {
            let numbers = [
                frame.x, frame.y, frame.width, frame.height, lineHeight, letterSpacing, minimumSize, rotation
            ]
            if numbers.contains(where: { !$0.isFinite }) { return ("frame", "text box numbers must be finite") }
            if frame.width < 0 || frame.height < 0 { return ("frame", "a frame's width and height are 0 or more") }
            if !(lineHeight > 0) { return ("lineHeight", "a line height is greater than 0, got \(lineHeight)") }
            for (index, run) in runs.enumerated() {
                if !(run.size > 0) || !run.size.isFinite {
                    return ("runs[\(index)].size", "a font size is greater than 0, got \(run.size)")
                }
                if run.font.isEmpty {
                    return ("runs[\(index)].font", "name a logical font such as gothic, mincho, sans, serif or mono")
                }
            }
            if !(0...VerticalWords.mostAcross).contains(verticalWords.across) {
                return (
                    "verticalWords.across",
                    "words set across a vertical column are 0 to \(VerticalWords.mostAcross) characters long, "
                        + "got \(verticalWords.across)"
                )
            }
            if !(minimumSize > 0) { return ("minimumSize", "a minimum size is greater than 0, got \(minimumSize)") }
            if let (index, run) = runs.enumerated().first(where: { $0.element.size > Self.largestSize }) {
                return ("runs[\(index)].size", "a font size is at most \(Int(Self.largestSize)) pt, got \(run.size)")
            }
            if let problem = typesetting.problem { return ("typesetting.autospace", problem) }
            return nil
        }
    }
}
