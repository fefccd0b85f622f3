/// What a fallback chain of fonts can draw of some text: the one coverage check for every caller, so a template's
/// check, a report's check and the renderer agree on which characters a logical font can show.
///
/// A character (with its variation selectors) comes from the first font of the chain that has it; it is missing
/// only when no font of the chain has it.
public struct FontCoverage: Sendable {
    /// The characters no font of the chain can draw, each with the first of its code points none has, in order.
    public let missing: [MissingGlyph]
    /// The chain checked.
    private let chain: [FontFace]

    /// Every font tried, in chain order: `gothic (/usr/share/fonts/…/ipaexg.ttf)` (made when asked: a text the
    /// chain draws needs no names).
    public var tried: [String] { Self.names(of: chain) }

    /// True when the chain draws every character of the text.
    public var isComplete: Bool { missing.isEmpty }

    /// Checks `text` against `chain` (a logical font's face first, then its fallbacks); `font` names the logical
    /// font in the records of missing glyphs.
    public init(of text: String, chain: [FontFace], font: String = "") {
        self.chain = chain
        // Common case first: the first font has every code point (no variation selector, no fallback needed).
        if let primary = chain.first, text.unicodeScalars.allSatisfy({ primary.glyph(for: $0) != nil }) {
            missing = []
            return
        }
        var missing: [MissingGlyph] = []
        let tried = Self.names(of: chain)
        for (position, character) in text.enumerated() where Self.face(for: character, in: chain) == nil {
            let scalar =
                character.unicodeScalars.first { scalar in
                    !chain.contains { $0.covers(character: Character(scalar)) }
                } ?? character.unicodeScalars.first!
            missing.append(
                MissingGlyph(
                    scalar: scalar, characterIndex: position, character: String(character),
                    font: font, tried: tried))
        }
        self.missing = missing
    }

    private static func names(of chain: [FontFace]) -> [String] {
        chain.map { "\($0.name) (\($0.url.path))" }
    }

    /// The index in `chain` of the font that draws `character`: the first that has it, variation selector included.
    public static func face(for character: Character, in chain: [FontFace]) -> Int? {
        chain.firstIndex { $0.covers(character: character) }
    }
}

extension FontRegistry {
    /// What logical font `name`'s fallback chain can draw of `text`, and every font it tried.
    /// - Throws: `FontError` when `name` or one of its fallbacks cannot be resolved or opened.
    public func coverage(of text: String, font name: String) throws(FontError) -> FontCoverage {
        FontCoverage(of: text, chain: try chain(named: name), font: name)
    }
}
