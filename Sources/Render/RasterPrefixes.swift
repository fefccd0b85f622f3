import DrawingModule
import Fonts
import Foundation
import Support

/// The pixels of drawing beginnings that recent pages share, so the next page that starts the same way is drawn
/// from them and only its own commands are rasterised: a batch of tickets differs in the member's text and code,
/// drawn after the frame, rules and ornaments every ticket repeats.
///
/// A page that matches no kept beginning is compared with the pages before it; when it shares at least
/// `fewestShared` leading top-level commands with one, it is drawn in two steps and the pixels after the shared
/// commands are kept. Top-level commands leave the target as they found it, so the two steps give the pixels one
/// pass gives (tested). The PNG-side counterpart of `ContentPrefixes`. One per owner of many documents (its
/// `RenderContext`'s shelf); a renderer given no context draws every page whole.
final class RasterPrefixes: ShelvedCache {
    /// What pixels depend on besides the commands.
    struct Frame: Hashable {
        var width: Int
        var height: Int
        var pixelsPerPoint: Double
        var background: Color?
        var fonts: ObjectIdentifier
    }

    /// How a page is to be drawn.
    enum Plan {
        /// From kept pixels: restore them, then draw the commands from `resume` on.
        case resume(pixels: [UInt8], from: Int)
        /// In two steps, keeping the pixels after the first `split` commands.
        case split(at: Int)
        /// In one pass.
        case whole
    }

    /// Pages sharing fewer leading commands are drawn whole: restoring pixels costs about what a few commands do.
    /// Four beginnings and recent pages are kept (pages of several kinds rendered side by side each keep theirs).
    private let beginnings = PageBeginnings<Frame, [UInt8]>(fewestShared: 8, limit: 4)
    /// Pixels larger than this are not kept, so a few kept pages stay a small part of a batch's memory.
    private let largestPixels = 16 << 20

    /// No beginning kept yet.
    init() {}

    /// How many pixel copies and recent pages are kept.
    var keptEntries: Int { beginnings.keptEntries }

    /// How many pages were drawn from kept pixels (for tests and profiles).
    var hits: Int { beginnings.hits }

    /// How many pages in `frame` were drawn from kept pixels (for tests: other frames' pages do not count).
    func resumed(in frame: Frame) -> Int { beginnings.resumed(in: frame) }

    /// How to draw `drawing` in `frame`.
    func plan(for drawing: Drawing, in frame: Frame) -> Plan {
        guard frame.width * frame.height * 4 <= largestPixels else { return .whole }
        switch beginnings.plan(for: drawing.commands, in: frame) {
        case .resume(let kept, let from):
            guard let pixels = kept.first else { return .whole }
            beginnings.hit(in: frame, after: from)
            return .resume(pixels: pixels, from: from)
        case .split(let at): return .split(at: at)
        case .whole: return .whole
        }
    }

    /// Keeps `pixels` as what the first `count` commands of `drawing` draw in `frame`.
    func keep(_ pixels: [UInt8], after count: Int, of drawing: Drawing, in frame: Frame) {
        beginnings.keep(pixels, after: count, of: drawing.commands, in: frame)
    }

    /// Forgets every beginning and recent page.
    func removeAll() {
        beginnings.removeAll()
    }
}
