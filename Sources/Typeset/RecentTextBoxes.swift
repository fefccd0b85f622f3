import DrawingModule
import Fonts
import Foundation

/// The last text boxes set (or listed as texts), found by the storage of their runs: a template checks a box and
/// the renderer then lists and sets that same box value two or three times, and a template reuses a box whose
/// values did not change from one record to the next. A box whose runs are the very array of a kept box (the same
/// storage, held by the kept box so it cannot be reused or changed) has the same bytes, so it is compared without
/// hashing or reading its texts; any other box goes to the cache keyed by its bytes (`SetBoxKey`).
final class RecentTextBoxes<Value: Sendable>: @unchecked Sendable {
    /// One kept box; a class, so a lookup reading it copies a reference, not the box.
    private final class Entry {
        let box: Drawing.Command.TextBox
        let fonts: FontRegistry
        let kinsoku: Kinsoku
        let value: Value

        init(box: Drawing.Command.TextBox, fonts: FontRegistry, kinsoku: Kinsoku, value: Value) {
            self.box = box
            self.fonts = fonts
            self.kinsoku = kinsoku
            self.value = value
        }
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    /// The runs' storage of each entry, in `entries`' order: what a lookup scans, without copying an entry.
    private var storages: [UnsafeRawPointer] = []
    /// Where the next entry goes once `entries` is full (the oldest).
    private var next = 0
    /// The entry found or kept last, where a lookup starts: boxes come back in the order they were kept (a template
    /// checks a page's boxes, the renderer lists them, sets them, then draws them), so the next one is found there or
    /// just after.
    private var cursor = 0
    private let limit: Int

    /// An empty list keeping at most `limit` boxes.
    init(limit: Int) {
        self.limit = limit
    }

    /// The value kept for `box` with the same runs storage, registry and rules, if any.
    func value(for box: Drawing.Command.TextBox, fonts: FontRegistry, kinsoku: Kinsoku) -> Value? {
        guard let runs = Self.storage(of: box.runs) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        let (storages, entries) = (self.storages, self.entries)
        var index = cursor
        for _ in 0..<storages.count {
            if index >= storages.count { index = 0 }
            // Equal storage makes `==` on the runs an identity test, not a comparison of their texts.
            if storages[index] == runs {
                let entry = entries[index]
                if entry.fonts === fonts, entry.box == box, entry.kinsoku == kinsoku {
                    cursor = index
                    return entry.value
                }
            }
            index += 1
        }
        return nil
    }

    /// Keeps `value` for `box`, in place of the oldest entry when full.
    func store(_ value: Value, for box: Drawing.Command.TextBox, fonts: FontRegistry, kinsoku: Kinsoku) {
        guard let runs = Self.storage(of: box.runs) else { return }
        let entry = Entry(box: box, fonts: fonts, kinsoku: kinsoku, value: value)
        lock.lock()
        defer { lock.unlock() }
        cursor = next
        if entries.count < limit {
            entries.append(entry)
            storages.append(runs)
            next = entries.count % limit
        } else {
            entries[next] = entry
            storages[next] = runs
            next = (next + 1) % limit
        }
    }

    /// How many boxes are kept.
    var count: Int { lock.withLock { entries.count } }

    /// Forgets every box.
    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
        storages.removeAll()
        next = 0
        cursor = 0
    }

    /// The address of the runs' elements; nil for no runs (nothing to tell boxes apart by).
    private static func storage(of runs: [TextRun]) -> UnsafeRawPointer? {
        guard !runs.isEmpty else { return nil }
        return runs.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }
}
