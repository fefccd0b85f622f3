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

    /// A new indirect stream holding `bytes` as they are, with a direct `/Length`, and `/Filter /FlateDecode` when
    /// `deflated` (the bytes were compressed by `Deflate` before).
    ///
    /// libHaru gives every stream an indirect `/Length` object, 40-odd bytes of each small file; the length of bytes
    /// written as they are is known, so the hooks (`directLengthHooks`) write it in the dictionary instead. libHaru
    /// still writes the data, encrypting it when the document is encrypted (RC4 keeps the length).
    func stream(_ bytes: Data, deflated: Bool) throws -> HPDF_Dict {
        let stream = try dictionary()
        guard let length = HPDF_Number_New(mmgr, HPDF_INT32(clamping: bytes.count)) else { throw outOfMemory() }
        try add(stream, "Length", UnsafeMutableRawPointer(length))
        guard let data = HPDF_MemStream_New(mmgr, HPDF_UINT(max(bytes.count, 16))) else { throw outOfMemory() }
        stream.pointee.stream = data
        try call {
            bytes.withUnsafeBytes { raw in
                HPDF_Stream_Write(data, raw.bindMemory(to: HPDF_BYTE.self).baseAddress, HPDF_UINT(raw.count))
            }
        }
        stream.pointee.filter = HPDF_UINT(HPDF_STREAM_FILTER_NONE)
        stream.pointee.before_write_fn = DirectLength.beforeWrite
        stream.pointee.write_fn = deflated ? DirectLength.writeDeflated : DirectLength.write
        stream.pointee.after_write_fn = DirectLength.afterWrite
        stream.pointee.free_fn = DirectLength.free
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

    /// A CIDSystemInfo dictionary: Adobe's registry, `ordering`, `supplement`.
    func systemInfo(ordering: String, supplement: Int) throws -> HPDF_Dict {
        let system = try dictionary(indirect: false)
        try string(system, "Registry", "Adobe")
        try string(system, "Ordering", ordering)
        try number(system, "Supplement", supplement)
        return system
    }

    /// Fills a `W` array with `widths`, leaving out codes whose width is the font's `DW` (`defaultWidth`): a run of
    /// four or more equal widths on consecutive codes as `first last w`, the rest as `c [w1 w2 …]`.
    func widths(_ widths: [(code: UInt16, width: Int)], defaultWidth: Int, into array: HPDF_Array) throws {
        for entry in WidthEntry.entries(widths, defaultWidth: defaultWidth) {
            switch entry {
            case .range(let first, let last, let width):
                for value in [Int(first), Int(last), width] { try append(array, number: value) }
            case .list(let first, let values):
                let run = try self.array()
                try append(array, number: Int(first))
                try append(array, UnsafeMutableRawPointer(run))
                for value in values { try append(run, number: value) }
            }
        }
    }

    /// A Type0 font with one descendant CIDFont: the font dictionary (`baseFont`, `encoding`), the CIDFont
    /// (`subtype`, CIDSystemInfo Adobe-`ordering`-`supplement`, DW, W) and its FontDescriptor (`metrics`), all
    /// indirect; the caller adds what differs (CIDToGIDMap, the font file, ToUnicode).
    func type0Font(
        baseFont: String, encoding: String, subtype: String, ordering: String, supplement: Int,
        defaultWidth: Int, widths: [(code: UInt16, width: Int)], metrics: FontDescriptorValues
    )
        throws -> (font: HPDF_Dict, cidFont: HPDF_Dict, descriptor: HPDF_Dict)
    {
        let font = try dictionary()
        try name(font, "Type", "Font")
        try name(font, "Subtype", "Type0")
        try name(font, "BaseFont", baseFont)
        try name(font, "Encoding", encoding)

        let cidFont = try dictionary()
        try name(cidFont, "Type", "Font")
        try name(cidFont, "Subtype", subtype)
        try name(cidFont, "BaseFont", baseFont)
        try add(
            cidFont, "CIDSystemInfo",
            UnsafeMutableRawPointer(try systemInfo(ordering: ordering, supplement: supplement)))
        // 1000 is DW's default (PDF 9.7.4.3): written only when it differs.
        if defaultWidth != 1000 { try number(cidFont, "DW", defaultWidth) }
        let widthArray = try array()
        try add(cidFont, "W", UnsafeMutableRawPointer(widthArray))
        try self.widths(widths, defaultWidth: defaultWidth, into: widthArray)
        let descendants = try array()
        try add(font, "DescendantFonts", UnsafeMutableRawPointer(descendants))
        try append(descendants, UnsafeMutableRawPointer(cidFont))

        let descriptor = try dictionary()
        try add(cidFont, "FontDescriptor", UnsafeMutableRawPointer(descriptor))
        try name(descriptor, "Type", "FontDescriptor")
        try name(descriptor, "FontName", baseFont)
        try number(descriptor, "Flags", metrics.flags)
        let box = try array()
        try add(descriptor, "FontBBox", UnsafeMutableRawPointer(box))
        for value in metrics.boundingBox { try append(box, number: value) }
        try real(descriptor, "ItalicAngle", metrics.italicAngle)
        try number(descriptor, "Ascent", metrics.ascent)
        try number(descriptor, "Descent", metrics.descent)
        try number(descriptor, "CapHeight", metrics.capHeight)
        try number(descriptor, "StemV", metrics.stemV)
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

/// The hooks of a stream with a direct `/Length` (`PDFObjectBuilder.stream`). libHaru's `HPDF_Dict_Write` insists
/// that a stream's `Length` be an indirect object, but checks only after writing the dictionary's entries: the number
/// is written as a direct value, marked indirect for the check, and unmarked again after the write (and before a
/// free, so libHaru frees it with the dictionary whatever failed in between).
private enum DirectLength {
    static func setIndirect(_ dict: HPDF_Dict?, _ indirect: Bool) {
        guard let item = HPDF_Dict_GetItem(dict, "Length", HPDF_UINT16(HPDF_OCLASS_NUMBER)) else { return }
        let header = item.assumingMemoryBound(to: HPDF_Obj_Header.self)
        if indirect {
            header.pointee.obj_id |= HPDF_UINT32(HPDF_OTYPE_INDIRECT)
        } else {
            header.pointee.obj_id &= ~HPDF_UINT32(HPDF_OTYPE_INDIRECT)
        }
    }

    static let beforeWrite: HPDF_Dict_BeforeWriteFunc = { dict in
        setIndirect(dict, false)
        return HPDF_STATUS(HPDF_OK)
    }
    static let write: HPDF_Dict_OnWriteFunc = { dict, _ in
        setIndirect(dict, true)
        return HPDF_STATUS(HPDF_OK)
    }
    static let writeDeflated: HPDF_Dict_OnWriteFunc = { dict, stream in
        setIndirect(dict, true)
        return HPDF_Stream_WriteStr(stream, "/Filter /FlateDecode\n")
    }
    static let afterWrite: HPDF_Dict_AfterWriteFunc = { dict in
        setIndirect(dict, false)
        return HPDF_STATUS(HPDF_OK)
    }
    static let free: HPDF_Dict_FreeFunc = { dict in
        setIndirect(dict, false)
    }
}
