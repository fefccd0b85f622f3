extension Document {
    /// Where a signed PDF shows its signature: a field on one page, placed like any element.
    ///
    /// A document only says where the field goes (a template's `signature:`); whether and with which key the PDF is
    /// signed is the caller's choice (`--sign`, `OutputOptions.signature`), so the same receipt template renders
    /// signed and unsigned. A document without one is signed invisibly.
    public struct SignatureField: Codable, Hashable, Sendable {
        /// The page, from 1.
        public var page: Int
        /// The field's rectangle in points, top-left origin.
        public var rect: Rect

        /// A field on `page` (from 1) at `rect`.
        public init(page: Int = 1, rect: Rect) {
            self.page = page
            self.rect = rect
        }
    }
}
