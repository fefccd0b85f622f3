import Drawing
import Foundation
import Haru
import PNG

/// Draws one page's primitives with libHaru: flips y (the description's origin is top-left, PDF's bottom-left),
/// sets colours, widths and alpha only when they change, and shares fonts and images across the document.
final class PDFTarget: RenderTarget {
    /// The graphics state the page's content stream is known to be in; `q`/`Q` scopes push and pop copies.
    private struct State {
        var strokeColor = RGBColor.black
        var fillColor = RGBColor.black
        var strokeAlpha = 1.0
        var fillAlpha = 1.0
        var lineWidth = 1.0
        var cap = Haru.LineCap.butt
    }

    private let page: PDFPage
    private let height: Double
    private let resources: PDFResources
    private var state = State()
    private var saved: [State] = []

    init(page: PDFPage, height: Double, resources: PDFResources) {
        self.page = page
        self.height = height
        self.resources = resources
    }

    func paintBackground(_ color: Color, in rect: Rect, location: RenderLocation) throws {
        try pdf(location) {
            try setFill(color)
            try page.fill(path(for: .rect, in: rect))
        }
    }

    func drawLine(from start: Point, to end: Point, width: Double, cap: DrawingLineCap, color: Color,
                  location: RenderLocation) throws {
        try pdf(location) {
            try setStroke(color, width: width, cap: Self.haruCap(cap))
            try page.stroke(.line(from: start.x, height - start.y, to: end.x, height - end.y))
        }
    }

    func drawShape(_ kind: ShapeKind, in rect: Rect, paint: Paint, lineWidth: Double, stroke: Color, fill: Color,
                   location: RenderLocation) throws {
        try pdf(location) {
            let shape = path(for: kind, in: rect)
            // Fill, then stroke as a separate operation: `B` would knock the stroke out of a translucent fill.
            if paint.fills {
                try setFill(fill)
                try page.fill(shape)
            }
            if paint.strokes {
                try setStroke(stroke, width: lineWidth, cap: state.cap)
                try page.stroke(shape)
            }
        }
    }

    func drawText(_ layout: TextLayout, color: Color, font name: String, location: RenderLocation) throws {
        try pdf(location) {
            let entry = try resources.fonts.font(named: name, face: layout.face, location: location)
            try setAlpha(stroke: state.strokeAlpha, fill: color.alpha)
            let rgb = Self.rgb(color)
            let baseline = height - layout.baseline
            try page.text { scope in
                try scope.setFont(entry.font, size: layout.size)
                try scope.setFillColor(rgb)
                if entry.isCID {
                    // The viewer spaces a CID font by libHaru's widths, so align with those.
                    let width = try entry.font.width(of: layout.string, size: layout.size)
                    let x = layout.origin.x + TextLayout.alignmentOffset(width: width, box: layout.boxWidth,
                                                                         alignment: layout.alignment)
                    try scope.show(layout.string, x: x, y: baseline)
                } else if layout.isUniform {
                    try scope.show(layout.string, x: layout.positions.first ?? layout.origin.x, y: baseline)
                } else {
                    for (scalar, x) in zip(layout.string.unicodeScalars, layout.positions) {
                        try scope.show(String(scalar), x: x, y: baseline)
                    }
                }
            }
            state.fillColor = rgb
        }
    }

    func drawImage(png: Data, in rect: Rect, location: RenderLocation) throws {
        let image = try resources.image(for: png, location: location)
        try pdf(location) {
            // The constant fill alpha applies to images too: draw them opaque (their own alpha is the soft mask).
            try setAlpha(stroke: state.strokeAlpha, fill: 1)
            try page.draw(image, x: rect.x, y: height - rect.maxY, width: rect.width, height: rect.height)
        }
    }

    func beginScope(clip rect: Rect?, location: RenderLocation) throws {
        try pdf(location) {
            try page.saveGraphicsState()
            saved.append(state)
            if let rect { try page.clip(to: path(for: .rect, in: rect)) }
        }
    }

    func endScope(location: RenderLocation) throws {
        try pdf(location) {
            try page.restoreGraphicsState()
            state = saved.popLast() ?? State()
        }
    }

    // MARK: - State

    private func setFill(_ color: Color) throws {
        try setAlpha(stroke: state.strokeAlpha, fill: color.alpha)
        let rgb = Self.rgb(color)
        if rgb != state.fillColor {
            try page.setFillColor(rgb)
            state.fillColor = rgb
        }
    }

    private func setStroke(_ color: Color, width: Double, cap: Haru.LineCap) throws {
        try setAlpha(stroke: color.alpha, fill: state.fillAlpha)
        let rgb = Self.rgb(color)
        if rgb != state.strokeColor {
            try page.setStrokeColor(rgb)
            state.strokeColor = rgb
        }
        if width != state.lineWidth {
            try page.setLineWidth(width)
            state.lineWidth = width
        }
        if cap != state.cap {
            try page.setLineCap(cap)
            state.cap = cap
        }
    }

    private func setAlpha(stroke: Double, fill: Double) throws {
        guard stroke != state.strokeAlpha || fill != state.fillAlpha else { return }
        try page.setAlpha(stroke: stroke, fill: fill)
        state.strokeAlpha = stroke
        state.fillAlpha = fill
    }

    // MARK: - Helpers

    /// A rectangle or ellipse in PDF coordinates.
    private func path(for kind: ShapeKind, in rect: Rect) -> PDFPath {
        switch kind {
        case .rect:
            return .rectangle(x: rect.x, y: height - rect.maxY, width: rect.width, height: rect.height)
        case .ellipse:
            return .ellipse(x: rect.center.x, y: height - rect.center.y, xRadius: rect.width / 2,
                            yRadius: rect.height / 2)
        }
    }

    /// Runs libHaru calls, turning their errors into `RenderError.pdf` at `location`.
    private func pdf<R>(_ location: RenderLocation, _ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let error as RenderError {
            throw error
        } catch {
            throw RenderError.pdf(location: location, reason: "\(error)")
        }
    }

    static func rgb(_ color: Color) -> RGBColor {
        RGBColor(red: color.red, green: color.green, blue: color.blue)
    }

    static func haruCap(_ cap: DrawingLineCap) -> Haru.LineCap {
        switch cap {
        case .butt: .butt
        case .round: .round
        case .square: .projectingSquare
        }
    }
}

/// What the pages of one PDF share: its fonts and its images, each image stored once per distinct PNG.
final class PDFResources {
    let document: PDFDocument
    let fonts: PDFFontSet
    private var images: [Data: PDFImage] = [:]

    init(document: PDFDocument, fonts: PDFFontSet) {
        self.document = document
        self.fonts = fonts
    }

    /// The image XObject for `png`, decoded and stored on first use.
    func image(for png: Data, location: RenderLocation) throws -> PDFImage {
        if let image = images[png] { return image }
        let bitmap: Bitmap
        do {
            bitmap = try PNGDecoder().decode(png, name: "image at \(location)")
        } catch {
            throw RenderError.image(location: location, reason: "\(error)")
        }
        do {
            let image = try document.loadImage(bitmap, name: "image at \(location)")
            images[png] = image
            return image
        } catch {
            throw RenderError.pdf(location: location, reason: "\(error)")
        }
    }
}
