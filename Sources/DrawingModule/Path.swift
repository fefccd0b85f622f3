import Foundation
import Support

extension Drawing.Command {
    /// An outline of straight lines and cubic curves, filled and/or stroked: what rectangles and ellipses cannot
    /// draw — a pie chart's wedges, a line chart's polyline.
    ///
    /// Arcs are written as cubic curves (``Element/arc(center:radius:from:to:)``) here, once, so the PDF and the PNG
    /// draw the same curves rather than each library's own arc approximation. Both fill with the non-zero winding
    /// rule and join corners with miters, their common default.
    public struct Path: Codable, Hashable, Sendable {
        /// The segments in drawing order; the first is a move.
        public var elements: [Element]
        /// Fill, stroke, both (fill first) or none.
        public var paint: Paint
        /// Outline width in points, centred on the path.
        public var lineWidth: Double
        /// The outline colour.
        public var stroke: Color
        /// The interior colour.
        public var fill: Color
        /// The slot the colours came from, for messages only.
        public var slot: SlotRef?

        /// Creates a path command.
        public init(
            elements: [Element], paint: Paint, lineWidth: Double, stroke: Color, fill: Color, slot: SlotRef? = nil
        ) {
            self.elements = elements
            self.paint = paint
            self.lineWidth = lineWidth
            self.stroke = stroke
            self.fill = fill
            self.slot = slot
        }

        /// The first problem a renderer would have with the elements (nil when there is none): a path must start
        /// with a move, and every coordinate must be a finite number.
        public var firstProblem: String? {
            guard let first = elements.first else { return nil }
            guard case .move = first else { return "a path starts with a move" }
            for (index, element) in elements.enumerated() where !element.points.allSatisfy(\.isFinite) {
                return "element \(index) has a coordinate that is not a finite number"
            }
            return nil
        }
    }
}

extension Drawing.Command.Path {
    /// One segment of a path, in page coordinates (points, y down).
    ///
    /// In JSON each is a one-key object with its numbers: `{"move": [x, y]}`, `{"line": [x, y]}`,
    /// `{"curve": [x1, y1, x2, y2, x, y]}` (two control points, then the end), `{"close": []}`.
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at a point.
        case move(Point)
        /// A straight line to a point.
        case line(Point)
        /// A cubic Bézier curve through two control points to an end point.
        case curve(Point, Point, Point)
        /// A straight line back to the start of the subpath, closing it.
        case close

        /// The points the element names, in order.
        public var points: [Point] {
            switch self {
            case .move(let point), .line(let point): [point]
            case .curve(let first, let second, let end): [first, second, end]
            case .close: []
            }
        }

        /// The point on the circle around `center` at `degrees` clockwise from 12 o'clock, as seen on the page.
        public static func point(on center: Point, radius: Double, degrees: Double) -> Point {
            let radians = degrees * .pi / 180
            return Point(x: center.x + radius * sin(radians), y: center.y - radius * cos(radians))
        }

        /// The arc of the circle around `center` from `start` to `end` degrees (clockwise from 12 o'clock as seen on
        /// the page; `end` after `start`) as cubic curves of at most 90° each, starting where the path already is
        /// (move or line to `point(on:radius:degrees: start)` first).
        ///
        /// Each quarter or less uses control points at 4/3·tan(θ/4) of the radius along the tangents, the usual
        /// approximation (off the true circle by under 0.03 % of the radius).
        public static func arc(center: Point, radius: Double, from start: Double, to end: Double) -> [Element] {
            guard end > start else { return [] }
            let pieces = max(1, Int(roundedClamping: (end - start) / 90, .up))
            let step = (end - start) / Double(pieces)
            let handle = 4.0 / 3.0 * tan(step * .pi / 720) * radius
            return (0..<pieces).map { index in
                let from = start + Double(index) * step
                let to = from + step
                let a = point(on: center, radius: radius, degrees: from)
                let b = point(on: center, radius: radius, degrees: to)
                // Tangents of a clockwise turn on a y-down page: (cos θ, sin θ) at angle θ from 12 o'clock.
                let (fromRadians, toRadians) = (from * .pi / 180, to * .pi / 180)
                return .curve(
                    Point(x: a.x + handle * cos(fromRadians), y: a.y + handle * sin(fromRadians)),
                    Point(x: b.x - handle * cos(toRadians), y: b.y - handle * sin(toRadians)), b)
            }
        }
    }
}

extension Drawing.Command.Path.Element: Codable {
    private enum CodingKeys: String, CodingKey { case move, line, curve, close }

    /// Reads `{"move": [x, y]}`, `{"line": [x, y]}`, `{"curve": [x1, y1, x2, y2, x, y]}` or `{"close": []}`.
    public init(from decoder: any Decoder) throws {
        try decoder.checkDeadline()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a path element is one of {\"move\": [x, y]}, {\"line\": [x, y]}, "
                        + "{\"curve\": [x1, y1, x2, y2, x, y]}, {\"close\": []}"))
        }
        let numbers = try container.decode([Double].self, forKey: key)
        let expected = [CodingKeys.move: 2, .line: 2, .curve: 6, .close: 0][key] ?? 0
        guard numbers.count == expected else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "\"\(key.stringValue)\" takes \(expected) numbers, got \(numbers.count)")
        }
        let points = stride(from: 0, to: numbers.count, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) }
        switch key {
        case .move: self = .move(points[0])
        case .line: self = .line(points[0])
        case .curve: self = .curve(points[0], points[1], points[2])
        case .close: self = .close
        }
    }

    /// Writes the one-key object `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let key: CodingKeys =
            switch self {
            case .move: .move
            case .line: .line
            case .curve: .curve
            case .close: .close
            }
        try container.encode(points.flatMap { [$0.x, $0.y] }, forKey: key)
    }
}

extension Point {
    /// True when both coordinates are finite numbers.
    var isFinite: Bool { x.isFinite && y.isFinite }
}
