import CHaru

extension PDFPage {
    /// Marks what `body` draws as an artifact (`/Artifact BMC … EMC`): decoration beside the page's content, such as
    /// the ruby over a name, which assistive technology and tagged-PDF readers leave out of the text.
    ///
    /// Call outside a `text { }` scope and outside a path; `body` must leave the graphics state as it found it
    /// (marked content cannot straddle a `q`/`Q` pair). See `markedContent(_:_:)`.
    public func artifact(_ body: () throws -> Void) throws {
        try markedContent("Artifact", body)
    }
}
