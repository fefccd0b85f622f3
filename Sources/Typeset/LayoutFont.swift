import Fonts

/// A font at a size, measured through `FontFace.width(of:size:)` — the one width function of the Fonts module, so
/// a change in how Fonts measures (shaping) reaches every layout: report lines, table cells and text boxes.
///
/// A character the face lacks is measured in the first font of the logical font's fallback chain that has it, the
/// font the renderers draw it from (𠮷 from Noto Sans CJK JP under `gothic`).
public struct LayoutFont: Sendable {
    /// The opened font file.
    public let face: FontFace
    /// The logical name (`gothic`) text commands carry.
    public let name: String
    /// The size in points.
    public let size: Double
    /// OpenType features the text is shaped and measured with (`palt`); none by default.
    public let features: [String]
    /// The fallback chain: `face` first, then the faces that draw what it lacks.
    public let chain: [FontFace]

    /// Opens the logical font `name` from `fonts` at `size` points.
    /// - Throws: `FontError` when the name is unknown or its file cannot be opened.
    public init(named name: String, size: Double, fonts: FontRegistry = .shared) throws(FontError) {
        chain = try fonts.chain(named: name)
        face = chain[0]
        self.name = name
        self.size = size
        features = []
    }

    /// The font `face` (opened for the logical name `name`) at `size` points, shaped with `features`, falling back
    /// to the faces of `fallbacks` for characters it lacks.
    public init(face: FontFace, name: String, size: Double, features: [String] = [], fallbacks: [FontFace] = []) {
        self.face = face
        self.name = name
        self.size = size
        self.features = features
        chain = [face] + fallbacks.filter { $0 !== face }
    }

    /// The same face at another size.
    public func resized(_ size: Double) -> LayoutFont {
        // The same size (a box set at its stated size) is this font: its chain is not made again.
        if size.bitPattern == self.size.bitPattern { return self }
        return LayoutFont(face: face, name: name, size: size, features: features, fallbacks: Array(chain.dropFirst()))
    }

    /// The same face at the same size, shaped with `features`.
    public func with(features: [String]) -> LayoutFont {
        LayoutFont(face: face, name: name, size: size, features: features, fallbacks: Array(chain.dropFirst()))
    }

    /// The distance from the baseline to the bottom of the glyphs.
    public var descent: Double { face.descent(size: size) }

    /// The distance from a line box's top to its baseline.
    public var ascent: Double { face.ascent(size: size) }
    /// The height glyphs occupy: ascent plus descent.
    public var glyphHeight: Double { face.ascent(size: size) + face.descent(size: size) }

    /// The advance of one character: `FontFace.width(of:size:)`, the one measure every layout uses.
    public func width(of character: Character) -> Double {
        // Most characters: one code point the face has, below the variation selectors, measured unshaped.
        let scalars = character.unicodeScalars
        if features.isEmpty, let scalar = scalars.first, scalar.value < 0xFE00,
            scalars.index(after: scalars.startIndex) == scalars.endIndex,
            let advance = face.advance(of: scalar, size: size)
        {
            return advance
        }
        return drawingFace(of: character).width(of: String(character), size: size, features: features)
    }

    /// The width of `text` on one line: `FontFace.width(of:size:)`, the one measure every layout uses.
    ///
    /// The renderers place glyphs by advances rounded down to thousandths of an em (libHaru's `/W`), never wider
    /// than this, so text measured to fit a box stays inside it.
    public func width(of text: some StringProtocol) -> Double {
        let string = String(text)
        if chain.count == 1 || string.unicodeScalars.allSatisfy({ face.glyph(for: $0) != nil }) {
            return face.width(of: string, size: size, features: features)
        }
        return string.reduce(0) { $0 + width(of: $1) }
    }

    /// The face of the chain that draws `character` (the first that has it, variation selector included); the
    /// first face when none has it (the renderers then refuse the text, naming it).
    public func drawingFace(of character: Character) -> FontFace {
        if chain.count == 1 { return face }
        return FontCoverage.face(for: character, in: chain).map { chain[$0] } ?? face
    }
}
