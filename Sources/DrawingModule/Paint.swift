/// Which parts of a closed shape are painted.
///
/// `.none` exists so code that decides at run time can pass it instead of skipping the call.
public enum Paint: String, Codable, Hashable, Sendable, CaseIterable {
    /// Nothing is painted.
    case none
    /// Only the outline, in the slot's stroke colour.
    case stroke
    /// Only the interior, in the slot's fill colour.
    case fill
    /// The interior first, then the outline over it, so the outline keeps its full width.
    case both

    /// True when the interior is painted.
    public var fills: Bool { self == .fill || self == .both }
    /// True when the outline is painted.
    public var strokes: Bool { self == .stroke || self == .both }
}

/// How the ends of a line are drawn; `.butt` (the default) ends exactly at the end points.
public enum LineCap: String, Codable, Hashable, Sendable, CaseIterable {
    /// The line stops exactly at its end points.
    case butt
    /// A half circle of the line's width closes each end.
    case round
    /// A half square of the line's width extends each end.
    case square
}

/// Where text sits inside its box, when it has a box width.
public enum TextAlignment: String, Codable, Hashable, Sendable, CaseIterable {
    /// Flush with the box's left edge (and the only placement without a box).
    case left
    /// Centred in the box.
    case center
    /// Flush with the box's right edge.
    case right
    /// Flush with both edges (text boxes and paragraphs): each line but a paragraph's last is spread to the box's
    /// width by the jlreq justification rules; a single line of text is set flush left.
    case justified
    /// What Japanese typesetting does unless told otherwise (jlreq, JIS X 4051: 両端揃え): `justified` for text
    /// holding kana or kanji, `left` for other text, whose word spaces justification would spread. The default of
    /// text boxes.
    case automatic = "auto"

    /// The alignment named `rawValue`; `justify` (CSS's word) is read as `justified`.
    public init?(rawValue: String) {
        switch rawValue {
        case "left": self = .left
        case "center": self = .center
        case "right": self = .right
        case "justified", "justify": self = .justified
        case "auto": self = .automatic
        default: return nil
        }
    }
}
