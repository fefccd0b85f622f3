import CHaru
import Foundation
import Support

/// Builds PDF objects on libHaru's object layer for one operation of a document (adding a font, say).
///
/// libHaru's object calls return a status without calling the error handler, so each one is checked here and a
/// failure is thrown as the operation's `HaruError`. The document's cross-reference table owns every object made;
/// nothing here is freed from Swift.
struct PDFObjectBuilder {
    /// The document the objects belong to.
    let document: PDFDocument
    /// What is being built, named in errors (`add font ABCDEF+IPAexGothic`).
    let operation: String

    private var mmgr: HPDF_MMgr? { document.handle.pointee.mmgr }
    private var xref: HPDF_Xref? { document.handle.pointee.xref }

    /// A new dictionary: an indirect object (`n 0 R`) when `indirect`, else one to be placed inside another.
    func dictionary(indirect: Bool = true) throws -> HPDF_Dict {
        guard let dict = HPDF_Dict_New(mmgr) else { throw outOfMemory() }
        if indirect { try call { HPDF_Xref_Add(xref, dict) } }
        return dict
    }

    /// A new direct array.
    func array() throws -> HPDF_Array {
        guard let array = HPDF_Array_New(mmgr) else { throw outOfMemory() }
        return array
    }

    /// A new indirect stream holding `bytes`, deflated before (`PDFDocument.deflate`), with a direct `/Length` and
    /// `/Filter /FlateDecode`.
    ///
    /// libHaru gives every stream an indirect `/Length` object (40-odd bytes of each small file) and copies its bytes
    /// three times on the way out, byte by byte. Here the object is a plain dictionary with the length in it, and its
    /// hooks (`DirectStream`) write the bytes after it from one copy held with the dictionary. An encrypted document
    /// turns these back into libHaru streams before it is written (`PDFDocument.encryptDirectStreams`), since only
    /// libHaru's writer encrypts.
    ///
    /// `digest`, the bytes' SHA-1 made once by their owner (a font program's), stands for them in the document's /ID.
    func deflatedStream(_ bytes: Data, digest: [UInt8] = []) throws -> HPDF_Dict {
        let stream = try dictionary()
        try number(stream, "Length", bytes.count)
        let record = DirectStream.allocate(bytes, digest: digest)
        stream.pointee.attr = UnsafeMutableRawPointer(record)
        stream.pointee.free_fn = freeAttribute
        stream.pointee.write_fn = DirectStream.write
        stream.pointee.after_write_fn = DirectStream.afterWrite
        document.directStreams.append(stream)
        return stream
    }

    /// `/key /value`.
    func name(_ dict: HPDF_Dict, _ key: String, _ value: String) throws {
        try call { HPDF_Dict_AddName(dict, key, value) }
    }

    /// `/key n`, clamped to the 32-bit integers PDF numbers hold.
    func number(_ dict: HPDF_Dict, _ key: String, _ value: Int) throws {
        try call { HPDF_Dict_AddNumber(dict, key, HPDF_INT32(clamping: value)) }
    }

    /// `/key x.y`.
    func real(_ dict: HPDF_Dict, _ key: String, _ value: Double) throws {
        try call { HPDF_Dict_AddReal(dict, key, HPDF_REAL(value)) }
    }

    /// `/key (text)`, a literal string of ASCII text.
    func string(_ dict: HPDF_Dict, _ key: String, _ value: String) throws {
        try add(dict, key, HPDF_String_New(mmgr, value, nil).map { UnsafeMutableRawPointer($0) })
    }

    /// `/key object`; a nil object (a failed allocation) is an error naming the key.
    func add(_ dict: HPDF_Dict, _ key: String, _ object: UnsafeMutableRawPointer?) throws {
        guard let object else { throw outOfMemory(key) }
        try call { HPDF_Dict_Add(dict, key, object) }
    }

    /// Appends `object` to `array`.
    func append(_ array: HPDF_Array, _ object: UnsafeMutableRawPointer) throws {
        try call { HPDF_Array_Add(array, object) }
    }

    /// Appends the number `value` to `array`.
    func append(_ array: HPDF_Array, number value: Int) throws {
        try call { HPDF_Array_AddNumber(array, HPDF_INT32(clamping: value)) }
    }

    /// Appends the real number `value` to `array`.
    func append(_ array: HPDF_Array, real value: Double) throws {
        try call { HPDF_Array_AddReal(array, HPDF_REAL(value)) }
    }

    /// `/key true` or `/key false`.
    func boolean(_ dict: HPDF_Dict, _ key: String, _ value: Bool) throws {
        try add(dict, key, HPDF_Boolean_New(mmgr, value ? HPDF_TRUE : HPDF_FALSE).map { UnsafeMutableRawPointer($0) })
    }

