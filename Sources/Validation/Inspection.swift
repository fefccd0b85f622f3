/// What a PDF holds, as read through qpdf: version, pages, fonts, images, info, encryption and outline.
///
/// Reports carry it so a reader (or a test) can assert on facts, not only on findings.
public struct Inspection: Codable, Sendable, Equatable {
    /// The header version, e.g. "1.7".
    public var pdfVersion: String
    /// The number of pages (0 when the page tree cannot be read; see the `structure.page-tree` finding).
    public var pageCount: Int
    /// Each page, in order.
    public var pages: [PageInfo]
    /// The document information dictionary (`Title`, `Author`, `Producer`, …), keys without their slash.
    public var info: [String: String]
    /// Encryption parameters, when the file is encrypted.
    public var encryption: EncryptionInfo?
    /// Whether the file is linearized (its tables are checked by qpdf; problems are `structure.linearization`).
    public var isLinearized: Bool
    /// The outline (bookmarks), top level first.
    public var outline: [BookmarkInfo]
    /// The catalog's natural language (`/Lang`, e.g. `ja`), nil when absent.
    public var language: String?
    /// Features that need a later PDF version than 1.3, by name (`SMask`, `transparency`, `object streams`).
    public var features: [String] = []

    /// An empty inspection, filled in as the document is read.
    public init(
        pdfVersion: String = "", pageCount: Int = 0, pages: [PageInfo] = [], info: [String: String] = [:],
        encryption: EncryptionInfo? = nil, isLinearized: Bool = false, outline: [BookmarkInfo] = []
    ) {
        self.pdfVersion = pdfVersion
        self.pageCount = pageCount
        self.pages = pages
        self.info = info
        self.encryption = encryption
        self.isLinearized = isLinearized
        self.outline = outline
    }
}

/// One page: its size, the fonts and images its resources name, and the text its content streams show.
public struct PageInfo: Codable, Sendable, Equatable {
    /// The 1-based page number.
    public var number: Int
    /// The MediaBox (inherited from the page tree when the page has none), nil when missing or malformed.
    public var mediaBox: Box?
    /// Fonts in the page's resources and in the resources of the forms it draws.
    public var fonts: [FontInfo]
    /// Images in the page's resources and in the resources of the forms it draws.
    public var images: [ImageInfo]
    /// The text shown by the page's content streams, decoded to Unicode (see `TextExtractor` for how).
    public var text: String

    /// Makes a page record.
    public init(number: Int, mediaBox: Box?, fonts: [FontInfo], images: [ImageInfo], text: String) {
        self.number = number
        self.mediaBox = mediaBox
        self.fonts = fonts
        self.images = images
        self.text = text
    }
}

/// A rectangle in PDF points, as the four numbers of a box array.
public struct Box: Codable, Sendable, Equatable {
    /// Lower-left x.
    public var x0: Double
    /// Lower-left y.
    public var y0: Double
    /// Upper-right x.
    public var x1: Double
    /// Upper-right y.
    public var y1: Double

    /// A box from its four numbers, as in `[x0 y0 x1 y1]`.
    public init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }
    /// The width in points.
    public var width: Double { abs(x1 - x0) }
    /// The height in points.
    public var height: Double { abs(y1 - y0) }
    /// `595.28×841.89 pt`, rounded to hundredths, for messages and reports.
    public var sizeDescription: String { "\(ExpectedPageSize.format(width))×\(ExpectedPageSize.format(height)) pt" }
}

/// A font as a page's resources declare it.
public struct FontInfo: Codable, Sendable, Equatable {
    /// The resource name the content stream uses (`F1`).
    public var resourceName: String
    /// The font type: `Type1`, `TrueType`, `Type3`, or `Type0/CIDFontType2` for composite fonts.
    public var type: String
    /// The PostScript name, subset tag included (`HPDFAA+IPAexGothic`).
    public var baseFont: String
    /// The encoding: a name (`WinAnsiEncoding`, `Identity-H`, `90ms-RKSJ-H`), `Custom` for a dictionary, or empty.
    public var encoding: String
    /// Whether the font descriptor holds a font program (FontFile, FontFile2 or FontFile3).
    public var isEmbedded: Bool
    /// Whether the name carries a subset tag: six capital letters and a plus sign.
    public var isSubset: Bool
    /// Whether the font has a ToUnicode CMap.
    public var hasToUnicode: Bool

