import CHaru
import Foundation

/// An embedded font program and the numbers a PDF needs to describe it, made once per process and added to any
/// number of documents (`PDFDocument.addType0Font`).
///
/// The font file and the ToUnicode CMap are held deflated (`PDFDocument.deflate`), so a batch compresses each subset
/// once, not once per document. Codes are two-byte CIDs shown through `Identity-H`.
public struct EmbeddedFontProgram: Sendable, Hashable {
    /// The kind of font program, which decides the CIDFont subtype and the descriptor's file key.
    public enum Kind: Sendable, Hashable {
        /// A TrueType (glyf) font: `CIDFontType2` with `/CIDToGIDMap /Identity`, `FontFile2`.
        case trueType
        /// A bare CFF table (CID-keyed or not): `CIDFontType0` with `FontFile3 /Subtype /CIDFontType0C`.
        case cff
    }

    /// The font's descriptor values, in thousandths of an em (glyph space).
    public struct Metrics: Sendable, Hashable {
        /// Font flags (PDF 9.8.2): 4 = symbolic, 1 = fixed pitch, 2 = serif.
        public var flags: Int
        /// xMin, yMin, xMax, yMax of all glyphs.
        public var boundingBox: [Int]
        /// Degrees counter-clockwise from vertical.
        public var italicAngle: Double
        /// Ascender above the baseline.
        public var ascent: Int
        /// Descender (negative).
        public var descent: Int
        /// Height of flat capitals.
        public var capHeight: Int
        /// Vertical stem width.
        public var stemV: Int

        /// Creates the values.
        public init(flags: Int, boundingBox: [Int], italicAngle: Double, ascent: Int, descent: Int, capHeight: Int,
                    stemV: Int) {
            self.flags = flags
            self.boundingBox = boundingBox
            self.italicAngle = italicAngle
            self.ascent = ascent
            self.descent = descent
            self.capHeight = capHeight
            self.stemV = stemV
        }
    }

    /// TrueType (FontFile2) or CFF (FontFile3).
    public var kind: Kind
    /// `BaseFont` and `FontName`, with the subset tag (`ABCDEF+IPAexGothic`); PDF name characters only.
    public var baseFont: String
    /// The font program, deflated.
    public var compressedFont: Data
    /// The font program's length before compression (`Length1` of a `FontFile2`).
    public var fontLength: Int
    /// The ToUnicode CMap, deflated.
    public var compressedToUnicode: Data
    /// The advance of each code used, in thousandths of an em, sorted by code (the `W` array).
    public var widths: [(code: UInt16, width: Int)]
    /// The FontDescriptor values.
    public var metrics: Metrics
    /// The FontDescriptor's `CIDSet` stream of a subset (`EmbeddedFontProgram.cidSet(_:)`), deflated when that is
    /// smaller (a CFF subset's high CIDs make a long run of zero bytes); nil for a whole font (no CIDSet).
    public var cidSet: (bytes: Data, deflated: Bool)?

    /// Creates a program.
    public init(kind: Kind, baseFont: String, compressedFont: Data, fontLength: Int, compressedToUnicode: Data,
                widths: [(code: UInt16, width: Int)], metrics: Metrics, cidSet: (bytes: Data, deflated: Bool)? = nil) {
        self.cidSet = cidSet
        self.kind = kind
        self.baseFont = baseFont
        self.compressedFont = compressedFont
        self.fontLength = fontLength
        self.compressedToUnicode = compressedToUnicode
        self.widths = widths
        self.metrics = metrics
    }

    /// Programs are equal when their names and bytes are.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.baseFont == rhs.baseFont && lhs.compressedFont == rhs.compressedFont
            && lhs.compressedToUnicode == rhs.compressedToUnicode && lhs.kind == rhs.kind
    }

    /// Hashes the name and the font length.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(baseFont)
        hasher.combine(compressedFont.count)
    }
}

extension EmbeddedFontProgram {
    /// The `CIDSet` bit string for `cids`: one bit per CID from 0, high bit first, set for each CID held.
    public static func cidSet(_ cids: [UInt16]) -> Data {
        guard let last = cids.max() else { return Data() }
        var bits = [UInt8](repeating: 0, count: Int(last) / 8 + 1)
        for cid in cids { bits[Int(cid) / 8] |= 0x80 >> (cid % 8) }
        return Data(bits)
    }
}

/// A Type0 font built by `PDFDocument.addType0Font` in one document's object table; valid while its document lives
/// (libHaru's cross-reference table owns the objects).
public struct PDFType0Font {
    /// The font dictionary (an indirect object of the document).
    let dict: HPDF_Dict
    /// Its `BaseFont`.
    public let baseFont: String
    /// The program it embeds; nil for a non-embedded font.
    public let program: EmbeddedFontProgram?
}

