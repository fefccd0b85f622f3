import DrawingModule
import Foundation
import Typeset

/// A section title: drawn larger, kept on the page of what follows it, and listed in the PDF's outline.
public struct Heading: Hashable, Sendable {
    /// The title text.
    public var text: String
    /// 1 for chapters, 2 for sections, 3 for subsections; the outline nests by level.
    public var level: Int
    /// Whether the heading moves to the next page rather than end a page without its first following line.
    public var keepWithNext: Bool
    /// Whether the heading becomes an outline (bookmark) entry.
    public var inOutline: Bool
    /// The named destination the heading is, so a link `#name` (an element's `link:`, a run's `<a href>`) jumps to it;
    /// nil for none. A name used twice in one document is an error, as for elements.
    public var name: String?

    /// Creates a heading; `level` is clamped to 1…3.
    public init(
        _ text: String, level: Int = 1, keepWithNext: Bool = true, inOutline: Bool = true, name: String? = nil
    ) {
        self.text = text
        self.level = min(3, max(1, level))
        self.keepWithNext = keepWithNext
        self.inOutline = inOutline
        self.name = name
    }
}

/// A PNG or JPEG image in the flow, scaled to a width and kept whole on one page.
public struct ReportImage: Hashable, Sendable {
    /// The PNG or JPEG file's bytes.
    public var data: Data
    /// The width on the page in points; nil uses the image's pixels as points, shrunk to the content width.
    public var width: Double?
    /// Horizontal placement.
    public var alignment: ParagraphAlignment
    /// What the image is to a reader (a figure with alternative text, or an artifact), or nil for a figure without.
    public var role: StructureRole?
    /// The template block the image came from, named by an error about it; nil when none.
    public var source: SourcePlace?

    /// Creates an image block.
    public init(data: Data, width: Double? = nil, alignment: ParagraphAlignment = .left) {
        self.data = data
        self.width = width
        self.alignment = alignment
    }
}

/// A chart in the flow: laid out at its own width and height, after what comes before it, and kept whole on one
/// page (a chart is never cut across a page break; one taller than a page's body is an error).
public struct ReportChart: Hashable, Sendable {
    /// The chart; its rectangle's size is the block's (a width of 0 or more than the content width takes the
    /// content width), its origin is set by the layout.
    public var chart: Drawing.Command.Chart
    /// Horizontal placement when narrower than the content width.
    public var alignment: ParagraphAlignment

    /// Creates a chart block.
    public init(_ chart: Drawing.Command.Chart, alignment: ParagraphAlignment = .left) {
        self.chart = chart
        self.alignment = alignment
    }
}

/// Vertical white space in the flow; dropped at the top of a page.
public struct Spacer: Hashable, Sendable {
    /// The height in points.
    public var height: Double

    /// Creates a spacer.
    public init(height: Double) {
        self.height = height
    }
}

/// Ends the current page; the next block starts on a new one.
public struct PageBreak: Hashable, Sendable {
    /// Creates a page break.
    public init() {}
}

/// A printed table of contents: one line per heading of level `depth` or less that is in the outline, with dot
/// leaders and the page the heading landed on, each line a link to its heading.
///
/// Page numbers are known only after pagination, so the report is laid out with the lines in place (their number
/// is known before layout) and laid out again with the numbers filled in, until no heading moves.
public struct TableOfContents: Hashable, Sendable {
    /// A title set above the entries like a level-1 heading, itself neither listed nor in the outline; nil for none.
    public var title: String?
    /// The deepest heading level listed (1–3).
    public var depth: Int

    /// Creates a table of contents; `depth` is clamped to 1…3.
    public init(title: String? = nil, depth: Int = 2) {
        self.title = title
        self.depth = min(3, max(1, depth))
    }
}
