import DrawingModule
import Fonts
import Foundation
import Haru
import JPEG
import PNG
import Support

/// Draws one page's primitives with libHaru: flips y (the description's origin is top-left, PDF's bottom-left),
/// sets colours, widths and alpha only when they change, and shares fonts and images across the document.
///
/// Consecutive shapes painted alike go into one path with one painting operator (a QR code's modules, a row of
/// decorative lines): fewer operators, a smaller content stream, less work in libHaru. Translucent shapes join a
/// path only when they do not overlap what it holds, since one fill paints an overlap once where two would
/// darken it.
final class PDFTarget: RenderTarget {
    /// The graphics state the page's content stream is known to be in; `q`/`Q` scopes push and pop copies.
    fileprivate struct State {
        var strokeColor = RGBColor.black
        var fillColor = RGBColor.black
        var strokeAlpha = 1.0
        var fillAlpha = 1.0
        var lineWidth = 1.0
        var cap = PDFLineCap.butt
    }

    let page: PDFPage
    let height: Double
    let resources: PDFResources
    private var state = State()
    private var saved: [State] = []
    private var batch: ShapeBatch?
    /// The beginning being kept (`PDFPrefixes`): every call that does more than append content, in order.
    private var journal: PDFPrefixes.Journal?
    /// Set when a call the journal cannot give back was made while it was kept.
    private var journalBroken = false
    /// The shapes added to the batch open when a journal ended, so its painting's content can be kept
    /// (`keptBatchContent`).
    private var journalBatch: Int?
    /// What painting the batch open at the journal's end wrote, when nothing was added to it first.
    private(set) var keptBatchContent: [UInt8]?
    /// The content a batch given back with a journal is painted with when nothing is added to it first.
    private var givenBatchContent: (added: Int, bytes: [UInt8])?
    /// The page's marked content in a tagged PDF (`StructureTreeWriter`), or nil: an untagged page, whose bytes
    /// nothing here changes.
    let marks: PageMarks?

    /// What the target holds between two commands: the graphics state known, the states saved, the shapes waiting.
    struct Snapshot {
        fileprivate var state = State()
        fileprivate var saved: [State] = []
        fileprivate var batch: ShapeBatch?
    }

    init(page: PDFPage, height: Double, resources: PDFResources, marks: PageMarks? = nil) {
        self.page = page
        self.height = height
        self.resources = resources
        self.marks = marks
    }

    func willPaint(elementAt index: Int) {
        marks?.willPaint(elementAt: index)
    }

    func paintBackground(_ color: Color, in rect: Rect, location: RenderLocation) throws {
        if let marks {
            marks.paintsBackground()
            try enterMark(location)
        }
        try add(.fill(Self.rgb(color), alpha: color.alpha), bounds: rect, location: location) { batch in
            batch.append(element(for: .rect, in: rect))
        }
    }

    func drawLine(
        from start: Point, to end: Point, width: Double, cap: LineCap, color: Color,
        location: RenderLocation
    ) throws {
        if marks != nil { try enterMark(location) }
        let paint = ShapeBatch.Paint.stroke(Self.rgb(color), alpha: color.alpha, width: width, cap: Self.haruCap(cap))
        let bounds = Rect(
            x: min(start.x, end.x) - width, y: min(start.y, end.y) - width,
            width: abs(end.x - start.x) + 2 * width, height: abs(end.y - start.y) + 2 * width)
        try add(paint, bounds: bounds, location: location) { batch in
            batch.append(.move(x: start.x, y: height - start.y))
            batch.append(.line(x: end.x, y: height - end.y))
        }
    }

    func drawShape(
        _ kind: ShapeKind, in rect: Rect, paint: Paint, lineWidth: Double, stroke: Color, fill: Color,
        location: RenderLocation
    ) throws {
        if marks != nil { try enterMark(location) }
        // Fill, then stroke as a separate operation: `B` would knock the stroke out of a translucent fill.
        if paint.fills {
            try add(.fill(Self.rgb(fill), alpha: fill.alpha), bounds: rect, location: location) { batch in
                batch.append(element(for: kind, in: rect))
            }
        }
        if paint.strokes {
            let bounds = Rect(
                x: rect.x - lineWidth, y: rect.y - lineWidth, width: rect.width + 2 * lineWidth,
                height: rect.height + 2 * lineWidth)
            // Shapes keep the cap of the last line drawn (caps do not change how closed shapes look).
            let batchCap = batch.flatMap { if case .stroke(_, _, _, let cap) = $0.paint { cap } else { nil } }
            let cap = batchCap ?? state.cap
            try add(
                .stroke(Self.rgb(stroke), alpha: stroke.alpha, width: lineWidth, cap: cap), bounds: bounds,
                location: location
            ) { batch in
                batch.append(element(for: kind, in: rect))
            }
        }
    }

