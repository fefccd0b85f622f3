import Foundation

/// A cache a `CacheShelf` holds: made empty the first time its owner's documents need it, emptied with the shelf.
///
/// Each module that keeps work between documents (set text boxes, barcode layouts, font programs, deflate states,
/// page beginnings …) declares its cache as one such class; the shelf hands out one instance per class.
package protocol ShelvedCache: AnyObject, Sendable {
    /// An empty cache, bounded as its kind needs.
    init()
    /// Forgets the documents' work kept so far (`mkpdf-bench --cold`, or an owner starting afresh). What holds no
    /// document's work — idle compressors, open font files — stays with the owner until it goes, as the font
    /// registry's files do.
    func removeAll()
    /// How many entries of documents' work are kept now: what a test reads to see that one owner's documents left
    /// another's caches empty.
    var keptEntries: Int { get }
}

/// The caches of one owner of many documents — a batch run, a server process, a job, a benchmark — one per cache
/// class, each made on first use and bounded as its class decides.
///
/// Why not process globals: caches keyed by the identity of a registry or template leaked work between unrelated
/// callers (tests had to retry while other suites pushed their entries out), and nothing said who may empty them.
/// Here the owner holds the shelf (`RenderContext`), hands it to every stage it runs, and empties it with one
/// `removeAll()`; a stage given no shelf keeps nothing, so every document is made from scratch.
package final class CacheShelf: @unchecked Sendable {
    /// A cache made and its class.
    private struct Entry {
        let kind: ObjectIdentifier
        let cache: any ShelvedCache
    }

    private let lock = NSLock()
    /// The caches made so far, behind `lock`: some dozen classes, each document asking for several, so a scan
    /// comparing identities beats hashing them.
    private var caches: [Entry] = []

    /// An empty shelf: no cache is made until a stage asks for it.
    package init() {}

    /// The shelf's cache of class `kind`, made empty on the first request.
    package func cache<Cache: ShelvedCache>(_ kind: Cache.Type = Cache.self) -> Cache {
        lock.withLock {
            let key = ObjectIdentifier(kind)
            for index in caches.indices where caches[index].kind == key {
                return unsafeDowncast(caches[index].cache, to: Cache.self)
            }
            let made = Cache()
            caches.append(Entry(kind: key, cache: made))
            return made
        }
    }

    /// Empties every cache on the shelf; the caches stay, ready for the next document.
    package func removeAll() {
        for entry in lock.withLock({ caches }) { entry.cache.removeAll() }
    }

    /// How many entries all the shelf's caches keep now (0 for a shelf no document used).
    package var keptEntries: Int {
        lock.withLock { caches }.reduce(0) { $0 + $1.cache.keptEntries }
    }
}
