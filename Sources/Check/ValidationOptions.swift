/// What a validation should expect of a file beyond a sound structure; the defaults expect nothing more.
public struct ValidationOptions: Sendable, Equatable {
    /// Makes a font that is not embedded an error instead of a warning.
    public var requireEmbeddedFonts: Bool
    /// The number of pages the file must have.
    public var pageCount: Int?
    /// Texts that must each appear on some page (compared as `TextMatch` folds them).
    public var texts: [String]
    /// The size every page's MediaBox must have.
    public var pageSize: PageSize?
    /// The user or owner password of an encrypted file.
    public var password: String?
    /// Streams stored without a filter and longer than this many bytes get a `stream.uncompressed` warning.
    public var uncompressedStreamLimit: Int

    /// Options with every expectation spelled out; all default to "no expectation".
    public init(requireEmbeddedFonts: Bool = false, pageCount: Int? = nil, texts: [String] = [],
                pageSize: PageSize? = nil, password: String? = nil, uncompressedStreamLimit: Int = 4096) {
        self.requireEmbeddedFonts = requireEmbeddedFonts
        self.pageCount = pageCount
        self.texts = texts
        self.pageSize = pageSize
        self.password = password
        self.uncompressedStreamLimit = uncompressedStreamLimit
    }
}
