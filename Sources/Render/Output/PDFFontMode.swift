/// How the PDF renderer puts fonts into the file.
public enum PDFFontMode: String, Sendable, Hashable, CaseIterable {
    /// Every font is embedded as a subset (Type0, Identity-H, TrueType or CFF) of the font file the raster
    /// renderer also uses, glyphs shaped by HarfBuzz: the PDF looks the same everywhere and matches the PNG (the
    /// default).
    case embedded
    /// `gothic` and `mincho` become libHaru's MS-PGothic / MS-PMincho, not embedded, shown through the predefined
    /// `UniJIS-UTF16-H` CMap (Adobe-Japan1 CIDs): the smallest files, but viewers substitute a font of their own
    /// (looks vary). Characters without a CID that Adobe's table reads back as themselves (Hangul, 葛󠄀 with its
    /// selector, ～ which shares 〜's CID, —) are drawn from the font's chain, embedded; other fonts stay embedded.
    case cid
}
