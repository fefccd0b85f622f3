import CHaru
import Foundation
import Support

/// The metrics libHaru ships for one of its Japanese fonts (MS-PGothic …): widths by Adobe-Japan1 CID and the
/// descriptor values, read once per process from libHaru's font definition.
package struct JapaneseCIDMetrics: Sendable, Hashable {
    /// The font's PostScript name, `MS-PGothic`.
    package var name: String
    /// Widths of the CIDs that differ from `defaultWidth`, in thousandths of an em.
    package var widths: [UInt16: Int]
    /// The width of every other CID (`DW`).
    package var defaultWidth: Int
    /// The descriptor's values.
    package var descriptor: FontDescriptorValues

    /// The width of `cid` in thousandths of an em.
    package func width(of cid: UInt16) -> Int { widths[cid] ?? defaultWidth }

    /// libHaru's definition of `font`, read from a scratch document.
    package init(_ font: JapaneseFont) throws {
        let document = try PDFDocument()
        try document.check("use the Japanese fonts") { HPDF_UseJPFonts($0) }
        let definition = try document.make("read the font definition", font.rawValue) {
            HPDF_GetFontDef($0, font.rawValue)
        }
        if definition.pointee.valid == 0, let initialise = definition.pointee.init_fn {
            try document.check("read the font definition", font.rawValue) { _ in initialise(definition) }
        }
        guard let attributes = definition.pointee.attr?.assumingMemoryBound(to: HPDF_CIDFontDefAttr_Rec.self),
            let list = attributes.pointee.widths
        else {
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
        descriptor = FontDescriptorValues(
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
    package func addJapaneseCIDFont(
        _ metrics: JapaneseCIDMetrics, encoding: String,
        widths: [(code: UInt16, width: Int)], toUnicode: Data? = nil,
        supplement: Int
    ) throws -> PDFType0Font {
        let op = "add font \(metrics.name)"
        try ensureUsable(op, nil)
        let objects = PDFObjectBuilder(document: self, operation: op)
        let (font, _, _) = try objects.type0Font(
            baseFont: metrics.name, encoding: encoding, subtype: "CIDFontType2", ordering: "Japan1",
            supplement: supplement, defaultWidth: metrics.defaultWidth,
            widthEntries: WidthEntry.entries(widths, defaultWidth: metrics.defaultWidth), metrics: metrics.descriptor)
        if let toUnicode {
            let stream = try objects.deflatedStream(try deflate(toUnicode))
            try objects.add(font, "ToUnicode", UnsafeMutableRawPointer(stream))
        }
        return PDFType0Font(dict: font, descriptor: nil, toUnicode: nil, baseFont: metrics.name, program: nil)
    }
}
