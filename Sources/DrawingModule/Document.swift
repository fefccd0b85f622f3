/// A multi-page document: pages in order plus the metadata a PDF carries in its Info dictionary.
///
/// Pages are independent drawings, so each may have its own size; a single ticket is a document of one page. The
/// outline (bookmarks) belongs here too, so a PDF writer needs nothing beside the document.
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
        /// The natural language as a BCP 47 tag (`ja`, `en`); nil lets the PDF renderer choose `ja` when the
        /// text is Japanese.
        public var language: String?

        /// Creates metadata; every entry is optional.
        public init(
            title: String? = nil, author: String? = nil, subject: String? = nil,
            keywords: String? = nil, creator: String? = nil, language: String? = nil
        ) {
            self.language = language
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
    /// Bookmarks in reading order, nested by level; empty for none.
    public var outline: [OutlineEntry]
    /// The PDF/A level and attached files, or nil for an ordinary PDF.
    public var archive: Archive?
    /// Where a signature is shown when the PDF is signed, or nil for an invisible one.
    public var signatureField: SignatureField?
    /// True draws every form field as page content (its appearance) instead of a field a reader can fill: a
    /// template's `flatten: true`; `OutputOptions.flattensForms` asks the same of one rendering.
    public var flattensForms = false
    /// True makes the PDF a tagged PDF that claims PDF/UA-1 (a template's `pdfua: true`; `OutputOptions.pdfua` asks
    /// the same of one rendering): its structure tree written with marked content, artifacts marked, and what would
    /// break the claim (an image with neither alternative text nor `decorative`) refused.
    public var pdfua = false

    /// True when the PDF is tagged: it claims PDF/UA-1 (`pdfua`) or an accessible PDF/A level (`2a`, `3a`), both of
    /// which stand on the structure tree.
    public var isTagged: Bool { pdfua || archive?.level.isAccessible == true }

    /// Creates a document from its pages, metadata, outline, archive request and signature field.
    public init(
        pages: [Drawing] = [], metadata: Metadata = Metadata(), outline: [OutlineEntry] = [], archive: Archive? = nil,
        signatureField: SignatureField? = nil
    ) {
        self.pages = pages
        self.metadata = metadata
        self.outline = outline
        self.archive = archive
        self.signatureField = signatureField
    }

    private enum CodingKeys: String, CodingKey {
        case pages, metadata, outline, archive, signatureField, flattensForms, pdfua
    }

    /// Reads a document; `metadata` and `outline` may be left out (`{"pages": [drawing, ...]}` is a document), and
    /// each outline entry must point at a page of the document.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pages = try container.decode([Drawing].self, forKey: .pages)
        metadata = try container.decodeIfPresent(Metadata.self, forKey: .metadata) ?? Metadata()
        outline = try container.decodeIfPresent([OutlineEntry].self, forKey: .outline) ?? []
        archive = try container.decodeIfPresent(Archive.self, forKey: .archive)
        signatureField = try container.decodeIfPresent(SignatureField.self, forKey: .signatureField)
        flattensForms = try container.decodeIfPresent(Bool.self, forKey: .flattensForms) ?? false
        pdfua = try container.decodeIfPresent(Bool.self, forKey: .pdfua) ?? false
        if let problem = firstOutlineProblem() {
            let path =
                decoder.codingPath + [
                    CodingKeys.outline, OutlineKey(index: problem.index),
                    OutlineKey(field: problem.field)
                ]
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: problem.reason))
        }
    }

    /// Writes the document, leaving out an empty outline so documents without bookmarks keep their JSON form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pages, forKey: .pages)
        try container.encode(metadata, forKey: .metadata)
        if !outline.isEmpty { try container.encode(outline, forKey: .outline) }
        try container.encodeIfPresent(archive, forKey: .archive)
        try container.encodeIfPresent(signatureField, forKey: .signatureField)
        if flattensForms { try container.encode(flattensForms, forKey: .flattensForms) }
        if pdfua { try container.encode(pdfua, forKey: .pdfua) }
    }

    /// A coding-path element naming an outline entry or one of its fields in error locations.
    private struct OutlineKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(index: Int) {
            stringValue = "\(index)"
            intValue = index
        }
        init(field: String) { stringValue = field }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { self.init(index: intValue) }
    }
}
