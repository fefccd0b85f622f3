import CHaru

/// One page of a `PDFDocument`: graphics state, paths, images and text, in PDF points (origin bottom-left, y up).
///
/// A handle that stays valid while its document lives; it holds a strong reference to the document. Every call
/// throws `HaruError` with the page index in its context.
package struct PDFPage {
    /// The document that owns the page.
    package let document: PDFDocument
    /// libHaru's page.
    let handle: HPDF_Page
    /// The page's position in the document, from 0.
    package let index: Int
    /// The page's size in points, orientation applied.
    package let size: PageSize

    /// The context string errors carry.
    var label: String { "page \(index)" }

    /// Runs a status-returning page call after refusing it while a text object is open on any page.
    /// `detail` is built only for an error.
    func graphics(
        _ operation: String, _ detail: @autoclosure () -> String? = nil,
        _ body: () -> HPDF_STATUS
    ) throws {
        func argument() -> String { detail().map { "\(label), \($0)" } ?? label }
        try document.ensureUsable(operation, argument())
        if document.openTextPage != nil {
            throw document.reject(
                code: 0x1051, operation: operation, argument: argument(),
                hint: "draw graphics after the text { } scope ends, not inside it.")
        }
        try document.check(operation, argument()) { _ in body() }
    }

    // MARK: - Graphics state

    /// Sets the width of stroked lines, in points.
    package func setLineWidth(_ width: Double) throws {
        try graphics("set the line width", "width \(width)") { HPDF_Page_SetLineWidth(handle, Float(width)) }
    }

    /// Sets how open line ends are drawn.
    package func setLineCap(_ cap: PDFLineCap) throws {
        try graphics("set the line cap", "\(cap)") { HPDF_Page_SetLineCap(handle, cap.haru) }
    }

    /// Sets how corners of stroked paths are drawn.
    package func setLineJoin(_ join: PDFLineJoin) throws {
        try graphics("set the line join", "\(join)") { HPDF_Page_SetLineJoin(handle, join.haru) }
    }

    /// Sets a dash pattern of on/off lengths in whole points (libHaru 2.3.0 takes integers, at most 8);
    /// an empty pattern draws solid lines.
    package func setDash(_ pattern: [Int], phase: Int = 0) throws {
        let argument = "dash \(pattern) phase \(phase)"
        guard pattern.count <= 8, pattern.allSatisfy({ (0...0xFFFF).contains($0) }), (0...0xFFFF).contains(phase),
            pattern.isEmpty || pattern.contains(where: { $0 > 0 })
        else {
            try document.ensureUsable("set the dash pattern", "\(label), \(argument)")
            throw document.reject(
                code: 0x1048, operation: "set the dash pattern", argument: "\(label), \(argument)",
                hint: "give at most 8 lengths from 0 to 65535, not all 0.")
        }
        let values = pattern.map { HPDF_UINT16($0) }
        try graphics("set the dash pattern", argument) {
            values.withUnsafeBufferPointer {
                HPDF_Page_SetDash(
                    handle, values.isEmpty ? nil : $0.baseAddress, HPDF_UINT(values.count),
                    HPDF_UINT(phase))
            }
        }
    }

    /// Sets the colour used to stroke paths.
    package func setStrokeColor(_ color: RGBColor) throws {
        let (r, g, b) = color.clamped
        try writeColor(r, g, b, "RG\n", "set the stroke colour", "\(color)")
    }

    /// Sets the colour used to fill paths and text.
    package func setFillColor(_ color: RGBColor) throws {
        let (r, g, b) = color.clamped
        try writeColor(r, g, b, "rg\n", "set the fill colour", "\(color)")
    }

    /// Writes `r g b` and `operator` straight into the content stream (libHaru's colour calls clear a 512-byte
    /// buffer byte by byte first); the components are already clamped to 0…1.
    private func writeColor(
        _ r: Float, _ g: Float, _ b: Float, _ colorOperator: StaticString, _ operation: String,
        _ argument: @autoclosure () -> String
    ) throws {
        let content = ContentBytes(capacity: 32)
        content.number(Double(r), decimals: 5)
        content.append(byte: 0x20)
        content.number(Double(g), decimals: 5)
        content.append(byte: 0x20)
        content.number(Double(b), decimals: 5)
        content.append(byte: 0x20)
        content.append(colorOperator)
        try graphics(operation, argument()) { append(content) }
    }

    /// Sets stroke and fill opacity (0 transparent … 1 opaque) through an ExtGState, made once per pair and
    /// reused across the document's pages.
    package func setAlpha(stroke: Double = 1, fill: Double = 1) throws {
        let argument = { "\(label), alpha stroke \(stroke) fill \(fill)" }
        try document.ensureUsable("set the alpha", argument())
        guard (0...1).contains(stroke), (0...1).contains(fill) else {
            throw document.reject(code: 0x1080, operation: "set the alpha", argument: argument())
        }
        let state = try document.alphaState(stroke: stroke, fill: fill, argument: argument())
        try graphics("set the alpha", "alpha stroke \(stroke) fill \(fill)") { HPDF_Page_SetExtGState(handle, state) }
    }

    /// Saves the graphics state (`q`); pair with `restoreGraphicsState()`, or use `withGraphicsState`.
    package func saveGraphicsState() throws {
        try graphics("save the graphics state") { HPDF_Page_GSave(handle) }
    }

    /// Restores the last saved graphics state (`Q`).
    package func restoreGraphicsState() throws {
        try graphics("restore the graphics state") { HPDF_Page_GRestore(handle) }
    }

    /// Runs `body` between a save and a restore of the graphics state, so colours, alpha, line settings and
    /// clipping set inside do not leak out, even when `body` throws.
    package func withGraphicsState<R>(_ body: () throws -> R) throws -> R {
        try saveGraphicsState()
        let result: R
        do {
            result = try body()
        } catch {
            try? restoreGraphicsState()
            throw error
        }
        try restoreGraphicsState()
        return result
    }

    /// Multiplies the current transformation matrix by `[a b c d tx ty]` (the `cm` operator): everything drawn
    /// afterwards — paths, line widths, images, glyphs — is mapped by it until the graphics state is restored, so
    /// a nested drawing can be placed, scaled (unevenly too) or rotated exactly. Wrap it in `withGraphicsState`.
    ///
    /// A point (x, y) lands at (a·x + c·y + tx, b·x + d·y + ty).
    /// - Throws: `HaruError` for a number that is not finite or a matrix that flattens the page (a·d − b·c = 0).
    package func transform(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) throws {
        let argument = "matrix [\(a) \(b) \(c) \(d) \(tx) \(ty)]"
        guard [a, b, c, d, tx, ty].allSatisfy(\.isFinite), a * d - b * c != 0 else {
            try document.ensureUsable("transform the page", "\(label), \(argument)")
            throw document.reject(
                code: 0x1039, operation: "transform the page", argument: "\(label), \(argument)",
                hint: "give finite numbers with a·d − b·c ≠ 0 (a matrix that keeps an area).")
        }
        try graphics("transform the page", argument) {
            HPDF_Page_Concat(handle, Float(a), Float(b), Float(c), Float(d), Float(tx), Float(ty))
        }
    }

    // MARK: - Images

    /// Draws an image of the same document scaled into the rectangle whose lower-left corner is (x, y).
    package func draw(_ image: PDFImage, x: Double, y: Double, width: Double, height: Double) throws {
        let argument = "\(image.width)×\(image.height) image at (\(x), \(y)) size \(width)×\(height)"
        guard image.document === document else {
            try document.ensureUsable("draw an image", "\(label), \(argument)")
            throw document.reject(
                code: 0x1055, operation: "draw an image", argument: "\(label), \(argument)",
                hint: "load the image with this page's document; images cannot be shared.")
        }
        guard [x, y, width, height].allSatisfy(\.isFinite) else {
            try document.ensureUsable("draw an image", "\(label), \(argument)")
            throw document.reject(
                code: 0x1039, operation: "draw an image", argument: "\(label), \(argument)",
                hint: "give finite numbers.")
        }
        try graphics("draw an image", argument) {
            HPDF_Page_DrawImage(handle, image.handle, Float(x), Float(y), Float(width), Float(height))
        }
    }

    /// Draws an image of the same document with its top-left, top-right and bottom-left corners at the given points
    /// (PDF coordinates, y up): turned, mirrored or sheared — how a photo's EXIF orientation is shown while its
    /// bytes stay as they are.
    /// - Throws: `HaruError` for points that are not finite or lie on one line.
    package func draw(
        _ image: PDFImage, topLeft: (x: Double, y: Double), topRight: (x: Double, y: Double),
        bottomLeft: (x: Double, y: Double)
    ) throws {
        try saveGraphicsState()
        // The image's unit square has its top row at y = 1: (0, 1) ↦ topLeft, (1, 1) ↦ topRight, (0, 0) ↦ bottomLeft.
        try transform(
            a: topRight.x - topLeft.x, b: topRight.y - topLeft.y, c: topLeft.x - bottomLeft.x,
            d: topLeft.y - bottomLeft.y, tx: bottomLeft.x, ty: bottomLeft.y)
        try draw(image, x: 0, y: 0, width: 1, height: 1)
        try restoreGraphicsState()
    }
}

