import DrawingModule
import Fonts
import Foundation
import PNG
import Support

/// Renders a drawing to pixels with cairo — the same font files and the same text layout as the PDF — and to PNG
/// with the PNG module.
///
/// A value type holding only settings; every call makes its own cairo surface, so one renderer may be used from
/// many threads at once. Font faces, the pixels of page beginnings and PNG bands are kept by its `context`, the
/// owner's (`FreeTypeFaces`, `RasterPrefixes`, `BandedDeflate`); with none, each page is made from scratch.
public struct RasterRenderer: Sendable {
    /// The largest width or height in pixels cairo's image surfaces allow.
    public static let maximumSide = 32767

    /// Where logical font names are looked up.
    public var fonts: FontRegistry
    /// The PNG speed/size trade-off; `.fast` by default (rasters are usually intermediate or batch output).
    public var compression: PNGEncoder.Compression
    /// The most bytes a page's RGBA raster (width × height × 4) may take, checked before cairo allocates it;
    /// `defaultMaximumBytes` unless set (the CLI's `--limit raster-bytes=N`).
    public var maximumBytes = Self.defaultMaximumBytes
    /// The default of `maximumBytes` (`Limits.rasterBytes`; docs/security.md says which pages it admits).
    public static let defaultMaximumBytes = 512 << 20
    /// When the rendering must be done by, checked at every drawing command; nil for no limit.
    public var deadline: Deadline?
    /// What the owner of many documents (a batch run, a server, a `Job`) keeps between them, so each pays once
    /// for what every page repeats; nil makes every page from scratch.
    public var context: RenderContext?

    /// Creates a renderer.
    public init(fonts: FontRegistry = .shared, compression: PNGEncoder.Compression = .fast) {
        self.fonts = fonts
        self.compression = compression
    }

    /// The raster size of a page of `size` points at `scale`: each side rounded up to whole pixels, as pdftoppm does.
    public static func pixelSize(of size: Size, scale: RasterScale) -> (width: Int, height: Int) {
        func pixels(_ points: Double) -> Int {
            let value = (points * scale.factor - 1e-6).rounded(.up)
            return value.isFinite && value < Double(Int32.max) ? max(1, Int(value)) : Int(Int32.max)
        }
        return (pixels(size.width), pixels(size.height))
    }

    /// The layout this renderer's pixels need: its fonts and deadline, barcodes on a grid of `scale`.
    public func layout(scale: RasterScale = .standard) -> DocumentLayout {
        DocumentLayout(fonts: fonts, gridPixelsPerPoint: scale.factor, deadline: deadline, context: context)
    }

    /// The drawing's pixels, straight-alpha RGBA8; transparent where the drawing has no background.
    /// - Parameters:
    ///   - drawing: the page to draw.
    ///   - scale: pixels per point, as a factor or a resolution.
    ///   - page: the page number errors name.
    /// - Throws: `RenderError`.
    public func bitmap(for drawing: Drawing, scale: RasterScale = .standard, page: Int = 1) throws(RenderError)
        -> Bitmap
    {
        try bitmap(for: try laidOut(drawing, scale: scale, page: page), of: drawing, scale: scale)
    }

    /// The pixels of `page`, laid out from `drawing` by this renderer's `layout(scale:)`.
    /// - Throws: `RenderError`.
    public func bitmap(for page: LaidOutPage, of drawing: Drawing, scale: RasterScale = .standard)
        throws(RenderError) -> Bitmap
    {
        try RenderError.converting(location: RenderLocation(page: page.number), raster: true) {
            try canvas(for: page, of: drawing, scale: scale).bitmap()
        }
    }

    /// `document` checked for a raster (form fields, scale, page sizes, pixels) and laid out, barcodes on a grid of
    /// `scale`.
    /// - Throws: `RenderError` naming the page and command that failed.
    public func layOut(_ document: Document, scale: RasterScale = .standard) throws(RenderError) -> LaidOutDocument {
        try document.checkFormFields()
        for (index, drawing) in document.pages.enumerated() {
            _ = try pixelSize(of: drawing, scale: scale, page: index + 1)
        }
        return try layout(scale: scale).layOut(document)
    }

    /// `drawing` checked for a raster (scale, page size, pixels) and laid out as page `page`.
    private func laidOut(_ drawing: Drawing, scale: RasterScale, page: Int) throws(RenderError) -> LaidOutPage {
        _ = try pixelSize(of: drawing, scale: scale, page: page)
        return try layout(scale: scale).layOut(drawing, page: page)
    }

