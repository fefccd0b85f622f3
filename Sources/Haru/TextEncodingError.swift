import DrawingModule
import Foundation

/// A character a font's encoding cannot represent, named precisely so the text or the font can be fixed.
///
/// libHaru would otherwise draw a space or garbage without a word; this is thrown instead unless the caller
/// asked for a visible substitute.
public struct TextEncodingError: Error, CustomStringConvertible, LocalizedError, Sendable, Equatable {
    /// The character that could not be encoded, e.g. `𠮷`.
    public let character: Character
    /// Its code points as `U+20BB7` (several, space-separated, for a multi-scalar character).
    public let codePoints: String
    /// Its position in the string, counted in Characters from 0.
    public let index: Int
    /// The whole text that was being encoded (cut to 80 characters).
    public let text: String
    /// The font's name, e.g. `MS-Gothic`.
    public let fontName: String
    /// The font's encoding.
    public let encoding: FontEncoding
    /// Why this encoding cannot take the character.
    public let reason: String

    /// What failed, where, and how to fix it.
    public var description: String {
        "Cannot encode \"\(character)\" (\(codePoints)) at index \(index) of \"\(text)\" for font \(fontName) "
            + "(\(encoding)): \(reason). Fix: use a font that has this character (e.g. an embedded TrueType font "
            + "such as IPAexGothic for JIS X 0213 kanji), replace it in the text, or pass "
            + "unencodable: .substitute() to draw 〓 instead."
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}

/// What to do with a character the font's encoding cannot represent.
public enum UnencodablePolicy: Sendable, Equatable {
    /// Throw `TextEncodingError` naming the character (the default).
    case fail
    /// Draw this character instead (default 〓, the geta mark); it must itself be encodable.
    case substitute(Character = "〓")
}

extension TextEncodingError: Problem {
    /// `missingGlyph`: the font's encoding has no code for the character.
    public var kind: ProblemKind { .missingGlyph }
}