    func drawPath(
        _ elements: [Drawing.Command.Path.Element], paint: Paint, lineWidth: Double, stroke: Color, fill: Color,
        location: RenderLocation
    ) throws {
        if marks != nil { try enterMark(location) }
        let flipped = elements.map { element -> PDFPath.Element in
            switch element {
            case .move(let point): .move(x: point.x, y: height - point.y)
            case .line(let point): .line(x: point.x, y: height - point.y)
            case .curve(let first, let second, let end):
                .curve(
                    x1: first.x, y1: height - first.y, x2: second.x, y2: height - second.y, x3: end.x,
                    y3: height - end.y)
            case .close: .close
            }
        }
        let points = elements.flatMap(\.points)
        let xs = points.map(\.x)
        let ys = points.map(\.y)
        let bounds = Rect(
            x: (xs.min() ?? 0) - lineWidth, y: (ys.min() ?? 0) - lineWidth,
            width: (xs.max() ?? 0) - (xs.min() ?? 0) + 2 * lineWidth,
            height: (ys.max() ?? 0) - (ys.min() ?? 0) + 2 * lineWidth)
        // Painted on its own: in one fill with other shapes, subpaths wound the other way would cut holes where
        // they overlap (non-zero rule).
        try flush(location)
        if paint.fills {
            try add(.fill(Self.rgb(fill), alpha: fill.alpha), bounds: bounds, location: location) { batch in
                for element in flipped { batch.append(element) }
            }
            try flush(location)
        }
        if paint.strokes {
            try add(
                .stroke(Self.rgb(stroke), alpha: stroke.alpha, width: lineWidth, cap: .butt), bounds: bounds,
                location: location
            ) { batch in
                for element in flipped { batch.append(element) }
            }
            try flush(location)
        }
    }

    func finish(location: RenderLocation) throws {
        try flush(location)
        if marks != nil { try leaveMark(location) }
    }

    /// Kept for the document's end, when every page and name exists: a link may point forward.
    func mark(link: String?, name: String?, area: Rect, location: RenderLocation) throws {
        journalBroken = journalBroken || journal != nil
        let flipped = Rect(x: area.x, y: height - area.maxY, width: area.width, height: area.height)
        if let name {
            if let first = resources.anchors[name] {
                throw RenderError.link(
                    location: location, reason: "the name \"\(name)\" is taken already, at \(first.location)",
                    fix: "give each named element or heading its own name")
            }
            resources.anchors[name] = (page.index, Point(x: area.x, y: height - area.y), location)
        }
        if let link { resources.links.append((page, flipped, link, location, marks?.elementPath)) }
    }

    func drawText(_ layout: TextLayout, color: Color, font name: String, location: RenderLocation) throws {
        try flush(location)
        if marks != nil { try enterMark(location) }
        if journal != nil,
            layout.artifact || layout.characterSpacing != 0 || layout.spreadsLikeWords
        {
            journalBroken = true
        }
        // A tagged page has marked the text already: as its structure element's content, or as an artifact.
        guard !layout.artifact || marks != nil else {
            var plain = layout
            plain.artifact = false
            try pdf(location) {
                try page.artifact { try drawText(plain, color: color, font: name, location: location) }
            }
            return
        }
        // Letter-spaced text is one text object with `Tc`, and text whose adjustments open gaps wide enough to read
        // as word spaces (和欧間, a spread justified line) keeps them: either goes inside a span whose /ActualText is
        // the text itself, so poppler, pypdf and pdfium read `1000005`, and poppler and pdfium `会費はA4判`.
        let spacing = Double(layout.characterSpacing) * layout.size / 1000
        guard spacing != 0 || layout.spreadsLikeWords else {
            try drawLetters(layout, color: color, font: name, spacing: 0, location: location)
            return
        }
        try pdf(location) {
            try page.span(actualText: layout.string) {
                try drawLetters(layout, color: color, font: name, spacing: spacing, location: location)
            }
        }
    }

