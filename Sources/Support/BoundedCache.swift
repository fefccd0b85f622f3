import Foundation

/// A dictionary behind a lock that is emptied when it reaches `limit` entries: the one shape of the caches that let a
/// batch pay once for what every document repeats (font subsets, shaped text, set text boxes).
///
/// Emptying instead of evicting one entry keeps lookups to a hash and a lock; a batch's working set is far smaller
/// than the limits used.
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Key: Value] = [:]
    private let limit: Int

    /// An empty cache holding at most `limit` entries.
    package init(limit: Int) {
        self.limit = limit
    }

    /// The value stored for `key`, if any.
    package func value(for key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return entries[key]
    }

    /// Stores `value` for `key`, first emptying the cache when it is full.
    package func store(_ value: Value, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        entries[key] = value
    }

    /// Forgets every entry: what `mkpdf-bench --cold` does before each document, to measure one document alone.
    package func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
    }
}

/// The caches of modules the Render module does not reach (a template's fixed commands, in Documents), which
/// `DocumentCaches.removeAll()` — `mkpdf-bench --cold` — must empty with its own: each registers its `removeAll` when
/// it is made, so one that was never made has nothing to empty.
package enum RegisteredCaches {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var removers: [@Sendable () -> Void] = []

    /// Makes `cache` one that `removeAll()` empties, and returns it.
    package static func register<Key: Hashable & Sendable, Value: Sendable>(
        _ cache: BoundedCache<Key, Value>
    ) -> BoundedCache<Key, Value> {
        lock.withLock { removers.append { cache.removeAll() } }
        return cache
    }

    /// Empties every registered cache.
    package static func removeAll() {
        for remove in lock.withLock({ removers }) { remove() }
    }
}
