import DrawingModule

/// A laid-out report: one drawing per page, the outline (bookmarks) and where every text went.
///
/// Pages are plain `Drawing`s, so the same output renders to PDF and to PNG; `document` carries the outline too,
/// so the PDF renderer writes the bookmarks and the raster renderer ignores them.
public struct ReportOutput: Hashable, Sendable {
    /// The pages, first first.
    public var pages: [Drawing]
    /// The PDF Info entries.
    public var metadata: Document.Metadata
    /// One entry per heading, in reading order.
    public var outline: [Document.OutlineEntry]
    /// Every text drawn, with the box it had to stay in: for checking that nothing overflows.
    public var placedTexts: [PlacedText]
    /// Where each block went: for a designer that outlines a block of the flow where it was set.
    public var placedBlocks: [PlacedBlock] = []

    /// The pages, metadata and outline as a document for the renderers.
    public var document: Document { Document(pages: pages, metadata: metadata, outline: outline) }
}

/// A report's pages counted without holding them (`Report.paginate(fonts:)`): what a renderer must know before
/// the first page is drawn — how many there are (for "page X of Y") and the outline — and what
/// `Report.layout(fonts:pagination:bands:pages:)` needs to lay out the same pages again.
public struct ReportPagination: Hashable, Sendable {
    /// How many pages the report takes.
    public var pageCount: Int
    /// One entry per heading, in reading order, each naming its page by index.
    public var outline: [Document.OutlineEntry]
    /// The top-level drawing commands of all page bodies together (a table's row is one), headers and footers
    /// not counted: what a document budget is held to.
    public var elementCount: Int
    /// The page (from 0) of each heading the table of contents lists, once settled; nil without one.
    var contentsPages: [Int]?
}

/// One text command as placed: its measured extent and the box it belongs in.
public struct PlacedText: Hashable, Sendable {
    /// Which part of the page the text belongs to.
    public enum Region: String, Hashable, Sendable {
        /// Headings and paragraphs in the body.
        case body
        /// A table cell (header cells included).
        case cell
        /// The page header.
        case header
        /// The page footer.
        case footer
    }

    /// The page, counting from 0.
    public var pageIndex: Int
    /// The characters drawn.
    public var text: String
    /// From the text's left edge to the last glyph's advance, and from the line box top down ascent + descent.
    public var frame: Rect
    /// The box the text must stay inside: the body, the cell, or the header/footer band.
    public var container: Rect
    /// Body, cell, header or footer.
    public var region: Region
}

/// The part of one block of a report that landed on one page: a table broken over three pages is three of them.
public struct PlacedBlock: Hashable, Sendable {
    /// The block's index in `Report.blocks`.
    public var block: Int
    /// The page, from 0.
    public var page: Int
    /// The page's top-level commands the block made there, counted in the page's drawing (after its header and
    /// footer).
    public var commands: Range<Int>

    /// Creates a placed block.
    public init(block: Int, page: Int, commands: Range<Int>) {
        self.block = block
        self.page = page
        self.commands = commands
    }
}
