/// A multi-page document: pages in order plus the metadata a PDF carries in its Info dictionary.
///
/// Pages are independent drawings, so each may have its own size; a single ticket is a document of one page.
public struct Document: Codable, Hashable, Sendable {
    /// The Info dictionary entries; nil entries are left out of the output.
    public struct Metadata: Codable, Hashable, Sendable {
        /// The document's title.
        public var title: String?
        /// Who wrote it.
        public var author: String?
        /// What it is about.
        public var subject: String?
        /// Search keywords, as one string.
        public var keywords: String?
        /// The program that made the description (the PDF's Creator; the renderer sets Producer).
        public var creator: String?

        /// Creates metadata; every entry is optional.
        public init(title: String? = nil, author: String? = nil, subject: String? = nil,
                    keywords: String? = nil, creator: String? = nil) {
            self.title = title
            self.author = author
            self.subject = subject
            self.keywords = keywords
            self.creator = creator
        }
    }

    /// The pages, first page first.
    public var pages: [Drawing]
    /// Title, author and the rest.
    public var metadata: Metadata

    /// Creates a document from its pages and metadata.
    public init(pages: [Drawing] = [], metadata: Metadata = Metadata()) {
        self.pages = pages
        self.metadata = metadata
    }
}