    /// Draws `layout` (not an artifact, its spacing `spacing` points already marked) in the current state.
    private func drawLetters(
        _ layout: TextLayout, color: Color, font name: String, spacing: Double, location: RenderLocation
    ) throws {
        try pdf(location) {
            try setAlpha(stroke: state.strokeAlpha, fill: color.alpha)
            let rgb = Self.rgb(color)
            let baseline = height - layout.baseline
            if rgb != state.fillColor {
                try page.setFillColor(rgb)
                state.fillColor = rgb
            }
            if let cid = try cidFont(named: name) {
                // Positioned by the font's W widths, as the viewer does; alignment measured with the same widths.
                // Characters without a CID are drawn from the chain's embedded faces, between the CID stretches.
                // Each piece: UTF-16 codes of the CID font, or runs of the chain's faces starting at 0.
                // The text's adjustments move characters here too: TJ numbers before a CID piece's characters.
                var pieces: [(codes: [UInt16], adjustments: [Int], runs: [TextLayout.Run]?, width: Double)] = []
                var adjustments = ArraySlice(layout.adjustments ?? [])
                if adjustments.count != layout.string.count { adjustments = [] }
                for piece in try PDFFontSet.cidPieces(of: layout.string) {
                    let own = adjustments.prefix(piece.text.count)
                    adjustments = adjustments.dropFirst(piece.text.count)
                    if let cids = piece.cids {
                        var width =
                            Double(cids.reduce(0) { $0 + cid.width(of: $1) }) * layout.size / 1000
                            + spacing * Double(cids.count - 1)
                        var numbers: [Int] = []
                        var before = 0.0
                        for (character, after) in zip(piece.text, own + Array(repeating: 0, count: piece.text.count)) {
                            numbers.append(-Int(roundedClamping: before * 1000 / layout.size))
                            numbers += Array(repeating: 0, count: character.utf16.count - 1)
                            before = after
                        }
                        width += own.reduce(0, +)
                        pieces.append((Array(piece.text.utf16), numbers, nil, width))
                    } else {
                        var (runs, width) = try layout.fallbackRuns(of: String(piece.text), location: location)
                        if !own.isEmpty {
                            width += TextLayout.adjust(&runs, of: String(piece.text), by: Array(own), size: layout.size)
                        }
                        pieces.append(([], [], runs, width))
                    }
                }
                var x =
                    layout.origin.x
                    + TextLayout.alignmentOffset(
                        width: pieces.reduce(0) { $0 + $1.width } + spacing * Double(pieces.count - 1),
                        box: layout.boxWidth, alignment: layout.alignment)
                for piece in pieces {
                    if let runs = piece.runs {
                        try show(
                            runs.map { run in
                                var run = run
                                run.start += x
                                return run
                            }, size: layout.size, baseline: baseline, variant: .horizontal,
                            spacing: layout.characterSpacing)
                    } else {
                        note(.useCIDFont(name))
                        try page.showGlyphs(
                            piece.codes, adjustments: piece.adjustments, font: cid.font, size: layout.size, x: x,
                            y: baseline, characterSpacing: spacing)
                    }
                    x += piece.width + spacing
                }
                return
            }
            if layout.vertical, layout.runs.count == 1, layout.runs[0].glyphs.count == 1 {
                // A cell of a vertical column: the pen half the glyph's width right of its origin and the vertical
                // origin above its baseline, so the glyph lands where the horizontal drawing would put it.
                let run = layout.runs[0]
                let use = PDFPrefixes.FontUse(
                    face: run.face, variant: .vertical, alias: resources.fonts.aliasNumbers(of: run)?[0] ?? nil)
                let entry = try font(use)
                let glyph = run.glyphs[0]
                let width = Double(entry.width(of: glyph, in: run.face)) * layout.size / 1000
                let x = run.start + Double(run.offsets[0]) * layout.size / 1000 + width / 2
                let y = baseline + Double(entry.verticalOrigin ?? 880) * layout.size / 1000
                note(.useFont(use))
                try page.showGlyphs(
                    [entry.codes[glyph] ?? 0], adjustments: [0], font: entry.font, size: layout.size, x: x, y: y)
                return
            }
            try show(
                layout.runs, size: layout.size, baseline: baseline,
                variant: layout.proportional ? .proportional : .horizontal, spacing: layout.characterSpacing,
                carried: layout.carried)
        }
    }

    /// Shows `runs` with their faces' embedded fonts in `variant`, each glyph at its shaped offset. A glyph shown
    /// for a second text (⼊ after 入, one glyph) is shown with its alias font, whose ToUnicode names that text: the
    /// run is cut where the font changes. `spacing` thousandths of an em follow every glyph but the last; `carried`
    /// is what each run's glyphs carry (`TextLayout.carried`), found here when not given.
    private func show(
        _ runs: [TextLayout.Run], size: Double, baseline: Double, variant: PDFFontSet.Variant, spacing: Int = 0,
        carried: [[Int]]? = nil
    ) throws {
        for (number, run) in runs.enumerated() {
            let carried =
                carried?[number] ?? TextLayout.carriedSpacing(of: runs, at: number, size: size, spacing: spacing)
            guard let aliases = resources.fonts.aliasNumbers(of: run) else {
                try show(
                    run, glyphs: run.glyphs.indices, size: size, baseline: baseline, variant: variant,
                    spacing: spacing, carried: carried)
                continue
            }
            var start = 0
            while start < run.glyphs.count {
                var end = start + 1
                while end < run.glyphs.count, aliases[end] == aliases[start] { end += 1 }
                try show(
                    run, glyphs: start..<end, size: size, baseline: baseline, variant: variant, alias: aliases[start],
                    spacing: spacing, carried: carried)
                start = end
            }
        }
    }

