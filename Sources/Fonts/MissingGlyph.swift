/// A character no font of a logical font's fallback chain can draw: the one record of a missing glyph, from the
/// coverage check to the error a template, a report, the renderer or a batch record reports.
///
/// Both renderers would otherwise draw the font's empty box (.notdef) or, in libHaru's case, a space: a silent
/// substitution. Callers check coverage first and report these with where they are.
public struct MissingGlyph: Hashable, Sendable, CustomStringConvertible {
    /// The character as the text holds it (with any variation selector), e.g. `𠮷` or `葛󠄀`.
    public var character: String
    /// The first code point of the character that no font has.
    public var scalar: Unicode.Scalar
    /// The position, counting user-perceived characters (grapheme clusters) from 0.
    public var characterIndex: Int
    /// The logical font name (`gothic`), or "" when checked against a bare list of faces.
    public var font: String
    /// Every font tried, in chain order, as `name (file)`.
    public var tried: [String]

    /// Creates the record; `character` defaults to the scalar alone.
    public init(
        scalar: Unicode.Scalar, characterIndex: Int, character: String? = nil, font: String = "",
        tried: [String] = []
    ) {
        self.scalar = scalar
        self.characterIndex = characterIndex
        self.character = character ?? String(scalar)
        self.font = font
        self.tried = tried
    }

    /// The `U+20BB7` form of `scalar`.
    public var codePoint: String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The file of the first font tried (the logical font's own), or "" when none is named.
    public var fontFile: String {
        guard let first = tried.first, let open = first.firstIndex(of: "("), first.hasSuffix(")") else { return "" }
        return String(first[first.index(after: open)..<first.index(before: first.endIndex)])
    }

    /// `"𠮷" (U+20BB7) at character 0`.
    public var description: String { "\"\(character)\" (\(codePoint)) at character \(characterIndex)" }

    /// `no font of "gothic" has a glyph for "😀" (U+1F600) (tried gothic (…), gothic-cjk (…))`.
    public var problem: String {
        "no font of \"\(font)\" has a glyph for \"\(character)\" (\(codePoint))"
            + (tried.isEmpty ? "" : " (tried \(tried.joined(separator: ", ")))")
    }

    /// How to fix it: another character, or a font file that has it through the logical font's override variable.
    public var fix: String {
        "replace \"\(character)\" (e.g. 吉 for 𠮷), or set \(FontRegistry.overrideVariable(for: font)) to a font file "
            + "that has it"
    }
}
