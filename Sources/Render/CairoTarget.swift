import CCairo
import DrawingModule
import Fonts
import Foundation
import PNG

/// Draws one page's primitives with cairo, in points (the context's matrix scales points to pixels), with
/// anti-aliasing on and unhinted glyphs placed at the shared layout's positions.
final class CairoTarget: RenderTarget {
    private let canvas: CairoCanvas
    private var images: [Data: CairoImage] = [:]
    private var context: OpaquePointer { canvas.context }
    /// The job's deadline, checked between the pieces of one long command (its path elements, its bands) as the
    /// painter checks it between commands.
    private let deadline: Deadline?
    /// Where font files are opened: the owner's faces (its `RenderContext`'s), or this page's own.
    private let faces: FreeTypeFaces

    init(canvas: CairoCanvas, scale: Double, deadline: Deadline?, faces: FreeTypeFaces) {
        self.canvas = canvas
        self.deadline = deadline
        self.faces = faces
        cairo_scale(canvas.context, scale, scale)
        cairo_set_antialias(canvas.context, CAIRO_ANTIALIAS_GRAY)
        if let options = cairo_font_options_create() {
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_set_font_options(canvas.context, options)
            cairo_font_options_destroy(options)
        }
    }

    func paintBackground(_ color: Color, in rect: Rect, location: RenderLocation) throws {
        setSource(color)
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(context)
    }

    func drawLine(
        from start: Point, to end: Point, width: Double, cap: LineCap, color: Color,
        location: RenderLocation
    ) throws {
        setSource(color)
        cairo_set_line_width(context, width)
        cairo_set_line_cap(context, Self.cairoCap(cap))
        cairo_move_to(context, start.x, start.y)
        cairo_line_to(context, end.x, end.y)
        cairo_stroke(context)
    }

    func drawShape(
        _ kind: ShapeKind, in rect: Rect, paint: Paint, lineWidth: Double, stroke: Color, fill: Color,
        location: RenderLocation
    ) throws {
        switch kind {
        case .rect:
            cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        case .ellipse:
            cairo_save(context)
            cairo_translate(context, rect.center.x, rect.center.y)
            cairo_scale(context, rect.width / 2, rect.height / 2)
            cairo_new_sub_path(context)
            cairo_arc(context, 0, 0, 1, 0, 2 * .pi)
            cairo_close_path(context)
            cairo_restore(context)
        }
        try paintPath(paint, lineWidth: lineWidth, stroke: stroke, fill: fill, location: location)
    }

    func drawPath(
        _ elements: [Drawing.Command.Path.Element], paint: Paint, lineWidth: Double, stroke: Color, fill: Color,
        location: RenderLocation
    ) throws {
        cairo_new_path(context)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        // What scanning the path costs cairo: the device rows each of its edges crosses, summed.
        var rows = 0.0
        var last = 0.0
        func row(_ point: Point) -> Double { matrix.yx * point.x + matrix.yy * point.y }
        for (index, element) in elements.enumerated() {
            if index % Self.elementsBetweenChecks == 0 { try checkDeadline(location) }
            switch element {
            case .move(let point):
                cairo_move_to(context, point.x, point.y)
                last = row(point)
            case .line(let point):
                cairo_line_to(context, point.x, point.y)
                let end = row(point)
                rows += abs(end - last)
                last = end
            case .curve(let first, let second, let end):
                cairo_curve_to(context, first.x, first.y, second.x, second.y, end.x, end.y)
                // A curve stays within its control points' rows.
                let ys = (row(first), row(second), row(end))
                rows += max(last, ys.0, ys.1, ys.2) - min(last, ys.0, ys.1, ys.2)
                last = ys.2
            case .close: cairo_close_path(context)
            }
        }
        // An open path's ends show their caps: butt, as the PDF target draws paths.
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        guard rows > Self.rowsPerCall else {
            try paintPath(paint, lineWidth: lineWidth, stroke: stroke, fill: fill, location: location)
            return
        }
        try paintInBands(rows: rows, paint, lineWidth: lineWidth, stroke: stroke, fill: fill, location: location)
    }