    /// Shows `glyphs` of `run` from the first one's offset in text objects of the face's font in `variant` (and
    /// `alias`). Where the face's program can be widened, a glyph followed by letter spacing or a gap the spacing
    /// rules open (`carried`, `TextLayout.carriedSpacing`) is shown from a font whose advances carry it, so no TJ
    /// number is wide enough to read as a word space; else `spacing` thousandths of an em go after each glyph as
    /// `Tc`, and the gaps as TJ numbers.
    private func show(
        _ run: TextLayout.Run, glyphs: Range<Int>, size: Double, baseline: Double, variant: PDFFontSet.Variant,
        alias: Int? = nil, spacing: Int = 0, carried: [Int]
    ) throws {
        // Each glyph's font: by the spacing its program carries, 0 for the face's own.
        let own = try font(PDFPrefixes.FontUse(face: run.face, variant: variant, alias: alias))
        var spaced: [Int: PDFFontSet.Embedded] = [:]
        var keys = Array(repeating: 0, count: glyphs.count)
        if alias == nil, glyphs.contains(where: { carried[$0] > 0 }) {
            for index in glyphs where carried[index] > 0 {
                if let font = try spacedFont(for: run.face, spacing: carried[index]),
                    font.codes[run.glyphs[index]] != nil
                {
                    spaced[carried[index]] = font
                    keys[index - glyphs.lowerBound] = carried[index]
                }
            }
        }
        // With no widened program at hand, letter spacing stays `Tc`.
        let tc = spaced.isEmpty ? spacing : 0
        // One text object per stretch of glyphs shown from the same font.
        var start = glyphs.lowerBound
        while start < glyphs.upperBound {
            let key = keys[start - glyphs.lowerBound]
            guard let entry = key == 0 ? own : spaced[key] else { break }
            var end = start + 1
            while end < glyphs.upperBound, keys[end - glyphs.lowerBound] == key { end += 1 }
            var codes: [UInt16] = []
            var adjustments: [Int] = []
            codes.reserveCapacity(end - start)
            adjustments.reserveCapacity(end - start)
            let origin = run.offsets[start]
            // Where the viewer's pen is (thousandths of an em from the first glyph's offset) after each glyph's W
            // width.
            var pen = 0
            for index in start..<end {
                let glyph = run.glyphs[index]
                let offset = run.offsets[index] - origin
                codes.append(entry.codes[glyph] ?? 0)
                adjustments.append(pen - offset)
                pen = offset + entry.width(of: glyph, in: run.face) + tc
            }
            note(
                .useFont(
                    PDFPrefixes.FontUse(face: run.face, variant: key == 0 ? variant : .spaced(key), alias: alias)))
            try page.showGlyphs(
                codes, adjustments: adjustments, font: entry.font, size: size,
                x: run.start + Double(origin) * size / 1000, y: baseline, characterSpacing: Double(tc) * size / 1000)
            start = end
        }
    }

    /// A CID font is spaced by libHaru's own widths, not the file's: text boxes are set with those, and characters
    /// without a CID (drawn from `chain`, the logical font's faces) with their shaped widths, as drawText places them.
    func drawImage(_ data: Data, orientation: ImageOrientation, in rect: Rect, location: RenderLocation) throws {
        try flush(location)
        if marks != nil { try enterMark(location) }
        journalBroken = journalBroken || journal != nil
        let image = try resources.image(for: data, location: location)
        try pdf(location) {
            // The constant fill alpha applies to images too: draw them opaque (their own alpha is the soft mask).
            try setAlpha(stroke: state.strokeAlpha, fill: 1)
            guard orientation != .up else {
                try page.draw(image, x: rect.x, y: height - rect.maxY, width: rect.width, height: rect.height)
                return
            }
            // A turned photo: the stored corners where the orientation puts them, in PDF's y-up coordinates.
            let corners = orientation.corners(in: rect)
            try page.draw(
                image, topLeft: (corners.topLeft.x, height - corners.topLeft.y),
                topRight: (corners.topRight.x, height - corners.topRight.y),
                bottomLeft: (corners.bottomLeft.x, height - corners.bottomLeft.y))
        }
    }

    func beginScope(clip rect: Rect?, location: RenderLocation) throws {
        try flush(location)
        if let marks {
            // Marked content never straddles a q or a Q.
            try leaveMark(location)
            marks.enterScope()
        }
        journalBroken = journalBroken || journal != nil
        try pdf(location) {
            try page.saveGraphicsState()
            saved.append(state)
            if let rect { try page.clip(to: path(for: .rect, in: rect)) }
        }
    }

