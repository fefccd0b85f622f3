import DrawingModule
import Foundation
import Support

/// A barcode placed in its box: the light background, every dark rectangle and every text run, in points, with
/// every module edge on the device pixel grid.
///
/// Both renderers anti-alias edges; a bar edge inside a pixel is drawn grey and blurs the code. Whole pixels per
/// module at the target resolution keep the PNG crisp, and the PDF rasterised at that resolution too (the PDF
/// itself stays vector rectangles).
public struct BarcodeLayout: Hashable, Sendable {
    /// One run of human-readable text: draw it with the drawing's fonts, its baseline at `baseline`.
    public struct Label: Hashable, Sendable {
        /// The characters.
        public var text: String
        /// The left end of the box the text is aligned in.
        public var x: Double
        /// The box's width.
        public var width: Double
        /// The baseline's y.
        public var baseline: Double
        /// The font size in points.
        public var size: Double
        /// Where the text sits in its box.
        public var alignment: TextAlignment
    }

    /// The code with its quiet zone (painted in the light colour when there is one).
    public var area: Rect
    /// One module's width in points (whole pixels per module).
    public var moduleWidth: Double
    /// The dark rectangles.
    public var bars: [Rect]
    /// The human-readable text runs.
    public var labels: [Label]

    /// The smallest acceptable light-to-dark print contrast signal, (Ll − Ld) / Ll on relative luminance.
    public static let minimumContrast = 0.5

    /// Encodes `barcode` and places it in its box on the grid of `pixelsPerPoint`.
    /// - Throws: `BarcodeError` for bad data, options or colours, or a box too small for the code or its quiet zone.
    public init(_ barcode: Drawing.Command.Barcode, pixelsPerPoint: Double) throws(BarcodeError) {
        try self.init(barcode, pixelsPerPoint: pixelsPerPoint, cache: nil)
    }

    /// Encodes `barcode` and places it on the grid of `pixelsPerPoint`, or finds it in `cache`.
    /// - Throws: `BarcodeError`, as `init(_:pixelsPerPoint:)`.
    ///
    /// A batch draws the same code on many records (a fixed URL, an event's QR), and libzint's encoding and vector
    /// layout are costly: the owner's recent layouts (`cache`, its `RenderContext`'s) are looked up first. A task
    /// counting its layout work (`LayoutWork`) bypasses them and counts each encoding.
    package init(
        _ barcode: Drawing.Command.Barcode, pixelsPerPoint: Double, cache: BarcodeLayoutCache?
    ) throws(BarcodeError) {
        let counting = LayoutWork.current
        let cache = counting == nil ? cache : nil
        let key = cache.map { _ in BarcodeLayoutCache.Key(barcode: barcode, pixelsPerPoint: pixelsPerPoint) }
        if let cache, let key, let hit = cache.value(for: key) {
            self = hit
            return
        }
        try Self.checkContrast(dark: barcode.dark, light: barcode.light)
        let geometry = try BarcodeEncoder.geometry(for: barcode)
        try self.init(geometry, barcode: barcode, pixelsPerPoint: pixelsPerPoint)
        counting?.countBarcode()
        if let cache, let key { cache.store(self, for: key) }
    }

