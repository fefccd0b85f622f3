import CHaru
import Foundation
import Support

extension PDFDocument {
    /// The finished PDF as bytes; the document stays usable (more pages, another save).
    public func data() throws -> Data {
        try render(argument: nil)
    }

    /// Writes the PDF to `url` atomically: the bytes go to a temporary file in the same folder that is renamed
    /// over the destination, so a failure never leaves a partial file or a stray temporary one.
    ///
    /// A destination that already exists and is not a regular file (a device such as `/dev/stdout`, a FIFO) is
    /// written directly, since it cannot be replaced by a rename.
    /// - Throws: `HaruError` (`HPDF_FILE_OPEN_ERROR`/`HPDF_FILE_IO_ERROR` with the `errno` as detail and the path
    ///   as argument, or libHaru's error while producing the bytes).
    public func save(to url: URL) throws {
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

    /// Serialises the document into libHaru's memory stream and copies it out.
    private func render(argument: String?) throws -> Data {
        try check("write the PDF", argument) { HPDF_SaveToStream($0) }
        // Rewind: after an earlier save the read position is still at the old end.
        try check("rewind the PDF stream", argument) { HPDF_ResetStream($0) }
        let size = HPDF_GetStreamSize(handle)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        var length = HPDF_UINT32(size)
        // Reading to the very end may raise HPDF_STREAM_EOF; that only means "all read".
        let status = try call(
            "read the PDF from memory", argument,
            { doc in
                bytes.withUnsafeMutableBufferPointer { HPDF_ReadFromStream(doc, $0.baseAddress, &length) }
            }, failed: { _ in false })
        guard status == HPDF_STATUS(HPDF_OK) || status == HPDF_STATUS(HPDF_STREAM_EOF), length == size else {
            throw reject(code: UInt32(status), operation: "read the PDF from memory", argument: argument)
        }
        let data = Data(bytes)
        return handle.pointee.encrypt_on == HPDF_TRUE ? data : Self.addingDocumentID(to: data)
    }
}