    /// A `cm` that maps the part's top-left coordinates, flipped with the page height as every primitive here is,
    /// onto the rectangle in the current ones: (x, h − y) ↦ (tx + sx·x, h − ty − sy·y) = (tx + sx·x,
    /// sy·(h − y) + h − ty − sy·h).
    func transform(
        scaleX: Double, scaleY: Double, translateX: Double, translateY: Double,
        location: RenderLocation
    ) throws {
        try flush(location)
        journalBroken = journalBroken || journal != nil
        try pdf(location) {
            try page.transform(
                a: scaleX, b: 0, c: 0, d: scaleY, tx: translateX,
                ty: height - translateY - scaleY * height)
        }
    }

    /// Clockwise on the page is counter-clockwise in PDF's y-up space: a `cm` turning by −θ about (cx, h − cy).
    func rotate(degrees: Double, about center: Point, location: RenderLocation) throws {
        try flush(location)
        journalBroken = journalBroken || journal != nil
        let radians = degrees * .pi / 180
        let a = cos(radians)
        let b = -sin(radians)
        let c = sin(radians)
        let d = cos(radians)
        let px = center.x
        let py = height - center.y
        try pdf(location) {
            try page.transform(a: a, b: b, c: c, d: d, tx: px - (a * px + c * py), ty: py - (b * px + d * py))
        }
    }

    func endScope(location: RenderLocation) throws {
        try flush(location)
        if let marks {
            try leaveMark(location)
            marks.leaveScope()
        }
        try pdf(location) {
            try page.restoreGraphicsState()
            state = saved.popLast() ?? State()
        }
    }

    // MARK: - Marked content

    /// Puts what is drawn next into the marked-content sequence of the element being drawn (`PageMarks`): the open
    /// one when it is that element's (or the same artifact), else a new one, the shapes waiting painted first.
    private func enterMark(_ location: RenderLocation) throws {
        guard let marks else { return }
        if marks.open != marks.pending {
            try flush(location)
            try leaveMark(location)
            try pdf(location) {
                switch marks.pending {
                case .element(let id):
                    try page.beginMarkedContent(tag: marks.tag(of: id), mcid: marks.number(for: id))
                case .artifact(let kind):
                    try page.beginArtifact(type: kind.rawValue)
                }
            }
            marks.open = marks.pending
        }
        marks.recordDrawn()
    }

    /// Closes the open marked-content sequence, if any, the shapes waiting painted first.
    private func leaveMark(_ location: RenderLocation) throws {
        guard let marks, marks.open != nil else { return }
        try flush(location)
        try pdf(location) { try page.endMarkedContent() }
        marks.open = nil
    }

    // MARK: - Batching

    /// Adds a shape painted with `paint` covering `bounds` (page coordinates, y down) to the open batch, first
    /// painting the batch when it is painted otherwise or, for translucent paint, when the shape overlaps it.
    private func add(
        _ paint: ShapeBatch.Paint, bounds: Rect, location: RenderLocation,
        _ append: (inout ShapeBatch) -> Void
    ) throws {
        if let open = batch, open.paint != paint || (paint.alpha < 1 && open.overlaps(bounds)) {
            try flush(location)
        }
        if batch == nil {
            try pdf(location) {
                // A translucent batch is painted inside q … Q: the opacity ends with it, so no second ExtGState
                // is needed to set it back (one object fewer per document).
                if paint.alpha < 1 {
                    try step(.save) { try page.saveGraphicsState() }
                    saved.append(state)
                }
                switch paint {
                case .fill(let rgb, let alpha): try setFill(rgb, alpha: alpha)
                case .stroke(let rgb, let alpha, let width, let cap):
                    try setStroke(
                        rgb, alpha: alpha, width: width,
                        cap: cap)
                }
            }
            batch = ShapeBatch(paint: paint, location: location)
        }
        append(&batch!)
        if paint.alpha < 1 { batch!.bounds.append(bounds) }
    }

    /// Paints the open batch, if any, with its one operator.
    private func flush(_ location: RenderLocation) throws {
        guard let open = batch else { return }
        batch = nil
        try pdf(open.location) {
            let from = page.contentLength
            if let given = givenBatchContent, given.added == open.added {
                try page.appendContent(given.bytes[...])
            } else {
                switch open.paint {
                case .fill: try page.fill(PDFPath(open.elements))
                case .stroke: try page.stroke(PDFPath(open.elements))
                }
            }
            if journalBatch == open.added { keptBatchContent = page.content(from: from) }
            givenBatchContent = nil
            journalBatch = nil
            if open.paint.alpha < 1 {
                try step(.restore) { try page.restoreGraphicsState() }
                state = saved.popLast() ?? State()
            }
        }
    }

    // MARK: - State

    private func setFill(_ rgb: RGBColor, alpha: Double) throws {
        try setAlpha(stroke: state.strokeAlpha, fill: alpha)
        if rgb != state.fillColor {
            try page.setFillColor(rgb)
            state.fillColor = rgb
        }
    }