    /// Places an encoded symbol.
    init(
        _ geometry: SymbolGeometry, barcode: Drawing.Command.Barcode,
        pixelsPerPoint scale: Double
    ) throws(BarcodeError) {
        let box = barcode.rect
        let kind = barcode.symbology
        guard scale.isFinite, scale > 0,
            [box.x, box.y, box.width, box.height].allSatisfy({ $0.isFinite && abs($0 * scale) <= 0x1p40 })
        else {
            throw BarcodeError(
                .invalidOption, field: "rect",
                reason: "the box (\(box.x), \(box.y), \(box.width)×"
                    + "\(box.height) pt) at \(scale) pixels per point has no place on a pixel grid. "
                    + "Fix: give finite coordinates on the page")
        }
        let epsilon = 1e-9
        let left = Int((box.x * scale - epsilon).rounded(.up))
        let top = Int((box.y * scale - epsilon).rounded(.up))
        let right = Int((box.maxX * scale + epsilon).rounded(.down))
        let bottom = Int((box.maxY * scale + epsilon).rounded(.down))
        let availableWidth = right - left
        let availableHeight = bottom - top
        let squareModules = kind.isTwoDimensional || kind == .japanPost
        // The symbol without quiet zones, to tell "too long" from "quiet zone cut".
        let inkLeft = geometry.bars.map(\.x).min() ?? 0
        let inkRight = geometry.bars.map { $0.x + $0.width }.max() ?? geometry.width
        let inkTop = geometry.bars.map(\.y).min() ?? 0
        let inkBottom = geometry.bars.map { $0.y + $0.height }.max() ?? geometry.height
        let inkWidth = inkRight - inkLeft
        let inkHeight = inkBottom - inkTop
        func fits(_ modules: Double, _ pixels: Int, _ modulePixels: Int) -> Bool {
            (modules * Double(modulePixels)).rounded(.up) <= Double(pixels) + epsilon
        }

        var modulePixels: Int
        if let width = barcode.options.moduleWidth {
            guard width.isFinite, width > 0 else {
                throw BarcodeError(
                    .invalidOption, field: "options.moduleWidth",
                    reason: "a module width is a number "
                        + "of points above 0, got \(width). Fix: give e.g. 0.5 or leave it out")
            }
            modulePixels = Int(roundedClamping: width * scale)
            guard modulePixels >= 1 else {
                throw BarcodeError(
                    .invalidOption, field: "options.moduleWidth",
                    reason: "a module of \(width) pt is "
                        + "less than one pixel at \(scale) pixels per point. Fix: give at least "
                        + "\(1 / scale) pt")
            }
        } else {
            let across = Int(roundedClamping: Double(availableWidth) / geometry.width, .down)
            let down = squareModules ? Int(roundedClamping: Double(availableHeight) / geometry.height, .down) : across
            modulePixels = max(0, min(across, down))
        }
        let symbolFits =
            modulePixels >= 1 && fits(geometry.width, availableWidth, modulePixels)
            && (!squareModules || fits(geometry.height, availableHeight, modulePixels))
        if !symbolFits {
            let perModule = max(1, modulePixels)
            let inkFits =
                fits(inkWidth, availableWidth, perModule)
                && (!squareModules || fits(inkHeight, availableHeight, perModule))
            let size = "\(box.width)×\(box.height) pt"
            let at = barcode.options.moduleWidth.map { "\($0) pt" } ?? "one pixel (\(1 / scale) pt)"
            if inkFits {
                throw BarcodeError(
                    .quietZoneCut, field: "rect",
                    reason: "the box (\(size)) holds the \(kind.rawValue) "
                        + "symbol but cuts its quiet zone (\(Self.modules(geometry.width)) modules across "
                        + "with it) at \(at) per module. Fix: make the box larger or the module smaller")
            }
            throw BarcodeError(
                .tooLong, field: "data",
                reason: "the \(kind.rawValue) symbol is "
                    + "\(Self.modules(geometry.width))×\(Self.modules(geometry.height)) modules with its "
                    + "quiet zone, too many for the box (\(size)) at \(at) per module. Fix: shorten the "
                    + "data or make the box larger")
        }
        let module = Double(modulePixels) / scale
        let usedWidth = Int(roundedClamping: geometry.width * Double(modulePixels), .up)
        let originX = left + (availableWidth - usedWidth) / 2
        let areaHeightPixels: Int
        let originY: Int
        // y in modules → points: square modules, or (linear) bars stretched to fill the box above guards and text.
        let mapY: (Double) -> Double
        if squareModules {
            areaHeightPixels = Int(roundedClamping: geometry.height * Double(modulePixels), .up)
            originY = top + (availableHeight - areaHeightPixels) / 2
            let y0 = Double(originY) / scale
            mapY = { y0 + $0 * module }
        } else {
            let below = (geometry.height - geometry.barHeight) * module
            let barsHeight = Double(availableHeight) / scale - below
            guard barsHeight >= 5 * module, barsHeight >= 2 / scale else {
                throw BarcodeError(
                    .tooLong, field: "rect",
                    reason: "the box is \(box.height) pt high, too low for the "
                        + "\(kind.rawValue) bars with their text (at least \(5 * module + below) pt). Fix: "
                        + "make the box higher")
            }
            areaHeightPixels = availableHeight
            originY = top
            let y0 = Double(top) / scale
            let base = geometry.barHeight
            mapY = { $0 <= base ? y0 + $0 / base * barsHeight : y0 + barsHeight + ($0 - base) * module }
        }
        func snap(_ value: Double) -> Double { (value * scale).rounded() / scale }
        let x0 = Double(originX) / scale
        area = Rect(
            x: x0, y: Double(originY) / scale, width: Double(usedWidth) / scale,
            height: Double(areaHeightPixels) / scale)
        moduleWidth = module
        bars = geometry.bars.map { bar in
            let left = snap(x0 + bar.x * module)
            let right = snap(x0 + (bar.x + bar.width) * module)
            let top = snap(mapY(bar.y))
            let bottom = snap(mapY(bar.y + bar.height))
            return Rect(x: left, y: top, width: right - left, height: bottom - top)
        }
        labels = geometry.labels.map { label in
            let width = max(label.width, label.size * Double(label.text.count)) * module
            let anchor = x0 + label.x * module
            let boxLeft =
                switch label.alignment {
                case .left, .justified, .automatic: anchor
                case .center: anchor - width / 2
                case .right: anchor - width
                }
            return Label(
                text: label.text, x: boxLeft, width: width, baseline: mapY(label.baseline),
                size: label.size * module, alignment: label.alignment)
        }
    }