/// How the open ends of stroked lines are drawn.
package enum PDFLineCap: Sendable, Equatable {
    /// Squared off at the end point.
    case butt
    /// A half circle around the end point.
    case round
    /// Squared off half a line width beyond the end point.
    case projectingSquare

    var haru: HPDF_LineCap {
        switch self {
        case .butt: return HPDF_BUTT_END
        case .round: return HPDF_ROUND_END
        case .projectingSquare: return HPDF_PROJECTING_SCUARE_END
        }
    }
}

/// How the corners of stroked paths are drawn.
package enum PDFLineJoin: Sendable, Equatable {
    /// Sharp corners.
    case miter
    /// Rounded corners.
    case round
    /// Cut-off corners.
    case bevel

    var haru: HPDF_LineJoin {
        switch self {
        case .miter: return HPDF_MITER_JOIN
        case .round: return HPDF_ROUND_JOIN
        case .bevel: return HPDF_BEVEL_JOIN
        }
    }
}

extension PDFDocument {
    /// The ExtGState for an alpha pair, made on first use and cached for the document's lifetime.
    func alphaState(stroke: Double, fill: Double, argument: @autoclosure () -> String) throws -> HPDF_ExtGState {
        let key = AlphaPair(stroke: stroke, fill: fill)
        if let cached = alphaStates[key] { return cached }
        if archive?.part == 1, stroke < 1 || fill < 1 {
            throw reject(
                code: 0x1080, operation: "set the alpha", argument: argument(),
                hint: "PDF/A-1b forbids transparency (alpha below 1): use opaque colours, or archive as "
                    + "PDF/A-2b (--pdfa 2b)")
        }
        let state = try make("create an ExtGState", argument()) { HPDF_CreateExtGState($0) }
        // `/Type /ExtGState` is optional (PDF 8.4.5): 17 bytes of every state.
        try check("create an ExtGState", argument()) { _ in HPDF_Dict_RemoveElement(state, "Type") }
        requireVersion(HPDF_VER_14)
        try check("set the stroke alpha", argument()) { _ in HPDF_ExtGState_SetAlphaStroke(state, Float(stroke)) }
        try check("set the fill alpha", argument()) { _ in HPDF_ExtGState_SetAlphaFill(state, Float(fill)) }
        alphaStates[key] = state
        return state
    }
}
