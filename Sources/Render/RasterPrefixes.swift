import DrawingModule
import Fonts
import Foundation

/// The pixels of drawing beginnings that recent pages share, so the next page that starts the same way is drawn
/// from them and only its own commands are rasterised: a batch of tickets differs in the member's text and code,
/// drawn after the frame, rules and ornaments every ticket repeats.
///
/// A page that matches no kept beginning is compared with the pages before it; when it shares at least
/// `fewestShared` leading top-level commands with one, it is drawn in two steps and the pixels after the shared
/// commands are kept. Top-level commands leave the target as they found it, so the two steps give the pixels one
/// pass gives (tested). The PNG-side counterpart of `ContentPrefixes`.
final class RasterPrefixes: @unchecked Sendable {
    /// The process's beginnings.
    static let shared = RasterPrefixes()

    /// What pixels depend on besides the commands.
    struct Frame: Hashable {
        var width: Int
        var height: Int
        var pixelsPerPoint: Double
        var background: Color?
        var fonts: ObjectIdentifier
    }

    /// Pixels after the first `commands.count` commands of a page in `frame`.
    struct Beginning {
        var frame: Frame
        var commands: ArraySlice<Drawing.Command>
        var pixels: [UInt8]
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

    private let lock = NSLock()
    private var beginnings: [Beginning] = []
    private var recent: [(frame: Frame, commands: [Drawing.Command])] = []
    private var hitCount = 0
    /// Pages sharing fewer leading commands are drawn whole: restoring pixels costs about what a few commands do.
    let fewestShared = 8
    /// Beginnings and recent pages kept (pages of several kinds rendered side by side each keep theirs).
    private let limit = 4
    /// Pixels larger than this are not kept, so a few kept pages stay a small part of a batch's memory.
    private let largestPixels = 16 << 20

    private init() {}

    /// How many pages were drawn from kept pixels (for tests and profiles).
    var hits: Int { lock.withLock { hitCount } }

    /// How to draw `drawing` in `frame`.
    func plan(for drawing: Drawing, in frame: Frame) -> Plan {
        guard frame.width * frame.height * 4 <= largestPixels else { return .whole }
        let commands = drawing.commands
        return lock.withLock {
            if let kept = beginnings.last(where: {
                $0.frame == frame && commands.count > $0.commands.count
                    && commands[..<$0.commands.count] == $0.commands
            }) {
                hitCount += 1
                return .resume(pixels: kept.pixels, from: kept.commands.count)
            }
            var shared = 0
            for page in recent where page.frame == frame {
                shared = max(shared, zip(page.commands, commands).prefix { $0 == $1 }.count)
            }
            if recent.count >= limit { recent.removeFirst() }
            recent.append((frame, commands))
            // Only a beginning the page does not end with is worth keeping: something must be drawn after it.
            return shared >= fewestShared && shared < commands.count ? .split(at: shared) : .whole
        }
    }

    /// Keeps `pixels` as what the first `count` commands of `drawing` draw in `frame`.
    func keep(_ pixels: [UInt8], after count: Int, of drawing: Drawing, in frame: Frame) {
        lock.withLock {
            if beginnings.count >= limit { beginnings.removeFirst() }
            beginnings.append(Beginning(frame: frame, commands: drawing.commands[..<count], pixels: pixels))
        }
    }

    /// Forgets every beginning and recent page.
    func removeAll() {
        lock.withLock {
            beginnings.removeAll()
            recent.removeAll()
        }
    }
}
