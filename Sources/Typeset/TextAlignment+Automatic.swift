import DrawingModule

extension TextAlignment {
    /// The alignment `text` is set with: `automatic` becomes `justified` for text holding kana or kanji (jlreq's
    /// default, 両端揃え, a paragraph's last line not spread) and `left` otherwise; the others stay as they are.
    public func resolved(for text: some StringProtocol) -> TextAlignment {
        guard self == .automatic else { return self }
        return CharacterClass.holdsJapanese(text) ? .justified : .left
    }
}
