import CHaru

extension PDFPage {
    /// Marks what `body` draws as an artifact (`/Artifact BMC … EMC`): decoration beside the page's content, such as
    /// the ruby over a name, which assistive technology and tagged-PDF readers leave out of the text.
    ///
    /// Call outside a `text { }` scope and outside a path; `body` must leave the graphics state as it found it
    /// (marked content cannot straddle a `q`/`Q` pair). See `markedContent(_:_:)`.
    package func artifact(_ body: () throws -> Void) throws {
        try markedContent("Artifact", body)
    }

    /// Marks what `body` draws as a span whose text is `actualText` (`/Span <</ActualText …>> BDC … EMC`): extractors
    /// that honour it (poppler, pdfium) read that text instead of guessing words from the glyphs' positions, so a
    /// letter-spaced postal code reads `1000005`.
    ///
    /// Written into the content stream directly, like `artifact(_:)`, with the same conditions.
    package func span(actualText: String, _ body: () throws -> Void) throws {
        // A PDF text string in UTF-16BE with its byte order mark, written in hex: any text, no escaping.
        let begin = ContentBytes(capacity: 40 + actualText.utf16.count * 4)
        begin.append("/Span <</ActualText <FEFF")
        for unit in actualText.utf16 { begin.hex(unit) }
        begin.append(">>> BDC\n")
        try markedContent(opening: begin, operation: "mark span", body)
    }

    /// Writes `begin` (a `BMC` or `BDC` operator), what `body` draws, then `EMC`; refused inside a text scope or a
    /// path. libHaru does not implement marked content (hpdf.h: "not implemented yet"), so the operators are written
    /// into the page's content stream directly, like `showGlyphs`.
    func markedContent(opening begin: ContentBytes, operation: String, _ body: () throws -> Void) throws {
        try document.ensureUsable(operation, label)
        guard document.openTextPage == nil, HPDF_Page_GetGMode(handle) == HPDF_UINT16(HPDF_GMODE_PAGE_DESCRIPTION)
        else {
            throw document.reject(
                code: 0x1051, operation: operation, argument: label,
                hint: "\(operation) outside a text { } scope and outside a path.")
        }
        try document.check(operation, label) { _ in append(begin) }
        try body()
        let end = ContentBytes(capacity: 8)
        end.append("EMC\n")
        try document.check(operation, label) { _ in append(end) }
    }
}