    /// How many edge-rows (a path edge crossing one row of device pixels) one cairo fill or stroke may scan, so that
    /// one call, which cannot be stopped, ends soon after a deadline (JobTimeLimitConstructTests' zigzag path).
    static let rowsPerCall = 2_000_000.0

    /// Paints the current path, which crosses `rows` device rows in all, band by band: each band of device rows a
    /// fill and stroke of its own under a clip to the band, sized so that its scan stays within `rowsPerCall`, and
    /// the deadline checked between them. cairo cannot be stopped inside a call, and a path of many tall edges
    /// (a hundred thousand zigzags down an A4 page) takes it seconds to scan at once.
    private func paintInBands(
        rows: Double, _ paint: Paint, lineWidth: Double, stroke: Color, fill: Color, location: RenderLocation
    ) throws(RenderError) {
        guard let path = cairo_copy_path(context) else {
            throw .raster(location: location, operation: "copy a path", reason: "out of memory")
        }
        defer {
            cairo_path_destroy(path)
            cairo_new_path(context)
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        let height = canvas.height
        // Rows past `rowsPerCall` (the caller's guard) make the share less than the height; a path whose edges
        // overflow to infinity makes it 0. Clamped to 1…height before it becomes an Int.
        let share = (Double(height) * Self.rowsPerCall / rows).rounded(.down)
        let band = share.isFinite ? Int(min(max(share, 1), Double(max(height, 1)))) : 1
        for top in stride(from: 0, to: height, by: band) {
            cairo_save(context)
            cairo_identity_matrix(context)
            cairo_new_path(context)
            cairo_rectangle(context, 0, Double(top), Double(canvas.width), Double(min(band, height - top)))
            cairo_clip(context)
            cairo_set_matrix(context, &matrix)
            cairo_append_path(context, path)
            do {
                try paintPath(paint, lineWidth: lineWidth, stroke: stroke, fill: fill, location: location)
            } catch {
                cairo_restore(context)
                throw error
            }
            cairo_restore(context)
        }
        try canvas.check("draw a path", location: location)
    }

    /// Fills and/or strokes the current path (fill first; miter joins, cairo's default and PDF's), then clears it.
    /// The deadline is checked before each of the two cairo calls, which cannot be stopped once begun.
    private func paintPath(
        _ paint: Paint, lineWidth: Double, stroke: Color, fill: Color, location: RenderLocation
    ) throws(RenderError) {
        defer { cairo_new_path(context) }
        if paint.fills {
            try checkDeadline(location)
            setSource(fill)
            cairo_fill_preserve(context)
        }
        if paint.strokes {
            try checkDeadline(location)
            setSource(stroke)
            cairo_set_line_width(context, lineWidth)
            cairo_stroke_preserve(context)
        }
    }

    /// How many path elements are fed to cairo between two looks at the clock: a few microseconds of work.
    static let elementsBetweenChecks = 1_024

    /// Throws the job's time limit once its deadline has passed.
    private func checkDeadline(_ location: RenderLocation) throws(RenderError) {
        if let deadline, deadline.hasPassed { throw .limit(deadline.exceeded, location: location) }
    }

    func drawText(_ layout: TextLayout, color: Color, font: String, location: RenderLocation) throws {
        setSource(color)
        for run in layout.runs {
            let face = try faces.face(path: run.face.url.path, index: run.face.index)
            cairo_set_font_face(context, face.handle)
            cairo_set_font_size(context, layout.size)
            // Glyph origins snap near where poppler's Splash places them (in device space, so inside a scaled part
            // too): Splash rounds y down to a whole pixel and x down to a quarter pixel; cairo 1.16 draws glyphs on
            // whole pixels only, so x goes to the whole pixel nearest Splash's quarter, which lands nearer pdftoppm's
            // glyphs than rounding down (the parity tests bound the difference).
            let glyphs = zip(run.glyphs, layout.positions(of: run)).map { glyph, x in
                var deviceX = x
                var deviceY = layout.baseline
                cairo_user_to_device(context, &deviceX, &deviceY)
                deviceX = ((deviceX * 4 + 1e-6).rounded(.down) / 4).rounded(.toNearestOrAwayFromZero)
                deviceY = (deviceY + 1e-6).rounded(.down)
                cairo_device_to_user(context, &deviceX, &deviceY)
                return cairo_glyph_t(index: UInt(glyph), x: deviceX, y: deviceY)
            }
            glyphs.withUnsafeBufferPointer { cairo_show_glyphs(context, $0.baseAddress, Int32($0.count)) }
        }
        try canvas.check("draw text in font \"\(font)\"", location: location)
    }

    func drawImage(_ data: Data, orientation: ImageOrientation, in rect: Rect, location: RenderLocation) throws {
        let image = try self.image(for: data, location: location)
        guard rect.width != 0, rect.height != 0 else { return }
        cairo_save(context)
        // Image pixels onto the rectangle, the stored corners where the orientation puts them (a plain scale when
        // the image is upright).
        let corners = orientation.corners(in: rect)
        let (width, height) = (Double(image.width), Double(image.height))
        var matrix = cairo_matrix_t(
            xx: (corners.topRight.x - corners.topLeft.x) / width, yx: (corners.topRight.y - corners.topLeft.y) / width,
            xy: (corners.bottomLeft.x - corners.topLeft.x) / height,
            yy: (corners.bottomLeft.y - corners.topLeft.y) / height, x0: corners.topLeft.x, y0: corners.topLeft.y)
        cairo_transform(context, &matrix)
        cairo_set_source_surface(context, image.surface, 0, 0)
        if let pattern = cairo_get_source(context) {
            // As poppler does: enlarged 4× or more, pixels stay sharp squares; otherwise they are interpolated.
            // Measured in device pixels per image pixel (the context is scaled to one image pixel per unit here).
            var acrossX = 1.0
            var downX = 0.0
            var acrossY = 0.0
            var downY = 1.0
            cairo_user_to_device_distance(context, &acrossX, &downX)
            cairo_user_to_device_distance(context, &acrossY, &downY)
            let enlargement = min(
                (acrossX * acrossX + downX * downX).squareRoot(),
                (acrossY * acrossY + downY * downY).squareRoot())
            cairo_pattern_set_filter(
                pattern,
                enlargement >= 4
                    ? CAIRO_FILTER_NEAREST
                    : enlargement >= 1 ? CAIRO_FILTER_BILINEAR : CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        }
        cairo_rectangle(context, 0, 0, Double(image.width), Double(image.height))
        cairo_fill(context)
        cairo_restore(context)
        try canvas.check("draw an image", location: location)
    }

    func beginScope(clip rect: Rect?, location: RenderLocation) throws {
        cairo_save(context)
        if let rect {
            cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
            cairo_clip(context)
        }
    }

    func transform(
        scaleX: Double, scaleY: Double, translateX: Double, translateY: Double,
        location: RenderLocation
    ) throws {
        cairo_translate(context, translateX, translateY)
        cairo_scale(context, scaleX, scaleY)
    }

    func rotate(degrees: Double, about center: Point, location: RenderLocation) throws {
        cairo_translate(context, center.x, center.y)
        cairo_rotate(context, degrees * .pi / 180)
        cairo_translate(context, -center.x, -center.y)
    }

    func endScope(location: RenderLocation) throws {
        cairo_restore(context)
        try canvas.check("draw", location: location)
    }

    func finish(location: RenderLocation) throws {}

    private func image(for data: Data, location: RenderLocation) throws -> CairoImage {
        if let image = images[data] { return image }
        let bitmap = try Bitmap(renderingImage: data, location: location)
        let image = try CairoImage(bitmap, location: location)
        images[data] = image
        return image
    }

    private func setSource(_ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    static func cairoCap(_ cap: LineCap) -> cairo_line_cap_t {
        switch cap {
        case .butt: CAIRO_LINE_CAP_BUTT
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        }
    }
}
