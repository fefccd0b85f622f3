/// What a validation should expect of a file beyond a sound structure; the defaults expect nothing more.
public struct ValidationOptions: Sendable, Equatable {
    /// Makes a font that is not embedded an error instead of a warning.
    public var requireEmbeddedFonts: Bool
    /// The number of pages the file must have.
    public var pageCount: Int?
    /// Texts that must each appear on some page (compared as `TextMatch` folds them).
    public var texts: [String]
    /// The size every page's MediaBox must have.
    public var pageSize: ExpectedPageSize?
    /// The user or owner password of an encrypted file.
    public var password: String?
    /// Streams stored without a filter and longer than this many bytes get a `stream.uncompressed` warning.
    public var uncompressedStreamLimit: Int
    /// Makes a missing Info /Title or catalog /Lang an error (`metadata.missing`).
    public var requireMetadata: Bool
    /// Resource limits that keep a validation's memory and time bounded on hostile files.
    public var limits: ResourceLimits
    /// The PDF/A part (1, 2 or 3) the file claims: its XMP, OutputIntent, CIDSets and the absence of
    /// encryption are checked (`pdfa.conformance`), and fonts must be embedded; nil checks nothing of PDF/A.
    public var archivePart: Int?
    /// The PDF/A conformance level the file claims with `archivePart`: `B`, or `A`, whose file must also be tagged
    /// (a structure tree, `/MarkInfo /Marked true`, a language).
    public var archiveConformance = "B"

    /// Options with every expectation spelled out; all default to "no expectation".
    public init(
        requireEmbeddedFonts: Bool = false, pageCount: Int? = nil, texts: [String] = [],
        pageSize: ExpectedPageSize? = nil, password: String? = nil, uncompressedStreamLimit: Int = 4096,
        requireMetadata: Bool = false, limits: ResourceLimits = ResourceLimits(), archivePart: Int? = nil,
        archiveConformance: String = "B"
    ) {
        self.archivePart = archivePart
        self.archiveConformance = archiveConformance
        self.requireMetadata = requireMetadata
        self.limits = limits
        self.requireEmbeddedFonts = requireEmbeddedFonts
        self.pageCount = pageCount
        self.texts = texts
        self.pageSize = pageSize
        self.password = password
        self.uncompressedStreamLimit = uncompressedStreamLimit
    }
}

/// How much a validation decodes and parses before it stops with a `resource.limit` finding instead of running out
/// of memory: a compression bomb is measured through a counter and never held.
public struct ResourceLimits: Sendable, Equatable {
    /// The decoded size any one stream may have (default 256 MiB); above it qpdf's whole-file check is skipped,
    /// since that check holds each decoded stream in memory.
    public var streamBytes: Int
    /// The decoded size of one page's content streams, together (default 64 MiB); above it the page is not parsed.
    public var contentBytes: Int
    /// The operators one page's content may have (default 10 million); parsing stops at the limit.
    public var operators: Int

    /// Limits with the defaults above.
    public init(streamBytes: Int = 256 << 20, contentBytes: Int = 64 << 20, operators: Int = 10_000_000) {
        self.streamBytes = streamBytes
        self.contentBytes = contentBytes
        self.operators = operators
    }
}