    private func setStroke(_ rgb: RGBColor, alpha: Double, width: Double, cap: PDFLineCap) throws {
        try setAlpha(stroke: alpha, fill: state.fillAlpha)
        if rgb != state.strokeColor {
            try page.setStrokeColor(rgb)
            state.strokeColor = rgb
        }
        if width != state.lineWidth {
            try step(.lineWidth(width)) { try page.setLineWidth(width) }
            state.lineWidth = width
        }
        if cap != state.cap {
            try step(.lineCap(cap)) { try page.setLineCap(cap) }
            state.cap = cap
        }
    }

    private func setAlpha(stroke: Double, fill: Double) throws {
        guard stroke != state.strokeAlpha || fill != state.fillAlpha else { return }
        try step(.alpha(stroke: stroke, fill: fill)) { try page.setAlpha(stroke: stroke, fill: fill) }
        state.strokeAlpha = stroke
        state.fillAlpha = fill
    }

    // MARK: - Kept beginnings

    /// Starts keeping the journal of what is drawn from here (`PDFPrefixes`).
    func beginJournal() {
        journal = PDFPrefixes.Journal(start: page.contentLength)
        journalBroken = false
    }

    /// Stops keeping the journal and returns it, with the content drawn since `beginJournal()` and the target's
    /// state; nil when something was drawn that a journal cannot give back.
    func endJournal() -> PDFPrefixes.Journal? {
        defer {
            journal = nil
            journalBroken = false
        }
        guard var kept = journal, !journalBroken else { return nil }
        kept.bytes = page.content(from: kept.start)
        kept.target = Snapshot(state: state, saved: saved, batch: batch)
        journalBatch = batch?.added
        return kept
    }

    /// Gives back the first of `candidates` whose fonts show glyphs with the codes this document's fonts give them:
    /// the document's fonts and alpha states are made in the journal's order, the page's resources named, its
    /// content appended and libHaru's graphics state changed as drawing made them, and the target's state set.
    /// Returns false, with nothing written to the page, when none has this document's codes; what was made then
    /// is what drawing the commands makes first, in the same order.
    func resume(from candidates: [PDFPrefixes.Journal], location: RenderLocation) throws -> Bool {
        // A tagged page takes only a beginning marked as it marks its own.
        var own: [Int: PageMarks.Beginning] = [:]
        let candidates = candidates.filter { kept in
            guard let marks else { return kept.marks == nil }
            guard let beginning = kept.marks else { return false }
            let mine = own[beginning.commands] ?? marks.beginning(commands: beginning.commands)
            own[beginning.commands] = mine
            return beginning == mine
        }
        guard let first = candidates.first, first.start == page.contentLength else { return false }
        // The document's objects first, in order; the codes each font gives.
        var codes: [PDFPrefixes.FontCodes?] = []
        try pdf(location) {
            for (step, _, _) in first.steps {
                switch step {
                case .font(let use, _): codes.append(try font(of: use).map(PDFPrefixes.FontCodes.init))
                case .cidFont(let name): _ = try resources.fonts.cidFont(named: name)
                case .alpha(let stroke, let fill): try page.document.prepareAlpha(stroke: stroke, fill: fill)
                default: break
                }
            }
        }
        func fontCodes(_ journal: PDFPrefixes.Journal) -> [PDFPrefixes.FontCodes?] {
            journal.steps.compactMap { if case .font(_, let codes) = $0.step { codes } else { nil } }
        }
        guard let kept = candidates.first(where: { fontCodes($0) == codes }) else { return false }
        try pdf(location) {
            var written = 0
            for (step, from, to) in kept.steps {
                try page.appendContent(kept.bytes[written..<from])
                switch step {
                case .font, .cidFont: break
                case .useFont(let use):
                    guard let entry = try font(of: use) else { continue }
                    try page.useFont(entry.font)
                case .useCIDFont(let name):
                    guard let entry = try resources.fonts.cidFont(named: name) else { continue }
                    try page.useFont(entry.font)
                case .save: try page.saveGraphicsState()
                case .restore: try page.restoreGraphicsState()
                case .lineWidth(let width): try page.setLineWidth(width)
                case .lineCap(let cap): try page.setLineCap(cap)
                case .alpha(let stroke, let fill): try page.setAlpha(stroke: stroke, fill: fill)
                }
                written = to
            }
            try page.appendContent(kept.bytes[written...])
        }
        guard page.contentLength == kept.start + kept.bytes.count else {
            throw RenderError.pdf(location: location, reason: "a kept page beginning gave back other content")
        }
        state = kept.target.state
        saved = kept.target.saved
        batch = kept.target.batch
        if let beginning = kept.marks { marks?.resume(beginning) }
        if let open = batch, let bytes = kept.batchContent { givenBatchContent = (open.added, bytes) }
        return true
    }

    /// Runs a libHaru call that changes its graphics state or resources, noting it in the journal with the content
    /// it wrote.
    private func step(_ step: PDFPrefixes.Step, _ body: () throws -> Void) throws {
        guard let start = journal?.start else { return try body() }
        let from = page.contentLength - start
        try body()
        journal?.steps.append((step, from, page.contentLength - start))
    }

