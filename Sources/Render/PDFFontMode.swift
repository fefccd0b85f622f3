/// How the PDF renderer puts fonts into the file.
public enum PDFFontMode: String, Sendable, Hashable, CaseIterable {
    /// Every font is embedded as a subset (Type0, Identity-H, TrueType or CFF) of the font file the raster
    /// renderer also uses, glyphs shaped by HarfBuzz: the PDF looks the same everywhere and matches the PNG (the
    /// default).
    case embedded
    /// `gothic` and `mincho` become libHaru's built-in MS-PGothic / MS-PMincho with the 90msp-RKSJ-H CMap (so text
    /// extracts exactly, ASCII hyphens included), not embedded: the smallest files, but viewers substitute a font of
    /// their own (looks vary); other fonts stay embedded. Text must be encodable in Shift_JIS (CP932).
    case cid
}
