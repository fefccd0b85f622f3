import DrawingModule
import Fonts
import Foundation
import Haru
import Support

/// The content of drawing beginnings that recent PDF pages share, so the next first page that starts the same way
/// gets those bytes back instead of drawing them again: a batch of tickets differs in the member's text, drawn after
/// the frame, rules, ornaments and labels every ticket repeats. The PDF-side counterpart of `RasterPrefixes`.
///
/// A kept beginning is the content stream's bytes after its first commands, with every call that did more than
/// write bytes in order (`Step`: fonts and alpha states made for the document, fonts named in the page's resources,
/// libHaru's graphics state saved, restored or set), and the target's own state (colours, the shapes waiting to be
/// painted). Giving it back makes the same objects in the same order, names the same resources and writes the same
/// bytes as drawing the commands would (tested byte for byte). Only a document's first page uses them, and only
/// beginnings of lines, shapes, paths and plain texts, in embedded subsets or libHaru's CID fonts.
///
/// Glyph codes depend on every glyph a document's subset holds, so a beginning keeps the codes its fonts had; a
/// page whose fonts give other codes (another member number's digits) is drawn and its beginning kept too.
///
/// One per owner of many documents (its `RenderContext`'s shelf); a renderer given no context draws every page whole.
final class PDFPrefixes: ShelvedCache {
    /// What a page's content depends on besides its commands.
    struct Frame: Equatable {
        var size: Size
        var background: Color?
        var subsets: Bool
        var gridPixelsPerPoint: Double
        /// The registry fonts come from, held so its identity stays its own.
        var fonts: FontRegistry
        /// Embedded subsets or libHaru's CID fonts: the same commands write other content and objects.
        var fontMode: PDFFontMode
        /// A tagged page: the same commands write marked-content operators around them.
        var tagged = false

        static func == (a: Frame, b: Frame) -> Bool {
            a.size == b.size && a.background == b.background && a.subsets == b.subsets
                && a.gridPixelsPerPoint == b.gridPixelsPerPoint && a.fonts === b.fonts && a.fontMode == b.fontMode
                && a.tagged == b.tagged
        }
    }

    /// A font of the document's font set: a face in a variant, with an alias (`PDFFontSet.font(for:variant:alias:)`),
    /// or widened by letter spacing (`.spaced`, `PDFFontSet.spacedFont(for:spacing:)`).
    struct FontUse {
        var face: FontFace
        var variant: PDFFontSet.Variant
        var alias: Int?
    }

    /// What a font showed glyphs with: the codes and widths its document's subset gave (nil: no spaced font).
    struct FontCodes: Equatable {
        var codes: [UInt32: UInt16]
        var widths: [UInt32: Int]
        var verticalOrigin: Int?

        init(_ entry: PDFFontSet.Embedded) {
            codes = entry.codes
            widths = entry.widths
            verticalOrigin = entry.verticalOrigin
        }
    }

    /// A call that did more than append bytes to the content, in the order it was made.
    enum Step {
        /// The document's font asked for (made on first use), and the codes it gave.
        case font(FontUse, FontCodes?)
        /// The font named in the page's resources, before glyphs were shown with it.
        case useFont(FontUse)
        /// The document's CID font of a logical font name (`.cid` mode), asked for; then named in the resources.
        case cidFont(String)
        case useCIDFont(String)
        /// `q`, `Q`, `w`, `J` and `gs` through libHaru, which keeps the graphics state they change.
        case save, restore
        case lineWidth(Double)
        case lineCap(PDFLineCap)
        case alpha(stroke: Double, fill: Double)
    }

    /// What drawing a page's first commands did: its content from `start`, each step with the span of that content
    /// it wrote (offsets from `start`), and the target's state after it.
    struct Journal {
        var start: Int
        var steps: [(step: Step, from: Int, to: Int)] = []
        var bytes: [UInt8] = []
        var target = PDFTarget.Snapshot()
        /// What painting the shapes still waiting at the end wrote, when nothing joined them first.
        var batchContent: [UInt8]?
        /// The document's font registrations after the beginning's texts, registered first into an empty set.
        var registrations: PDFFontSet.Registrations?
        /// How many lines of text the beginning drew (`textCount(of:before:)`), so a page given it back need not
        /// count them again.
        var texts: Int?
        /// A tagged page's marks of the beginning: a page is given it back only when it marks it alike.
        var marks: PageMarks.Beginning?
    }

    /// How a page is to be drawn: from one of the journals kept for its beginning (newest first; one per set of
    /// glyph codes its fonts gave), then the commands after it; in two steps, keeping the journal of the first; or
    /// in one pass.
    typealias Plan = PageBeginnings<Frame, Journal>.Plan

    /// Pages sharing fewer leading commands are drawn whole: giving a beginning back costs about what a few commands
    /// do. Four beginnings and recent pages are kept, and four journals per beginning (a ticket batch's member
    /// numbers give up to four subsets).
    private let beginnings = PageBeginnings<Frame, Journal>(fewestShared: 8, limit: 4, alternatives: 4)
    /// Content larger than this is not kept.
    private let largestContent = 1 << 20

    /// No beginning kept yet.
    init() {}

    /// How many journals and recent pages are kept.
    var keptEntries: Int { beginnings.keptEntries }

    /// Counts a page in `frame` given back its beginning of `count` commands.
    func hit(in frame: Frame, after count: Int) { beginnings.hit(in: frame, after: count) }

    /// How many pages in `frame` were given a beginning back (for tests: other frames' pages do not count).
    func resumed(in frame: Frame) -> Int { beginnings.resumed(in: frame) }

    /// How to draw `drawing`, a document's first page, in `frame`: only beginnings of lines, shapes, paths and
    /// plain texts are kept.
    func plan(for drawing: Drawing, in frame: Frame) -> Plan {
        beginnings.plan(for: drawing.commands, in: frame, keepable: Self.isKeepable)
    }

    /// Keeps `journal` as what the first `count` commands of `drawing` did in `frame`.
    func keep(_ journal: Journal, after count: Int, of drawing: Drawing, in frame: Frame) {
        guard journal.bytes.count <= largestContent else { return }
        beginnings.keep(journal, after: count, of: drawing.commands, in: frame)
    }

    /// Forgets every beginning and recent page.
    func removeAll() {
        beginnings.removeAll()
    }

    /// How many lines of text the first `count` commands of a laid-out page drew: with no group or part among
    /// them, the first glyph runs the PDF renderer's walk of the page finds.
    static func textCount(of page: LaidOutPage, before count: Int) -> Int {
        let pieces = page.elementPieces(ofCommands: 0..<count)
        func texts(_ elements: ArraySlice<LaidOutElement>) -> Int {
            elements.reduce(0) { if case .text = $1 { $0 + 1 } else { $0 } }
        }
        return texts(pieces.given) + texts(pieces.laid)
    }

    /// Commands whose drawing only writes content and the steps a journal records: lines, shapes, paths and texts,
    /// and groups of them that only give them a role (laid out in place, no scope of their own).
    private static func isKeepable(_ command: Drawing.Command) -> Bool {
        switch command {
        case .line, .rect, .ellipse, .path, .text: true
        case .group(let group) where group.clip == nil && group.link == nil && group.name == nil:
            group.commands.allSatisfy(isKeepable)
        default: false
        }
    }
}
