import CHaru

extension PDFPage {
    /// Shows glyphs of an embedded Type0 font by their two-byte codes in one text object (`BT … TJ ET`), the first
    /// glyph's origin at (`x`, `y`) in points.
    ///
    /// `adjustments[i]`, when non-zero, goes before glyph `i` in the `TJ` array: thousandths of an em the pen moves
    /// left (negative: right), for advances that differ from the font's `W` width (kerning, shaping offsets).
    /// libHaru's own text calls accept only fonts it built, so the operators are written into the page's content
    /// stream directly; the text colour is the fill colour set before. Call outside a `text { }` scope.
    ///
    /// `characterSpacing` points go after every glyph (`Tc`, reset to 0 before `ET`: text state outlives a text
    /// object): letter-spaced text stays one string, which extractors read as one word.
    package func showGlyphs(
        _ codes: [UInt16], adjustments: [Int], font: PDFType0Font, size: Double, x: Double,
        y: Double, characterSpacing: Double = 0
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
        guard size.isFinite, size > 0, size < 10_000, x.isFinite, y.isFinite, adjustments.count == codes.count,
            characterSpacing.isFinite
        else {
            throw document.reject(
                code: 0x1048, operation: operation, argument: argument(),
                hint: "give a size above 0, finite coordinates and one adjustment per glyph.")
        }
        let name = try document.resourceName(of: font, on: handle)
        let content = ContentBytes(capacity: 40 + codes.count * 5)
        content.append("BT\n/")
        content.append(bytes: Array(name.utf8))
        content.append(byte: 0x20)
        content.number(size)
        content.append(" Tf\n")
        if characterSpacing != 0 {
            content.number(characterSpacing)
            content.append(" Tc\n")
        }
        let end: StaticString = characterSpacing != 0 ? "0 Tc\nET\n" : "ET\n"
        content.numbers(x, y)
        guard adjustments.contains(where: { $0 != 0 }) else {
            // No adjustment: one string shown with Tj, two bytes shorter than a TJ array.
            content.append("Td\n<")
            for code in codes { content.hex(code) }
            content.append(">Tj\n")
            content.append(end)
            try document.check(operation, argument()) { _ in append(content) }
            return
        }
        content.append("Td\n[<")
        for (code, adjustment) in zip(codes, adjustments) {
            if adjustment != 0 {
                content.append(byte: 0x3E)
                content.number(Double(adjustment))
                content.append(byte: 0x3C)
            }
            content.hex(code)
        }
        content.append(">]TJ\n")
        content.append(end)
        try document.check(operation, argument()) { _ in append(content) }
    }
}
