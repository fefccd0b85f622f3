/// A character of some text that a font has no glyph for, with where it is, so the error can point at it.
///
/// Both renderers would otherwise draw the font's empty box (.notdef) or, in libHaru's case, a space: a silent
/// substitution. Callers check coverage first and report these.
public struct MissingCharacter: Hashable, Sendable, CustomStringConvertible {
    /// The code point without a glyph.
    public var scalar: Unicode.Scalar
    /// The position, counting user-perceived characters (grapheme clusters) from 0.
    public var characterIndex: Int

    /// Creates the record.
    public init(scalar: Unicode.Scalar, characterIndex: Int) {
        self.scalar = scalar
        self.characterIndex = characterIndex
    }

    /// The `U+20BB7` form.
    public var codePoint: String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `𠮷 (U+20BB7) at character 0`.
    public var description: String { "\(scalar) (\(codePoint)) at character \(characterIndex)" }
}