/// Writes `/Filter /FlateDecode` into a stream dictionary whose bytes were deflated before they were handed to
/// libHaru (libHaru writes the key only for streams it compresses itself).
private let flateFilterHook: HPDF_Dict_OnWriteFunc = { _, stream in
    HPDF_Stream_WriteStr(stream, "/Filter /FlateDecode\n")
}

extension PDFDocument {
    /// `bytes` deflated with libHaru's zlib, for streams added pre-compressed (`EmbeddedFontProgram`).
    public func deflate(_ bytes: Data) throws -> Data {
        let mmgr = handle.pointee.mmgr
        guard let source = HPDF_MemStream_New(mmgr, HPDF_UINT(max(bytes.count, 1))) else {
            throw reject(code: 0x1015, operation: "deflate a font stream", argument: "\(bytes.count) bytes")
        }
        defer { HPDF_Stream_Free(source) }
        guard let target = HPDF_MemStream_New(mmgr, HPDF_UINT(max(bytes.count / 2, 1024))) else {
            throw reject(code: 0x1015, operation: "deflate a font stream", argument: "\(bytes.count) bytes")
        }
        defer { HPDF_Stream_Free(target) }
        try objectCall("deflate a font stream") {
            bytes.withUnsafeBytes { raw in
                HPDF_Stream_Write(source, raw.bindMemory(to: HPDF_BYTE.self).baseAddress, HPDF_UINT(raw.count))
            }
        }
        try objectCall("deflate a font stream") {
            HPDF_Stream_WriteToStream(source, target, HPDF_UINT(HPDF_STREAM_FILTER_FLATE_DECODE), nil)
        }
        // A memory stream is a list of buffers: read it back in order.
        try objectCall("deflate a font stream") { HPDF_Stream_Seek(target, 0, HPDF_SEEK_SET) }
        let size = Int(HPDF_Stream_Size(target))
        var out = [UInt8](repeating: 0, count: size)
        var length = HPDF_UINT(size)
        let status = out.withUnsafeMutableBufferPointer { HPDF_Stream_Read(target, $0.baseAddress, &length) }
        guard status == HPDF_STATUS(HPDF_OK) || status == HPDF_STATUS(HPDF_STREAM_EOF), Int(length) == size else {
            throw reject(code: UInt32(status), operation: "deflate a font stream", argument: "read back")
        }
        return Data(out)
    }

