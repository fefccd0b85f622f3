/// Japanese line-breaking rules (kinsoku shori, after JIS X 4051): which characters may not begin a line, which may
/// not end one, and which may not be separated from their twin.
///
/// Kept as data rather than code so a house style can add characters (or a test can switch the rules off with
/// `Kinsoku.none` and show the breaks they prevent). The rules act only at break opportunities: a forbidden break
/// moves the offending character to the next line together with its neighbour (oidashi), never past the margin.
public struct Kinsoku: Hashable, Sendable {
    /// Characters no line may start with: closing brackets, Japanese and Latin punctuation, small kana, the prolonged
    /// sound mark, iteration marks.
    public var noLineStart: Set<Character>
    /// Characters no line may end with: opening brackets and quotes.
    public var noLineEnd: Set<Character>
    /// Characters that stay together when repeated (`……`, `――`).
    public var inseparable: Set<Character>

    /// Creates a rule set.
    public init(noLineStart: Set<Character>, noLineEnd: Set<Character>, inseparable: Set<Character> = []) {
        self.noLineStart = noLineStart
        self.noLineEnd = noLineEnd
        self.inseparable = inseparable
    }

    /// Hashes the sizes of the three sets only: a box layout cache hashes its rules on every lookup, and the
    /// elements of a few hundred characters cost more than setting a short text; equal rules still hash equally.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(noLineStart.count)
        hasher.combine(noLineEnd.count)
        hasher.combine(inseparable.count)
    }

    /// The rules used by default: JIS X 4051's line-start and line-end prohibitions, including small kana and ー.
    public static let standard = Kinsoku(
        noLineStart: Set(
            "、。，．・：；？！ー―‐゠〜～…‥‼⁇⁈⁉"
                + "」』）］｝〕〉》〙〗】〟’”｣"
                + "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
                + "々〻ゝゞヽヾ"
                + "｡､･ｧｨｩｪｫｬｭｮｯｰﾞﾟ"
                + ",.:;?!)]}%’”»›°′″℃"),
        noLineEnd: Set("「『（［｛〔〈《〘〖【〝‘“｢([{«‹"),
        inseparable: Set("…‥―"))

    /// No rules at all: a break may fall between any two Japanese characters.
    public static let none = Kinsoku(noLineStart: [], noLineEnd: [], inseparable: [])

    /// True when a line may end after `before` and the next start with `after`, as far as kinsoku is concerned.
    public func allowsBreak(between before: Character, and after: Character) -> Bool {
        if noLineEnd.contains(before) || noLineStart.contains(after) { return false }
        if before == after && inseparable.contains(before) { return false }
        return true
    }
}

extension Character {
    /// True for characters set solid in Japanese text (kana, kanji, full-width forms, CJK punctuation, circled
    /// numbers, emoji): a line may break between any two of them unless kinsoku forbids it.
    var isIdeographicBreakable: Bool {
        guard let scalar = unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x2015...0x2026, 0x203B, // ― ‖ quotes † ‡ • ‥ … ※, set solid in Japanese
            0x2460...0x24FF, // enclosed alphanumerics (①)
            0x2E80...0x2FDF, // CJK radicals
            0x3000...0x303F, // CJK symbols and punctuation
            0x3040...0x30FF, // hiragana, katakana
            0x3190...0x31FF, // kanbun, katakana phonetic extensions
            0x3200...0x33FF, // enclosed CJK, compatibility
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, // kanji
            0xFE30...0xFE4F, // CJK compatibility forms
            0xFF00...0xFFEF, // full-width and half-width forms
            0x1F000...0x1FAFF, // emoji and pictographs
            0x20000...0x3FFFF: // kanji extensions (𠮷)
            return true
        default:
            return false
        }
    }

    /// True for the spaces a Latin line breaks at (not the ideographic space, which is set like a character).
    var isBreakingSpace: Bool {
        // By code unit: asked of every character of every line, where comparing characters normalises them.
        asciiValue == UInt8(ascii: " ") || asciiValue == UInt8(ascii: "\t")
    }
}
