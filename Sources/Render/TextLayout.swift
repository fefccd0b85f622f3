import Drawing
import Fonts

/// One text command laid out for drawing: the glyphs, where each goes on the page, and the baseline.
///
/// Both renderers draw from this, so a line of text sits at the same place in the PDF and the PNG. Glyph advances
/// come from the font file (the Fonts module) and are rounded down to thousandths of an em exactly as libHaru
/// writes them into the PDF's `/W` widths; a viewer positions PDF glyphs by those widths, so the raster does too.
struct TextLayout {
    /// The opened font.
    var face: FontFace
    /// The text drawn.
    var string: String
    /// The font size in points.
    var size: Double
    /// The glyph of each code point, in order.
    var glyphs: [UInt32]
    /// The x of each glyph's origin, in points, in the coordinates the text is drawn in (a part's own).
    var positions: [Double]
    /// The y of the baseline, in points from the top (one ascent below the text's top).
    var baseline: Double
    /// The top-left corner of the line box (before alignment) and the box width, for renderers that must measure
    /// with other metrics (the PDF's CID mode).
    var origin: Point
    var boxWidth: Double?
    var alignment: TextAlignment

    /// The advance of `glyph` at `size` points as a PDF viewer computes it from libHaru's `/W` entry.
    static func advance(of glyph: UInt32, in face: FontFace, size: Double) -> Double {
        let thousandths = face.advance(ofGlyph: glyph) * 1000 / face.unitsPerEm
        return Double(thousandths) * size / 1000
    }

    /// Lays out `text`; every code point must have a glyph (checked before).
    init(_ text: Drawing.Command.Text, face: FontFace) {
        var glyphs: [UInt32] = []
        var offsets: [Double] = []
        var pen = 0.0
        for scalar in text.string.unicodeScalars {
            let glyph = face.glyph(for: scalar) ?? 0
            glyphs.append(glyph)
            offsets.append(pen)
            pen += Self.advance(of: glyph, in: face, size: text.size)
        }
        let start = text.origin.x + Self.alignmentOffset(width: pen, box: text.boxWidth, alignment: text.alignment)
        self.face = face
        self.string = text.string
        self.size = text.size
        self.glyphs = glyphs
        self.positions = offsets.map { start + $0 }
        self.baseline = text.origin.y + face.ascent(size: text.size)
        self.origin = text.origin
        self.boxWidth = text.boxWidth
        self.alignment = text.alignment
    }

    /// How far right of the box's left edge a line `width` wide starts.
    static func alignmentOffset(width: Double, box: Double?, alignment: TextAlignment) -> Double {
        guard let box else { return 0 }
        switch alignment {
        case .left: return 0
        case .center: return (box - width) / 2
        case .right: return box - width
        }
    }
}
