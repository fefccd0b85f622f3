import DrawingModule
import Support

/// The shapings of one document's texts, by everything a shaping depends on: a text drawn again (a report column's
/// names, ranks and dates, row after row) is shaped once per document, and the PDF records its glyphs for the
/// subsets once.
///
/// One cache serves one rendering on one thread (a `Replayer`'s); it is not shared across documents, so it never
/// outlives the fonts its shapings hold.
final class TextLayoutCache {
    /// What a text's shaping depends on: its characters, font, size, features, spacing, and whether it is a cell of
    /// a vertical column (which the PDF registers differently); not where it goes or its colour. Texts and fonts
    /// are told apart by their UTF-8 bytes, through a digest of them taken once (`utf8Digest`).
    struct Key: Hashable {
        var string: String
        var font: String
        var size: Double
        var verticalAlternates: Bool
        var proportional: Bool
        var vertical: Bool
        var features: [String]?
        var characterSpacing: Double?
        var adjustments: [Double]?
        private var digest: UInt64

        init(_ text: Drawing.Command.Text) {
            string = text.string
            font = text.font
            size = text.size
            verticalAlternates = text.verticalAlternates == true
            proportional = text.proportional == true
            vertical = text.vertical == true
            features = text.features
            characterSpacing = text.characterSpacing
            adjustments = text.adjustments
            digest = text.font.utf8Digest(continuing: text.string.utf8Digest())
        }

        static func == (left: Key, right: Key) -> Bool {
            left.digest == right.digest && left.size == right.size
                && left.verticalAlternates == right.verticalAlternates && left.proportional == right.proportional
                && left.vertical == right.vertical && left.characterSpacing == right.characterSpacing
                && left.features == right.features && left.adjustments == right.adjustments
                && left.string.hasSameUTF8(as: right.string) && left.font.hasSameUTF8(as: right.font)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(digest)
            hasher.combine(size)
            hasher.combine(verticalAlternates)
            hasher.combine(proportional)
            hasher.combine(vertical)
            hasher.combine(features)
            hasher.combine(characterSpacing)
            hasher.combine(adjustments)
        }
    }

    private var shapings: [Key: TextLayout.Shaping] = [:]

    /// The shaping stored for `text`, or the one `make` makes (then stored), and whether it was made now.
    func shaping(
        for text: Drawing.Command.Text, make: () throws(RenderError) -> TextLayout.Shaping
    ) throws(RenderError) -> (shaping: TextLayout.Shaping, isNew: Bool) {
        let key = Key(text)
        if let known = shapings[key] { return (known, false) }
        let shaping = try make()
        shapings[key] = shaping
        return (shaping, true)
    }
}
