import CHaru
import Foundation

/// The metrics libHaru ships for one of its Japanese fonts (MS-PGothic …): widths by Adobe-Japan1 CID and the
/// descriptor values, read once per process from libHaru's font definition.
public struct JapaneseCIDMetrics: Sendable, Hashable {
    /// The font's PostScript name, `MS-PGothic`.
    public var name: String
    /// Widths of the CIDs that differ from `defaultWidth`, in thousandths of an em.
    public var widths: [UInt16: Int]
    /// The width of every other CID (`DW`).
    public var defaultWidth: Int
    /// The descriptor's values.
    public var descriptor: EmbeddedFontProgram.Metrics

    /// The width of `cid` in thousandths of an em.
    public func width(of cid: UInt16) -> Int { widths[cid] ?? defaultWidth }

    /// libHaru's definition of `font`, read from a scratch document.
    public init(_ font: JapaneseFont) throws {
        let document = try PDFDocument()
        try document.check("use the Japanese fonts") { HPDF_UseJPFonts($0) }
        let definition = try document.make("read the font definition", font.rawValue) {
            HPDF_GetFontDef($0, font.rawValue)
        }
        if definition.pointee.valid == 0, let initialise = definition.pointee.init_fn {
            try document.check("read the font definition", font.rawValue) { _ in initialise(definition) }
        }
        guard let attributes = definition.pointee.attr?.assumingMemoryBound(to: HPDF_CIDFontDefAttr_Rec.self),
              let list = attributes.pointee.widths else {
            throw document.reject(code: 0x1050, operation: "read the font definition", argument: font.rawValue)
        }
        var widths: [UInt16: Int] = [:]
        for index in 0..<Int(list.pointee.count) {
            guard let item = list.pointee.obj[index]?.assumingMemoryBound(to: HPDF_CID_Width.self) else { continue }
            widths[item.pointee.cid] = Int(item.pointee.width)
        }
        let box = definition.pointee.font_bbox
        name = font.rawValue
        self.widths = widths
        defaultWidth = Int(attributes.pointee.DW)
        descriptor = EmbeddedFontProgram.Metrics(
            flags: Int(definition.pointee.flags),
            boundingBox: [box.left, box.bottom, box.right, box.top].map { Int($0) },
            italicAngle: Double(definition.pointee.italic_angle), ascent: Int(definition.pointee.ascent),
            descent: Int(definition.pointee.descent), capHeight: Int(definition.pointee.cap_height),
            stemV: Int(definition.pointee.stemv))
    }
}

