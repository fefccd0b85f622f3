import CHaru
import Foundation

/// Where one save of a document writes: libHaru's writer sends its pieces through a callback stream that appends them
/// to one growing buffer, which becomes the file's `Data` without another copy.
///
/// libHaru's own memory stream copies every piece byte by byte into blocks of 4 KB, and its bytes were then copied
/// out block by block and once more into `Data`; a save writes a few hundred small pieces, so those copies cost a
/// batch ticket more than the document's structure does.
final class SaveBuffer {
    private var base: UnsafeMutableRawPointer?
    private var capacity = 0
    /// How many bytes were written.
    private(set) var count = 0
    /// True once an allocation failed: the bytes are incomplete and the save must fail.
    private(set) var failed = false

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int) {
        reserve(capacity)
    }

    deinit {
        free(base)
    }

    /// The bytes written so far.
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
    }

    /// Appends `length` bytes; false when memory ran out.
    func append(_ bytes: UnsafeRawPointer, count length: Int) -> Bool {
        guard length > 0 else { return true }
        guard reserve(count + length), let base else { return false }
        (base + count).copyMemory(from: bytes, byteCount: length)
        count += length
        return true
    }

    /// Inserts `bytes` at `offset`, moving what follows; false when memory ran out.
    func insert(_ bytes: [UInt8], at offset: Int) -> Bool {
        precondition(offset >= 0 && offset <= count, "an insertion inside the bytes written")
        guard reserve(count + bytes.count), let base else { return false }
        (base + offset + bytes.count).copyMemory(from: base + offset, byteCount: count - offset)
        bytes.withUnsafeBytes { (base + offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        count += bytes.count
        return true
    }

    /// The bytes as `Data`, which takes the buffer over (the buffer is empty afterwards).
    func takeData() -> Data {
        guard let taken = base, count > 0 else { return Data() }
        let data = Data(bytesNoCopy: taken, count: count, deallocator: .free)
        base = nil
        capacity = 0
        count = 0
        return data
    }

    /// Grows the buffer to hold `needed` bytes at least; false (and `failed` set) when memory ran out.
    @discardableResult
    private func reserve(_ needed: Int) -> Bool {
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

    /// Runs `save` with `document`'s output stream (the one `HPDF_SaveToStream` writes to) pointing at this buffer,
    /// and puts the document's own stream back after, whatever happens.
    /// - Throws: what `save` throws.
    func collect(from document: HPDF_Doc, _ save: () throws -> Void) throws -> Bool {
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let writer = HPDF_CallbackWriter_New(document.pointee.mmgr, Self.write, context) else { return false }
        let own = document.pointee.stream
        document.pointee.stream = writer
        defer {
            document.pointee.stream = own
            HPDF_Stream_Free(writer)
        }
        try save()
        return !failed
    }

    /// libHaru's callback: the stream's `attr` is the buffer.
    private static let write: HPDF_Stream_Write_Func = { stream, bytes, size in
        guard let context = stream?.pointee.attr else { return HPDF_STATUS(HPDF_INVALID_STREAM) }
        let buffer = Unmanaged<SaveBuffer>.fromOpaque(context).takeUnretainedValue()
        guard let bytes else { return size == 0 ? HPDF_STATUS(HPDF_OK) : HPDF_STATUS(HPDF_INVALID_PARAMETER) }
        return buffer.append(bytes, count: Int(size))
            ? HPDF_STATUS(HPDF_OK) : HPDF_STATUS(HPDF_FAILD_TO_ALLOC_MEM)
    }
}
