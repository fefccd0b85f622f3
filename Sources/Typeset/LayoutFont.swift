import Fonts

/// A font at a size, measured exactly as the renderers will place its glyphs.
///
/// Both renderers position glyphs by their advances rounded down to thousandths of an em (the `/W` widths libHaru
/// writes), so the layout measures with the same rounding: a line laid out to end at the box edge ends there in
/// the PDF and in the PNG, not a hair beyond.
public struct LayoutFont: Sendable {
    /// The opened font file.
    public let face: FontFace
    /// The logical name (`gothic`) text commands carry.
    public let name: String
    /// The size in points.
    public let size: Double

    /// Opens the logical font `name` from `fonts` at `size` points.
    /// - Throws: `FontError` when the name is unknown or its file cannot be opened.
    public init(named name: String, size: Double, fonts: FontRegistry = .shared) throws(FontError) {
        face = try fonts.face(named: name)
        self.name = name
        self.size = size
    }

    /// The font `face` (opened for the logical name `name`) at `size` points.
    public init(face: FontFace, name: String, size: Double) {
        self.face = face
        self.name = name
        self.size = size
    }

    /// The same face at another size.
    public func resized(_ size: Double) -> LayoutFont {
        LayoutFont(face: face, name: name, size: size)
    }

    /// The distance from the baseline to the bottom of the glyphs.
    public var descent: Double { face.descent(size: size) }

    /// The distance from a line box's top to its baseline.
    public var ascent: Double { face.ascent(size: size) }
    /// The height glyphs occupy: ascent plus descent.
    public var glyphHeight: Double { face.ascent(size: size) + face.descent(size: size) }

    /// The advance of one character as the renderers place it (its code points' rounded advances summed).
    public func width(of character: Character) -> Double {
        var thousandths = 0
        for scalar in character.unicodeScalars {
            thousandths += face.advance(ofGlyph: face.glyph(for: scalar) ?? 0) * 1000 / face.unitsPerEm
        }
        return Double(thousandths) * size / 1000
    }

    /// The width of `text` on one line as the renderers place it.
    public func width(of text: some StringProtocol) -> Double {
        var thousandths = 0
        for scalar in text.unicodeScalars {
            thousandths += face.advance(ofGlyph: face.glyph(for: scalar) ?? 0) * 1000 / face.unitsPerEm
        }
        return Double(thousandths) * size / 1000
    }
}
