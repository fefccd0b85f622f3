import CHaru
import Digests
import Foundation
import Support

/// An embedded font program and the numbers a PDF needs to describe it, made once for an owner of many documents
/// (the Render module's `FontPrograms`, on its render context's shelf) and added to any number of its documents
/// (`PDFDocument.addType0Font`).
///
/// The font file and the ToUnicode CMap are held deflated (`PDFDocument.deflate`), so a batch compresses each subset
/// once, not once per document. Codes are two-byte CIDs shown through `Identity-H`.
package struct EmbeddedFontProgram: Sendable, Hashable {
    /// The kind of font program, which decides the CIDFont subtype and the descriptor's file key.
    package enum Kind: Sendable, Hashable {
        /// A TrueType (glyf) font: `CIDFontType2` with `/CIDToGIDMap /Identity`, `FontFile2`.
        case trueType
        /// A bare CFF table (CID-keyed or not): `CIDFontType0` with `FontFile3 /Subtype /CIDFontType0C`.
        case cff
    }

    /// TrueType (FontFile2) or CFF (FontFile3).
    package var kind: Kind
    /// `BaseFont` and `FontName`, with the subset tag (`ABCDEF+IPAexGothic`); PDF name characters only.
    package var baseFont: String
    /// The font program, deflated.
    package var compressedFont: Data {
        didSet { fontDigest = Self.digest(of: compressedFont) }
    }
    /// The SHA-1 of `compressedFont`, made once per program: a document's /ID takes it in place of the program's
    /// bytes (`PDFDocument.addDocumentID`), so a batch does not hash the same program in every file.
    package private(set) var fontDigest: [UInt8]
    /// The font program's length before compression (`Length1` of a `FontFile2`).
    package var fontLength: Int
    /// The ToUnicode CMap, deflated.
    package var compressedToUnicode: Data
    /// The advance of each code used, in thousandths of an em, sorted by code (the `W` array).
    package var widths: [(code: UInt16, width: Int)] {
        didSet { widthEntries = WidthEntry.entries(widths, defaultWidth: Self.defaultWidth) }
    }
    /// `widths` as the CIDFont's `W` entries at `DW` `defaultWidth`, made once per program: a batch adds the same
    /// program to every document.
    private(set) var widthEntries: [WidthEntry]
    /// The `DW` of every CIDFont made for a program (`addType0Font`).
    static let defaultWidth = 1000
    /// The FontDescriptor values.
    package var metrics: FontDescriptorValues

    /// Creates a program.
    package init(
        kind: Kind, baseFont: String, compressedFont: Data, fontLength: Int, compressedToUnicode: Data,
        widths: [(code: UInt16, width: Int)], metrics: FontDescriptorValues
    ) {
        self.kind = kind
        self.baseFont = baseFont
        self.compressedFont = compressedFont
        fontDigest = Self.digest(of: compressedFont)
        self.fontLength = fontLength
        self.compressedToUnicode = compressedToUnicode
        self.widths = widths
        widthEntries = WidthEntry.entries(widths, defaultWidth: Self.defaultWidth)
        self.metrics = metrics
    }

    /// The SHA-1 of `bytes`.
    private static func digest(of bytes: Data) -> [UInt8] {
        Digest.hash(.sha1, data: bytes)
    }

    /// Programs are equal when their names and bytes are.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.baseFont == rhs.baseFont && lhs.compressedFont == rhs.compressedFont
            && lhs.compressedToUnicode == rhs.compressedToUnicode && lhs.kind == rhs.kind
    }

    /// Hashes the name and the font length.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(baseFont)
        hasher.combine(compressedFont.count)
    }
}

/// A Type0 font built by `PDFDocument.addType0Font` in one document's object table; valid while its document lives
/// (libHaru's cross-reference table owns the objects).
package struct PDFType0Font {
    /// The font dictionary (an indirect object of the document).
    let dict: HPDF_Dict
    /// Its CIDFont's descriptor, shared by a font of the same program spaced otherwise.
    let descriptor: HPDF_Dict?
    /// Its ToUnicode stream, likewise shared.
    let toUnicode: HPDF_Dict?
    /// Its `BaseFont`.
    package let baseFont: String
    /// The program it embeds; nil for a non-embedded font.
    package let program: EmbeddedFontProgram?
}

