/// How many pixels a point becomes in the raster: a factor (1×, 2× for retina-like output) or a resolution.
public enum RasterScale: Sendable, Hashable {
    /// Pixels per point: 1 gives a 400 × 150 px ticket, 2 gives 800 × 300 px.
    case factor(Double)
    /// Dots per inch; a point is 1/72 inch, so 144 dpi is the factor 2.
    case dpi(Double)

    /// Pixels per point.
    public var factor: Double {
        switch self {
        case .factor(let factor): factor
        case .dpi(let dpi): dpi / 72
        }
    }
}
