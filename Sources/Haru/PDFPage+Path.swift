import CHaru

extension PDFPage {
    /// Strokes a path with the current stroke colour, line width, cap, join and dash.
    package func stroke(_ path: PDFPath) throws {
        try paint(path, "stroke a path", "S\n") { HPDF_Page_Stroke(handle) }
    }

    /// Fills a path with the current fill colour (non-zero winding rule).
    package func fill(_ path: PDFPath) throws {
        try paint(path, "fill a path", "f\n") { HPDF_Page_Fill(handle) }
    }

    /// Fills and then strokes a path, as one operator.
    package func fillAndStroke(_ path: PDFPath) throws {
        try paint(path, "fill and stroke a path", "B\n") { HPDF_Page_FillStroke(handle) }
    }

    /// Intersects the clipping area with a path for the rest of the current graphics state; use inside
    /// `withGraphicsState` (or `withClip`) to undo it.
    package func clip(to path: PDFPath) throws {
        try paint(path, "clip to a path", "W n\n") {
            let status = HPDF_Page_Clip(handle)
            return status == HPDF_STATUS(HPDF_OK) ? HPDF_Page_EndPath(handle) : status
        }
    }

    /// Runs `body` with drawing clipped to `path`, restoring the previous clipping afterwards.
    package func withClip<R>(to path: PDFPath, _ body: () throws -> R) throws -> R {
        try withGraphicsState {
            try clip(to: path)
            return try body()
        }
    }

    /// Emits the whole path and its painting operator, checking the path first so libHaru is never left with an
    /// open path object. A path without arcs is formatted here and written in one piece (`ContentBytes`); one with
    /// an arc goes through libHaru's path calls, which own the arc's approximation.
    private func paint(
        _ path: PDFPath, _ operation: String, _ painting: StaticString, _ finish: () -> HPDF_STATUS
    ) throws {
        let argument = { "\(label), path of \(path.elements.count) elements" }
        try document.ensureUsable(operation, argument())
        if let problem = problem(with: path) {
            throw document.reject(code: 0x1039, operation: operation, argument: argument(), hint: problem)
        }
        if document.openTextPage != nil {
            throw document.reject(
                code: 0x1051, operation: operation, argument: argument(),
                hint: "draw graphics after the text { } scope ends, not inside it.")
        }
        if let content = Self.content(of: path, painting) {
            try document.check(operation, argument()) { _ in append(content) }
            return
        }
        do {
            try document.check(operation, argument()) { _ in
                for element in path.elements {
                    let status = emit(element)
                    if status != HPDF_STATUS(HPDF_OK) { return status }
                }
                return finish()
            }
        } catch {
            // Leave the page in page-description mode whatever went wrong, so the next call can work.
            if !document.isAborted { document.closeOpenPath(handle) }
            throw error
        }
    }

    private func problem(with path: PDFPath) -> String? {
        guard let first = path.elements.first else { return "give a path with at least one element." }
        guard path.isFinite else { return "give finite coordinates (no NaN or infinity)." }
        switch first {
        case .line, .curve, .close: return "start the path with move, rect, circle, ellipse or arc."
        default: return nil
        }
    }

    /// The path and `painting` as content-stream operators, or nil when it holds an arc. Circles and ellipses are
    /// four Bézier quarters with libHaru's constant, so both ways draw the same shape.
    static func content(of path: PDFPath, _ painting: StaticString) -> ContentBytes? {
        let content = ContentBytes(capacity: 24 * path.elements.count + 8)
        for element in path.elements {
            switch element {
            case let .move(x, y):
                content.numbers(x, y)
                content.append("m\n")
            case let .line(x, y):
                content.numbers(x, y)
                content.append("l\n")
            case let .curve(x1, y1, x2, y2, x3, y3):
                content.numbers(x1, y1, x2, y2, x3, y3)
                content.append("c\n")
            case let .rect(x, y, w, h):
                content.numbers(x, y, w, h)
                content.append("re\n")
            case let .circle(x, y, r):
                appendEllipse(x, y, r, r, to: content)
            case let .ellipse(x, y, xr, yr):
                appendEllipse(x, y, xr, yr, to: content)
            case .arc:
                return nil
            case .close:
                content.append("h\n")
            }
        }
        content.append(painting)
        return content
    }

    /// An ellipse as `HPDF_Page_Ellipse` writes it: from its leftmost point through the top, right and bottom.
    private static func appendEllipse(_ x: Double, _ y: Double, _ xr: Double, _ yr: Double, to content: ContentBytes) {
        let kappa = 0.552
        content.numbers(x - xr, y)
        content.append("m\n")
        content.numbers(x - xr, y + yr * kappa, x - xr * kappa, y + yr, x, y + yr)
        content.append("c\n")
        content.numbers(x + xr * kappa, y + yr, x + xr, y + yr * kappa, x + xr, y)
        content.append("c\n")
        content.numbers(x + xr, y - yr * kappa, x + xr * kappa, y - yr, x, y - yr)
        content.append("c\n")
        content.numbers(x - xr * kappa, y - yr, x - xr, y - yr * kappa, x - xr, y)
        content.append("c\n")
    }

    private func emit(_ element: PDFPath.Element) -> HPDF_STATUS {
        switch element {
        case let .move(x, y): return HPDF_Page_MoveTo(handle, Float(x), Float(y))
        case let .line(x, y): return HPDF_Page_LineTo(handle, Float(x), Float(y))
        case let .curve(x1, y1, x2, y2, x3, y3):
            return HPDF_Page_CurveTo(handle, Float(x1), Float(y1), Float(x2), Float(y2), Float(x3), Float(y3))
        case let .rect(x, y, w, h): return HPDF_Page_Rectangle(handle, Float(x), Float(y), Float(w), Float(h))
        case let .circle(x, y, r): return HPDF_Page_Circle(handle, Float(x), Float(y), Float(r))
        case let .ellipse(x, y, xr, yr): return HPDF_Page_Ellipse(handle, Float(x), Float(y), Float(xr), Float(yr))
        case let .arc(x, y, r, a1, a2): return HPDF_Page_Arc(handle, Float(x), Float(y), Float(r), Float(a1), Float(a2))
        case .close: return HPDF_Page_ClosePath(handle)
        }
    }
}

extension PDFDocument {
    /// Ends a half-built path after a failure (`n`), ignoring and clearing whatever that raises.
    func closeOpenPath(_ page: HPDF_Page) {
        if HPDF_Page_GetGMode(page) != HPDF_UINT16(HPDF_GMODE_PAGE_DESCRIPTION) {
            HPDF_ResetError(handle)
            _ = HPDF_Page_EndPath(page)
            HPDF_ResetError(handle)
        }
    }
}
