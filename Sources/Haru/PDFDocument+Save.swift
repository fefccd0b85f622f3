import CHaru
import Foundation
import Support

extension PDFDocument {
    /// The finished PDF as bytes; the document stays usable (more pages, another save).
    package func data() throws -> Data {
        try render(argument: nil)
    }

    /// Writes the PDF to `url` atomically: the bytes go to a temporary file in the same folder that is renamed
    /// over the destination, so a failure never leaves a partial file or a stray temporary one.
    ///
    /// A destination that already exists and is not a regular file (a device such as `/dev/stdout`, a FIFO) is
    /// written directly, since it cannot be replaced by a rename.
    /// - Throws: `HaruError` (`HPDF_FILE_OPEN_ERROR`/`HPDF_FILE_IO_ERROR` with the `errno` as detail and the path
    ///   as argument, or libHaru's error while producing the bytes).
    package func save(to url: URL) throws {
        let path = url.path
        let bytes = try render(argument: "file \(path)")
        do {
            try AtomicFile.write(bytes, to: path, durability: .flushed)
        } catch let failure {
            throw reject(
                code: failure.isOpen ? 0x1017 : 0x1016, detail: UInt32(failure.errno),
                operation: failure.step, argument: "file \(failure.path)",
                hint: failure.isOpen
                    ? "check that the folder exists and is writable, or choose another path."
                    : "check that the disk has space and the destination is writable.",
                systemReason: String(cString: strerror(failure.errno)))
        }
    }

    /// Serialises the document through libHaru's writer into one buffer (`SaveBuffer`) and hands it over as `Data`.
    private func render(argument: String?) throws -> Data {
        try ensureUsable("write the PDF", argument)
        if archive != nil { try writeArchiveParts(argument) }
        if structure != nil { try writeStructureMetadata() }
        if handle.pointee.encrypt_on == HPDF_TRUE { try encryptDirectStreams(argument) }
        let originals = try deflatePageContents(argument)
        defer { restorePageContents(originals) }
        let output = SaveBuffer(capacity: 16 * 1024)
        let complete = try output.collect(from: handle) {
            try check("write the PDF", argument) { HPDF_SaveToStream($0) }
        }
        guard complete, output.count > 0 else {
            throw reject(code: 0x1015, operation: "write the PDF", argument: argument)
        }
        if handle.pointee.encrypt_on != HPDF_TRUE, !Self.addDocumentID(to: output) {
            throw reject(code: 0x1015, operation: "write the PDF", argument: argument)
        }
        return output.takeData()
    }

    /// Hands the bytes of every `DirectStream` to libHaru as an ordinary stream with an indirect `/Length`, since only
    /// libHaru's writer encrypts; once done, the stream stays that way.
    private func encryptDirectStreams(_ argument: String?) throws {
        let objects = PDFObjectBuilder(document: self, operation: "prepare a stream for encryption")
        for dict in directStreams where dict.pointee.stream == nil {
            guard let header = DirectStream.header(of: dict) else { continue }
            let bytes = DirectStream.bytes(of: header)
            guard let data = HPDF_MemStream_New(handle.pointee.mmgr, HPDF_UINT(max(bytes.count, 16))) else {
                throw reject(code: 0x1015, operation: "prepare a stream for encryption", argument: argument)
            }
            // The dictionary owns the stream from here (HPDF_Dict_Free frees it), and the table the new Length.
            dict.pointee.stream = data
            dict.pointee.filter = HPDF_UINT(HPDF_STREAM_FILTER_NONE)
            guard let length = HPDF_Number_New(handle.pointee.mmgr, HPDF_INT32(clamping: bytes.count)) else {
                throw reject(code: 0x1015, operation: "prepare a stream for encryption", argument: argument)
            }
            try objects.call {
                HPDF_Stream_Write(
                    data, bytes.baseAddress?.assumingMemoryBound(to: HPDF_BYTE.self), HPDF_UINT(bytes.count))
            }
            try objects.call { HPDF_Xref_Add(handle.pointee.xref, length) }
            try objects.add(dict, "Length", UnsafeMutableRawPointer(length))
        }
    }

