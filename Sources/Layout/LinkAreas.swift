import DrawingModule
import Foundation

/// An affine map of page coordinates (points, y down): (x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty). Layout carries
/// one down through parts and turned boxes, so a link drawn inside a scaled part covers where it shows.
public struct PageMatrix: Sendable, Hashable {
    /// The map's six numbers.
    public var a = 1.0
    public var b = 0.0
    public var c = 0.0
    public var d = 1.0
    public var tx = 0.0
    public var ty = 0.0

    /// The map that moves nothing.
    public static let identity = PageMatrix()

    /// A map of its six numbers; the identity by default.
    public init(a: Double = 1, b: Double = 0, c: Double = 0, d: Double = 1, tx: Double = 0, ty: Double = 0) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    public func apply(_ point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// This map after `inner`: a point goes through `inner` first.
    public func concatenating(_ inner: PageMatrix) -> PageMatrix {
        PageMatrix(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b, c: a * inner.c + c * inner.d,
            d: b * inner.c + d * inner.d, tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    public func translated(x: Double, y: Double) -> PageMatrix { concatenating(PageMatrix(tx: x, ty: y)) }

    public func scaled(x: Double, y: Double) -> PageMatrix { concatenating(PageMatrix(a: x, d: y)) }

    /// Turned `degrees` clockwise as seen on the page (y down) about `center`.
    public func rotated(degrees: Double, about center: Point) -> PageMatrix {
        let radians = degrees * .pi / 180
        let (cosine, sine) = (cos(radians), sin(radians))
        return translated(x: center.x, y: center.y)
            .concatenating(PageMatrix(a: cosine, b: sine, c: -sine, d: cosine))
            .translated(x: -center.x, y: -center.y)
    }

    /// The smallest upright rectangle holding `rect` once mapped.
    public func boundingBox(_ rect: Rect) -> Rect {
        let corners = [
            Point(x: rect.x, y: rect.y), Point(x: rect.maxX, y: rect.y), Point(x: rect.x, y: rect.maxY),
            Point(x: rect.maxX, y: rect.maxY)
        ].map(apply)
        let xs = corners.map(\.x)
        let ys = corners.map(\.y)
        let (left, top) = (xs.min() ?? 0, ys.min() ?? 0)
        return Rect(x: left, y: top, width: (xs.max() ?? 0) - left, height: (ys.max() ?? 0) - top)
    }
}

extension LayoutRun {
    /// The area `commands` draw on, in their own coordinates: shapes, images, barcodes, boxes and parts by their
    /// rectangles, lines by their ends and width, text by its laid-out line box; nil when they draw nothing.
    func bounds(of commands: [Drawing.Command], under parent: RenderLocation) throws -> Rect? {
        var result: Rect?
        func add(_ rect: Rect) {
            guard let known = result else {
                result = rect
                return
            }
            let left = min(known.x, rect.x)
            let top = min(known.y, rect.y)
            result = Rect(
                x: left, y: top, width: max(known.maxX, rect.maxX) - left, height: max(known.maxY, rect.maxY) - top)
        }
        let parent = parent.flattened
        for (index, command) in commands.enumerated() {
            let here = parent.appending("commands", index: index)
            switch command {
            case .line(let line):
                let half = line.width / 2
                let left = min(line.from.x, line.to.x) - half
                let top = min(line.from.y, line.to.y) - half
                add(
                    Rect(
                        x: left, y: top, width: max(line.from.x, line.to.x) + half - left,
                        height: max(line.from.y, line.to.y) + half - top))
            case .rect(let shape), .ellipse(let shape): add(shape.rect)
            case .text(let text):
                guard !text.string.isEmpty else { continue }
                let layout = try shapedLayout(for: text, at: here).layout
                let start = layout.runs.first?.start ?? text.origin.x
                let bottom = layout.baseline + (layout.chain.first?.descent(size: text.size) ?? 0)
                add(Rect(x: start, y: text.origin.y, width: layout.width, height: bottom - text.origin.y))
            case .textBox(let box): add(box.frame)
            case .image(let image): add(image.rect)
            case .part(let part):
                // A turned part (a word turned in a vertical column) covers its rectangle turned.
                let turned = PageMatrix.identity.rotated(degrees: part.rotation ?? 0, about: part.rect.center)
                add(turned.boundingBox(part.rect))
            case .barcode(let barcode): add(barcode.rect)
            case .formField(let field): add(field.rect)
            case .chart(let chart): add(chart.rect)
            case .path(let path):
                let points = path.elements.flatMap(\.points)
                guard let first = points.first else { continue }
                let half = path.paint.strokes ? path.lineWidth / 2 : 0
                var (left, top, right, bottom) = (first.x, first.y, first.x, first.y)
                for point in points {
                    (left, top) = (min(left, point.x), min(top, point.y))
                    (right, bottom) = (max(right, point.x), max(bottom, point.y))
                }
                add(
                    Rect(x: left - half, y: top - half, width: right - left + 2 * half, height: bottom - top + 2 * half)
                )
            case .group(let group):
                if let inner = try bounds(of: group.commands, under: here.below()) {
                    add(inner)
                }
            }
        }
        return result
    }
}
