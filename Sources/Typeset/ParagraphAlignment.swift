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
}