    /// The raster size of `drawing` at `scale`, refused when the scale is not a positive number, the page size is
    /// not one a page can have, or the raster is larger than cairo allows or `maximumBytes`.
    private func pixelSize(of drawing: Drawing, scale: RasterScale, page: Int) throws(RenderError)
        -> (width: Int, height: Int)
    {
        let factor = scale.factor
        guard factor.isFinite, factor > 0 else {
            throw RenderError.invalidScale("scale \(factor) pixels per point")
        }
        if let problem = drawing.pageSizeProblem { throw RenderError.pageSize(page: page, problem: problem) }
        let (width, height) = Self.pixelSize(of: drawing.size, scale: scale)
        guard width <= Self.maximumSide, height <= Self.maximumSide else {
            throw RenderError.surfaceTooLarge(page: page, width: width, height: height, limit: Self.maximumSide)
        }
        let bytes = width * height * 4
        guard bytes <= maximumBytes else {
            throw RenderError.limit(
                LimitExceeded(
                    limit: "raster-bytes", what: "the page's \(width)×\(height) pixel raster takes", value: bytes,
                    maximum: maximumBytes, unit: "bytes"),
                location: RenderLocation(page: page))
        }
        return (width, height)
    }

    /// The laid-out page drawn on a new cairo canvas.
    private func canvas(for page: LaidOutPage, of drawing: Drawing, scale: RasterScale) throws -> CairoCanvas {
        let factor = scale.factor
        let (width, height) = try pixelSize(of: drawing, scale: scale, page: page.number)
        let canvas = try CairoCanvas(width: width, height: height, page: page.number)
        let caches = context?.caches
        let target = CairoTarget(
            canvas: canvas, scale: factor, deadline: deadline,
            faces: caches?.cache(FreeTypeFaces.self) ?? FreeTypeFaces())
        let painter = Painter(deadline: deadline)
        let location = RenderLocation(page: page.number)
        let all = drawing.commands.indices
        let frame = RasterPrefixes.Frame(
            width: width, height: height, pixelsPerPoint: factor, background: drawing.background,
            fonts: ObjectIdentifier(fonts))
        let prefixes = caches?.cache(RasterPrefixes.self)
        switch prefixes?.plan(for: drawing, in: frame) ?? .whole {
        case .resume(let pixels, let start):
            try canvas.restore(pixels)
            try painter.paint(page, commands: start..<all.upperBound, into: target)
        case .split(let count):
            try painter.paint(page, commands: 0..<count, into: target)
            try canvas.check("draw the page", location: location)
            prefixes?.keep(try canvas.pixelsCopy(), after: count, of: drawing, in: frame)
            try painter.paint(page, commands: count..<all.upperBound, into: target)
        case .whole:
            try painter.paint(page, commands: all, into: target)
        }
        try target.finish(location: location)
        try canvas.check("draw the page", location: location)
        return canvas
    }

    /// The drawing as PNG bytes (an alpha PNG when it has no background).
    /// - Throws: `RenderError`.
    public func pngData(for drawing: Drawing, scale: RasterScale = .standard, page: Int = 1) throws(RenderError)
        -> Data
    {
        try pngData(for: try laidOut(drawing, scale: scale, page: page), of: drawing, scale: scale)
    }

    /// The PNG bytes of `page`, laid out from `drawing` by this renderer's `layout(scale:)`.
    /// - Throws: `RenderError`.
    public func pngData(for laidOut: LaidOutPage, of drawing: Drawing, scale: RasterScale = .standard)
        throws(RenderError) -> Data
    {
        let page = laidOut.number
        let (canvas, opaque, bitmap) = try RenderError.converting(location: RenderLocation(page: page), raster: true) {
            let canvas = try self.canvas(for: laidOut, of: drawing, scale: scale)
            // Opaque pages (the usual case: a background) skip the RGBA bitmap; the layout chosen is the same.
            let opaque = try canvas.opaquePixels()
            return (canvas, opaque, opaque == nil ? try canvas.bitmap() : nil)
        }
        var encoder = PNGEncoder(compression: compression)
        encoder.recentImages = context?.caches.cache(BandedDeflate.self)
        if let deadline { encoder.stop = { deadline.hasPassed } }
        do {
            if let opaque {
                return try encoder.encode(
                    pixels: opaque.pixels, width: canvas.width, height: canvas.height,
                    layout: opaque.isGray ? .gray : .rgb, name: "page \(page)")
            }
            return try encoder.encode(bitmap!, name: "page \(page)")
        } catch {
            if let deadline, deadline.hasPassed {
                throw RenderError.limit(deadline.exceeded, location: RenderLocation(page: page))
            }
            throw RenderError.raster(
                location: RenderLocation(page: page), operation: "encode the PNG",
                reason: "\(error)")
        }
    }
}
