import DrawingModule
import Foundation

/// A character a font's encoding cannot represent, named precisely so the text or the font can be fixed.
///
/// libHaru would otherwise draw a space or garbage without a word; this is thrown instead unless the caller
/// asked for a visible substitute.
package struct TextEncodingError: Error, CustomStringConvertible, LocalizedError, Sendable, Equatable {
    /// The character that could not be encoded, e.g. `𠮷`.
    package let character: Character
    /// Its code points as `U+20BB7` (several, space-separated, for a multi-scalar character).
    package let codePoints: String
    /// Its position in the string, counted in Characters from 0.
    package let index: Int
    /// The whole text that was being encoded (cut to 80 characters).
    package let text: String
    /// The font's name, e.g. `MS-Gothic`.
    package let fontName: String
    /// The font's encoding.
    package let encoding: FontEncoding
    /// Why this encoding cannot take the character.
    package let reason: String

    /// What failed, where, and how to fix it.
    package var description: String {
        "Cannot encode \"\(character)\" (\(codePoints)) at index \(index) of \"\(text)\" for font \(fontName) "
            + "(\(encoding)): \(reason). Fix: use a font that has this character (e.g. an embedded TrueType font "
            + "such as IPAexGothic for JIS X 0213 kanji), replace it in the text, or pass "
            + "unencodable: .substitute() to draw 〓 instead."
    }

    /// The same text as `description`.
    package var errorDescription: String? { description }
}

/// What to do with a character the font's encoding cannot represent.
package enum UnencodablePolicy: Sendable, Equatable {
    /// Throw `TextEncodingError` naming the character (the default).
    case fail
    /// Draw this character instead (default 〓, the geta mark); it must itself be encodable.
    case substitute(Character = "〓")
}

extension TextEncodingError: Problem {
    /// `missingGlyph`: the font's encoding has no code for the character.
    package var kind: ProblemKind { .missingGlyph }
}
