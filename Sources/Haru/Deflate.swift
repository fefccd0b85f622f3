import CDeflate
import CHaru
import Foundation
import PNG
import Support

/// Deflate for streams mkpdf compresses itself: page contents through zlib, font programs, CMaps and images through
/// libdeflate.
///
/// libHaru deflates every stream with zlib's defaults, a 32 KB window and 256 KB of tables set up and cleared per
/// stream, which cost a ticket more than drawing it; here zlib's window is the smallest that still covers the whole
/// input (the same zlib format every reader inflates; a window that covers the input loses no match). Streams
/// compressed whole and once go through libdeflate, which finds the same matches in fewer instructions and codes
/// them in fewer bytes; page contents stay with zlib, whose state can be copied after a shared beginning.
///
/// Page contents of a batch begin alike (the template's fixed drawing comes before and around the member's data), so
/// they are deflated from a copy of the state zlib had after that common beginning (`ContentPrefixes`, kept by the
/// owner's `RenderContext`). zlib's output does not depend on how its input is split, so the bytes are the same as
/// deflating the whole content at once.
enum Deflate {
    /// How hard to try.
    enum Effort: Hashable {
        /// Page contents, deflated per document: level 4 with `Z_FILTERED`, which suits operators and numbers
        /// (sizes at levels 4 and 6: BENCHMARKS.md, thirteenth session).
        case content
        /// Font programs, CMaps and images, deflated whole and once per glyph set or image: libdeflate's level 6.
        case program
    }

    /// zlib's settings for a page content of some size.
    ///
    /// The window is the smallest that covers the content. The memory level is two below the window's (a 4–8 KB
    /// content: 1,024 symbols per block): zlib ends a block whenever its symbol buffer fills, so a content deflated
    /// from a snapshot of its shared beginning (`ContentPrefixes`) codes again only the blocks from the last full one
    /// on, where one block over the whole content made every document code every symbol again. Where blocks end
    /// depends on the content alone, so the bytes are the same with or without a snapshot.
    struct Settings: Hashable {
        var level: Int32 = 4
        var windowBits: Int32
        var memoryLevel: Int32
        var strategy: Int32 = Z_FILTERED

        init(count: Int) {
            var bits: Int32 = 9
            while bits < 15 && (1 << bits) < count + 262 { bits += 1 }
            windowBits = bits
            memoryLevel = max(1, min(8, bits - 9))
        }
    }

    /// `input` as a zlib stream, or nil when zlib fails (out of memory): a content from a snapshot of `prefixes`
    /// when one matches (nil: deflated whole), a program by one of `compressors`.
    static func compress(
        _ input: UnsafeRawBufferPointer, effort: Effort, prefixes: ContentPrefixes?, compressors: WholeCompressors
    ) -> [UInt8]? {
        switch effort {
        case .content:
            let settings = Settings(count: input.count)
            if let prefixes { return prefixes.compress(input, settings: settings) }
            guard let stream = DeflateStream(settings) else { return nil }
            var output: [UInt8] = []
            return stream.feed(input, finish: true, into: &output) ? output : nil
        case .program:
            return compressors.compress(input)
        }
    }
}

/// One libdeflate compressor: allocated in `init`, freed exactly once in `deinit`.
final class WholeCompressor {
    /// The level font programs, CMaps and images are compressed at.
    static let level: Int32 = 6
    private let handle: OpaquePointer

    /// A compressor at `level`, or nil when libdeflate cannot allocate one (out of memory).
    init?() {
        guard let handle = libdeflate_alloc_compressor(Self.level) else { return nil }
        self.handle = handle
    }

    deinit { libdeflate_free_compressor(handle) }

    /// `input` as a zlib stream, or nil when it does not fit libdeflate's bound (which it always does).
    func compress(_ input: UnsafeRawBufferPointer) -> [UInt8]? {
        let bound = libdeflate_zlib_compress_bound(handle, input.count)
        var empty: UInt8 = 0
        return withUnsafeMutablePointer(to: &empty) { placeholder in
            let source = input.baseAddress ?? UnsafeRawPointer(placeholder)
            let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
                count = libdeflate_zlib_compress(handle, source, input.count, buffer.baseAddress, bound)
            }
            return output.isEmpty ? nil : output
        }
    }
}

/// Idle libdeflate compressors, handed to one call at a time (a compressor is not safe to share) and kept for the
/// next, so a batch does not allocate and free a compressor's tables per stream: one set per owner of many
/// documents (its `RenderContext`'s shelf), or per document for a document given none.
final class WholeCompressors: ShelvedCache, @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [WholeCompressor] = []
    /// At most this many are kept idle (one per rendering thread is enough).
    private let limit = 8

    /// No compressor yet.
    init() {}

    /// Keeps the idle compressors: they hold no document's data, only tables the next stream would allocate again,
    /// so `mkpdf-bench --cold`, which measures one document's work, keeps them.
    func removeAll() {}

    /// None: an idle compressor keeps no document's work.
    var keptEntries: Int { 0 }

    /// How many compressors are idle (for tests: one reused from call to call).
    var idleCount: Int { lock.withLock { idle.count } }

    /// `input` as a zlib stream, or nil when libdeflate cannot allocate a compressor.
    func compress(_ input: UnsafeRawBufferPointer) -> [UInt8]? {
        lock.lock()
        let kept = idle.popLast()
        lock.unlock()
        guard let compressor = kept ?? WholeCompressor() else { return nil }
        let output = compressor.compress(input)
        lock.lock()
        if idle.count < limit { idle.append(compressor) }
        lock.unlock()
        return output
    }
}

