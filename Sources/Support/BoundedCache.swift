import Foundation

/// A dictionary behind a lock that is emptied when it reaches `limit` entries: the one shape of the caches that let a
/// batch pay once for what every document repeats (font subsets, shaped text, set text boxes).
///
/// Emptying instead of evicting one entry keeps lookups to a hash and a lock; a batch's working set is far smaller
/// than the limits used. Caches of documents' work live on their owner's `CacheShelf`, never in a global.
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

    /// How many entries are kept (`CacheShelf.keptEntries`).
    package var count: Int { lock.withLock { entries.count } }

    /// Forgets every entry: what `mkpdf-bench --cold` does before each document, to measure one document alone.
    package func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
    }
}
