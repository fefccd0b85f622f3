import Fonts

/// A font at a size, measured through `FontFace.width(of:size:)` — the one width function of the Fonts module, so
/// a change in how Fonts measures (shaping) reaches every layout: report lines, table cells and text boxes.
public struct LayoutFont: Sendable {
    /// The opened font file.
    public let face: FontFace
    /// The logical name (`gothic`) text commands carry.
    public let name: String
    /// The size in points.
    public let size: Double
    /// OpenType features the text is shaped and measured with (`palt`); none by default.
    public let features: [String]

    /// Opens the logical font `name` from `fonts` at `size` points.
    /// - Throws: `FontError` when the name is unknown or its file cannot be opened.
    public init(named name: String, size: Double, fonts: FontRegistry = .shared) throws(FontError) {
        face = try fonts.face(named: name)
        self.name = name
        self.size = size
        features = []
    }

    /// The font `face` (opened for the logical name `name`) at `size` points, shaped with `features`.
    public init(face: FontFace, name: String, size: Double, features: [String] = []) {
        self.face = face
        self.name = name
        self.size = size
        self.features = features
    }

    /// The same face at another size.
    public func resized(_ size: Double) -> LayoutFont {
        LayoutFont(face: face, name: name, size: size, features: features)
    }

    /// The same face at the same size, shaped with `features`.
    public func with(features: [String]) -> LayoutFont {
        LayoutFont(face: face, name: name, size: size, features: features)
    }

    /// The distance from the baseline to the bottom of the glyphs.
    public var descent: Double { face.descent(size: size) }

    /// The distance from a line box's top to its baseline.
    public var ascent: Double { face.ascent(size: size) }
    /// The height glyphs occupy: ascent plus descent.
    public var glyphHeight: Double { face.ascent(size: size) + face.descent(size: size) }

    /// The advance of one character: `FontFace.width(of:size:)`, the one measure every layout uses.
    public func width(of character: Character) -> Double {
        face.width(of: String(character), size: size, features: features)
    }

    /// The width of `text` on one line: `FontFace.width(of:size:)`, the one measure every layout uses.
    ///
    /// The renderers place glyphs by advances rounded down to thousandths of an em (libHaru's `/W`), never wider
    /// than this, so text measured to fit a box stays inside it.
    public func width(of text: some StringProtocol) -> Double {
        face.width(of: String(text), size: size, features: features)
    }
}