extension DeflateStream {
    /// A new stream with `settings`, or nil when zlib cannot allocate it.
    convenience init?(_ settings: Deflate.Settings) {
        self.init(
            level: settings.level, windowBits: settings.windowBits, memoryLevel: settings.memoryLevel,
            strategy: settings.strategy)
    }
}

/// The states of zlib after the beginnings that recent page contents share, so the next content that starts the
/// same way deflates only what follows. A content that matches none is compared with the one before it: when they
/// share a long beginning, a state after most of it is kept for the contents to come. One per owner of many
/// documents (its `RenderContext`'s shelf).
final class ContentPrefixes: ShelvedCache, @unchecked Sendable {
    /// zlib's state after `prefix`, and the bytes it had emitted by then.
    private struct Snapshot {
        var settings: Deflate.Settings
        var prefix: [UInt8]
        var stream: DeflateStream
        var output: [UInt8]
    }

    private let lock = NSLock()
    private var snapshots: [Snapshot] = []
    /// The latest contents no snapshot matched (several, so documents rendered side by side still meet their kind).
    private var recent: [(settings: Deflate.Settings, bytes: [UInt8])] = []
    /// Shared beginnings shorter than this are not worth a snapshot (zlib's state is tens of kilobytes).
    private let shortest = 1024
    /// How far before the first difference a snapshot is taken, so contents whose data differ a little earlier (a
    /// member number's higher digits) still match it.
    private let margin = 64
    private let limit = 4
    private var hitCount = 0

    /// No snapshot yet.
    init() {}

    /// How many contents were deflated from a snapshot (for tests and profiles).
    var hits: Int {
        lock.lock()
        defer { lock.unlock() }
        return hitCount
    }

    /// `input` deflated with `settings`, from a snapshot when one matches its beginning.
    func compress(_ input: UnsafeRawBufferPointer, settings: Deflate.Settings) -> [UInt8]? {
        lock.lock()
        let match = snapshots.last { $0.settings == settings && Self.starts(input, with: $0.prefix) }
        let copy = match.flatMap { DeflateStream(copying: $0.stream) }
        if copy != nil { hitCount += 1 }
        var shared = 0
        if match == nil {
            for previous in recent where previous.settings == settings {
                shared = max(shared, Self.sharedLength(input, previous.bytes))
            }
            if recent.count >= limit { recent.removeFirst() }
            recent.append((settings, Array(input)))
        }
        lock.unlock()

        if let match, let copy {
            var output = match.output
            let rest = UnsafeRawBufferPointer(rebasing: input[match.prefix.count...])
            return copy.feed(rest, finish: true, into: &output) ? output : nil
        }
        guard let stream = DeflateStream(settings) else { return nil }
        var output: [UInt8] = []
        shared -= margin
        if shared >= shortest {
            let head = UnsafeRawBufferPointer(rebasing: input[..<shared])
            guard stream.feed(head, finish: false, into: &output) else { return nil }
            if let kept = DeflateStream(copying: stream) {
                remember(Snapshot(settings: settings, prefix: Array(head), stream: kept, output: output))
            }
            let rest = UnsafeRawBufferPointer(rebasing: input[shared...])
            return stream.feed(rest, finish: true, into: &output) ? output : nil
        }
        return stream.feed(input, finish: true, into: &output) ? output : nil
    }

    /// How many snapshots and recent contents are kept.
    var keptEntries: Int { lock.withLock { snapshots.count + recent.count } }

    /// Forgets every snapshot and recent content.
    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        snapshots.removeAll()
        recent.removeAll()
    }

    private func remember(_ snapshot: Snapshot) {
        lock.lock()
        defer { lock.unlock() }
        if snapshots.count >= limit { snapshots.removeFirst() }
        snapshots.append(snapshot)
    }

    /// True when `input` begins with `prefix`.
    private static func starts(_ input: UnsafeRawBufferPointer, with prefix: [UInt8]) -> Bool {
        guard input.count >= prefix.count else { return false }
        return prefix.withUnsafeBytes { memcmp(input.baseAddress!, $0.baseAddress!, prefix.count) == 0 }
    }

    /// How many bytes `a` and `b` share from their start.
    private static func sharedLength(_ a: UnsafeRawBufferPointer, _ b: [UInt8]) -> Int {
        let count = min(a.count, b.count)
        var index = 0
        while index < count && a[index] == b[index] { index += 1 }
        return index
    }
}

/// Writes `/Filter /FlateDecode` into a stream dictionary whose bytes were deflated before they were handed to
/// libHaru (libHaru writes the key only for streams it compresses itself).
let flateFilterHook: HPDF_Dict_OnWriteFunc = { _, stream in
    HPDF_Stream_WriteStr(stream, "/Filter /FlateDecode\n")
}
