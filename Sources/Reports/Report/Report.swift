import DrawingModule
import Fonts

/// A multi-page report: paper, page template, style, metadata and the blocks that flow through the pages.
///
/// Built with a result builder (`Report { Heading(…); Paragraph(…); Table(…) }`) because a report is declarative
/// content with loops and conditions — one section per group, an optional summary — and a builder lets that read
/// like the document it makes, `for` and `if` included. `blocks` stays a plain array, so code may also `append`.
/// Everything is a value: a report can be built on one thread and laid out on another.
///
/// ```swift
/// let report = Report(metadata: .init(title: "会員名簿")) {
///     Heading("会員名簿", level: 1)
///     Paragraph("ランク別の会員一覧です。", alignment: .justified)
///     Table(columns: [TableColumn("会員番号"), TableColumn("氏名", width: .fraction(1))],
///           rows: members.map { [$0.id, $0.name] })
/// }
/// let output = try report.layout()          // pages as Drawings, outline entries, placed texts
/// try render(output.document, options: OutputOptions()).write(to: url)   // Render's one entry point
/// ```
public struct Report: Hashable, Sendable {
    /// Paper size and margins.
    public var page: PageSetup
    /// Header and footer.
    public var template: PageTemplate
    /// Fonts, sizes and palette.
    public var style: ReportStyle
    /// Title, author and the rest, written into the PDF's Info dictionary.
    public var metadata: Document.Metadata
    /// The content, in reading order.
    public var blocks: [ReportBlock]
    /// When the layout must be done by, checked at every block and page; nil for no limit.
    public var deadline: Deadline?

    /// Creates a report from its settings and content.
    public init(
        page: PageSetup = .a4, template: PageTemplate = .pageNumbers, style: ReportStyle = ReportStyle(),
        metadata: Document.Metadata = Document.Metadata(),
        @ReportBuilder content: () -> [ReportBlock] = { [] }
    ) {
        self.page = page
        self.template = template
        self.style = style
        self.metadata = metadata
        self.blocks = content()
    }

    /// How many blocks and table rows the report holds: what the work and memory of laying it out grow with.
    public var size: Int {
        blocks.reduce(0) { total, block in
            if case .table(let table) = block { total + table.rows.count + table.footer.count } else { total + 1 }
        }
    }

    /// Adds a block at the end.
    public mutating func append(_ block: some ReportBlockConvertible) {
        blocks.append(block.reportBlock)
    }

    /// Adds blocks built with the report builder at the end.
    public mutating func append(@ReportBuilder _ content: () -> [ReportBlock]) {
        blocks += content()
    }

    /// Lays the report out into pages, measuring text with `fonts` (the metrics both renderers use).
    /// - Throws: `ReportError` naming the block, row or header item that cannot be laid out.
    public func layout(fonts: FontRegistry = .shared) throws(ReportError) -> ReportOutput {
        let template = self.template
        return try LayoutEngine.run(report: self, fonts: fonts) { _, _ in template }
    }

    /// Lays the report out with a header and footer made for each page once the page count is known:
    /// `bands(page, pages)` (both from 1) returns that page's `PageTemplate`, so a header can say （続き） from page 2
    /// on, or a first page can have none.
    /// - Throws: `ReportError`; an error `bands` throws becomes `.band` naming the page.
    public func layout(
        fonts: FontRegistry = .shared, bands: (_ page: Int, _ pages: Int) throws -> PageTemplate
    ) throws(ReportError) -> ReportOutput {
        try LayoutEngine.run(report: self, fonts: fonts, bands: bands)
    }

    /// The report's pages counted, its outline found, without holding any page: the first step of laying out a
    /// report too long to hold (`layout(fonts:pagination:bands:pages:)`).
    /// - Throws: `ReportError`, as `layout(fonts:)`.
    public func paginate(fonts: FontRegistry = .shared) throws(ReportError) -> ReportPagination {
        try LayoutEngine.paginate(report: self, fonts: fonts)
    }