extension PDFDocument {
    /// `bytes` deflated (`Deflate`), for streams added pre-compressed (`EmbeddedFontProgram`).
    package func deflate(_ bytes: Data) throws -> Data {
        guard let compressed = bytes.withUnsafeBytes({ deflate($0, effort: .program) }) else {
            throw reject(code: 0x1015, operation: "deflate a font stream", argument: "\(bytes.count) bytes")
        }
        return Data(compressed)
    }

    /// Adds `program` as a Type0 font (Identity-H) with its CIDFont, descriptor, font file and ToUnicode, all
    /// indirect objects of this document.
    ///
    /// These are libHaru's internal object calls, which return a status without calling the error handler; each
    /// is checked here.
    ///
    /// With `sharing`, an earlier font of the same program in this document, the new font has only its own `W`
    /// widths (`program.widths`) and uses the other's descriptor, font file and ToUnicode: the same glyphs spaced
    /// otherwise (Japanese proportional widths) without a second copy of the program.
    ///
    /// `toUnicode`, a deflated ToUnicode CMap, replaces the shared one (or the program's): the same glyphs read as
    /// other text (a glyph that stands for two characters, 入 and ⼊, is shown with a second font whose ToUnicode
    /// names the second).
    ///
    /// `verticalOrigin` (thousandths of an em: the font's ascent) makes it a vertical font, `Identity-V` with
    /// `DW2 [verticalOrigin -1000]`: a glyph shown at a pen position is drawn with its horizontal origin half its
    /// width left of the pen and `verticalOrigin` below it.
    package func addType0Font(
        _ program: EmbeddedFontProgram, sharing: PDFType0Font? = nil, toUnicode ownToUnicode: Data? = nil,
        verticalOrigin: Int? = nil
    ) throws -> PDFType0Font {
        try ensureUsable("add a font", program.baseFont)
        let objects = PDFObjectBuilder(document: self, operation: "add font \(program.baseFont)")

        let (font, _, descriptor) = try objects.type0Font(
            baseFont: program.baseFont, encoding: verticalOrigin == nil ? "Identity-H" : "Identity-V",
            subtype: program.kind == .trueType ? "CIDFontType2" : "CIDFontType0", ordering: "Identity",
            supplement: 0, defaultWidth: EmbeddedFontProgram.defaultWidth, widthEntries: program.widthEntries,
            metrics: program.metrics,
            descriptor: sharing?.descriptor, verticalOrigin: verticalOrigin,
            cidToGIDMap: program.kind == .trueType ? "Identity" : nil)
        if archive != nil, archive?.fontCIDs[descriptor] == nil { archive?.fontDescriptors.append(descriptor) }
        archive?.fontCIDs[descriptor, default: [0]].formUnion(program.widths.map(\.code))
        if let sharing, let toUnicode = try ownToUnicode.map({ try objects.deflatedStream($0) }) ?? sharing.toUnicode {
            try objects.add(font, "ToUnicode", UnsafeMutableRawPointer(toUnicode))
            return PDFType0Font(
                dict: font, descriptor: descriptor, toUnicode: toUnicode, baseFont: program.baseFont, program: program)
        }

        let file = try objects.deflatedStream(program.compressedFont, digest: program.fontDigest)
        switch program.kind {
        case .trueType:
            try objects.number(file, "Length1", program.fontLength)
            try objects.add(descriptor, "FontFile2", UnsafeMutableRawPointer(file))
        case .cff:
            try objects.name(file, "Subtype", "CIDFontType0C")
            try objects.add(descriptor, "FontFile3", UnsafeMutableRawPointer(file))
        }
        let toUnicode = try objects.deflatedStream(ownToUnicode ?? program.compressedToUnicode)
        try objects.add(font, "ToUnicode", UnsafeMutableRawPointer(toUnicode))
        return PDFType0Font(
            dict: font, descriptor: descriptor, toUnicode: toUnicode, baseFont: program.baseFont, program: program)
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
