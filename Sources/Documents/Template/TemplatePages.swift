import DrawingModule
import Expressions
import Fonts
import Reports

/// A flowing template's pages made one at a time (`PageSource`): what `Template.document(values:data:options:)`
/// makes, for a report too long to hold — its pages counted first (so every footer knows the page count), then
/// laid out again for each walk, each page released once drawn. A short report is laid out whole once and held
/// (`document`), as a second walk would cost more than holding its few pages.
public struct TemplatePages: PageSource, Sendable {
    /// The most blocks and table rows (`Report.size`) a report may hold and still be laid out whole and held.
    public static let heldSize = 2_048

    /// A report laid out one page at a time: what each walk lays out again.
    struct Walk: Sendable {
        var template: Template
        var report: Report
        var scope: TemplateScope
        var fonts: FontRegistry
        var pagination: ReportPagination
        /// The template's positioned elements, drawn on the first page beneath the flow.
        var firstPageCommands: [Drawing.Command]
    }

    /// The pages held, or how to make them.
    enum Pages: Sendable {
        case held(Document)
        case walked(Walk)
    }

    let pages: Pages

    /// The template's title, author and the rest, filled in.
    public let metadata: Document.Metadata

    /// How many pages each walk makes.
    public var pageCount: Int {
        switch pages {
        case .held(let document): document.pages.count
        case .walked(let walk): walk.pagination.pageCount
        }
    }

    /// One entry per heading of the flow, in reading order.
    public var outline: [Document.OutlineEntry] {
        switch pages {
        case .held(let document): document.outline
        case .walked(let walk): walk.pagination.outline
        }
    }

    /// The whole document of a short report, laid out once; nil for one made page by page.
    public var document: Document? {
        if case .held(let document) = pages { document } else { nil }
    }

    /// Hands each page to `body` in order: a held page as it is, a walked report laid out again as the flow leaves
    /// each page.
    /// - Throws: `TemplateError` naming the template (a header or footer that fails, a layout problem, the
    ///   deadline), or what `body` throws, unchanged.
    public func forEachPage(_ body: (_ index: Int, _ page: Drawing) throws -> Void) throws {
        switch pages {
        case .held(let document):
            for (index, page) in document.pages.enumerated() { try body(index, page) }
        case .walked(let walk):
            try walk.forEachPage(body)
        }
    }
}

extension TemplatePages.Walk {
    /// Lays the report out again, handing each page to `body` as the flow leaves it.
    func forEachPage(_ body: (_ index: Int, _ page: Drawing) throws -> Void) throws {
        var index = 0
        var failure: TemplateError?
        do {
            try report.layout(
                fonts: fonts, pagination: pagination,
                bands: { page, pages in
                    do throws(TemplateError) {
                        return try template.bands(page: page, pages: pages, scope: scope)
                    } catch {
                        failure = error
                        throw error
                    }
                },
                pages: { drawing in
                    var page = drawing
                    if index == 0 { page.commands = firstPageCommands + page.commands }
                    if let background = template.background { page.background = background }
                    try body(index, page)
                    index += 1
                })
        } catch let error as ReportError {
            throw failure ?? template.layoutFailure(error)
        }
    }
}

extension Template {
    /// The pages of a flowing template, made one at a time as a renderer walks them (`TemplatePages`): the pages of
    /// `document(values:data:options:)`, never all held unless the report holds at most `heldSize` blocks and table
    /// rows or the template asks for what only a whole document has (an archive level, a signature field, flattened
    /// forms). `data` and `values` as there.
    /// - Throws: `TemplateError` as `document(values:data:options:)` does, before any page is drawn: a flow that
    ///   fails to lay out, the `elements-per-document` budget; `badValue` for a template without a flow.
    public func pages(
        values given: [String: String] = [:], data given2: [String: TemplateValue] = [:],
        options: TemplateRenderOptions = TemplateRenderOptions(), heldSize: Int = TemplatePages.heldSize
    ) throws(TemplateError) -> TemplatePages {
        guard !flow.isEmpty else {
            throw TemplateError(
                file: file,
                reason: .badValue(
                    key: "flow", value: "a positioned template",
                    expected: "a flow to lay out page by page; a positioned template is one page: call render"))
        }
        let (scope, commands, metadata) = try positioned(values: given, data: given2, options: options)
        let report = try flowReport(scope: scope, metadata: metadata, options: options)
        // An archive level, a signature field, flattened forms and PDF/UA are settings of the whole document.
        let whole =
            furniture.archive != nil || furniture.signatureField != nil || furniture.flattensForms || furniture.pdfua
        if whole || report.size <= heldSize {
            let document = try document(
                from: try flowOutput(report, scope: scope, options: options), firstPage: commands)
            return TemplatePages(pages: .held(document), metadata: metadata)
        }
        let fonts = options.fonts ?? .shared
        let pagination: ReportPagination
        do {
            pagination = try report.paginate(fonts: fonts)
        } catch {
            throw layoutFailure(error)
        }
        // Each page's header and footer is one group beside the body's commands.
        try checkElementsPerDocument(commands.count + pagination.elementCount + pagination.pageCount)
        let walk = TemplatePages.Walk(
            template: self, report: report, scope: scope, fonts: fonts, pagination: pagination,
            firstPageCommands: commands)
        return TemplatePages(pages: .walked(walk), metadata: metadata)
    }
}
