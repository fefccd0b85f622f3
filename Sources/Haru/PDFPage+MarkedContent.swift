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

    /// Writes `begin` (a `BMC` or `BDC` operator), what `body` draws, then `EMC`.
    func markedContent(opening begin: ContentBytes, operation: String, _ body: () throws -> Void) throws {
        try beginMarkedContent(begin, operation: operation)
        try body()
        try endMarkedContent(operation: operation)
    }

    /// Opens a marked-content sequence of a tagged PDF's structure element: `/Tag <</MCID n>> BDC`, `n` the
    /// sequence's number on this page, which the structure tree's parent tree maps back to the element. Closed by
    /// `endMarkedContent()`; the sequence may hold what several drawing calls make, but no `q`/`Q` and no open text
    /// scope or path at either end.
    package func beginMarkedContent(tag: String, mcid: Int) throws {
        let begin = ContentBytes(capacity: 32)
        begin.append(byte: 0x2F)
        begin.append(bytes: tag.utf8)
        begin.append(" <</MCID ")
        begin.append(bytes: String(mcid).utf8)
        begin.append(">> BDC\n")
        try beginMarkedContent(begin, operation: "begin marked content")
    }

    /// Opens an artifact sequence of a tagged PDF, `/Artifact <</Type /Pagination>> BDC` (`type` a name such as
    /// `Pagination` or `Layout`): what a reader of the structure skips. Closed by `endMarkedContent()`.
    package func beginArtifact(type: String) throws {
        let begin = ContentBytes(capacity: 40)
        begin.append("/Artifact <</Type /")
        begin.append(bytes: type.utf8)
        begin.append(">> BDC\n")
        try beginMarkedContent(begin, operation: "begin an artifact")
    }

    /// Closes the marked-content sequence opened last (`EMC`).
    package func endMarkedContent() throws {
        try endMarkedContent(operation: "end marked content")
    }

    /// Writes `begin` (a `BMC` or `BDC` operator); refused inside a text scope or a path. libHaru does not implement
    /// marked content (hpdf.h: "not implemented yet"), so the operators are written into the page's content stream
    /// directly, like `showGlyphs`.
    private func beginMarkedContent(_ begin: ContentBytes, operation: String) throws {
        try document.ensureUsable(operation, label)
        guard document.openTextPage == nil, HPDF_Page_GetGMode(handle) == HPDF_UINT16(HPDF_GMODE_PAGE_DESCRIPTION)
        else {
            throw document.reject(
                code: 0x1051, operation: operation, argument: label,
                hint: "\(operation) outside a text { } scope and outside a path.")
        }
        try document.check(operation, label) { _ in append(begin) }
    }

    /// Writes `EMC`, closing the sequence opened last.
    private func endMarkedContent(operation: String) throws {
        let end = ContentBytes(capacity: 8)
        end.append("EMC\n")
        try document.check(operation, label) { _ in append(end) }
    }
}
