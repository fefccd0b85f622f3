import Drawing

/// Where a (possibly nested) drawing's coordinates land on the page: a scale per axis, then a translation.
///
/// libHaru 2.3.0's Swift wrapper offers no `cm` (transform) operator, so parts are replayed by mapping their
/// coordinates here, identically in both renderers: both therefore lay out every part the same way. A uniform
/// scale (the usual case) is exact; with different x and y scales, stroke widths scale by the geometric mean and
/// text keeps its glyph shapes at the y scale while glyph positions follow the x scale.
struct Placement: Equatable {
    var scaleX: Double = 1
    var scaleY: Double = 1
    var offsetX: Double = 0
    var offsetY: Double = 0

    /// The page itself.
    static let identity = Placement()

    /// The placement of a part whose page of `size` is drawn into `rect` (given in this placement's coordinates).
    func placing(_ size: Size, into rect: Rect) -> Placement {
        let sx = size.width > 0 ? rect.width / size.width : 0
        let sy = size.height > 0 ? rect.height / size.height : 0
        return Placement(scaleX: scaleX * sx, scaleY: scaleY * sy,
                         offsetX: offsetX + scaleX * rect.x, offsetY: offsetY + scaleY * rect.y)
    }

    /// True when both axes scale alike, so shapes and text keep their proportions.
    var isUniform: Bool { abs(scaleX - scaleY) <= 1e-9 * max(abs(scaleX), abs(scaleY)) }

    /// The factor line widths are multiplied by.
    var widthScale: Double { isUniform ? scaleX : (scaleX * scaleY).squareRoot() }

    /// A point on the page.
    func apply(_ point: Point) -> Point {
        Point(x: offsetX + scaleX * point.x, y: offsetY + scaleY * point.y)
    }

    /// A rectangle on the page.
    func apply(_ rect: Rect) -> Rect {
        Rect(x: offsetX + scaleX * rect.x, y: offsetY + scaleY * rect.y,
             width: scaleX * rect.width, height: scaleY * rect.height)
    }
}
