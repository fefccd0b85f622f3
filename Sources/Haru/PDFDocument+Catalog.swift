import CHaru
import Crypto
import Foundation

/// Document-level entries libHaru 2.3.0 has no call for: the catalog's /Lang and /ViewerPreferences
/// /DisplayDocTitle, the header version the features need, and a trailer /ID derived from the content.
extension PDFDocument {
    /// Sets the catalog's natural language (a BCP 47 tag such as `ja` or `en`), which screen readers and text
    /// extraction use.
    public func setLanguage(_ tag: String) throws {
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
    public func setDisplaysTitle(_ displays: Bool) throws {
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

    /// `bytes` with `/ID [<h><h>]` added to the trailer, `h` the MD5 of the file (the digest the PDF reference
    /// suggests; it identifies, it does not protect, and costs a quarter of SHA-256 per ticket): the same content
    /// gives the same ID, so output stays byte-reproducible. libHaru writes an /ID only when
    /// encrypting (from the clock); the trailer follows the cross-reference table, so no offset moves.
    static func addingDocumentID(to bytes: Data) -> Data {
        let tail = Data("\n>>\nstartxref\n".utf8)
        guard let end = bytes.range(of: tail, options: .backwards),
            let start = bytes.range(of: Data("trailer".utf8), options: .backwards),
            start.upperBound < end.lowerBound,
            bytes[start.upperBound..<end.lowerBound].range(of: Data("/ID".utf8)) == nil
        else { return bytes }
        let digits = Array("0123456789ABCDEF".utf8)
        var hexBytes: [UInt8] = []
        for byte in Insecure.MD5.hash(data: bytes) {
            hexBytes.append(digits[Int(byte >> 4)])
            hexBytes.append(digits[Int(byte & 0xF)])
        }
        let hex = String(decoding: hexBytes, as: UTF8.self)
        var result = Data(bytes[..<end.lowerBound])
        result.append(Data("\n/ID [<\(hex)> <\(hex)>]".utf8))
        result.append(bytes[end.lowerBound...])
        return result
    }
}
