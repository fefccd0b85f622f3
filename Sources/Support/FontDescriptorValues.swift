/// A font descriptor's values (PDF 32000-1 §9.8), in thousandths of an em: read from a font file by Fonts and
/// written into a FontDescriptor by Haru, which know nothing of each other.
package struct FontDescriptorValues: Hashable, Sendable {
    /// Font flags (§9.8.2): 4 symbolic, +1 fixed pitch, +2 serif.
    package var flags: Int
    /// xMin, yMin, xMax, yMax of all glyphs.
    package var boundingBox: [Int]
    /// Degrees counter-clockwise from vertical.
    package var italicAngle: Double
    /// Ascender above the baseline.
    package var ascent: Int
    /// Descender (negative, below the baseline).
    package var descent: Int
    /// Height of flat capitals.
    package var capHeight: Int
    /// Vertical stem width.
    package var stemV: Int

    /// Creates the values.
    package init(
        flags: Int, boundingBox: [Int], italicAngle: Double, ascent: Int, descent: Int, capHeight: Int,
        stemV: Int
    ) {
        self.flags = flags
        self.boundingBox = boundingBox
        self.italicAngle = italicAngle
        self.ascent = ascent
        self.descent = descent
        self.capHeight = capHeight
        self.stemV = stemV
    }
}
