import CHaru

extension PDFPage {
    /// Marks what `body` draws as an artifact (`/Artifact BMC … EMC`): decoration beside the page's content, such as
    /// the ruby over a name, which assistive technology and tagged-PDF readers leave out of the text.
    ///
    /// libHaru does not implement `BMC`/`EMC` (hpdf.h: "not implemented yet"), so the operators are written into the
    /// page's content stream directly, like `showGlyphs`. Call outside a `text { }` scope and outside a path; `body`
    /// must leave the graphics state as it found it (marked content cannot straddle a `q`/`Q` pair).
    public func artifact(_ body: () throws -> Void) throws {
        let begin = ContentBytes(capacity: 16)
        begin.append("/Artifact BMC\n")
        try markedContent("mark artifact", "artifacts", begin: begin, body)
    }

    /// Runs `body` inside a `/Span <</ActualText …>> BDC … EMC` sequence: extractors that honour it (poppler's
    /// pdftotext, pdfium) read `text` for what `body` draws, however its glyphs are spaced — a line whose 和欧間 or
    /// justification gaps would otherwise read as word spaces.
    ///
    /// Written into the content stream directly, as `artifact(_:)`; the same placement rules hold.
    public func actualText(_ text: String, _ body: () throws -> Void) throws {
        let begin = ContentBytes(capacity: 32 + text.utf16.count * 4)
        begin.append("/Span <</ActualText <FEFF")
        for unit in text.utf16 { begin.hex(unit) }
        begin.append(">>> BDC\n")
        try markedContent("mark actual text", "actual text", begin: begin, body)
    }

    /// Writes `begin`, what `body` draws, then `EMC`, when the page is in page-description mode (`operation` and
    /// `what` name the call in errors).
    private func markedContent(
        _ operation: String, _ what: String, begin: ContentBytes, _ body: () throws -> Void
    ) throws {
        try document.ensureUsable(operation, label)
        guard document.openTextPage == nil, HPDF_Page_GetGMode(handle) == HPDF_UINT16(HPDF_GMODE_PAGE_DESCRIPTION)
        else {
            throw document.reject(
                code: 0x1051, operation: operation, argument: label,
                hint: "mark \(what) outside a text { } scope and outside a path.")
        }
        try document.check(operation, label) { _ in append(begin) }
        try body()
        let end = ContentBytes(capacity: 8)
        end.append("EMC\n")
        try document.check(operation, label) { _ in append(end) }
    }
}
