import DrawingModule
import Foundation

/// The bookkeeping of pages that begin alike, for the caches of shared beginnings (the layout stage's laid-out
/// elements in `RenderContext`, the renderers' pixels and content journals): recent pages' commands, and what was
/// kept after the first commands of those that shared a beginning with one.
///
/// A page that begins with a kept beginning resumes from it; one that shares at least `fewestShared` leading
/// commands with a recent page is drawn in two steps, and what the first step left is kept. Behind a lock: a batch
/// renders documents on several threads.
package final class PageBeginnings<Frame: Equatable, Kept>: @unchecked Sendable {
    /// What was kept for pages in `frame` beginning with `commands`.
    private struct Beginning {
        var frame: Frame
        var commands: ArraySlice<Drawing.Command>
        /// Newest first, as a plan gives them: handed out as they are, not reversed into a new array per page.
        var kept: [Kept]
        /// How many pages resumed from it.
        var resumed = 0
    }

    /// How a page is to be drawn.
    package enum Plan {
        /// From one of `kept` (newest first), then the commands from `from` on.
        case resume([Kept], from: Int)
        /// In two steps, keeping what the first `split` commands leave.
        case split(at: Int)
        /// In one pass.
        case whole
    }

    private let lock = NSLock()
    private var beginnings: [Beginning] = []
    private var recent: [(frame: Frame, commands: [Drawing.Command])] = []
    private var hitCount = 0
    /// Pages sharing fewer leading commands are drawn whole.
    package let fewestShared: Int
    /// Beginnings and recent pages kept, and what is kept per beginning.
    private let limit: Int
    private let alternatives: Int

    /// Bookkeeping that splits pages sharing `fewestShared` commands or more, keeping `limit` beginnings and recent
    /// pages and `alternatives` things kept per beginning.
    package init(fewestShared: Int, limit: Int, alternatives: Int = 1) {
        self.fewestShared = fewestShared
        self.limit = limit
        self.alternatives = alternatives
    }

    /// How many pages resumed from a kept beginning (for tests and profiles).
    package var hits: Int { lock.withLock { hitCount } }

    /// Counts a page in `frame` that resumed from its kept beginning of `count` commands.
    package func hit(in frame: Frame, after count: Int) {
        lock.withLock {
            hitCount += 1
            var index = beginnings.endIndex
            while index > beginnings.startIndex {
                index -= 1
                if beginnings[index].frame == frame && beginnings[index].commands.count == count {
                    beginnings[index].resumed += 1
                    return
                }
            }
        }
    }

    /// How many pages resumed from the beginnings kept in `frame` (for tests: other frames' pages do not count).
    package func resumed(in frame: Frame) -> Int {
        lock.withLock { beginnings.reduce(0) { $0 + ($1.frame == frame ? $1.resumed : 0) } }
    }

    /// How to draw `commands` in `frame`; no beginning is planned past the first command `keepable` refuses (asked
    /// only when a beginning is to be kept, not when one is given back).
    package func plan(
        for commands: [Drawing.Command], in frame: Frame, keepable: (Drawing.Command) -> Bool = { _ in true }
    ) -> Plan {
        lock.withLock {
            // Newest first, by index: the generic `last(where:)` of this unspecialised class cost more than the test.
            var index = beginnings.endIndex
            while index > beginnings.startIndex {
                index -= 1
                let beginning = beginnings[index]
                if beginning.frame == frame && commands.count > beginning.commands.count
                    && Self.sharedCount(commands[...], beginning.commands) == beginning.commands.count
                {
                    return .resume(beginning.kept, from: beginning.commands.count)
                }
            }
            var shared = 0
            for page in recent where page.frame == frame {
                shared = max(shared, Self.sharedCount(page.commands[...], commands[...]))
            }
            if recent.count >= limit { recent.removeFirst() }
            recent.append((frame, commands))
            if shared >= fewestShared { shared = min(shared, commands.prefix(while: keepable).count) }
            // Only a beginning the page does not end with is worth keeping: something must be drawn after it.
            return shared >= fewestShared && shared < commands.count ? .split(at: shared) : .whole
        }
    }

    /// Keeps `kept` as what the first `count` of `commands` left in `frame`.
    package func keep(_ kept: Kept, after count: Int, of commands: [Drawing.Command], in frame: Frame) {
        let beginning = commands[..<count]
        lock.withLock {
            if let index = beginnings.firstIndex(where: { $0.frame == frame && $0.commands == beginning }) {
                if beginnings[index].kept.count >= alternatives { beginnings[index].kept.removeLast() }
                beginnings[index].kept.insert(kept, at: 0)
                return
            }
            if beginnings.count >= limit { beginnings.removeFirst() }
            beginnings.append(Beginning(frame: frame, commands: beginning, kept: [kept]))
        }
    }

    /// How many things are kept: each beginning's and each recent page (`ShelvedCache.keptEntries`).
    package var keptEntries: Int { lock.withLock { beginnings.reduce(recent.count) { $0 + $1.kept.count } } }

    /// Forgets every beginning and recent page.
    package func removeAll() {
        lock.withLock {
            beginnings.removeAll()
            recent.removeAll()
        }
    }

    /// True when the commands at `index` are the same bytes: a template's fixed elements come from one cache, so
    /// their commands share one box (`Drawing.Command` is indirect) and compare equal without `==` reading both
    /// payloads (commands in different boxes only send the pair to `==`).
    private static func same(
        _ a: UnsafeBufferPointer<Drawing.Command>, _ b: UnsafeBufferPointer<Drawing.Command>, at index: Int
    ) -> Bool {
        memcmp(a.baseAddress! + index, b.baseAddress! + index, MemoryLayout<Drawing.Command>.size) == 0
    }

    /// How many leading commands `a` and `b` share, compared in place (iterating copies each command out, which
    /// cost several times the comparison).
    private static func sharedCount(_ a: ArraySlice<Drawing.Command>, _ b: ArraySlice<Drawing.Command>) -> Int {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var index = 0
                while index < min(a.count, b.count), Self.same(a, b, at: index) || a[index] == b[index] { index += 1 }
                return index
            }
        }
    }
}
