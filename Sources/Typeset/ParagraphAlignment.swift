import DrawingModule

/// How a paragraph's lines sit in their box.
public enum ParagraphAlignment: String, Codable, Hashable, Sendable, CaseIterable {
    /// Flush left, ragged right.
    case left
    /// Flush right, ragged left.
    case right
    /// Centred.
    case center
    /// Flush both sides, except a paragraph's last line (and lines ended by a newline), which are flush left.
    case justified
    /// What Japanese typesetting does unless told otherwise (jlreq: 両端揃え): `justified` for a paragraph holding
    /// kana or kanji, `left` for other text. The default of flow paragraphs.
    case automatic = "auto"

    /// The same placement for a text box's lines (`TextBoxSetter.lines`).
    public var textAlignment: TextAlignment {
        switch self {
        case .left: .left
        case .right: .right
        case .center: .center
        case .justified: .justified
        case .automatic: .automatic
        }
    }

    /// True when lines of `text` are justified under this alignment: `justified`, or `automatic` for text holding
    /// kana or kanji.
    public func justifies(_ text: some StringProtocol) -> Bool {
        self == .justified || (self == .automatic && CharacterClass.holdsJapanese(text))
    }
}
