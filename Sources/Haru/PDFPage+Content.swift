import CHaru

extension PDFPage {
    /// How many bytes the page's content stream holds so far (uncompressed).
    package var contentLength: Int {
        guard let stream = attributes.stream else { return 0 }
        return Int(stream.pointee.size)
    }

    /// The content stream's bytes from `offset` to its end: what was drawn since the stream was that long.
    package func content(from offset: Int) -> [UInt8] {
        guard let stream = attributes.stream else { return [] }
        return Array(PDFDocument.bytes(of: stream).dropFirst(offset))
    }

    /// Appends bytes to the content stream as they are: content this document's calls wrote before, on a page
    /// that starts the same way (`Render`'s kept page beginnings). The resources they name must be on the page
    /// (`useFont`, `setAlpha`), and the graphics state they save and restore changed with
    /// `saveGraphicsState`/`restoreGraphicsState`, so libHaru's state stays the page's.
    package func appendContent(_ bytes: ArraySlice<UInt8>) throws {
        guard !bytes.isEmpty else { return }
        try graphics("append content", "\(bytes.count) bytes") {
            bytes.withUnsafeBufferPointer { HPDF_Stream_Write(attributes.stream, $0.baseAddress, HPDF_UINT($0.count)) }
        }
    }

    /// Puts `font` in the page's resources under the name `showGlyphs` would give it, writing nothing: for content
    /// appended with `appendContent` that shows it.
    package func useFont(_ font: PDFType0Font) throws {
        try document.ensureUsable("use font \(font.baseFont)", label)
        _ = try document.resourceName(of: font, on: handle)
    }

    private var attributes: HPDF_PageAttr_Rec {
        handle.pointee.attr.assumingMemoryBound(to: HPDF_PageAttr_Rec.self).pointee
    }
}

extension PDFDocument {
    /// Makes the document's ExtGState for an alpha pair now, as the first `PDFPage.setAlpha` with it would: the
    /// document's objects are then made in the order a page drawn call by call makes them.
    /// - Throws: `HaruError` for an alpha outside 0…1, or transparency in a PDF/A-1b document.
    package func prepareAlpha(stroke: Double, fill: Double) throws {
        guard (0...1).contains(stroke), (0...1).contains(fill) else {
            throw reject(code: 0x1080, operation: "set the alpha", argument: "alpha stroke \(stroke) fill \(fill)")
        }
        _ = try alphaState(stroke: stroke, fill: fill, argument: "alpha stroke \(stroke) fill \(fill)")
    }
}