    /// Makes a font record.
    public init(
        resourceName: String, type: String, baseFont: String, encoding: String,
        isEmbedded: Bool, isSubset: Bool, hasToUnicode: Bool
    ) {
        self.resourceName = resourceName
        self.type = type
        self.baseFont = baseFont
        self.encoding = encoding
        self.isEmbedded = isEmbedded
        self.isSubset = isSubset
        self.hasToUnicode = hasToUnicode
    }
}

/// An image XObject as a page's resources declare it.
public struct ImageInfo: Codable, Sendable, Equatable {
    /// The resource name the content stream uses (`Im1`).
    public var resourceName: String
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bits per component (nil for image masks and JPX without it).
    public var bitsPerComponent: Int?
    /// The colour space: a name (`DeviceRGB`) or the family of an array (`ICCBased`, `Indexed`).
    public var colorSpace: String?
    /// Whether the image has a soft mask (alpha).
    public var hasSoftMask: Bool
    /// The filters, in order (`FlateDecode`, `DCTDecode`); empty for uncompressed data.
    public var filters: [String]

    /// Makes an image record.
    public init(
        resourceName: String, width: Int, height: Int, bitsPerComponent: Int?, colorSpace: String?,
        hasSoftMask: Bool, filters: [String]
    ) {
        self.resourceName = resourceName
        self.width = width
        self.height = height
        self.bitsPerComponent = bitsPerComponent
        self.colorSpace = colorSpace
        self.hasSoftMask = hasSoftMask
        self.filters = filters
    }
}

/// The encryption dictionary's parameters and what they permit.
public struct EncryptionInfo: Codable, Sendable, Equatable {
    /// The security handler revision `R` (2–6; 6 is AES-256).
    public var revision: Int
    /// The raw permission bits `P`, as a signed 32-bit value.
    public var permissionBits: Int
    /// The permissions granted, decoded by qpdf from `P`.
    public var permissions: [Permission]

    /// Makes an encryption record.
    public init(revision: Int, permissionBits: Int, permissions: [Permission]) {
        self.revision = revision
        self.permissionBits = permissionBits
        self.permissions = permissions
    }
}

/// A permission an encrypted PDF grants (or withholds).
public enum Permission: String, Codable, Sendable, CaseIterable {
    /// Extract text and graphics for accessibility.
    case accessibility
    /// Copy or extract text and graphics for any purpose.
    case extractAll = "extract"
    /// Print at low resolution.
    case printLowResolution = "print-low"
    /// Print at full resolution.
    case printHighResolution = "print-high"
    /// Insert, rotate or delete pages.
    case modifyAssembly = "modify-assembly"
    /// Fill in forms.
    case modifyForms = "modify-forms"
    /// Add or change annotations.
    case modifyAnnotations = "modify-annotations"
    /// Other changes.
    case modifyOther = "modify-other"

    /// The permissions the bits `P` grant under security handler revision `R`, read as qpdf reads them
    /// (bit 3 print, 4 modify, 5 extract, 6 annotate; from R 3 on also 9 forms, 10 accessibility, 11 assembly,
    /// 12 high-resolution print).
    public static func granted(by bits: Int32, revision: Int) -> [Permission] {
        func bit(_ n: Int) -> Bool { bits & (1 << (n - 1)) != 0 }
        let modern = revision >= 3
        let granted: [Permission: Bool] = [
            .accessibility: modern ? bit(10) : bit(5),
            .extractAll: bit(5),
            .printLowResolution: bit(3),
            .printHighResolution: bit(3) && (!modern || bit(12)),
            .modifyAssembly: modern ? bit(11) : bit(4),
            .modifyForms: modern ? bit(9) : bit(6),
            .modifyAnnotations: bit(6),
            .modifyOther: bit(4)
        ]
        return allCases.filter { granted[$0] == true }
    }
}

/// One outline (bookmark) entry and the entries nested under it.
public struct BookmarkInfo: Codable, Sendable, Equatable {
    /// The title as shown in a viewer.
    public var title: String
    /// The nested entries.
    public var children: [BookmarkInfo]

    /// Makes an entry.
    public init(title: String, children: [BookmarkInfo] = []) {
        self.title = title
        self.children = children
    }
}
