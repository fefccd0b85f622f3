/// The character classes of W3C's *Requirements for Japanese Text Layout* (jlreq, Appendix A; JIS X 4051's 文字クラス)
/// that the spacing, justification and hanging rules act on.
///
/// A class says how a character behaves beside its neighbours — an opening bracket's blank is before its ink, a
/// closing bracket's after, a middle dot's on both sides — not how wide the font draws it: how much blank there is
/// comes from the font (`LayoutFont.punctuationSpace(of:)`).
public enum CharacterClass: Hashable, Sendable, CaseIterable {
    /// Opening brackets, cl-01: 「『（［｛〔〈《【〘〖〝‘“.
    case openingBracket
    /// Closing brackets, cl-02: 」』）］｝〕〉》】〙〗〟’”.
    case closingBracket
    /// Hyphens, cl-03: ‐〜゠–.
    case hyphen
    /// Dividing punctuation, cl-04: ！？‼⁇⁈⁉.
    case dividingPunctuation
    /// Middle dots, cl-05: ・：；.
    case middleDot
    /// Full stops, cl-06: 。．.
    case fullStop
    /// Commas, cl-07: 、，.
    case comma
    /// Inseparable characters, cl-08: —…‥.
    case inseparable
    /// Iteration marks, cl-09: ヽヾゝゞ々〻.
    case iterationMark
    /// The prolonged sound mark, cl-10: ー.
    case prolongedSoundMark
    /// Small kana, cl-11: ぁぃぅぇぉっゃゅょゎ… and their katakana.
    case smallKana
    /// The ideographic space, cl-14: U+3000.
    case ideographicSpace
    /// Hiragana and katakana, cl-15 and cl-16 (half-width katakana too).
    case kana
    /// Kanji (cl-19).
    case ideograph
    /// Other characters set in a full-width cell: full-width Latin, digits and symbols (－＠１), circled numbers,
    /// CJK symbols, emoji. Set solid like kanji, but not letters 和欧間 separates from Latin.
    case fullWidth
    /// Latin letters and digits, cl-27: the characters 和欧間 spacing separates from Japanese.
    case western
    /// The spaces a Latin line breaks at.
    case space
    /// Anything else (Latin punctuation, symbols): set as it comes, with no rule of its own.
    case other

    /// The class of `character`, by its first code point.
    public init(_ character: Character) {
        // ASCII, kana and kanji, most of a table's text, by a table or a range, without the lookups below.
        let utf8 = character.utf8
        if utf8.count == 1, let byte = utf8.first {
            self = Self.asciiClasses[Int(byte)]
            return
        }
        if let scalar = character.unicodeScalars.first, scalar.value >= Self.kanaBlock.lowerBound {
            switch scalar.value {
            case Self.kanaBlock:
                self = Self.kanaClasses[Int(scalar.value - Self.kanaBlock.lowerBound)]
                return
            case 0x3400...0x4DBF, 0x4E00...0x9FFF:
                self = .ideograph
                return
            default: break
            }
        }
        self.init(classifying: character)
    }

    /// The class of each ASCII character, by its code.
    private static let asciiClasses: [CharacterClass] = (0..<128).map {
        CharacterClass(classifying: Character(Unicode.Scalar(UInt8($0))))
    }

    /// The hiragana and katakana blocks, whose classes `kanaClasses` holds.
    private static let kanaBlock: Range<UInt32> = 0x3040..<0x3100

    /// The class of each code point of `kanaBlock`, in order: kana, small kana, marks and punctuation.
    private static let kanaClasses: [CharacterClass] = kanaBlock.map {
        CharacterClass(classifying: Character(Unicode.Scalar($0) ?? " "))
    }

    /// The class of `character` found from its properties and the punctuation table.
    private init(classifying character: Character) {
        if character.isBreakingSpace {
            self = .space
            return
        }
        // ASCII letters and digits, most of a table's codes and dates, without the Unicode property lookups below.
        switch character.asciiValue ?? 0 {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            self = .western
            return
        default: break
        }
        guard let scalar = character.unicodeScalars.first else {
            self = .other
            return
        }
        if let punctuation = Self.punctuation[scalar] {
            self = punctuation
            return
        }
        switch scalar.value {
        case 0x3000:
            self = .ideographicSpace
        case 0x3041...0x309F, 0x30A1...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F:
            self = .kana
        case 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3038...0x303B, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xF900...0xFAFF, 0x20000...0x3FFFF:
            self = .ideograph
        default:
            if character.isIdeographicBreakable {
                self = .fullWidth
            } else if scalar.value < 0x1100 || (0x1E00...0x20FF).contains(scalar.value),
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            {
                // Latin, Greek, Cyrillic … letters and digits; not Hangul or other wide scripts, which are set
                // beside Japanese without 和欧間 (CSS text-autospace's "non-ideographic letters").
                self = .western
            } else {
                self = .other
            }
        }
    }

    /// The punctuation, hyphens and marks of jlreq's classes 1–11, by code point.
    private static let punctuation: [Unicode.Scalar: CharacterClass] = {
        var table: [Unicode.Scalar: CharacterClass] = [:]
        func add(_ characters: String, _ kind: CharacterClass) {
            for scalar in characters.unicodeScalars { table[scalar] = kind }
        }
        add("「『（［｛〔〈《【〘〖〝‘“｟｢", .openingBracket)
        add("」』）］｝〕〉》】〙〗〟’”｠｣", .closingBracket)
        add("‐〜゠–～", .hyphen)
        add("！？‼⁇⁈⁉", .dividingPunctuation)
        add("・：；･", .middleDot)
        add("。．｡", .fullStop)
        add("、，､", .comma)
        add("—―…‥〳〴〵", .inseparable)
        add("ヽヾゝゞ々〻", .iterationMark)
        add("ーｰ", .prolongedSoundMark)
        add("ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿｧｨｩｪｫｬｭｮｯ", .smallKana)
        return table
    }()

    /// True for the punctuation whose full-width glyph has blank around its ink that the rules may take away:
    /// brackets, 、。 and middle dots.
    public var hasPunctuationSpace: Bool {
        switch self {
        case .openingBracket, .closingBracket, .middleDot, .fullStop, .comma: true
        default: false
        }
    }

    /// True for closing brackets, commas and full stops: the punctuation with its blank after the ink.
    public var closes: Bool {
        self == .closingBracket || self == .comma || self == .fullStop
    }

    /// True for the Japanese letters 和欧間 spacing separates from Latin letters and digits: kana, kanji, small
    /// kana, iteration marks and the prolonged sound mark (not punctuation, which has blank of its own).
    public var isJapaneseLetter: Bool {
        switch self {
        case .kana, .ideograph, .smallKana, .iterationMark, .prolongedSoundMark: true
        default: false
        }
    }

    /// True when `text` holds a kana, kanji or other Japanese letter (`isJapaneseLetter`): text that Japanese
    /// typesetting justifies by default.
    public static func holdsJapanese(_ text: some StringProtocol) -> Bool {
        text.contains { CharacterClass($0).isJapaneseLetter }
    }

    /// True for characters set in a full-width cell, between which justification may add space (和字間).
    public var isSetSolid: Bool {
        switch self {
        case .western, .space, .other: false
        default: true
        }
    }
}
