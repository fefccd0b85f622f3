/// A document too long to hold whole: its pages made one at a time, as often as a renderer asks, the same pages in
/// the same order each time.
///
/// A long report's pages held as `Document.pages` grow memory with every row; a renderer walks a source instead (a
/// PDF twice: once for the glyphs its fonts keep, once to draw), and each page is released once drawn. What a PDF
/// writes after its pages (the outline) is known before the first walk.
public protocol PageSource {
    /// How many pages every walk makes.
    var pageCount: Int { get }
    /// Title, author and the rest.
    var metadata: Document.Metadata { get }
    /// One entry per bookmark, each naming its page by index.
    var outline: [Document.OutlineEntry] { get }
    /// Makes every page in order, handing each to `body` with its index (from 0), which is done with it when it
    /// returns.
    /// - Throws: what making a page throws, or what `body` throws, unchanged.
    func forEachPage(_ body: (_ index: Int, _ page: Drawing) throws -> Void) throws
    /// The whole document, when the source is short enough to have held it: a renderer then draws it as a
    /// `Document` (laid out once, no second walk); nil for a source that makes its pages one at a time.
    var document: Document? { get }
}

extension PageSource {
    /// None: the pages are made one at a time.
    public var document: Document? { nil }
}