    /// Notes a step that writes nothing (a font asked for, or named in the resources) in the journal.
    private func note(_ step: PDFPrefixes.Step) {
        guard let start = journal?.start else { return }
        let here = page.contentLength - start
        journal?.steps.append((step, here, here))
    }

    /// The document's font for `use`, noted in the journal.
    private func font(_ use: PDFPrefixes.FontUse) throws -> PDFFontSet.Embedded {
        let entry = try resources.fonts.font(for: use.face, variant: use.variant, alias: use.alias)
        note(.font(use, PDFPrefixes.FontCodes(entry)))
        return entry
    }

    /// The document's CID font of logical font `name` (`PDFFontSet.cidFont(named:)`), noted in the journal; nil
    /// for a font shown embedded.
    private func cidFont(named name: String) throws -> PDFFontSet.CIDEntry? {
        guard let entry = try resources.fonts.cidFont(named: name) else { return nil }
        note(.cidFont(name))
        return entry
    }

    /// The document's font of `face` widened by `spacing` (`PDFFontSet.spacedFont`), noted in the journal.
    private func spacedFont(for face: FontFace, spacing: Int) throws -> PDFFontSet.Embedded? {
        let entry = try resources.fonts.spacedFont(for: face, spacing: spacing)
        note(
            .font(
                PDFPrefixes.FontUse(face: face, variant: .spaced(spacing), alias: nil),
                entry.map(PDFPrefixes.FontCodes.init)))
        return entry
    }

    /// The document's font for `use`, spaced or not.
    private func font(of use: PDFPrefixes.FontUse) throws -> PDFFontSet.Embedded? {
        if case .spaced(let spacing) = use.variant {
            return try resources.fonts.spacedFont(for: use.face, spacing: spacing)
        }
        return try resources.fonts.font(for: use.face, variant: use.variant, alias: use.alias)
    }

    // MARK: - Helpers

    /// A rectangle or ellipse in PDF coordinates.
    private func path(for kind: ShapeKind, in rect: Rect) -> PDFPath {
        PDFPath([element(for: kind, in: rect)])
    }

