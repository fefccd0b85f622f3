import Drawing

extension QRCode {
    /// Where a code goes inside a box: module size and corners chosen on the device pixel grid.
    ///
    /// Both renderers anti-alias shape edges and neither has a switch to turn that off, so a module edge that falls
    /// inside a pixel is drawn grey and blurs the code. Placing every edge on a whole pixel at the target resolution
    /// keeps the PNG crisp, and the PDF rasterised at that resolution (pdftoppm -r 144 for 2 pixels per point) too.
    public struct Placement: Hashable, Sendable {
        /// One module's side in points: a whole number of pixels divided by the pixels per point.
        public var moduleSide: Double
        /// The top-left corner of the quiet zone, in points.
        public var origin: Point
        /// The modules per side including the quiet zone on both sides.
        public var modulesPerSide: Int

        /// The square the code and its quiet zone cover.
        public var rect: Rect {
            Rect(x: origin.x, y: origin.y, width: moduleSide * Double(modulesPerSide),
                 height: moduleSide * Double(modulesPerSide))
        }
    }

    /// The largest placement of this code, with `quietModules` of light margin on every side, centred in `box`
    /// with every module edge on the pixel grid of `pixelsPerPoint` (2 for a 2× PNG or 144 dpi).
    /// - Throws: `QRCodeError.boxTooSmall` when a module would be smaller than one pixel.
    public func placement(in box: Rect, quietModules: Int, pixelsPerPoint: Double) throws(QRCodeError) -> Placement {
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0, quietModules >= 0 else {
            throw .boxTooSmall(side: min(box.width, box.height), modules: width + 2 * max(0, quietModules),
                               pixelsPerPoint: pixelsPerPoint)
        }
        let total = width + 2 * quietModules
        let epsilon = 1e-9
        let edges = [(box.x * pixelsPerPoint - epsilon).rounded(.up), (box.y * pixelsPerPoint - epsilon).rounded(.up),
                     (box.maxX * pixelsPerPoint + epsilon).rounded(.down),
                     (box.maxY * pixelsPerPoint + epsilon).rounded(.down)]
        // Pixel edges become Ints: a non-finite or astronomically large box (or scale) would trap the conversion.
        guard edges.allSatisfy({ $0.isFinite && abs($0) <= 0x1p52 }) else {
            throw .boxOutOfRange(box: box, pixelsPerPoint: pixelsPerPoint)
        }
        let left = Int(edges[0]), top = Int(edges[1]), right = Int(edges[2]), bottom = Int(edges[3])
        let available = min(right - left, bottom - top)
        let modulePixels = available / total
        guard modulePixels >= 1 else {
            throw .boxTooSmall(side: min(box.width, box.height), modules: total, pixelsPerPoint: pixelsPerPoint)
        }
        let used = modulePixels * total
        let x = left + (right - left - used) / 2
        let y = top + (bottom - top - used) / 2
        return Placement(moduleSide: Double(modulePixels) / pixelsPerPoint,
                         origin: Point(x: Double(x) / pixelsPerPoint, y: Double(y) / pixelsPerPoint),
                         modulesPerSide: total)
    }

    /// The code as filled rectangles, one per horizontal run of dark modules, placed by `placement(in:…)`; when
    /// `light` is given, a rectangle of it covering the quiet zone is drawn first.
    /// - Throws: `QRCodeError.boxTooSmall` when the box cannot hold the code at one pixel per module.
    public func commands(in box: Rect, quietModules: Int = 2, pixelsPerPoint: Double = 2, dark: Color,
                         light: Color? = nil) throws(QRCodeError) -> [Drawing.Command] {
        let place = try placement(in: box, quietModules: quietModules, pixelsPerPoint: pixelsPerPoint)
        func filled(_ rect: Rect, _ color: Color) -> Drawing.Command {
            .rect(.init(rect: rect, paint: .fill, lineWidth: 0, stroke: color, fill: color))
        }
        var commands: [Drawing.Command] = []
        if let light { commands.append(filled(place.rect, light)) }
        let side = place.moduleSide
        let codeX = place.origin.x + Double(quietModules) * side
        let codeY = place.origin.y + Double(quietModules) * side
        for run in darkRuns {
            commands.append(filled(Rect(x: codeX + Double(run.column) * side, y: codeY + Double(run.row) * side,
                                        width: Double(run.length) * side, height: side), dark))
        }
        return commands
    }
}
