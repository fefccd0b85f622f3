/// A path built in Swift and handed to libHaru whole, together with its painting operator.
///
/// Building the path as a value and emitting it in one go means libHaru's path-object mode can never be left
/// open by a caller, so its graphics-mode errors cannot happen through this API. Coordinates are PDF points,
/// origin bottom-left, y up.
package struct PDFPath: Sendable, Equatable {
    /// One piece of a path.
    package enum Element: Sendable, Equatable {
        /// Starts a new subpath at a point.
        case move(x: Double, y: Double)
        /// A straight line to a point.
        case line(x: Double, y: Double)
        /// A cubic Bézier curve through two control points to an end point.
        case curve(x1: Double, y1: Double, x2: Double, y2: Double, x3: Double, y3: Double)
        /// A closed rectangle from its lower-left corner.
        case rect(x: Double, y: Double, width: Double, height: Double)
        /// A closed circle around a centre.
        case circle(x: Double, y: Double, radius: Double)
        /// A closed ellipse around a centre.
        case ellipse(x: Double, y: Double, xRadius: Double, yRadius: Double)
        /// A circular arc around a centre, angles in degrees clockwise from 12 o'clock (libHaru's convention).
        case arc(x: Double, y: Double, radius: Double, startAngle: Double, endAngle: Double)
        /// Closes the current subpath with a straight line to its start.
        case close
    }

    /// The elements, in drawing order.
    package private(set) var elements: [Element] = []

    /// An empty path.
    package init() {}

    /// A path from elements.
    package init(_ elements: [Element]) {
        self.elements = elements
    }

    /// Starts a new subpath at (x, y).
    package mutating func move(to x: Double, _ y: Double) { elements.append(.move(x: x, y: y)) }
    /// Adds a straight line to (x, y).
    package mutating func line(to x: Double, _ y: Double) { elements.append(.line(x: x, y: y)) }
    /// Adds a cubic Bézier curve to (x3, y3) with control points (x1, y1) and (x2, y2).
    package mutating func curve(x1: Double, y1: Double, x2: Double, y2: Double, to x3: Double, _ y3: Double) {
        elements.append(.curve(x1: x1, y1: y1, x2: x2, y2: y2, x3: x3, y3: y3))
    }
    /// Adds a closed rectangle.
    package mutating func rect(x: Double, y: Double, width: Double, height: Double) {
        elements.append(.rect(x: x, y: y, width: width, height: height))
    }
    /// Adds a closed circle.
    package mutating func circle(x: Double, y: Double, radius: Double) {
        elements.append(.circle(x: x, y: y, radius: radius))
    }
    /// Adds a closed ellipse.
    package mutating func ellipse(x: Double, y: Double, xRadius: Double, yRadius: Double) {
        elements.append(.ellipse(x: x, y: y, xRadius: xRadius, yRadius: yRadius))
    }
    /// Adds an arc; angles in degrees, clockwise from 12 o'clock, as libHaru draws them.
    package mutating func arc(x: Double, y: Double, radius: Double, from startAngle: Double, to endAngle: Double) {
        elements.append(.arc(x: x, y: y, radius: radius, startAngle: startAngle, endAngle: endAngle))
    }
    /// Closes the current subpath.
    package mutating func close() { elements.append(.close) }

    /// A path holding one rectangle.
    package static func rectangle(x: Double, y: Double, width: Double, height: Double) -> PDFPath {
        PDFPath([.rect(x: x, y: y, width: width, height: height)])
    }
    /// A path holding one straight line.
    package static func line(from x1: Double, _ y1: Double, to x2: Double, _ y2: Double) -> PDFPath {
        PDFPath([.move(x: x1, y: y1), .line(x: x2, y: y2)])
    }
    /// A path holding one circle.
    package static func circle(x: Double, y: Double, radius: Double) -> PDFPath {
        PDFPath([.circle(x: x, y: y, radius: radius)])
    }
    /// A path holding one ellipse.
    package static func ellipse(x: Double, y: Double, xRadius: Double, yRadius: Double) -> PDFPath {
        PDFPath([.ellipse(x: x, y: y, xRadius: xRadius, yRadius: yRadius)])
    }

    /// True when every coordinate is a finite number (NaN would make libHaru write a broken content stream).
    var isFinite: Bool {
        elements.allSatisfy { element in
            switch element {
            case let .move(x, y), let .line(x, y): return x.isFinite && y.isFinite
            // Spelled out rather than `[a, b, …].allSatisfy`: no array is allocated per element (a QR code
            // paints hundreds of rectangles per page).
            case let .curve(a, b, c, d, e, f):
                return a.isFinite && b.isFinite && c.isFinite && d.isFinite && e.isFinite && f.isFinite
            case let .rect(a, b, c, d), let .ellipse(a, b, c, d):
                return a.isFinite && b.isFinite && c.isFinite && d.isFinite
            case let .circle(a, b, c): return a.isFinite && b.isFinite && c.isFinite
            case let .arc(a, b, c, d, e): return a.isFinite && b.isFinite && c.isFinite && d.isFinite && e.isFinite
            case .close: return true
            }
        }
    }
}
