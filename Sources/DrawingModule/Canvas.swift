import Foundation

/// Builds a `Drawing`: start, register colours by role, one short call per element, stop.
///
/// A value, not global state: each canvas holds its own palette and commands, so two canvases — interleaved, nested
/// or on different threads — never see each other's elements.
/// Arguments come in one order: slot, main attribute, position, size, the rest. The palette outlives
/// `start`/`stop`, so several drawings can share registered colours; misuse throws `CanvasError`.
public struct Canvas: Sendable {
    /// An open clip or link scope, or the page itself at the bottom of the stack.
    private struct Scope: Sendable {
        var clip: Rect?
        var link: String?
        var name: String?
        var commands: [Drawing.Command] = []

        /// The scope closed: a group of its commands.
        var group: Drawing.Command { .group(.init(clip: clip, commands: commands, link: link, name: name)) }
    }

    /// The registered colours; kept across drawings until `clearPalette()`.
    public private(set) var palette: Palette
    /// The page size of the drawing in progress, or nil when not drawing.
    public private(set) var pageSize: Size?
    /// The background of the drawing in progress.
    private var background: Color?
    /// The page's commands at index 0, then one entry per open `clip`.
    private var scopes: [Scope] = []

    /// Creates an idle canvas with `palette` (empty by default).
    public init(palette: Palette = Palette()) {
        self.palette = palette
    }

    /// True between `start` and `stop`.
    public var isDrawing: Bool { pageSize != nil }

    // MARK: Starting and stopping

    /// Begins a drawing of `size`; `opaque` pages start white (paper), others transparent.
    public mutating func start(size: Size, opaque: Bool = false) throws(CanvasError) {
        try start(size: size, background: opaque ? .white : nil)
    }

    /// Begins a drawing of `width` × `height` points.
    public mutating func start(width: Double, height: Double, opaque: Bool = false) throws(CanvasError) {
        try start(size: Size(width: width, height: height), opaque: opaque)
    }

