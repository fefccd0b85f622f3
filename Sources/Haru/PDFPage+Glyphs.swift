import CHaru

extension PDFPage {
    /// Shows glyphs of an embedded Type0 font by their two-byte codes in one text object (`BT … TJ ET`), the first
    /// glyph's origin at (`x`, `y`) in points.
    ///
    /// `adjustments[i]`, when non-zero, goes before glyph `i` in the `TJ` array: thousandths of an em the pen moves
    /// left (negative: right), for advances that differ from the font's `W` width (kerning, shaping offsets).
    /// libHaru's own text calls accept only fonts it built, so the operators are written into the page's content
    /// stream directly; the text colour is the fill colour set before. Call outside a `text { }` scope.
    public func showGlyphs(
        _ codes: [UInt16], adjustments: [Int], font: PDFType0Font, size: Double, x: Double,
        y: Double
    ) throws {
        let operation = "show glyphs"
        func argument() -> String { "\(label), \(codes.count) glyphs of \(font.baseFont) at (\(x), \(y))" }
        try document.ensureUsable(operation, argument())
        guard document.openTextPage == nil, HPDF_Page_GetGMode(handle) == HPDF_UINT16(HPDF_GMODE_PAGE_DESCRIPTION)
        else {
            throw document.reject(
                code: 0x1051, operation: operation, argument: argument(),
                hint: "show glyphs outside a text { } scope and outside a path.")
        }
        guard size.isFinite, size > 0, size < 10_000, x.isFinite, y.isFinite, adjustments.count == codes.count else {
            throw document.reject(
                code: 0x1048, operation: operation, argument: argument(),
                hint: "give a size above 0, finite coordinates and one adjustment per glyph.")
        }
        let name = try document.resourceName(of: font, on: handle)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(40 + codes.count * 5)
        bytes.append(contentsOf: Array("BT\n/\(name) ".utf8))
        Self.appendNumber(size, to: &bytes)
        bytes.append(contentsOf: Array(" Tf\n".utf8))
        Self.appendNumber(x, to: &bytes)
        bytes.append(0x20)
        Self.appendNumber(y, to: &bytes)
        bytes.append(contentsOf: Array(" Td\n[<".utf8))
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var inString = true
        for (code, adjustment) in zip(codes, adjustments) {
            if adjustment != 0 {
                if inString { bytes.append(0x3E) }
                Self.appendNumber(Double(adjustment), to: &bytes)
                bytes.append(0x3C)
                inString = true
            } else if !inString {
                bytes.append(0x3C)
                inString = true
            }
            bytes.append(hex[Int(code >> 12)])
            bytes.append(hex[Int(code >> 8 & 0xF)])
            bytes.append(hex[Int(code >> 4 & 0xF)])
            bytes.append(hex[Int(code & 0xF)])
        }
        bytes.append(contentsOf: Array(">]TJ\nET\n".utf8))
        let stream = handle.pointee.attr.assumingMemoryBound(to: HPDF_PageAttr_Rec.self).pointee.stream
        try document.objectCall(operation) {
            bytes.withUnsafeBufferPointer { HPDF_Stream_Write(stream, $0.baseAddress, HPDF_UINT($0.count)) }
        }
    }

    /// Appends `value` with at most four decimals and no exponent, as PDF content streams need.
    static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        var scaled = (value * 10_000).rounded()
        if scaled < 0 {
            bytes.append(0x2D)
            scaled = -scaled
        }
        let whole = Int(scaled) / 10_000
        var fraction = Int(scaled) % 10_000
        bytes.append(contentsOf: Array(String(whole).utf8))
        guard fraction != 0 else { return }
        bytes.append(0x2E)
        var digits = 4
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        bytes.append(contentsOf: Array(repeating: UInt8(0x30), count: digits - text.count))
        bytes.append(contentsOf: Array(text.utf8))
    }
}
