import DrawingModule
import Fonts
import Foundation

/// What one owner of many documents — a batch run, a server, a job — keeps between their layouts: the laid-out
/// beginnings of recent first pages, so the next first page that starts with the same commands takes their elements
/// instead of laying them out again. A batch of tickets or invoices differs in a few values, laid out after the
/// frame, rules, labels and logo every document repeats.
///
/// A kept beginning is what laying out a document's first commands left: the elements and the texts of those
/// commands, the structure tree so far and the document's shapings. A first page starts from a fresh document's
/// state, so the same commands in the same frame leave the same state; giving it back lays out the rest of the page
/// as if the beginning had been laid out (`LayoutPrefixTests` compares structure and output bytes). Bounded: four
/// beginnings and four recent pages. A layout without one (`DocumentLayout.reuse` nil) lays out every command, as
/// does a task counting its layout work (`LayoutWork`).
public final class LayoutReuse: @unchecked Sendable {
    /// What laying out a page depends on besides its commands.
    struct Frame: Equatable {
        var size: Size
        var background: Color?
        var gridPixelsPerPoint: Double
        /// The registry fonts come from, held so its identity stays its own.
        var fonts: FontRegistry
        /// The output's own text widths (a CID PDF's), by type: set text depends on them.
        var widths: String?

        init(layout: DocumentLayout, drawing: Drawing) {
            size = drawing.size
            background = drawing.background
            gridPixelsPerPoint = layout.gridPixelsPerPoint
            fonts = layout.fonts
            widths = layout.widths.map { String(reflecting: type(of: $0)) }
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

    /// Nothing kept yet.
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

    /// Forgets every beginning and recent page (`mkpdf-bench --cold`).
    public func removeAll() { beginnings.removeAll() }
}