    /// Adds `program` as a Type0 font (Identity-H) with its CIDFont, descriptor, font file and ToUnicode, all
    /// indirect objects of this document.
    ///
    /// These are libHaru's internal object calls, which return a status without calling the error handler; each
    /// is checked here.
    public func addType0Font(_ program: EmbeddedFontProgram) throws -> PDFType0Font {
        try ensureUsable("add a font", program.baseFont)
        let mmgr = handle.pointee.mmgr
        let xref = handle.pointee.xref
        let op = "add font \(program.baseFont)"

        func newDict() throws -> HPDF_Dict {
            guard let dict = HPDF_Dict_New(mmgr) else { throw reject(code: 0x1015, operation: op, argument: nil) }
            try objectCall(op) { HPDF_Xref_Add(xref, dict) }
            return dict
        }
        func newStream(_ bytes: Data) throws -> HPDF_Dict {
            guard let dict = HPDF_DictStream_New(mmgr, xref) else {
                throw reject(code: 0x1015, operation: op, argument: nil)
            }
            try objectCall(op) {
                bytes.withUnsafeBytes { raw in
                    HPDF_Stream_Write(dict.pointee.stream, raw.bindMemory(to: HPDF_BYTE.self).baseAddress,
                                      HPDF_UINT(raw.count))
                }
            }
            dict.pointee.filter = HPDF_UINT(HPDF_STREAM_FILTER_NONE)
            dict.pointee.write_fn = flateFilterHook
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
        func array() throws -> HPDF_Array {
            guard let array = HPDF_Array_New(mmgr) else { throw reject(code: 0x1015, operation: op, argument: nil) }
            return array
        }

        let font = try newDict()
        try name(font, "Type", "Font")
        try name(font, "Subtype", "Type0")
        try name(font, "BaseFont", program.baseFont)
        try name(font, "Encoding", "Identity-H")

        let cidFont = try newDict()
        try name(cidFont, "Type", "Font")
        try name(cidFont, "Subtype", program.kind == .trueType ? "CIDFontType2" : "CIDFontType0")
        try name(cidFont, "BaseFont", program.baseFont)
        let system = HPDF_Dict_New(mmgr)
        try add(cidFont, "CIDSystemInfo", system.map { UnsafeMutableRawPointer($0) })
        try add(system!, "Registry", HPDF_String_New(mmgr, "Adobe", nil).map { UnsafeMutableRawPointer($0) })
        try add(system!, "Ordering", HPDF_String_New(mmgr, "Identity", nil).map { UnsafeMutableRawPointer($0) })
        try number(system!, "Supplement", 0)
        if program.kind == .trueType { try name(cidFont, "CIDToGIDMap", "Identity") }
        try number(cidFont, "DW", 1000)
        let widths = try array()
        try add(cidFont, "W", UnsafeMutableRawPointer(widths))
        try addWidthRuns(program.widths, defaultWidth: 1000, to: widths, mmgr: mmgr, operation: op)
        let descendants = try array()
        try add(font, "DescendantFonts", UnsafeMutableRawPointer(descendants))
        try objectCall(op) { HPDF_Array_Add(descendants, UnsafeMutableRawPointer(cidFont)) }

        let descriptor = try newDict()
        try add(cidFont, "FontDescriptor", UnsafeMutableRawPointer(descriptor))
        let metrics = program.metrics
        try name(descriptor, "Type", "FontDescriptor")
        try name(descriptor, "FontName", program.baseFont)
        try number(descriptor, "Flags", metrics.flags)
        let box = try array()
        try add(descriptor, "FontBBox", UnsafeMutableRawPointer(box))
        for value in metrics.boundingBox {
            try objectCall(op) { HPDF_Array_AddNumber(box, HPDF_INT32(clamping: value)) }
        }
        try objectCall(op) { HPDF_Dict_AddReal(descriptor, "ItalicAngle", HPDF_REAL(metrics.italicAngle)) }
        try number(descriptor, "Ascent", metrics.ascent)
        try number(descriptor, "Descent", metrics.descent)
        try number(descriptor, "CapHeight", metrics.capHeight)
        try number(descriptor, "StemV", metrics.stemV)

        let file = try newStream(program.compressedFont)
        switch program.kind {
        case .trueType:
            try number(file, "Length1", program.fontLength)
            try add(descriptor, "FontFile2", UnsafeMutableRawPointer(file))
        case .cff:
            try name(file, "Subtype", "CIDFontType0C")
            try add(descriptor, "FontFile3", UnsafeMutableRawPointer(file))
        }
        if let cidSet = program.cidSet {
            let set = try newStream(cidSet.bytes)
            if !cidSet.deflated { set.pointee.write_fn = nil }
            try add(descriptor, "CIDSet", UnsafeMutableRawPointer(set))
        }
        let toUnicode = try newStream(program.compressedToUnicode)
        try add(font, "ToUnicode", UnsafeMutableRawPointer(toUnicode))
        return PDFType0Font(dict: font, baseFont: program.baseFont, program: program)
    }

    /// Fills a `W` array with `widths`, leaving out codes whose width is the font's `DW` (`defaultWidth`): a run of
    /// four or more equal widths on consecutive codes as `first last w`, the rest as `c [w1 w2 …]`.
    func addWidthRuns(_ widths: [(code: UInt16, width: Int)], defaultWidth: Int, to array: HPDF_Array,
                      mmgr: HPDF_MMgr?, operation: String) throws {
        for entry in WidthEntry.entries(widths, defaultWidth: defaultWidth) {
            switch entry {
            case .range(let first, let last, let width):
                for value in [Int(first), Int(last), width] {
                    try objectCall(operation) { HPDF_Array_AddNumber(array, HPDF_INT32(clamping: value)) }
                }
            case .list(let first, let values):
                guard let run = HPDF_Array_New(mmgr) else {
                    throw reject(code: 0x1015, operation: operation, argument: "W")
                }
                try objectCall(operation) { HPDF_Array_AddNumber(array, HPDF_INT32(first)) }
                try objectCall(operation) { HPDF_Array_Add(array, UnsafeMutableRawPointer(run)) }
                for value in values {
                    try objectCall(operation) { HPDF_Array_AddNumber(run, HPDF_INT32(clamping: value)) }
                }
            }
        }
    }

    /// Registers `font` in `/Resources /Font` of a page and returns its resource name (`F1`).
    func resourceName(of font: PDFType0Font, on page: HPDF_Page) throws -> String {
        let name = try make("use font \(font.baseFont)") { _ in
            HPDF_Page_GetLocalFontName(page, font.dict)
        }
        return String(cString: name)
    }

    /// Runs an object-layer call that returns a status; a failure becomes a thrown `HaruError`.
    func objectCall(_ operation: String, _ body: () -> HPDF_STATUS) throws {
        try check(operation) { _ in body() }
    }
}

