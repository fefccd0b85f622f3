/// A position in points, origin top-left, y growing down.
///
/// Points, origin at the top-left corner, y growing downward (UIKit's coordinates); the PDF renderer flips y when it draws.
public struct Point: Codable, Hashable, Sendable {
    /// Distance from the left edge, in points.
    public var x: Double
    /// Distance from the top edge, in points.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The top-left corner.
    public static let zero = Point(x: 0, y: 0)
}

/// A width and a height, in points.
public struct Size: Codable, Hashable, Sendable {
    /// Horizontal extent, in points.
    public var width: Double
    /// Vertical extent, in points.
    public var height: Double

    /// Creates a size from its extents.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle: its top-left corner and its size, in points.
///
/// Stored flat (`x`, `y`, `width`, `height`) so the JSON form reads like the canvas calls' arguments.
public struct Rect: Codable, Hashable, Sendable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a rectangle from its top-left corner and extents.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Creates a rectangle from a corner and a size.
    public init(origin: Point, size: Size) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    /// The top-left corner.
    public var origin: Point { Point(x: x, y: y) }
    /// The extents.
    public var size: Size { Size(width: width, height: height) }
    /// The right edge.
    public var maxX: Double { x + width }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The centre point, where ellipses are drawn around.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
}

extension Rect {
    /// The smallest rectangle holding every one of `rects`; nil for none: what a group of elements covers.
    public static func union(_ rects: [Rect]) -> Rect? {
        guard let first = rects.first else { return nil }
        var (left, top, right, bottom) = (first.x, first.y, first.maxX, first.maxY)
        for rect in rects.dropFirst() {
            left = min(left, rect.x)
            top = min(top, rect.y)
            right = max(right, rect.maxX)
            bottom = max(bottom, rect.maxY)
        }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
