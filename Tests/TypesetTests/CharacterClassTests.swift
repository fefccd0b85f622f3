import Testing
import Typeset

/// Each character's jlreq class, through the one public initialiser: ASCII and the kana blocks come from tables,
/// kanji from a range, the rest from the punctuation table and Unicode properties — every path must agree with
/// the classes the spacing rules were written for.
@Suite struct CharacterClassTests {
    static let classes: [(Character, CharacterClass)] = [
        ("A", .western), ("z", .western), ("7", .western), (" ", .space), ("\t", .space), ("-", .other),
        ("(", .other), ("\r\n", .other), ("é", .western), ("e\u{301}", .western), ("Ω", .western),
        ("あ", .kana), ("ヷ", .kana), ("ｱ", .kana), ("ぁ", .smallKana), ("ヶ", .smallKana), ("ｯ", .smallKana),
        ("ゝ", .iterationMark), ("ヾ", .iterationMark), ("々", .iterationMark), ("ー", .prolongedSoundMark),
        ("・", .middleDot), ("゠", .hyphen), ("〜", .hyphen), ("「", .openingBracket), ("」", .closingBracket),
        ("、", .comma), ("。", .fullStop), ("\u{3000}", .ideographicSpace), ("漢", .ideograph), ("髙", .ideograph),
        ("㐀", .ideograph), ("𠮷", .ideograph), ("葛󠄀", .ideograph), ("①", .fullWidth), ("１", .fullWidth),
        ("‖", .fullWidth)
    ]

    @Test(arguments: classes)
    func classOf(_ character: Character, _ expected: CharacterClass) {
        #expect(CharacterClass(character) == expected, "\(character.unicodeScalars.map { $0.value })")
    }
}
