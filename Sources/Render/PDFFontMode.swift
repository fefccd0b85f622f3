/// How the PDF renderer puts fonts into the file.
public enum PDFFontMode: String, Sendable, Hashable, CaseIterable {
    /// Every font is embedded as a TrueType subset of the font file the raster renderer also uses: the PDF looks
    /// the same everywhere and matches the PNG (the default).
    case embedded
    /// `gothic` and `mincho` become libHaru's built-in MS-Gothic / MS-Mincho with the 90msp-RKSJ-H CMap (so text
    /// extracts exactly, ASCII hyphens included), not embedded: the smallest files, but viewers substitute a font of
    /// their own (looks vary); other fonts stay embedded. Text must be encodable in Shift_JIS (CP932).
    case cid
}
