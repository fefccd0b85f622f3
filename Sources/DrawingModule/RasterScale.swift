/// How many device pixels a point becomes: the PNG's pixels, and the grid barcode modules are placed on in every
/// format, so a PDF printed or rasterised at that resolution shows the same crisp modules as the PNG.
public enum RasterScale: Sendable, Hashable {
    /// Pixels per point: 1 gives a 400 × 150 px ticket, 2 gives 800 × 300 px.
    case factor(Double)
    /// Dots per inch; a point is 1/72 inch, so 144 dpi is the factor 2.
    case dpi(Double)

    /// The scale every command and library call uses unless told otherwise: 2 pixels per point (144 dpi).
    public static let standard = RasterScale.factor(2)

    /// Pixels per point.
    public var factor: Double {
        switch self {
        case .factor(let factor): factor
        case .dpi(let dpi): dpi / 72
        }
    }
}
