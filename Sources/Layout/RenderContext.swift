import DrawingModule
import Fonts
import Foundation
import Support

/// What one owner of many documents — a batch run, a server process, a job, a benchmark — keeps between them, so
/// the work every document repeats is done once for the owner: the laid-out beginnings of recent first pages, and
/// the shelf of every other stage's caches (set text boxes, shapings, barcode layouts, a template's fixed elements,
/// font programs, deflate states, encoded texts, the pixels and PDF content of shared page beginnings, the bands of
/// recent PNGs, FreeType faces).
///
/// Explicit and bounded rather than process-wide: two contexts share nothing, so unrelated callers (two services,
/// two tests) never see each other's work, and the owner decides when it is emptied (`removeAll()`, what
/// `mkpdf-bench --cold` does before each document). A render given no context (`OutputOptions.context` nil) keeps
/// nothing: every document is made from scratch, which is what a test counting work needs. Each cache is bounded
/// as its kind needs (four page beginnings, 512 set boxes, 4,096 shapings …), so a context lives as long as its
/// owner without growing.
///
/// A kept first-page beginning is what laying out a document's first commands left: the elements and the texts of
/// those commands, the structure tree so far and the document's shapings. A first page starts from a fresh
/// document's state, so the same commands in the same frame leave the same state; giving it back lays out the rest
/// of the page as if the beginning had been laid out (`LayoutPrefixTests` compares structure and output bytes).
/// A task counting its layout work (`LayoutWork`) lays out every command.
public final class RenderContext: Sendable {
    /// What laying out a page depends on besides its commands.
    struct Frame: Equatable {
        var size: Size
        var background: Color?
        var gridPixelsPerPoint: Double
        /// The registry fonts come from, held so its identity stays its own.
        var fonts: FontRegistry
        /// The output's own text widths (a CID PDF's), by type: set text depends on them.
        var widths: ObjectIdentifier?

        init(layout: DocumentLayout, drawing: Drawing) {
            size = drawing.size
            background = drawing.background
            gridPixelsPerPoint = layout.gridPixelsPerPoint
            fonts = layout.fonts
            widths = layout.widths.map { ObjectIdentifier(type(of: $0)) }
        }

        static func == (a: Frame, b: Frame) -> Bool {
            a.size == b.size && a.background == b.background && a.gridPixelsPerPoint == b.gridPixelsPerPoint
                && a.fonts === b.fonts && a.widths == b.widths
        }
    }

    /// What laying out a first page's beginning left.
    struct Kept {
        var elements: [LaidOutElement]
        var commandStarts: [Int]
        var texts: [String]
        /// Never changed once kept: each page given it back goes on with a copy.
        var structure: StructureBuilder
        var shapings: [TextLayoutCache.Key: TextLayout.Shaping]
    }

    /// Pages sharing fewer leading commands are laid out whole; four beginnings and recent pages are kept.
    private let beginnings = PageBeginnings<Frame, Kept>(fewestShared: 8, limit: 4)

    /// The caches of every other stage, handed to each by the renderers, the layout and the template.
    package let caches = CacheShelf()

    /// A context keeping nothing yet; each cache is made when a document first needs it.
    public init() {}

    /// How to lay out `drawing`, a document's first page, in `frame`.
    func plan(for drawing: Drawing, in frame: Frame) -> PageBeginnings<Frame, Kept>.Plan {
        beginnings.plan(for: drawing.commands, in: frame)
    }

    /// Keeps `kept` as what the first `count` commands of `drawing` left in `frame`.
    func keep(_ kept: Kept, after count: Int, of drawing: Drawing, in frame: Frame) {
        beginnings.keep(kept, after: count, of: drawing.commands, in: frame)
    }

    /// Counts a page in `frame` given back its beginning of `count` commands.
    func hit(in frame: Frame, after count: Int) { beginnings.hit(in: frame, after: count) }

    /// How many pages were given a beginning back.
    var resumedPages: Int { beginnings.hits }

    /// How many entries the context keeps now, page beginnings and every cache on the shelf: 0 for a context no
    /// document used.
    package var keptEntries: Int { beginnings.keptEntries + caches.keptEntries }

    /// Forgets every document's work kept — beginnings, recent pages and every cache — so the next document is made
    /// as if it were the first (`mkpdf-bench --cold`); open font files and idle compressors, which hold no document's
    /// work, stay until the context goes.
    public func removeAll() {
        beginnings.removeAll()
        caches.removeAll()
    }
}
