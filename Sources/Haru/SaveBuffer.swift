import CHaru
import Foundation

/// Where one save of a document writes: libHaru's writer sends its pieces through a callback stream that appends them
/// to one growing buffer, which becomes the file's `Data` without another copy.
///
/// libHaru's own memory stream copies every piece byte by byte into blocks of 4 KB, and its bytes were then copied
/// out block by block and once more into `Data`; a save writes a few hundred small pieces, so those copies cost a
/// batch ticket more than the document's structure does. The callback reaches the bytes through a plain pointer
/// (no reference counting or exclusivity checks per piece).
final class SaveBuffer {
    /// The buffer's state, at a fixed address the callback stream holds.
    private struct Storage {
        var base: UnsafeMutableRawPointer?
        var capacity = 0
        var count = 0
        var failed = false
        /// Stretches written whose owner hashed them once (a font program): where, how long, and the digest the
        /// /ID takes in their place.
        var digested: [(offset: Int, count: Int, digest: [UInt8])] = []

        /// Grows the buffer to hold `needed` bytes at least; false (and `failed` set) when memory ran out.
        mutating func reserve(_ needed: Int) -> Bool {
            guard needed > capacity else { return true }
            let grown = max(needed, capacity * 2, 4096)
            guard let moved = realloc(base, grown) else {
                failed = true
                return false
            }
            base = moved
            capacity = grown
            return true
        }

        /// Appends `length` bytes; false when memory ran out.
        mutating func append(_ bytes: UnsafeRawPointer, count length: Int) -> Bool {
            guard length > 0 else { return true }
            guard reserve(count + length), let base else { return false }
            (base + count).copyMemory(from: bytes, byteCount: length)
            count += length
            return true
        }
    }

    private let storage: UnsafeMutablePointer<Storage>

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage())
        _ = storage.pointee.reserve(capacity)
    }

    deinit {
        free(storage.pointee.base)
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// How many bytes were written.
    var count: Int { storage.pointee.count }

    /// The bytes written so far.
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage.pointee.base, count: storage.pointee.count)
    }

    /// Inserts `bytes` at `offset`, moving what follows; false when memory ran out.
    func insert(_ bytes: [UInt8], at offset: Int) -> Bool {
        precondition(offset >= 0 && offset <= count, "an insertion inside the bytes written")
        guard !bytes.isEmpty else { return true }
        guard storage.pointee.reserve(count + bytes.count), let base = storage.pointee.base else { return false }
        (base + offset + bytes.count).copyMemory(from: base + offset, byteCount: count - offset)
        bytes.withUnsafeBytes { (base + offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        storage.pointee.count += bytes.count
        return true
    }

    /// The stretches of the bytes written whose digest was given (`noteDigested`), in order.
    var digested: [(offset: Int, count: Int, digest: [UInt8])] { storage.pointee.digested }

    /// Notes that the next `count` bytes written to `stream` have `digest` (none when it is empty), when `stream` is a
    /// buffer's callback stream; any other stream is left alone.
    static func noteDigested(_ count: Int, digest: UnsafeRawBufferPointer, writtenTo stream: HPDF_Stream) {
        guard !digest.isEmpty, let written = stream.pointee.write_fn,
            unsafeBitCast(written, to: UnsafeRawPointer.self) == unsafeBitCast(write, to: UnsafeRawPointer.self),
            let storage = stream.pointee.attr?.assumingMemoryBound(to: Storage.self)
        else { return }
        storage.pointee.digested.append((storage.pointee.count, count, Array(digest)))
    }

    /// The bytes as `Data`, which takes the buffer over (the buffer is empty afterwards).
    func takeData() -> Data {
        guard let taken = storage.pointee.base, count > 0 else { return Data() }
        let data = Data(bytesNoCopy: taken, count: count, deallocator: .free)
        storage.pointee = Storage()
        return data
    }

    /// Runs `save` with `document`'s output stream (the one `HPDF_SaveToStream` writes to) pointing at this buffer,
    /// and puts the document's own stream back after, whatever happens.
    /// - Returns: false when the callback stream could not be made or memory ran out while writing.
    /// - Throws: what `save` throws.
    func collect(from document: HPDF_Doc, _ save: () throws -> Void) throws -> Bool {
        guard let writer = HPDF_CallbackWriter_New(document.pointee.mmgr, Self.write, UnsafeMutableRawPointer(storage))
        else { return false }
        let own = document.pointee.stream
        document.pointee.stream = writer
        defer {
            document.pointee.stream = own
            HPDF_Stream_Free(writer)
        }
        try save()
        return !storage.pointee.failed
    }

    /// libHaru's callback: the stream's `attr` is the storage.
    private static let write: HPDF_Stream_Write_Func = { stream, bytes, size in
        guard let storage = stream?.pointee.attr?.assumingMemoryBound(to: Storage.self) else {
            return HPDF_STATUS(HPDF_INVALID_STREAM)
        }
        guard let bytes else { return size == 0 ? HPDF_STATUS(HPDF_OK) : HPDF_STATUS(HPDF_INVALID_PARAMETER) }
        return storage.pointee.append(bytes, count: Int(size))
            ? HPDF_STATUS(HPDF_OK) : HPDF_STATUS(HPDF_FAILD_TO_ALLOC_MEM)
    }
}