extension PDFDocument {
    /// Adds a non-embedded Japanese font as a Type0 font with the predefined CMap `encoding` (`UniJIS-UTF16-H`:
    /// codes are the text's UTF-16BE, mapped to Adobe-Japan1 CIDs by the viewer) and the `W` widths of the CIDs
    /// used (`widths`, sorted by CID); `supplement` is the Adobe-Japan1 supplement the largest CID needs.
    ///
    /// A ToUnicode is added only when `toUnicode` is given: with a Uni-CMap every extractor tested (poppler,
    /// MuPDF, pdfium, pypdf) reads the text from the codes, and MuPDF 1.21 warns "CMap is missing codespace range"
    /// when it remaps a ToUnicode through its built-in Uni-CMaps.
    public func addJapaneseCIDFont(_ metrics: JapaneseCIDMetrics, encoding: String,
                                   widths: [(code: UInt16, width: Int)], toUnicode: Data? = nil,
                                   supplement: Int) throws -> PDFType0Font {
        let op = "add font \(metrics.name)"
        try ensureUsable(op, nil)
        let mmgr = handle.pointee.mmgr
        let xref = handle.pointee.xref
        func newDict() throws -> HPDF_Dict {
            guard let dict = HPDF_Dict_New(mmgr) else { throw reject(code: 0x1015, operation: op, argument: nil) }
            try objectCall(op) { HPDF_Xref_Add(xref, dict) }
            return dict
        }
        func name(_ dict: HPDF_Dict, _ key: String, _ value: String) throws {
            try objectCall(op) { HPDF_Dict_AddName(dict, key, value) }
        }
        func number(_ dict: HPDF_Dict, _ key: String, _ value: Int) throws {
            try objectCall(op) { HPDF_Dict_AddNumber(dict, key, HPDF_INT32(clamping: value)) }
        }
        func add(_ dict: HPDF_Dict, _ key: String, _ value: UnsafeMutableRawPointer?) throws {
            guard let value else { throw reject(code: 0x1015, operation: op, argument: key) }
            try objectCall(op) { HPDF_Dict_Add(dict, key, value) }
        }
        let font = try newDict()
        try name(font, "Type", "Font")
        try name(font, "Subtype", "Type0")
        try name(font, "BaseFont", metrics.name)
        func stream(_ bytes: Data) throws -> HPDF_Dict {
            guard let stream = HPDF_DictStream_New(mmgr, xref) else {
                throw reject(code: 0x1015, operation: op, argument: nil)
            }
            try objectCall(op) {
                bytes.withUnsafeBytes { raw in
                    HPDF_Stream_Write(stream.pointee.stream, raw.bindMemory(to: HPDF_BYTE.self).baseAddress,
                                      HPDF_UINT(raw.count))
                }
            }
            stream.pointee.filter = HPDF_UINT(HPDF_STREAM_FILTER_FLATE_DECODE)
            return stream
        }
        func systemInfo(_ ordering: String, _ supplement: Int) throws -> HPDF_Dict {
            guard let system = HPDF_Dict_New(mmgr) else { throw reject(code: 0x1015, operation: op, argument: nil) }
            try add(system, "Registry", HPDF_String_New(mmgr, "Adobe", nil).map { UnsafeMutableRawPointer($0) })
            try add(system, "Ordering", HPDF_String_New(mmgr, ordering, nil).map { UnsafeMutableRawPointer($0) })
            try number(system, "Supplement", supplement)
            return system
        }
        try name(font, "Encoding", encoding)
        let cidFont = try newDict()
        try name(cidFont, "Type", "Font")
        try name(cidFont, "Subtype", "CIDFontType2")
        try name(cidFont, "BaseFont", metrics.name)
        guard let descendants = HPDF_Array_New(mmgr), let widthArray = HPDF_Array_New(mmgr),
              let box = HPDF_Array_New(mmgr) else {
            throw reject(code: 0x1015, operation: op, argument: nil)
        }
        try add(cidFont, "CIDSystemInfo", UnsafeMutableRawPointer(try systemInfo("Japan1", supplement)))
        try number(cidFont, "DW", metrics.defaultWidth)
        try add(cidFont, "W", UnsafeMutableRawPointer(widthArray))
        try addWidthRuns(widths, defaultWidth: metrics.defaultWidth, to: widthArray, mmgr: mmgr, operation: op)
        try add(font, "DescendantFonts", UnsafeMutableRawPointer(descendants))
        try objectCall(op) { HPDF_Array_Add(descendants, UnsafeMutableRawPointer(cidFont)) }
        let descriptor = try newDict()
        try add(cidFont, "FontDescriptor", UnsafeMutableRawPointer(descriptor))
        let values = metrics.descriptor
        try name(descriptor, "Type", "FontDescriptor")
        try name(descriptor, "FontName", metrics.name)
        try number(descriptor, "Flags", values.flags)
        try add(descriptor, "FontBBox", UnsafeMutableRawPointer(box))
        for value in values.boundingBox {
            try objectCall(op) { HPDF_Array_AddNumber(box, HPDF_INT32(clamping: value)) }
        }
        try objectCall(op) { HPDF_Dict_AddReal(descriptor, "ItalicAngle", HPDF_REAL(values.italicAngle)) }
        try number(descriptor, "Ascent", values.ascent)
        try number(descriptor, "Descent", values.descent)
        try number(descriptor, "CapHeight", values.capHeight)
        try number(descriptor, "StemV", values.stemV)
        if let toUnicode { try add(font, "ToUnicode", UnsafeMutableRawPointer(try stream(toUnicode))) }
        return PDFType0Font(dict: font, baseFont: metrics.name, program: nil)
    }
}