    /// A rectangle or ellipse in PDF coordinates, as one path element.
    private func element(for kind: ShapeKind, in rect: Rect) -> PDFPath.Element {
        switch kind {
        case .rect:
            .rect(x: rect.x, y: height - rect.maxY, width: rect.width, height: rect.height)
        case .ellipse:
            .ellipse(x: rect.center.x, y: height - rect.center.y, xRadius: rect.width / 2, yRadius: rect.height / 2)
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

    static func haruCap(_ cap: LineCap) -> PDFLineCap {
        switch cap {
        case .butt: .butt
        case .round: .round
        case .square: .projectingSquare
        }
    }
}

/// Shapes waiting to be painted together: one path, one way of painting it.
///
/// In an opaque fill, a rectangle that continues one already in the path straight downwards (same left edge and
/// width, its top on the other's bottom) lengthens that one instead: the filled area is the same, and a QR code's
/// module columns become a third fewer rectangles.
struct ShapeBatch {
    /// How the path is painted; shapes join a batch only when painted identically.
    enum Paint: Equatable {
        case fill(RGBColor, alpha: Double)
        case stroke(RGBColor, alpha: Double, width: Double, cap: PDFLineCap)

        var alpha: Double {
            switch self {
            case .fill(_, let alpha), .stroke(_, let alpha, _, _): alpha
            }
        }
    }

    /// A rectangle's bottom edge in PDF coordinates.
    private struct Edge: Hashable {
        var x: Double
        var width: Double
        var y: Double
    }

    var paint: Paint
    /// Where the first shape came from, for errors.
    var location: RenderLocation
    /// The path, in PDF coordinates.
    private(set) var elements: [PDFPath.Element] = []
    /// The page bounds of each translucent shape, to keep overlapping ones apart.
    var bounds: [Rect] = []
    /// How many shapes were added (a merged rectangle too): the batch's content is the same for the same count.
    private(set) var added = 0
    /// For opaque fills: the rectangle in `elements` ending at each bottom edge.
    private var bottoms: [Edge: Int] = [:]

    init(paint: Paint, location: RenderLocation) {
        self.paint = paint
        self.location = location
    }

    /// Adds a path element, merging a rectangle into the one above it when the fill is opaque.
    mutating func append(_ element: PDFPath.Element) {
        added += 1
        guard case .fill(_, let alpha) = paint, alpha >= 1, case let .rect(x, y, width, height) = element,
            width > 0, height > 0
        else {
            elements.append(element)
            return
        }
        if let index = bottoms.removeValue(forKey: Edge(x: x, width: width, y: y + height)),
            case let .rect(_, _, _, aboveHeight) = elements[index]
        {
            elements[index] = .rect(x: x, y: y, width: width, height: aboveHeight + height)
            bottoms[Edge(x: x, width: width, y: y)] = index
            return
        }
        elements.append(element)
        bottoms[Edge(x: x, width: width, y: y)] = elements.count - 1
    }

    /// True when `rect` overlaps a translucent shape already in the batch.
    func overlaps(_ rect: Rect) -> Bool {
        bounds.contains { other in
            rect.x < other.maxX && other.x < rect.maxX && rect.y < other.maxY && other.y < rect.maxY
        }
    }
}

/// A link annotation of a tagged PDF: its page (from 1), the path of the mark element that made it, its target and
/// the annotation, which its `/Link` structure element refers to.
struct TaggedLink {
    /// The page, from 1.
    var page: Int
    /// The path of the mark element (`LaidOutElement.mark`) in the page's elements.
    var path: [Int]
    /// The URI or `#name` it goes to.
    var target: String
    /// The annotation made.
    var annotation: PDFAnnotation
}

/// What the pages of one PDF share: its fonts and its images, each image stored once per distinct file.
final class PDFResources {
    let document: PDFDocument
    let fonts: PDFFontSet
    /// Where logical font names are opened (a form field's typing font).
    let registry: FontRegistry
    private var images: [Data: PDFImage] = [:]
    /// Every link drawn so far: its page, its area (PDF coordinates), its target (a URI or `#name`), where, and in a
    /// tagged PDF the path of its mark element (`PageMarks`), by which its annotation finds its `/Link` element.
    var links: [(page: PDFPage, area: Rect, target: String, location: RenderLocation, path: [Int]?)] = []
    /// Every named group: its page index and top-left corner (PDF coordinates), by name.
    var anchors: [String: (page: Int, point: Point, location: RenderLocation)] = [:]

    init(document: PDFDocument, fonts: PDFFontSet, registry: FontRegistry) {
        self.document = document
        self.fonts = fonts
        self.registry = registry
    }

    /// The image XObject for a PNG or JPEG file's bytes, stored on first use: a PNG decoded to pixels, a JPEG as
    /// its own bytes (`/DCTDecode`) once libjpeg-turbo has decoded it whole.
    func image(for data: Data, location: RenderLocation) throws -> PDFImage {
        if let image = images[data] { return image }
        let name = "image at \(location)"
        let image: PDFImage
        if ImageFile.format(of: data) == .jpeg {
            do {
                image = try document.loadJPEG(data, name: name)
            } catch let error as JPEGError {
                throw RenderError.image(location: location, reason: "\(error)")
            } catch {
                throw RenderError.pdf(location: location, reason: "\(error)")
            }
        } else {
            let bitmap = try Bitmap(renderingImage: data, location: location)
            do {
                image = try document.loadImage(bitmap, name: name)
            } catch {
                throw RenderError.pdf(location: location, reason: "\(error)")
            }
        }
        images[data] = image
        return image
    }

    /// Writes every link as an annotation on its page: a URI as it is, `#name` to the named group's page and
    /// top-left corner; in a tagged PDF with its target as `/Contents`.
    /// - Returns: each tagged link's annotation with its page, its mark's path and its target, for the structure.
    /// - Throws: `RenderError.link` for a name no group has (listing the names there are), `.pdf` for libHaru's
    ///   refusal.
    @discardableResult
    func writeLinks(pages: [PDFPage]) throws -> [TaggedLink] {
        var made: [TaggedLink] = []
        for link in links {
            let contents = link.path == nil ? nil : link.target
            let annotation: PDFAnnotation
            do {
                if link.target.hasPrefix("#") {
                    let name = String(link.target.dropFirst())
                    guard let anchor = anchors[name] else {
                        let known = anchors.keys.sorted()
                        throw RenderError.link(
                            location: link.location, reason: "nothing is named \"\(name)\"",
                            fix: known.isEmpty
                                ? "name the element or heading to link to (name: \(name))"
                                : "link to one of the names there are: "
                                    + known.prefix(20).map { "#" + $0 }.joined(separator: ", "))
                    }
                    annotation = try link.page.addLink(
                        x: link.area.x, y: link.area.y, width: link.area.width, height: link.area.height,
                        to: pages[anchor.page], left: anchor.point.x, top: anchor.point.y, contents: contents)
                } else {
                    annotation = try link.page.addLink(
                        x: link.area.x, y: link.area.y, width: link.area.width, height: link.area.height,
                        uri: link.target, contents: contents)
                }
                if let path = link.path {
                    made.append(
                        TaggedLink(page: link.page.index + 1, path: path, target: link.target, annotation: annotation))
                }
            } catch let error as RenderError {
                throw error
            } catch {
                throw RenderError.pdf(location: link.location, reason: "\(error)")
            }
        }
        return made
    }
}
