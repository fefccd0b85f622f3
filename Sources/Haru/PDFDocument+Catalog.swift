import CHaru
import Digests
import Foundation

/// Document-level entries libHaru 2.3.0 has no call for: the catalog's /Lang and /ViewerPreferences
/// /DisplayDocTitle, the header version the features need, and a trailer /ID derived from the content.
extension PDFDocument {
    /// Sets the catalog's natural language (a BCP 47 tag such as `ja` or `en`), which screen readers and text
    /// extraction use.
    package func setLanguage(_ tag: String) throws {
        guard !tag.isEmpty,
            tag.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || $0 == "-" || ("0"..."9").contains($0))
            })
        else {
            try ensureUsable("set the language", "language \"\(tag)\"")
            throw reject(
                code: 0x1039, operation: "set the language", argument: "language \"\(tag)\"",
                hint: "give a BCP 47 language tag such as ja, en or ja-JP.")
        }
        try check("set the language", "language \(tag)") { doc in
            guard let string = HPDF_String_New(doc.pointee.mmgr, tag, nil) else {
                return HPDF_STATUS(HPDF_FAILD_TO_ALLOC_MEM)
            }
            return HPDF_Dict_Add(doc.pointee.catalog, "Lang", UnsafeMutableRawPointer(string))
        }
    }

    /// Asks viewers to show the Info /Title in the window title instead of the file name (PDF 1.4).
    package func setDisplaysTitle(_ displays: Bool) throws {
        try check("set the viewer preferences", "DisplayDocTitle \(displays)") { doc in
            let catalog = doc.pointee.catalog
            var preferences = HPDF_Dict(
                OpaquePointer(HPDF_Dict_GetItem(catalog, "ViewerPreferences", HPDF_UINT16(HPDF_OCLASS_DICT))))
            if preferences == nil {
                preferences = HPDF_Dict_New(doc.pointee.mmgr)
                guard preferences != nil else { return HPDF_STATUS(HPDF_FAILD_TO_ALLOC_MEM) }
                let status = HPDF_Dict_Add(catalog, "ViewerPreferences", UnsafeMutableRawPointer(preferences))
                guard status == HPDF_OK else { return status }
            }
            return HPDF_Dict_AddBoolean(preferences, "DisplayDocTitle", displays ? HPDF_TRUE : HPDF_FALSE)
        }
        requireVersion(HPDF_VER_14)
    }

    /// Raises the header's version to `version` when it is lower (libHaru writes 1.3 whatever the content uses).
    func requireVersion(_ version: HPDF_PDFVer) {
        if handle.pointee.pdf_version.rawValue < version.rawValue { handle.pointee.pdf_version = version }
    }

    /// Adds `/ID [<h><h>]` to the trailer of the saved `output`, `h` the first 16 bytes of the file's SHA-1, where
    /// a stretch whose owner hashed it once (a font program, `SaveBuffer.digested`) is taken as its digest: a digest
    /// of the contents, as the PDF reference asks (it identifies, it does not protect), so the same content gives the
    /// same ID and output stays byte-reproducible. SHA-1 rather than MD5: BoringSSL hashes it with the
    /// processor's SHA instructions where they exist. libHaru writes an /ID only when encrypting (from the clock);
    /// the trailer follows the cross-reference table, so no offset moves.
    /// - Returns: false when memory ran out (a file that has its /ID already, or no trailer, is left as it is).
    static func addDocumentID(to output: SaveBuffer) -> Bool {
        let bytes = output.bytes
        let tail = Array("\n>>\nstartxref\n".utf8)
        let trailer = Array("trailer".utf8)
        // The trailer is the file's last few hundred bytes.
        let window = max(0, bytes.count - 1024)
        guard let end = lastRange(of: tail, in: bytes, from: window, to: bytes.count),
            let start = lastRange(of: trailer, in: bytes, from: window, to: bytes.count),
            start.upperBound < end.lowerBound,
            lastRange(of: Array("/ID".utf8), in: bytes, from: start.upperBound, to: end.lowerBound) == nil
        else { return true }
        // A stretch whose digest was given (a font program, the same in every file of a batch) is hashed as that
        // digest.
        var hasher = Digest(.sha1)
        var hashed = 0
        for stretch in output.digested
        where stretch.offset >= hashed && stretch.offset + stretch.count <= end.lowerBound {
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[hashed..<stretch.offset]))
            stretch.digest.withUnsafeBytes { hasher.update(bufferPointer: $0) }
            hashed = stretch.offset + stretch.count
        }
        hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: bytes[hashed...]))
        let digits = Array("0123456789ABCDEF".utf8)
        var hex: [UInt8] = []
        for byte in hasher.finalize().prefix(16) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0xF)])
        }
        var entry = Array("\n/ID [<".utf8)
        entry += hex
        entry += Array("> <".utf8)
        entry += hex
        entry += Array(">]".utf8)
        return output.insert(entry, at: end.lowerBound)
    }

    /// The last place `needle` occurs in `bytes[from..<to]`.
    private static func lastRange(of needle: [UInt8], in bytes: UnsafeRawBufferPointer, from: Int, to: Int)
        -> Range<Int>?
    {
        var index = to - needle.count
        while index >= max(from, 0) {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index..<index + needle.count }
            index -= 1
        }
        return nil
    }
}