    /// A PDF text string of `text`: a literal `(…)` when it is printable ASCII, else UTF-16BE with its byte-order mark
    /// (`<FEFF…>`), so 髙橋 and 𠮷野 need no escaping and no encoding of ours.
    func textString(_ text: String) throws -> UnsafeMutableRawPointer {
        let object: UnsafeMutableRawPointer?
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) {
            object = HPDF_String_New(mmgr, text, nil).map { UnsafeMutableRawPointer($0) }
        } else {
            var bytes: [HPDF_BYTE] = [0xFE, 0xFF]
            for unit in text.utf16 { bytes += [HPDF_BYTE(unit >> 8), HPDF_BYTE(unit & 0xFF)] }
            object = HPDF_Binary_New(mmgr, &bytes, HPDF_UINT(bytes.count)).map { UnsafeMutableRawPointer($0) }
        }
        guard let object else { throw outOfMemory(text) }
        return object
    }

    /// A name object (`/value`; bytes outside printable ASCII are written `#XX`).
    func nameObject(_ value: String) throws -> UnsafeMutableRawPointer {
        guard let object = HPDF_Name_New(mmgr, value) else { throw outOfMemory(value) }
        return UnsafeMutableRawPointer(object)
    }

    /// A CIDSystemInfo dictionary: Adobe's registry, `ordering`, `supplement`.
    func systemInfo(ordering: String, supplement: Int) throws -> HPDF_Dict {
        let system = try dictionary(indirect: false)
        try string(system, "Registry", "Adobe")
        try string(system, "Ordering", ordering)
        try number(system, "Supplement", supplement)
        return system
    }

    /// A Type0 font with one descendant CIDFont: the font dictionary (`baseFont`, `encoding`), the CIDFont
    /// (`subtype`, CIDSystemInfo Adobe-`ordering`-`supplement`, DW, W) and its FontDescriptor (`metrics`), all
    /// indirect (or `shared`, another CIDFont's descriptor); the caller adds what differs (CIDToGIDMap, the font file,
    /// ToUnicode). Every key that is a name or numbers is written from `RawEntries`; references and the
    /// CIDSystemInfo's strings stay libHaru objects.
    ///
    /// `W` is `widthEntries`, made for `defaultWidth` (`WidthEntry.entries`), and absent when there are none.
    func type0Font(
        baseFont: String, encoding: String, subtype: String, ordering: String, supplement: Int,
        defaultWidth: Int, widthEntries: [WidthEntry], metrics: FontDescriptorValues,
        descriptor shared: HPDF_Dict? = nil, verticalOrigin: Int? = nil, cidToGIDMap: String? = nil
    )
        throws -> (font: HPDF_Dict, cidFont: HPDF_Dict, descriptor: HPDF_Dict)
    {
        let font = try dictionary()
        let fontKeys = RawEntries()
        fontKeys.name("Type", "Font")
        fontKeys.name("Subtype", "Type0")
        fontKeys.name("BaseFont", baseFont)
        fontKeys.name("Encoding", encoding)
        try fontKeys.attach(to: font, in: document, operation: operation)

        let cidFont = try dictionary()
        let cidKeys = RawEntries()
        cidKeys.name("Type", "Font")
        cidKeys.name("Subtype", subtype)
        cidKeys.name("BaseFont", baseFont)
        try add(
            cidFont, "CIDSystemInfo",
            UnsafeMutableRawPointer(try systemInfo(ordering: ordering, supplement: supplement)))
        // Written even at 1000, DW's default (PDF 9.7.4.3): pypdf takes a missing DW as a guessed average width, so
        // it measured 野家 half as wide as drawn and put a space after it where the next run started.
        cidKeys.number("DW", defaultWidth)
        if let verticalOrigin {
            // DW2 [vy w1]: each glyph's vertical origin half its width across and vy down from its horizontal
            // origin's line top, and one em down per glyph.
            cidKeys.numbers("DW2", [verticalOrigin, -1000])
        }
        cidKeys.widths(widthEntries)
        if let cidToGIDMap { cidKeys.name("CIDToGIDMap", cidToGIDMap) }
        try cidKeys.attach(to: cidFont, in: document, operation: operation)
        let descendants = try array()
        try add(font, "DescendantFonts", UnsafeMutableRawPointer(descendants))
        try append(descendants, UnsafeMutableRawPointer(cidFont))

        if let shared {
            try add(cidFont, "FontDescriptor", UnsafeMutableRawPointer(shared))
            return (font, cidFont, shared)
        }
        let descriptor = try dictionary()
        try add(cidFont, "FontDescriptor", UnsafeMutableRawPointer(descriptor))
        let descriptorKeys = RawEntries()
        descriptorKeys.name("Type", "FontDescriptor")
        descriptorKeys.name("FontName", baseFont)
        descriptorKeys.number("Flags", metrics.flags)
        descriptorKeys.numbers("FontBBox", metrics.boundingBox)
        descriptorKeys.real("ItalicAngle", metrics.italicAngle)
        descriptorKeys.number("Ascent", metrics.ascent)
        descriptorKeys.number("Descent", metrics.descent)
        descriptorKeys.number("CapHeight", metrics.capHeight)
        descriptorKeys.number("StemV", metrics.stemV)
        try descriptorKeys.attach(to: descriptor, in: document, operation: operation)
        return (font, cidFont, descriptor)
    }

    /// Runs one object call, throwing the operation's error unless it returns `HPDF_OK`.
    func call(_ body: () -> HPDF_STATUS) throws {
        try document.check(operation) { _ in body() }
    }

    /// The error for an allocation libHaru could not make.
    private func outOfMemory(_ argument: String? = nil) -> HaruError {
        document.reject(code: 0x1015, operation: operation, argument: argument)
    }
}

