import Foundation
import Typeset

/// A block of running text, wrapped to the content width and broken across pages by lines.
///
/// Latin and Japanese may be mixed freely; the Japanese parts break with the kinsoku rules. A newline in `text`
/// forces a line break.
public struct Paragraph: Hashable, Sendable {
    /// The text.
    public var text: String
    /// Placement of the lines.
    public var alignment: ParagraphAlignment
    /// The logical font name; nil uses the report style's body font.
    public var font: String?
    /// The font size; nil uses the report style's body size.
    public var size: Double?
    /// The palette role the text is drawn with.
    public var colorRole: String
    /// Space after the paragraph, in points; nil uses the style's paragraph spacing.
    public var spaceAfter: Double?
    /// True when `text` holds inline markup (`**bold**`, `<b>…</b>`, `<u>…</u>`, ruby `｜漢字《かんじ》`): the
    /// paragraph is then set as styled runs.
    public var usesMarkup: Bool

    /// Creates a paragraph.
    public init(
        _ text: String, alignment: ParagraphAlignment = .automatic, font: String? = nil, size: Double? = nil,
        colorRole: String = ReportStyle.Role.text, spaceAfter: Double? = nil, markup: Bool = false
    ) {
        self.usesMarkup = markup
        self.text = text
        self.alignment = alignment
        self.font = font
        self.size = size
        self.colorRole = colorRole
        self.spaceAfter = spaceAfter
    }
}
