/// A page's width and height in points (1/72 inch), with the usual paper sizes.
///
/// The presets use libHaru's own numbers so a page matches `HPDF_Page_SetSize`; `b4`/`b5` are ISO 216 B sizes
/// as in libHaru, and `jisB4`/`jisB5` are the Japanese JIS P 0138 sizes common in Japan.
public struct PageSize: Sendable, Equatable, Hashable {
    /// Width in points, as in portrait orientation.
    public var width: Double
    /// Height in points, as in portrait orientation.
    public var height: Double

    /// A size of any dimensions; it is checked (3…14400 pt, finite) when a page is added.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A custom size; the same as `init(width:height:)`.
    public static func custom(width: Double, height: Double) -> PageSize {
        PageSize(width: width, height: height)
    }

    /// ISO A3, 297 × 420 mm.
    public static let a3 = PageSize(width: 841.89, height: 1190.551)
    /// ISO A4, 210 × 297 mm.
    public static let a4 = PageSize(width: 595.276, height: 841.89)
    /// ISO A5, 148 × 210 mm.
    public static let a5 = PageSize(width: 419.528, height: 595.276)
    /// ISO B4, 250 × 353 mm (libHaru's `HPDF_PAGE_SIZE_B4`).
    public static let b4 = PageSize(width: 708.661, height: 1000.63)
    /// ISO B5, 176 × 250 mm (libHaru's `HPDF_PAGE_SIZE_B5`).
    public static let b5 = PageSize(width: 498.898, height: 708.661)
    /// JIS B4, 257 × 364 mm, the Japanese B4.
    public static let jisB4 = PageSize(width: 728.504, height: 1031.811)
    /// JIS B5, 182 × 257 mm, the Japanese B5.
    public static let jisB5 = PageSize(width: 515.906, height: 728.504)
    /// US Letter, 8.5 × 11 in.
    public static let letter = PageSize(width: 612, height: 792)
    /// US Legal, 8.5 × 14 in.
    public static let legal = PageSize(width: 612, height: 1008)

    /// The smallest and largest side libHaru accepts, in points.
    public static let allowedSides: ClosedRange<Double> = 3...14400

    /// True when both sides are finite and within `allowedSides`.
    public var isValid: Bool {
        width.isFinite && height.isFinite && PageSize.allowedSides.contains(width)
            && PageSize.allowedSides.contains(height)
    }

    /// This size as given for `.portrait`, with width and height swapped for `.landscape` (as libHaru does).
    public func oriented(_ orientation: PageOrientation) -> PageSize {
        switch orientation {
        case .portrait: return self
        case .landscape: return PageSize(width: height, height: width)
        }
    }
}

/// Which way a page stands.
public enum PageOrientation: Sendable, Equatable {
    /// The size as given (presets are taller than wide).
    case portrait
    /// Width and height swapped.
    case landscape
}
