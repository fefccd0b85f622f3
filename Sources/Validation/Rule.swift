/// The rules a validation applies; each raw value is the rule's stable id.
///
/// Structural rules (`structure.*`) are qpdf's verdict and make a file *damaged*: a file has one of them exactly
/// when `qpdf --check` exits non-zero. The others are mkpdf's own checks on an intact file.
public enum Rule: String, Codable, Sendable, CaseIterable {
    /// qpdf had to recover from damage while opening or checking (its warnings: bad xref, stream length, …).
    case structureDamaged = "structure.damaged"
    /// qpdf's check stopped on an error it could not recover from (e.g. a stream that cannot be decoded).
    case structureCheckFailed = "structure.check-failed"
    /// A page's content streams cannot be decoded or have a syntax error (the parse `qpdf --check` does on every page).
    case contentStream = "structure.content"
    /// The page tree cannot be walked, so pages cannot be counted.
    case pageTree = "structure.page-tree"
    /// A font's program is not embedded: viewers substitute a font. An error when embedding is required.
    case fontNotEmbedded = "font.not-embedded"
    /// The ToUnicode CMap uses `begincidrange`, as libHaru 2.3.0 writes for UTF-8 fonts: a known, harmless defect
    /// (poppler warns "Invalid 'begincidrange' operator in ToUnicode CMap"; text still extracts).
    case haruMalformedToUnicode = "font.haru-tounicode-cidrange"
    /// A stream larger than the limit is stored without a filter.
    case uncompressedStream = "stream.uncompressed"
    /// A page's MediaBox differs from the expected size.
    case pageSize = "expect.page-size"
    /// The document has another number of pages than expected.
    case pageCount = "expect.page-count"
    /// An expected text appears on no page.
    case textMissing = "expect.text"
    /// qpdf's linearization check found the hint tables or linearization dictionary inconsistent (`qpdf --check`
    /// reports these as warnings and exits non-zero).
    case linearization = "structure.linearization"
    /// A resource limit was reached (decoded stream size, page content size, operator count): the part beyond it
    /// was not checked, so the file cannot be called valid.
    case resourceLimit = "resource.limit"
    /// The document has no pages: viewers show nothing.
    case noPages = "document.no-pages"
    /// The catalog or page tree is not what a viewer walks (no /Root /Pages dictionary, /Kids that do not lead to
    /// the pages qpdf finds): viewers such as poppler refuse the file even though qpdf repairs it.
    case pageTreeUnusable = "document.page-tree"
    /// An object stream's header names other objects than the cross-reference stream puts in it: qpdf takes the
    /// object at the index, viewers such as poppler check the number and find nothing (e.g. no catalog).
    case objectStreamMismatch = "document.object-stream"
    /// The header (and catalog /Version) declares a PDF version older than a feature the file uses.
    case versionTooLow = "document.version"
    /// A font whose codes cannot be mapped to Unicode (no /ToUnicode, no standard encoding): text cannot be
    /// copied or searched.
    case fontWithoutToUnicode = "font.no-tounicode"
    /// The encryption dictionary states a key length its security handler cannot use (readers refuse the password).
    case encryptionKeyLength = "encryption.key-length"
    /// Info /Title or catalog /Lang is missing (only with `requireMetadata`).
    case metadataMissing = "metadata.missing"
    /// Part of the document could not be inspected (qpdf raised an error reading an object).
    case inspectionIncomplete = "inspect.incomplete"
    /// A PDF/A part mkpdf checks itself is missing or wrong (only with `archivePart`): XMP, OutputIntent, encryption,
    /// CIDSet.
    case archive = "pdfa.conformance"

    /// Whether the rule reports damage to the file's structure (what `qpdf --check` detects).
    public var isStructural: Bool {
        switch self {
        case .structureDamaged, .structureCheckFailed, .contentStream, .pageTree, .linearization: true
        default: false
        }
    }
}
