/// A page's width and height in points (1/72 inch), as libHaru sets them; paper names and orientation are
/// DrawingModule's `Paper`, the one table of them.
package struct PageSize: Sendable, Equatable, Hashable {
    /// Width in points.
    package var width: Double
    /// Height in points.
    package var height: Double

    /// A size of any dimensions; it is checked (3…14400 pt, finite) when a page is added.
    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The smallest and largest side libHaru accepts, in points.
    package static let allowedSides: ClosedRange<Double> = 3...14400

    /// True when both sides are finite and within `allowedSides`.
    package var isValid: Bool {
        width.isFinite && height.isFinite && PageSize.allowedSides.contains(width)
            && PageSize.allowedSides.contains(height)
    }
}