    /// Begins a drawing of `size` with a chosen background colour, or nil for transparent.
    public mutating func start(size: Size, background: Color?) throws(CanvasError) {
        if let pageSize { throw .alreadyStarted(size: pageSize) }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw .invalidSize(width: size.width, height: size.height)
        }
        if let background { try checkColor(background, operation: "start", argument: "background") }
        pageSize = size
        self.background = background
        scopes = [Scope()]
    }

    /// Ends the drawing and returns it; the palette stays for the next drawing.
    @discardableResult
    public mutating func stop() throws(CanvasError) -> Drawing {
        guard isDrawing else { throw .notStarted(operation: "stop") }
        guard scopes.count == 1 else { throw .stopInsideClip }
        let drawing = try snapshot()
        pageSize = nil
        background = nil
        scopes = []
        return drawing
    }

    /// The drawing so far, without ending it; open clip and link scopes are closed in the copy.
    public func snapshot() throws(CanvasError) -> Drawing {
        guard let pageSize else { throw .notStarted(operation: "snapshot") }
        var commands = scopes[scopes.count - 1].commands
        for level in stride(from: scopes.count - 1, to: 0, by: -1) {
            var scope = scopes[level]
            scope.commands = commands
            commands = scopes[level - 1].commands + [scope.group]
        }
        return Drawing(size: pageSize, background: background, palette: palette, commands: commands)
    }

    // MARK: Palette

    /// Removes every slot; only allowed while not drawing.
    public mutating func clearPalette() throws(CanvasError) {
        guard !isDrawing else { throw .clearWhileDrawing }
        palette.removeAll()
    }

    /// Adds `count` unnamed slots (black stroke, white fill) and returns their indices.
    @discardableResult
    public mutating func addSlots(_ count: Int) throws(CanvasError) -> Range<Int> {
        try palette.addSlots(count)
    }

    /// Adds one slot named by its role and returns its index.
    @discardableResult
    public mutating func addSlot(role: String, stroke: Color = .black, fill: Color = .white) throws(CanvasError) -> Int
    {
        try palette.addSlot(role: role, stroke: stroke, fill: fill)
    }

    /// Sets a slot's stroke colour, used for lines, outlines and text; later elements use the new colour.
    public mutating func setStroke(_ slot: SlotRef, _ color: Color) throws(CanvasError) {
        try palette.setStroke(slot, color)
    }

    /// Sets a slot's fill colour; later elements use the new colour.
    public mutating func setFill(_ slot: SlotRef, _ color: Color) throws(CanvasError) {
        try palette.setFill(slot, color)
    }

    // MARK: Drawing

    /// Draws a line from (`x1`, `y1`) to (`x2`, `y2`) in the slot's stroke colour.
    public mutating func drawLine(
        _ slot: SlotRef, width: Double, x1: Double, y1: Double, x2: Double, y2: Double,
        cap: LineCap = .butt
    ) throws(CanvasError) {
        let operation = "drawLine"
        let colors = try begin(operation, slot)
        try finite(operation, ("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2))
        try nonNegative(operation, "width", width)
        append(
            .line(
                .init(
                    color: colors.stroke, width: width, from: Point(x: x1, y: y1), to: Point(x: x2, y: y2),
                    cap: cap, slot: slot)))
    }

    /// Draws a rectangle with top-left (`x`, `y`) and size `w` × `h`; `.both` fills first, then strokes.
    public mutating func drawRect(
        _ slot: SlotRef, _ paint: Paint, width: Double,
        x: Double, y: Double, w: Double, h: Double
    ) throws(CanvasError) {
        let shape = try shape("drawRect", slot, paint, width, x, y, w, h)
        append(.rect(shape))
    }

    /// Draws the ellipse inscribed in the rectangle at (`x`, `y`) of size `w` × `h` — a circle when `w == h`.
    ///
    /// Top-left and size of the bounding box, not centre and radius, as every other shape is placed.
    public mutating func drawCircle(
        _ slot: SlotRef, _ paint: Paint, width: Double,
        x: Double, y: Double, w: Double, h: Double
    ) throws(CanvasError) {
        let shape = try shape("drawCircle", slot, paint, width, x, y, w, h)
        append(.ellipse(shape))
    }

    /// Draws one line of text in the slot's stroke colour, its line box's top-left at (`x`, `y`).
    ///
    /// `font` is a logical name the Fonts module resolves (`gothic`, `mincho`, `sans` …). With `boxWidth`, `align`
    /// places the text inside the box from `x` to `x + boxWidth`.
    public mutating func drawText(
        _ slot: SlotRef, _ text: String, font: String = "gothic", size: Double,
        x: Double, y: Double, boxWidth: Double? = nil,
        align: TextAlignment = .left
    ) throws(CanvasError) {
        let operation = "drawText"
        let colors = try begin(operation, slot)
        try finite(operation, ("x", x), ("y", y))
        try fontSize(operation, size)
        guard !font.isEmpty else {
            throw .invalidArgument(
                operation: operation, argument: "font", value: "\"\"",
                rule: "name a logical font such as gothic, mincho, sans, serif or mono")
        }
        if let boxWidth { try nonNegative(operation, "boxWidth", boxWidth) }
        append(
            .text(
                .init(
                    color: colors.stroke, string: text, font: font, size: size, origin: Point(x: x, y: y),
                    boxWidth: boxWidth, alignment: align, slot: slot)))
    }

    /// Sets `text` in the slot's stroke colour inside the box at (`x`, `y`) of size `w` × `h`, by `fit`: shrunk
    /// down to `minSize` (60 % of `size` by default), wrapped with the kinsoku rules, clipped, or refused — never
    /// spilling out silently. `field` names the text in fit errors (the data field it came from); `palt` sets
    /// horizontal Japanese with the font's proportional widths; `typesetting` states the Japanese spacing rules
    /// (和欧間, trimmed punctuation, hanging).
    public mutating func drawTextBox(
        _ slot: SlotRef, _ text: String, font: String = "gothic",
        weight: FontWeight = .regular, size: Double, x: Double, y: Double, w: Double,
        h: Double, align: TextAlignment = .automatic, valign: VerticalAlignment = .top,
        fit: [FitPolicy] = FitPolicy.dataDefault, minSize: Double? = nil,
        lineHeight: Double = 1.2, letterSpacing: Double = 0, rotation: Double = 0,
        writing: WritingMode = .horizontal, field: String? = nil, palt: Bool = false,
        words: VerticalWords = VerticalWords(), typesetting: Typesetting = .standard
    ) throws(CanvasError) {
        let colors = try begin("drawTextBox", slot)
        try drawTextBox(
            [TextRun(text, font: font, weight: weight, size: size, color: colors.stroke)], x: x, y: y,
            w: w, h: h, align: align, valign: valign, fit: fit, minSize: minSize, lineHeight: lineHeight,
            letterSpacing: letterSpacing, rotation: rotation, writing: writing, field: field, palt: palt,
            words: words, typesetting: typesetting)
    }

    /// Sets styled runs (each with its font, weight, size, colour, underline and ruby) inside the box at (`x`, `y`)
    /// of size `w` × `h`, by `fit`, as `drawTextBox(_:_:…)` does for one run; `words` says how a vertical box sets
    /// words of digits and Latin letters.
    public mutating func drawTextBox(
        _ runs: [TextRun], x: Double, y: Double, w: Double, h: Double,
        align: TextAlignment = .automatic, valign: VerticalAlignment = .top,
        fit: [FitPolicy] = FitPolicy.dataDefault, minSize: Double? = nil,
        lineHeight: Double = 1.2, letterSpacing: Double = 0, rotation: Double = 0,
        writing: WritingMode = .horizontal, field: String? = nil, palt: Bool = false,
        words: VerticalWords = VerticalWords(), typesetting: Typesetting = .standard
    ) throws(CanvasError) {
        let operation = "drawTextBox"
        try requireDrawing(operation)
        try finite(operation, ("x", x), ("y", y), ("w", w), ("h", h))
        let box = Drawing.Command.TextBox(
            frame: Rect(x: x, y: y, width: w, height: h), runs: runs, alignment: align,
            verticalAlignment: valign, lineHeight: lineHeight,
            letterSpacing: letterSpacing, fit: fit, minimumSize: minSize,
            rotation: rotation, writingMode: writing, field: field, proportional: palt, verticalWords: words,
            typesetting: typesetting)
        if let (member, reason) = box.firstProblem {
            throw .invalidArgument(operation: operation, argument: member, value: "", rule: reason)
        }
        append(.textBox(box))
    }

    /// Draws a PNG or JPEG file's bytes stretched into the rectangle at (`x`, `y`) of size `w` × `h`; a JPEG photo
    /// is turned upright by its EXIF orientation first.
    ///
    /// Only the signature is checked here (``ImageFile/format(of:)``); the renderers decode the image and report
    /// damage inside it.
    public mutating func drawImage(_ image: Data, x: Double, y: Double, w: Double, h: Double) throws(CanvasError) {
        let operation = "drawImage"
        try requireDrawing(operation)
        try finite(operation, ("x", x), ("y", y), ("w", w), ("h", h))
        guard ImageFile.format(of: image) != nil else {
            throw .invalidArgument(
                operation: operation, argument: "image", value: "\(image.count) bytes",
                rule: "the data must be a PNG or JPEG file (it starts with neither the PNG signature nor FF D8 FF)")
        }
        append(.image(.init(data: image, rect: Rect(x: x, y: y, width: w, height: h))))
    }

    /// Draws a barcode or 2D code of `kind` encoding `data`, with its quiet zone, centred in the box at (`x`, `y`)
    /// of size `w` × `h`: bars in the slot's fill colour, over `light` when given (else the page shows through).
    ///
    /// Only the numbers are checked here; the data is encoded (libzint) when the drawing is rendered, and bad data,
    /// a box too small or too little contrast is a render error naming this command.
    public mutating func drawBarcode(
        _ slot: SlotRef, _ kind: Drawing.Command.Barcode.Symbology, _ data: String,
        x: Double, y: Double, w: Double, h: Double, light: Color? = nil,
        options: Drawing.Command.Barcode.Options = .init()
    ) throws(CanvasError) {
        let operation = "drawBarcode"
        let colors = try begin(operation, slot)
        let rect = try box(operation, x, y, w, h)
        append(
            .barcode(
                .init(
                    symbology: kind, data: data, rect: rect,
                    dark: colors.fill, light: light, options: options, slot: slot)))
    }

    /// Adds a fillable form field: a field a reader fills in a PDF, drawn as its appearance in a PNG or a flattened
    /// PDF. Its colours are its own (a form's look is usually one for all fields), not a slot's.
    /// - Throws: `CanvasError.invalidArgument` naming the member that cannot be drawn (``Drawing/Command/FormField/firstProblem``).
    public mutating func drawFormField(_ field: Drawing.Command.FormField) throws(CanvasError) {
        let operation = "drawFormField"
        try requireDrawing(operation)
        if let (member, reason) = field.firstProblem {
            throw .invalidArgument(
                operation: operation, argument: member, value: "of field \"\(field.name)\"", rule: reason)
        }
        append(.formField(field))
    }

    /// Draws a path of lines and curves (``Drawing/Command/Path/Element``): `.both` fills in the slot's fill colour
    /// first, then strokes in its stroke colour.
    public mutating func drawPath(
        _ slot: SlotRef, _ paint: Paint, width: Double, _ elements: [Drawing.Command.Path.Element]
    ) throws(CanvasError) {
        let operation = "drawPath"
        let colors = try begin(operation, slot)
        try nonNegative(operation, "width", width)
        let path = Drawing.Command.Path(
            elements: elements, paint: paint, lineWidth: width, stroke: colors.stroke, fill: colors.fill, slot: slot)
        if let problem = path.firstProblem {
            throw .invalidArgument(
                operation: operation, argument: "elements", value: "\(elements.count) elements", rule: problem)
        }
        append(.path(path))
    }

    /// Draws a `style` chart of `series` over `categories` into the box at (`x`, `y`) of size `w` × `h`: text and
    /// axes in the slot's stroke colour, series (or a pie's wedges) in the fill colours of `roles`, in order.
    ///
    /// Only the box, the size and the slots are checked here; the chart is laid out when the drawing is rendered,
    /// and data no chart can show (a negative bar, NaN, an empty series, more categories than fit) is a render
    /// error naming this command, unless `labels` states what to do with crowded category labels.
    public mutating func drawChart(
        _ slot: SlotRef, _ style: Drawing.Command.Chart.Style, categories: [String],
        series: [Drawing.Command.Chart.Series], roles: [SlotRef], x: Double, y: Double, w: Double, h: Double,
        font: String = "gothic", size: Double = 9, legend: Bool = true, values: Bool? = nil,
        valueTitle: String? = nil, labels: Drawing.Command.Chart.CategoryLabels? = nil
    ) throws(CanvasError) {
        let operation = "drawChart"
        let colors = try begin(operation, slot)
        let rect = try box(operation, x, y, w, h)
        try fontSize(operation, size)
        var fills: [Color] = []
        for role in roles { fills.append(try palette.slot(role, for: operation).fill) }
        append(
            .chart(
                .init(
                    style: style, rect: rect, categories: categories,
                    series: series, colors: fills, textColor: colors.stroke, font: font, size: size,
                    legend: legend, values: values, valueTitle: valueTitle, slot: slot, labels: labels)))
    }

    /// Places a finished drawing, scaled from its page size into the rectangle at (`x`, `y`) of size `w` × `h`.
    ///
    /// The part stays vector graphics in the PDF, not a bitmap.
    /// `rotation` turns the placed part clockwise, in degrees, about the rectangle's centre.
    public mutating func drawPart(
        _ drawing: Drawing, x: Double, y: Double, w: Double, h: Double,
        rotation: Double = 0
    ) throws(CanvasError) {
        let operation = "drawPart"
        try requireDrawing(operation)
        try finite(operation, ("x", x), ("y", y), ("w", w), ("h", h), ("rotation", rotation))
        append(
            .part(
                .init(
                    drawing: drawing, rect: Rect(x: x, y: y, width: w, height: h),
                    rotation: rotation == 0 ? nil : rotation)))
    }

    /// Draws whatever `body` draws clipped to the rectangle at (`x`, `y`) of size `w` × `h`.
    ///
    /// A scope, so every clip is closed: the commands become one `.group`. If `body` throws, nothing it drew is kept
    /// and the error is passed on.
    public mutating func clip(
        x: Double, y: Double, w: Double, h: Double,
        _ body: (inout Canvas) throws -> Void
    ) throws {
        let operation = "clip"
        try requireDrawing(operation)
        try finite(operation, ("x", x), ("y", y), ("w", w), ("h", h))
        try draw(in: Scope(clip: Rect(x: x, y: y, width: w, height: h)), body)
    }

    /// Opens `scope`, lets `body` draw into it, and appends it closed as a group; on an error the scopes `body`
    /// opened are closed and nothing is appended.
    private mutating func draw(in scope: Scope, _ body: (inout Canvas) throws -> Void) throws {
        let depth = scopes.count + 1
        scopes.append(scope)
        do {
            try body(&self)
        } catch {
            if scopes.count >= depth { scopes.removeSubrange((depth - 1)...) }
            throw error
        }
        append(scopes.removeLast().group)
    }

    /// Draws what `body` draws as a link to `target` — a URI, or `#name` for what ``name(_:_:)`` named in the same
    /// document — covering the area it draws (a PDF `/Link` annotation; PNG output shows the drawing alone).
    /// - Throws: `CanvasError` for an empty target, or what `body` throws.
    public mutating func link(_ target: String, _ body: (inout Canvas) throws -> Void) throws {
        try scope("link", link: target, name: nil, body)
    }

    /// Draws what `body` draws as the target `#name` links jump to (its top-left corner).
    /// - Throws: `CanvasError` for an empty name, or what `body` throws.
    public mutating func name(_ name: String, _ body: (inout Canvas) throws -> Void) throws {
        try scope("name", link: nil, name: name, body)
    }

    /// A group around what `body` draws, with a link or a name.
    private mutating func scope(
        _ operation: String, link: String?, name: String?, _ body: (inout Canvas) throws -> Void
    ) throws {
        try requireDrawing(operation)
        let value = link ?? name ?? ""
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty, value != "#" else {
            throw CanvasError.invalidArgument(
                operation: operation, argument: link == nil ? "name" : "target", value: "\"\(value)\"",
                rule: "give a URI or #name to link to, or a name to be linked to")
        }
        try draw(in: Scope(link: link, name: name), body)
    }

    // MARK: Checks

    private mutating func append(_ command: Drawing.Command) {
        scopes[scopes.count - 1].commands.append(command)
    }

    private func requireDrawing(_ operation: String) throws(CanvasError) {
        guard isDrawing else { throw .notStarted(operation: operation) }
    }

    /// Checks the state and the slot together, before any drawing method records a command.
    private func begin(_ operation: String, _ slot: SlotRef) throws(CanvasError) -> Palette.Slot {
        try requireDrawing(operation)
        return try palette.slot(slot, for: operation)
    }

    private func shape(
        _ operation: String, _ slot: SlotRef, _ paint: Paint, _ width: Double,
        _ x: Double, _ y: Double, _ w: Double, _ h: Double
    ) throws(CanvasError) -> Drawing.Command.Shape {
        let colors = try begin(operation, slot)
        try finite(operation, ("x", x), ("y", y), ("w", w), ("h", h))
        try nonNegative(operation, "width", width)
        return .init(
            rect: Rect(x: x, y: y, width: w, height: h), paint: paint, lineWidth: width,
            stroke: colors.stroke, fill: colors.fill, slot: slot)
    }

    /// The box at (`x`, `y`) of size `w` × `h`, its numbers finite and its sides not negative.
    private func box(_ operation: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double) throws(CanvasError)
        -> Rect
    {
        try finite(operation, ("x", x), ("y", y), ("w", w), ("h", h))
        try nonNegative(operation, "w", w)
        try nonNegative(operation, "h", h)
        return Rect(x: x, y: y, width: w, height: h)
    }

    private func fontSize(_ operation: String, _ size: Double) throws(CanvasError) {
        guard size.isFinite, size > 0 else {
            throw .invalidArgument(
                operation: operation, argument: "size", value: "\(size)",
                rule: "the font size is a number greater than 0")
        }
    }

    private func finite(_ operation: String, _ values: (String, Double)...) throws(CanvasError) {
        for (name, value) in values where !value.isFinite {
            throw .invalidArgument(
                operation: operation, argument: name, value: "\(value)",
                rule: "coordinates and sizes are finite numbers")
        }
    }

    private func nonNegative(_ operation: String, _ name: String, _ value: Double) throws(CanvasError) {
        guard value.isFinite, value >= 0 else {
            throw .invalidArgument(
                operation: operation, argument: name, value: "\(value)",
                rule: "a width is a finite number of points, 0 or more")
        }
    }
}
