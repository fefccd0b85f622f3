import DrawingModule
import Fonts
import Foundation

/// What a renderer must draw, in the current coordinates (points, origin top-left, y down: the page's, or a part's
/// once `transform` has mapped it onto its rectangle), as `Painter` walks a laid-out page's scopes: the PDF renderer
/// flips y, the raster renderer scales to pixels.
protocol RenderTarget: AnyObject {
    /// Paints `rect` with a background colour.
    func paintBackground(_ color: Color, in rect: Rect, location: RenderLocation) throws
    /// Strokes a straight line (width > 0).
    func drawLine(
        from start: Point, to end: Point, width: Double, cap: LineCap, color: Color,
        location: RenderLocation) throws
    /// Fills and/or strokes a rectangle or an ellipse: fill first, then stroke.
    func drawShape(
        _ kind: ShapeKind, in rect: Rect, paint: Paint, lineWidth: Double, stroke: Color, fill: Color,
        location: RenderLocation) throws
    /// Fills and/or strokes a path (fill first, then stroke): non-zero winding, butt caps, miter joins.
    func drawPath(
        _ elements: [Drawing.Command.Path.Element], paint: Paint, lineWidth: Double, stroke: Color, fill: Color,
        location: RenderLocation) throws
    /// Draws laid-out text in `color`; `font` is the logical name.
    func drawText(_ layout: TextLayout, color: Color, font: String, location: RenderLocation) throws
    /// Draws a PNG or JPEG file's bytes stretched into `rect`, turned upright by `orientation` (a JPEG's EXIF tag).
    func drawImage(_ data: Data, orientation: ImageOrientation, in rect: Rect, location: RenderLocation) throws
    /// Opens a scope (saved state), clipped to `rect` when given.
    func beginScope(clip rect: Rect?, location: RenderLocation) throws
    /// Maps what is drawn next in the open scope: a point (x, y) lands at (translateX + scaleX·x,
    /// translateY + scaleY·y) of the current coordinates; line widths, glyphs and images scale alike.
    func transform(
        scaleX: Double, scaleY: Double, translateX: Double, translateY: Double,
        location: RenderLocation) throws
    /// Turns what is drawn next in the open scope `degrees` clockwise (as seen on the page) about `center`.
    func rotate(degrees: Double, about center: Point, location: RenderLocation) throws
    /// Closes the innermost scope.
    func endScope(location: RenderLocation) throws
    /// Paints whatever the target still holds back (the PDF target batches shapes); called once per page, last.
    func finish(location: RenderLocation) throws
    /// Records that `area` (page coordinates, y down) links to `link` (a URI or `#name`) and/or is the target
    /// `name`: a PDF writes annotations and destinations; a raster has nothing to click.
    func mark(link: String?, name: String?, area: Rect, location: RenderLocation) throws
    /// Makes `field` a fillable field with its appearances, drawing them with `painter`, and returns true; false
    /// when the target cannot hold fields (a raster), and the painter then draws the appearance as page content.
    func addFormField(_ field: LaidOutFormField, painter: Painter) throws -> Bool
    /// Told before each element is drawn its index in the list being drawn (the page's elements, or the innermost
    /// open scope's): a tagged PDF finds from it the structure element the element's content belongs to.
    func willPaint(elementAt index: Int)
}

extension RenderTarget {
    /// Targets without links (the raster) ignore them.
    func mark(link: String?, name: String?, area: Rect, location: RenderLocation) throws {}

    /// Targets without fields (the raster) draw the appearance instead.
    func addFormField(_ field: LaidOutFormField, painter: Painter) throws -> Bool { false }

    /// Targets without structure (the raster, an untagged PDF's appearance streams) need no element's index.
    func willPaint(elementAt index: Int) {}
}