    private static func modules(_ value: Double) -> String {
        Int(exactly: value).map(String.init) ?? String(value)
    }

    /// Relative luminance (sRGB, as WCAG defines it) of `color` composited over `under`.
    static func luminance(_ color: Color, over under: Color = .white) -> Double {
        func channel(_ c: Double, _ u: Double) -> Double {
            let v = c * color.alpha + u * (1 - color.alpha)
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red, under.red) + 0.7152 * channel(color.green, under.green)
            + 0.0722 * channel(color.blue, under.blue)
    }

    /// Refuses colours a reader cannot tell apart: the dark colour (over the light) must reflect at most half
    /// as much as the light one (over white paper).
    static func checkContrast(dark: Color, light: Color?) throws(BarcodeError) {
        let paper =
            light.map {
                Color(
                    red: $0.red * $0.alpha + 1 - $0.alpha, green: $0.green * $0.alpha + 1 - $0.alpha,
                    blue: $0.blue * $0.alpha + 1 - $0.alpha)
            } ?? .white
        let lightLuminance = luminance(paper)
        let darkLuminance = luminance(dark, over: paper)
        let contrast = lightLuminance > 0 ? (lightLuminance - darkLuminance) / lightLuminance : 0
        guard contrast >= minimumContrast else {
            let percent = Int((contrast * 100).rounded())
            let background = light.map(hex) ?? "white paper"
            throw BarcodeError(
                .contrast, field: "dark",
                reason: "the bars (\(hex(dark))) on \(background) have a "
                    + "print contrast of \(percent) %, below the \(Int(minimumContrast * 100)) % a "
                    + "reader needs (a role with no or a white fill draws white on white). Fix: give "
                    + "the role a dark fill such as #000000 and a light background")
        }
    }

    private static func hex(_ color: Color) -> String {
        func byte(_ v: Double) -> String {
            let value = Int((min(max(v, 0), 1) * 255).rounded())
            return (value < 16 ? "0" : "") + String(value, radix: 16, uppercase: true)
        }
        return "#" + byte(color.red) + byte(color.green) + byte(color.blue) + (color.alpha < 1 ? byte(color.alpha) : "")
    }
}
