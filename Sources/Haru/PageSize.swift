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
    /// ISO A4, 210 × 297 mm.
    /// ISO A5, 148 × 210 mm.
    /// ISO B4, 250 × 353 mm (libHaru's `HPDF_PAGE_SIZE_B4`).
    /// ISO B5, 176 × 250 mm (libHaru's `HPDF_PAGE_SIZE_B5`).
    /// JIS B4, 257 × 364 mm, the Japanese B4.
    /// JIS B5, 182 × 257 mm, the Japanese B5.
    /// US Letter, 8.5 × 11 in.
    /// US Legal, 8.5 × 14 in.

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