    /// Deflates every page's content stream that libHaru would deflate (`Deflate`, instead of libHaru's per-stream
    /// zlib set-up): the page's contents are given a stream of the deflated bytes, marked pre-compressed, for the
    /// save; returns each contents dictionary with its own stream for `restorePageContents`, since the document stays
    /// drawable after a save.
    private func deflatePageContents(_ argument: String?) throws -> [(HPDF_Dict, HPDF_Stream)] {
        var originals: [(HPDF_Dict, HPDF_Stream)] = []
        for record in pageRecords {
            let attr = record.handle.pointee.attr.assumingMemoryBound(to: HPDF_PageAttr_Rec.self).pointee
            guard let contents = attr.contents, let stream = contents.pointee.stream,
                contents.pointee.filter & HPDF_UINT(HPDF_STREAM_FILTER_FLATE_DECODE) != 0
            else { continue }
            guard let deflated = deflatedCopy(of: stream) else {
                restorePageContents(originals)
                throw reject(code: 0x1015, operation: "deflate a page's content", argument: argument)
            }
            originals.append((contents, stream))
            contents.pointee.stream = deflated
            contents.pointee.filter = HPDF_UINT(HPDF_STREAM_FILTER_NONE)
            contents.pointee.write_fn = flateFilterHook
        }
        return originals
    }

    /// Deflates `page`'s content now and frees its uncompressed bytes, for a page nothing more will be drawn on: a
    /// document of thousands of pages then holds each page's content compressed, as the save would write it (the
    /// same `Deflate` at the same effort, so the bytes are the same), rather than every page's drawing operators.
    /// Drawing on the page afterwards is an error of libHaru's; its links and annotations may still be added.
    /// - Throws: `HaruError` when the bytes cannot be deflated or held.
    package func finishPage(_ page: PDFPage) throws {
        let attr = page.handle.pointee.attr.assumingMemoryBound(to: HPDF_PageAttr_Rec.self).pointee
        guard let contents = attr.contents, let stream = contents.pointee.stream,
            contents.pointee.filter & HPDF_UINT(HPDF_STREAM_FILTER_FLATE_DECODE) != 0
        else { return }
        guard let deflated = deflatedCopy(of: stream) else {
            throw reject(code: 0x1015, operation: "deflate a finished page's content", argument: nil)
        }
        contents.pointee.stream = deflated
        contents.pointee.filter = HPDF_UINT(HPDF_STREAM_FILTER_NONE)
        contents.pointee.write_fn = flateFilterHook
        HPDF_Stream_Free(stream)
        // The page's own pointer to its stream (where libHaru would append) must not outlive the stream.
        page.handle.pointee.attr.assumingMemoryBound(to: HPDF_PageAttr_Rec.self).pointee.stream = deflated
    }

    /// Gives each contents dictionary its own stream back (the uncompressed bytes, for libHaru to append to and
    /// deflate as before) and frees the deflated one.
    private func restorePageContents(_ originals: [(HPDF_Dict, HPDF_Stream)]) {
        for (contents, stream) in originals {
            HPDF_Stream_Free(contents.pointee.stream)
            contents.pointee.stream = stream
            contents.pointee.filter = HPDF_UINT(HPDF_STREAM_FILTER_FLATE_DECODE)
            contents.pointee.write_fn = nil
        }
    }

    /// A new memory stream of the document holding `bytes` in one block; nil when libHaru could not allocate.
    /// A new stream of `stream`'s bytes deflated as the save would (the content effort); nil when they cannot be
    /// deflated or held.
    private func deflatedCopy(of stream: HPDF_Stream) -> HPDF_Stream? {
        let bytes = Self.bytes(of: stream)
        guard let compressed = bytes.withUnsafeBytes({ deflate($0, effort: .content) }) else { return nil }
        return memoryStream(holding: compressed)
    }

    private func memoryStream(holding bytes: [UInt8]) -> HPDF_Stream? {
        guard let stream = HPDF_MemStream_New(handle.pointee.mmgr, HPDF_UINT(max(bytes.count, 16))) else {
            HPDF_ResetError(handle)
            return nil
        }
        MemoryStream.copyWrites(of: stream)
        let status = bytes.withUnsafeBufferPointer { HPDF_Stream_Write(stream, $0.baseAddress, HPDF_UINT($0.count)) }
        guard status == HPDF_STATUS(HPDF_OK) else {
            HPDF_Stream_Free(stream)
            HPDF_ResetError(handle)
            return nil
        }
        return stream
    }

    /// The bytes of a libHaru memory stream, buffer by buffer (`HPDF_ReadFromStream` copies byte by byte).
    static func bytes(of stream: HPDF_Stream) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(stream.pointee.size))
        for index in 0..<HPDF_MemStream_GetBufCount(stream) {
            var length: HPDF_UINT = 0
            guard let buffer = HPDF_MemStream_GetBufPtr(stream, index, &length) else { break }
            bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: Int(length)))
        }
        return bytes
    }
}