/// A stream written by its own hooks after its dictionary (`PDFObjectBuilder.deflatedStream`): the dictionary's
/// `attr` is a record allocated here (the output stream of the save under way, a copy of the bytes and, when their
/// owner made one, their digest), freed by the dictionary's `free_fn` when libHaru frees the object.
enum DirectStream {
    /// The record's fixed part; the bytes follow it, then the digest.
    struct Header {
        var output: HPDF_Stream?
        var count: Int
        var digestCount: Int
    }

    /// A record holding a copy of `bytes` and of `digest` (empty: none).
    static func allocate(_ bytes: Data, digest: [UInt8] = []) -> UnsafeMutablePointer<Header> {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Header>.stride + bytes.count + digest.count,
            alignment: MemoryLayout<Header>.alignment)
        let header = raw.bindMemory(to: Header.self, capacity: 1)
        header.initialize(to: Header(output: nil, count: bytes.count, digestCount: digest.count))
        bytes.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            (raw + MemoryLayout<Header>.stride).copyMemory(from: base, byteCount: source.count)
        }
        digest.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            (raw + MemoryLayout<Header>.stride + bytes.count).copyMemory(from: base, byteCount: source.count)
        }
        return header
    }

    /// The record of `dict` (a dictionary made by `PDFObjectBuilder.deflatedStream`, whose hooks are the only callers).
    static func header(of dict: HPDF_Dict?) -> UnsafeMutablePointer<Header>? {
        guard let attr = dict?.pointee.attr else { return nil }
        return attr.assumingMemoryBound(to: Header.self)
    }

    /// The bytes of a record.
    static func bytes(of header: UnsafeMutablePointer<Header>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(
            start: UnsafeRawPointer(header) + MemoryLayout<Header>.stride, count: header.pointee.count)
    }

    /// The digest of a record's bytes; empty when their owner made none.
    static func digest(of header: UnsafeMutablePointer<Header>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(
            start: UnsafeRawPointer(header) + MemoryLayout<Header>.stride + header.pointee.count,
            count: header.pointee.digestCount)
    }

    /// Inside the dictionary: remembers where the save writes, adds `/Filter`.
    static let write: HPDF_Dict_OnWriteFunc = { dict, stream in
        guard let header = header(of: dict) else { return HPDF_STATUS(HPDF_OK) }
        header.pointee.output = stream
        return flateFilterHook(dict, stream)
    }

    /// After the dictionary: the bytes, unless libHaru writes them itself (an encrypted document's stream). Bytes
    /// with a digest are noted with the save's buffer, whose /ID takes the digest in their place.
    static let afterWrite: HPDF_Dict_AfterWriteFunc = { dict in
        guard let header = header(of: dict), dict?.pointee.stream == nil, let output = header.pointee.output else {
            return HPDF_STATUS(HPDF_OK)
        }
        header.pointee.output = nil
        var status = HPDF_Stream_WriteStr(output, "\nstream\r\n")
        guard status == HPDF_STATUS(HPDF_OK) else { return status }
        let bytes = bytes(of: header)
        SaveBuffer.noteDigested(bytes.count, digest: digest(of: header), writtenTo: output)
        status = HPDF_Stream_Write(
            output, bytes.baseAddress?.assumingMemoryBound(to: HPDF_BYTE.self), HPDF_UINT(bytes.count))
        guard status == HPDF_STATUS(HPDF_OK) else { return status }
        return HPDF_Stream_WriteStr(output, "\nendstream")
    }
}
