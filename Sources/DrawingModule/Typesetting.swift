/// The Japanese typesetting rules (JIS X 4051, W3C jlreq) a text box or paragraph applies to its horizontal lines.
///
/// Full-width brackets and 、。 are drawn with half an em of blank beside their ink; set solid, 」「 shows a full em
/// of nothing and a line starting with 「 looks indented. These rules close such blank up, space Japanese from
/// Latin, and decide what hangs past the line end. They move glyphs only: no space character is ever added, so
/// extracted text is the text written.
public struct Typesetting: Codable, Hashable, Sendable {
    /// The space between Japanese letters and Latin letters or digits (和欧間), as a fraction of an em; 0 for none.
    public var autospace: Double
    /// True closes up adjacent punctuation to half an em of blank between them (約物の詰め: 」「, 。」, 、「) and
    /// sets an opening bracket flush with the line start on every line but a paragraph's first; punctuation blank
    /// is then also what a line squeezes to keep a character (追い込み).
    public var trim: Bool
    /// True lets 、 and 。 hang past the line end (ぶら下げ) instead of taking the character before them to the next
    /// line.
    public var hang: Bool

    /// Creates a rule set.
    public init(autospace: Double = 0.25, trim: Bool = true, hang: Bool = false) {
        self.autospace = autospace
        self.trim = trim
        self.hang = hang
    }

    /// The rules used by default: a quarter em of 和欧間, punctuation trimmed, nothing hanging.
    public static let standard = Typesetting()

    /// Glyphs set at their own advances, as the font draws them: no 和欧間, no trimming, no hanging.
    public static let none = Typesetting(autospace: 0, trim: false, hang: false)

    /// The largest 和欧間 a template may ask for, in ems.
    public static let largestAutospace = 1.0

    private enum CodingKeys: String, CodingKey { case autospace, trim, hang }

    /// Reads a rule set; every member may be left out and takes the default of `init`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        autospace = try c.decodeIfPresent(Double.self, forKey: .autospace) ?? 0.25
        trim = try c.decodeIfPresent(Bool.self, forKey: .trim) ?? true
        hang = try c.decodeIfPresent(Bool.self, forKey: .hang) ?? false
    }

    /// Why the rules cannot be applied, or nil: 和欧間 is a finite number of ems from 0 to `largestAutospace`.
    public var problem: String? {
        guard autospace.isFinite, autospace >= 0, autospace <= Self.largestAutospace else {
            return "autospace is a fraction of an em from 0 to \(Self.largestAutospace), got \(autospace)"
        }
        return nil
    }
}