    /// Lays the report out one page at a time, for a report too long to hold: each page, its header and footer
    /// from `bands(page, pages)` with the count `pagination` found, goes to `pages` as soon as the flow leaves it
    /// and is released once `pages` returns — the same pages as `layout(fonts:bands:)`, in order, and no
    /// `placedTexts`. May be called again with the same pagination for the same pages (a PDF walks them twice).
    /// - Throws: `ReportError` as `layout(fonts:bands:)` does; an error `pages` throws stops the layout and is
    ///   thrown unchanged.
    public func layout(
        fonts: FontRegistry = .shared, pagination: ReportPagination,
        bands: (_ page: Int, _ pages: Int) throws -> PageTemplate, pages: (Drawing) throws -> Void
    ) throws {
        try LayoutEngine.stream(report: self, fonts: fonts, pagination: pagination, bands: bands, sink: pages)
    }
}

/// One piece of report content.
public enum ReportBlock: Hashable, Sendable {
    /// A section title.
    case heading(Heading)
    /// Running text.
    case paragraph(Paragraph)
    /// A table.
    case table(Table)
    /// A PNG image.
    case image(ReportImage)
    /// A chart, kept whole on one page.
    case chart(ReportChart)
    /// A printed table of contents: the report's headings with their page numbers, each a link to its heading.
    case tableOfContents(TableOfContents)
    /// Vertical space.
    case spacer(Spacer)
    /// The end of a page.
    case pageBreak
}

/// Anything the report builder accepts as a block.
public protocol ReportBlockConvertible {
    /// The block this value stands for.
    var reportBlock: ReportBlock { get }
}

extension Heading: ReportBlockConvertible {
    /// `.heading(self)`.
    public var reportBlock: ReportBlock { .heading(self) }
}

extension Paragraph: ReportBlockConvertible {
    /// `.paragraph(self)`.
    public var reportBlock: ReportBlock { .paragraph(self) }
}

extension Table: ReportBlockConvertible {
    /// `.table(self)`.
    public var reportBlock: ReportBlock { .table(self) }
}

extension ReportImage: ReportBlockConvertible {
    /// `.image(self)`.
    public var reportBlock: ReportBlock { .image(self) }
}

extension ReportChart: ReportBlockConvertible {
    /// `.chart(self)`.
    public var reportBlock: ReportBlock { .chart(self) }
}

extension TableOfContents: ReportBlockConvertible {
    /// `.tableOfContents(self)`.
    public var reportBlock: ReportBlock { .tableOfContents(self) }
}

extension Spacer: ReportBlockConvertible {
    /// `.spacer(self)`.
    public var reportBlock: ReportBlock { .spacer(self) }
}

extension PageBreak: ReportBlockConvertible {
    /// `.pageBreak`.
    public var reportBlock: ReportBlock { .pageBreak }
}

extension ReportBlock: ReportBlockConvertible {
    /// The block itself.
    public var reportBlock: ReportBlock { self }
}

/// Collects report blocks written one per line, with `if`, `if let`, `switch` and `for` allowed.
@resultBuilder
public enum ReportBuilder {
    /// One block.
    public static func buildExpression(_ block: some ReportBlockConvertible) -> [ReportBlock] { [block.reportBlock] }
    /// Several blocks made elsewhere.
    public static func buildExpression(_ blocks: [ReportBlock]) -> [ReportBlock] { blocks }
    /// The blocks of a body, in order.
    public static func buildBlock(_ parts: [ReportBlock]...) -> [ReportBlock] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [ReportBlock]?) -> [ReportBlock] { part ?? [] }
    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first part: [ReportBlock]) -> [ReportBlock] { part }
    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second part: [ReportBlock]) -> [ReportBlock] { part }
    /// A `for` loop's bodies, in order.
    public static func buildArray(_ parts: [[ReportBlock]]) -> [ReportBlock] { parts.flatMap { $0 } }
}
