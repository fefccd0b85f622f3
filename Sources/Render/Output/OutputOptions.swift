import DrawingModule
import Fonts
import PNG

/// Everything that decides how a laid-out document becomes bytes, in one value: every command, batch job, benchmark
/// and library call renders through `render(_:options:)` with one of these.
public struct OutputOptions: Sendable {
    /// The format written.
    public var format: OutputFormat
    /// How a PDF carries its fonts.
    public var fontMode: PDFFontMode
    /// Device pixels per point: a PNG's pixels, and in every format the grid barcode modules are placed on.
    public var scale: RasterScale
    /// Entries that replace the document's own metadata where set (nil entries keep the document's).
    public var metadata: Document.Metadata
    /// Where logical font names are looked up.
    public var fonts: FontRegistry
    /// A PNG's speed/size trade-off.
    public var pngCompression: PNGEncoder.Compression
    /// Embed a HarfBuzz subset of each font (default) rather than the whole file.
    public var subsetsFonts: Bool
    /// The PDF's Producer entry.
    public var producer: String
    /// The most bytes one page's raster may take (PNG), checked before it is allocated.
    public var maximumRasterBytes: Int
    /// When the rendering must be done by, checked at every drawing command; nil for no limit.
    public var deadline: Deadline?
    /// A PDF/A level that replaces the document's own (`pdfa:` in a template), its attachments added to the
    /// document's; nil keeps the document's.
    public var archive: Document.Archive?
    /// AES-256 encryption of the PDF, or nil; refused with a PDF/A level, which forbids it.
    public var encryption: PDFEncryption?
    /// True draws every form field as page content, nothing left to fill (`--flatten-forms`); false keeps the
    /// document's own choice (`Document.flattensForms`, a template's `flatten: true`).
    public var flattensForms = false
    /// True makes the PDF a tagged PDF/UA-1 document (`--pdfua`), false one without the claim (`--no-pdfua`: untagged,
    /// unless an accessible PDF/A level tags it); nil keeps the document's own choice (`Document.pdfua`, a template's
    /// `pdfua: true`).
    public var pdfua: Bool?
    /// A PAdES signature appended to the PDF, or nil; refused with encryption (mkpdf does not sign encrypted
    /// files), allowed with every PDF/A level.
    public var signature: PDFSigning?
    /// What the owner of many documents (a batch run, a server, a `Job`, a benchmark) keeps between them — page
    /// beginnings, set text, shapings, barcode layouts, font programs, deflate states, PNG bands — so each pays once
    /// for what every document repeats; nil makes every document from scratch (what a test counting work needs).
    public var context: RenderContext?

    /// Creates options; the defaults are a PDF with embedded subset fonts and the standard scale (2 px/pt).
    public init(
        format: OutputFormat = .pdf, fontMode: PDFFontMode = .embedded, scale: RasterScale = .standard,
        metadata: Document.Metadata = Document.Metadata(), fonts: FontRegistry = .shared,
        pngCompression: PNGEncoder.Compression = .fast, subsetsFonts: Bool = true, producer: String = "mkpdf",
        maximumRasterBytes: Int = RasterRenderer.defaultMaximumBytes
    ) {
        self.format = format
        self.fontMode = fontMode
        self.scale = scale
        self.metadata = metadata
        self.fonts = fonts
        self.pngCompression = pngCompression
        self.subsetsFonts = subsetsFonts
        self.producer = producer
        self.maximumRasterBytes = maximumRasterBytes
    }
}

extension Document.Metadata {
    /// These entries with every entry `overrides` sets put in their place.
    func overridden(by overrides: Document.Metadata) -> Document.Metadata {
        Document.Metadata(
            title: overrides.title ?? title, author: overrides.author ?? author,
            subject: overrides.subject ?? subject, keywords: overrides.keywords ?? keywords,
            creator: overrides.creator ?? creator, language: overrides.language ?? language)
    }
}
