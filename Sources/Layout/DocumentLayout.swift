import Barcodes
import Charts
import DrawingModule
import Fonts
import Support
import Typeset

/// How wide an output draws text in a logical font when that is not the font files' advances: the PDF's CID mode
/// shows gothic and mincho with a viewer's font, at widths the PDF states.
///
/// Layout measures with it so that what is checked for fit is what is drawn.
public protocol TextWidths: Sendable {
    /// The width of a text in `font` (opened as `chain`, the font and its fallbacks) at a size, or nil when the
    /// output places that font's glyphs by the files' advances.
    func measure(font: String, chain: [FontFace]) throws -> (@Sendable (String, Double) -> Double?)?
}

/// The layout stage: a document's drawings → a `LaidOutDocument`, every text box set, text shaped, barcode placed
/// and chart drawn once, with the structure tree.
///
/// A value of settings; each call lays out with its own state, so one layout may run on many threads at once.
/// Shapings, set text boxes and barcode layouts of recent documents are found again on the shelf of the owner's
/// `RenderContext`, so a batch's repeated labels are shaped once; with no context each document is laid out from
/// scratch.
public struct DocumentLayout: Sendable {
    /// Where logical font names are opened.
    public var fonts: FontRegistry
    /// The device pixels per point barcode modules are aligned to (the PNG's scale, in every format).
    public var gridPixelsPerPoint: Double
    /// When layout must be done by, checked at every command; nil for no limit.
    public var deadline: Deadline?
    /// The output's own text widths (the PDF's CID mode), or nil for the font files' advances.
    public var widths: (any TextWidths)?
    /// What the owner of many documents keeps between them (first-page beginnings, shapings, set boxes, barcode
    /// layouts), or nil to lay out every document from scratch.
    public var context: RenderContext?

    /// Creates a layout.
    public init(
        fonts: FontRegistry = .shared, gridPixelsPerPoint: Double = RasterScale.standard.factor,
        deadline: Deadline? = nil, widths: (any TextWidths)? = nil, context: RenderContext? = nil
    ) {
        self.fonts = fonts
        self.gridPixelsPerPoint = gridPixelsPerPoint
        self.deadline = deadline
        self.widths = widths
        self.context = context
    }

    /// `document` laid out: one page per drawing, and the structure tree of all of them.
    /// - Throws: `RenderError` naming the page and command: text that does not fit, a character no font has, a
    ///   barcode that cannot be encoded, a chart or path that cannot be drawn, the deadline passed.
    public func layOut(_ document: Document) throws(RenderError) -> LaidOutDocument {
        let run = LayoutRun(layout: self)
        var pages: [LaidOutPage] = []
        pages.reserveCapacity(document.pages.count)
        for (index, drawing) in document.pages.enumerated() {
            pages.append(try run.page(drawing, number: index + 1))
        }
        return LaidOutDocument(
            document: document, pages: pages, structureTree: run.structure.finished())
    }

    /// A layout of one document's pages handed over one at a time (a `PageSource`'s walk), for a document too long
    /// to hold: each page laid out as `layOut(_:)` would, its shapings remembered for the pages after it until
    /// they grow past a bound, and no structure tree kept.
    public func pageByPage() -> PageByPageLayout { PageByPageLayout(run: LayoutRun(layout: self)) }

    /// One drawing laid out as page `number` of a document of its own.
    /// - Throws: `RenderError`, as `layOut(_:)`.
    public func layOut(_ drawing: Drawing, page number: Int = 1) throws(RenderError) -> LaidOutPage {
        try LayoutRun(layout: self).page(drawing, number: number)
    }
}

/// The pages of one document laid out in turn (`DocumentLayout.pageByPage()`): a long report's names, ranks and dates
/// are shaped once for many pages, and what it remembers stays bounded however many pages pass.
public final class PageByPageLayout {
    /// The most shapings remembered at once; past it they are forgotten and shaped again when met.
    static let keptShapings = 4096
    private let run: LayoutRun

    init(run: LayoutRun) { self.run = run }

    /// `drawing` laid out as page `number`.
    /// - Throws: `RenderError`, as `DocumentLayout.layOut(_:)`.
    public func page(_ drawing: Drawing, number: Int) throws(RenderError) -> LaidOutPage {
        if run.shapings.count > Self.keptShapings { run.shapings.forget() }
        run.structure = StructureBuilder()
        return try run.page(drawing, number: number)
    }
}

/// The state of laying out one document: its shapings (`isFirstOfItsShaping`), the widths of each font, the
/// structure being built, and the caches of the layout's context, found on its shelf once per document.
final class LayoutRun {
    let layout: DocumentLayout
    let shapings: TextLayoutCache
    var structure = StructureBuilder()
    /// How many elements the last page laid out had of its own.
    private var elementsOfLastPage = 0
    /// Boxes set for the context's recent documents, or nil (no context: every box set).
    let setBoxes: SetTextBoxes?
    /// Barcodes placed for the context's recent documents, or nil (no context: every code encoded).
    let barcodeLayouts: BarcodeLayoutCache?
    /// Each font's measure from `layout.widths`, or nil (the files' advances), found once.
    private var measures: [String: (@Sendable (String, Double) -> Double?)?] = [:]

    init(layout: DocumentLayout) {
        self.layout = layout
        let shelf = layout.context?.caches
        shapings = TextLayoutCache(recent: shelf?.cache(RecentShapings.self))
        setBoxes = shelf?.cache(SetTextBoxes.self)
        barcodeLayouts = shelf?.cache(BarcodeLayoutCache.self)
    }

    var fonts: FontRegistry { layout.fonts }

    /// Lays out `drawing` as page `number`. A first page that begins as a recent one did starts from what that
    /// beginning left (`DocumentLayout.context`).
    func page(_ drawing: Drawing, number: Int) throws(RenderError) -> LaidOutPage {
        var page = LaidOutPage(number: number, size: drawing.size, background: drawing.background)
        page.commandStarts.reserveCapacity(drawing.commands.count + 1)
        // Room for as many elements as the page before had (a report's pages are alike) or one per command, not an
        // array grown by doubling and copied.
        page.own.reserveCapacity(max(drawing.commands.count, elementsOfLastPage))
        structure.beginPage(number)
        var start = 0
        var split: Int?
        let reuse = number == 1 && LayoutWork.current == nil ? layout.context : nil
        let frame = reuse.map { _ in RenderContext.Frame(layout: layout, drawing: drawing) }
        if let reuse, let frame {
            switch reuse.plan(for: drawing, in: frame) {
            case .resume(let kept, let from):
                if let kept = kept.first {
                    page.beginning = kept.elements
                    page.commandStarts = kept.commandStarts
                    page.texts = kept.texts
                    structure = kept.structure
                    shapings.shapings = kept.shapings
                    start = from
                    reuse.hit(in: frame, after: from)
                }
            case .split(let at): split = at
            case .whole: break
            }
        }
        try RenderError.converting(location: RenderLocation(page: number)) {
            var context = Context(page: number, matrix: .identity, path: [], offset: page.beginning.count)
            let top = RenderLocation(page: number)
            for index in drawing.commands.indices.dropFirst(start) {
                if index == split, let reuse, let frame {
                    reuse.keep(
                        RenderContext.Kept(
                            elements: page.elements, commandStarts: page.commandStarts, texts: page.texts,
                            structure: structure, shapings: shapings.shapings),
                        after: index, of: drawing, in: frame)
                }
                page.commandStarts.append(page.elementCount)
                try command(
                    drawing.commands[index], at: top.appending("commands", index: index),
                    context: &context, into: &page.own, texts: &page.texts)
            }
        }
        page.commandStarts.append(page.elementCount)
        elementsOfLastPage = page.own.count
        return page
    }

    /// Where commands are being laid out: the page, the map of their coordinates onto the page's, the index path of
    /// the element list they go into (for the structure tree's references), and the index in that list of the first
    /// element of the array they are appended to: the given-back beginning's count for a resumed page's own
    /// elements, else 0.
    struct Context {
        var page: Int
        var matrix: PageMatrix
        var path: [Int]
        var offset = 0

        /// The context of a new list of elements, element `index` of this one's (a scope's).
        func entering(_ index: Int) -> Context {
            var inner = self
            inner.path.append(index)
            inner.offset = 0
            return inner
        }
    }

    /// Lays out `commands` (a list below `parent`) into `elements`; each command `roles` names is an element of
    /// that role in the structure (a ruby's base or reading).
    func commands<Commands: RandomAccessCollection<Drawing.Command>>(
        _ commands: Commands, under parent: RenderLocation, context: inout Context,
        into elements: inout [LaidOutElement], texts: inout [String], roles: [Int: StructureRole] = [:]
    ) throws where Commands.Index == Int {
        // The parent's last step made once, not again for each command under it.
        let parent = parent.flattened
        for index in commands.indices {
            let role = roles.isEmpty ? nil : roles[index]
            if let role { structure.open(role) }
            try command(
                commands[index], at: parent.appending("commands", index: index), context: &context, into: &elements,
                texts: &texts)
            if role != nil { structure.close() }
        }
    }

    /// Lays out `commands` into a new list (a scope's), whose path is `path` below the current one.
    private func nested<Commands: RandomAccessCollection<Drawing.Command>>(
        _ commands: Commands, under parent: RenderLocation, context: Context, at index: Int,
        matrix: PageMatrix? = nil, texts: inout [String], roles: [Int: StructureRole] = [:]
    ) throws -> [LaidOutElement] where Commands.Index == Int {
        var inner = context.entering(index)
        if let matrix { inner.matrix = matrix }
        var elements: [LaidOutElement] = []
        elements.reserveCapacity(commands.count)
        try self.commands(commands, under: parent, context: &inner, into: &elements, texts: &texts, roles: roles)
        return elements
    }

    /// Appends `element` and records it in the structure tree as `kind` of content.
    private func append(
        _ element: LaidOutElement, _ content: StructureElement.Content.Kind, text: String? = nil,
        vertical: Bool = false, context: Context, into elements: inout [LaidOutElement]
    ) {
        structure.add(
            StructureElement.Content(
                kind: content, page: context.page, scope: context.path, index: context.offset + elements.count,
                text: text, vertical: vertical))
        elements.append(element)
    }

    private func command(
        _ command: Drawing.Command, at here: RenderLocation, context: inout Context,
        into elements: inout [LaidOutElement], texts: inout [String]
    ) throws {
        if let deadline = layout.deadline, deadline.hasPassed {
            throw RenderError.limit(deadline.exceeded, location: here)
        }
        switch command {
        case .line(let line):
            guard line.width > 0 else { return }
            append(.line(line, location: here), .decoration, context: context, into: &elements)
        case .rect(let shape):
            guard let shape = Self.painted(shape) else { return }
            append(.shape(.rect, shape, location: here), .decoration, context: context, into: &elements)
        case .ellipse(let shape):
            guard shape.rect.width > 0, shape.rect.height > 0, let shape = Self.painted(shape) else { return }
            append(.shape(.ellipse, shape, location: here), .decoration, context: context, into: &elements)
        case .text(let text):
            guard !text.string.isEmpty else { return }
            texts.append(text.string)
            let run = try glyphRun(for: text, at: here, checkingBox: true)
            append(
                .text(run), text.artifact == true ? .rubyText : .text, text: text.string,
                vertical: text.vertical == true, context: context, into: &elements)
        case .textBox(let box):
            texts.append(box.runs.map(\.string).joined())
            var here = here
            here.source = box.source ?? here.source
            try textBox(box, at: here, context: &context, into: &elements, texts: &texts)
        case .image(let image):
            structure.open(StructureRole(.figure), defaultOnly: true)
            var here = here
            here.source = image.source ?? here.source
            append(
                .image(image, orientation: ImageFile(image.data)?.orientation ?? .up, location: here), .image,
                context: context, into: &elements)
            structure.close(defaultOnly: true)
        case .part(let part):
            try self.part(part, at: here, context: &context, into: &elements, texts: &texts)
        case .barcode(let barcode):
            structure.open(
                StructureRole(
                    .figure,
                    alternativeText: barcode.symbology == .qr
                        ? "QR code holding \(barcode.data)"
                        : "Barcode (\(barcode.symbology.rawValue)) holding \(barcode.data)"),
                defaultOnly: true)
            var here = here
            here.source = barcode.source ?? here.source
            try self.barcode(barcode, at: here, context: context, into: &elements)
            structure.close(defaultOnly: true)
        case .formField(let field):
            structure.open(StructureRole(.form), defaultOnly: true)
            try formField(field, at: here, context: context, into: &elements, texts: &texts)
            structure.close(defaultOnly: true)
        case .path(let path):
            if let problem = path.firstProblem { throw RenderError.path(location: here, reason: problem) }
            var path = path
            if path.paint.strokes, !(path.lineWidth > 0) { path.paint = path.paint.fills ? .fill : .none }
            guard !path.elements.isEmpty, path.paint != .none else { return }
            append(.path(path, location: here), .decoration, context: context, into: &elements)
        case .chart(let chart):
            // Laid out into primitives as any others: the same shapes in every output.
            let primitives = try Self.chartCommands(chart, at: here, fonts: fonts)
            structure.open(StructureRole(.figure, alternativeText: chart.description), defaultOnly: true)
            try commands(primitives, under: here, context: &context, into: &elements, texts: &texts)
            structure.close(defaultOnly: true)
        case .group(let group) where group.clip == nil && group.link == nil && group.name == nil:
            // A group that only says what its commands are: no scope to draw, an element of the structure.
            if let role = group.role { structure.open(role) }
            try commands(
                group.commands, under: here.below(), context: &context,
                into: &elements, texts: &texts)
            if group.role != nil { structure.close() }
        case .group(let group):
            // A group that links is a link of the structure unless it says what else it is.
            let role = group.role ?? (group.link != nil ? StructureRole(.link) : nil)
            if let role { structure.open(role) }
            let index = context.offset + elements.count
            let inner = try nested(
                group.commands, under: here.below(), context: context,
                at: index, texts: &texts)
            elements.append(
                .scope(
                    LaidOutScope(
                        clip: group.clip, rotation: nil, background: nil, transform: nil, elements: inner,
                        location: here)))
            if role != nil { structure.close() }
            if group.link != nil || group.name != nil {
                let area = try bounds(of: group.commands, under: here.below())
                    .map(context.matrix.boundingBox)
                elements.append(
                    .mark(
                        link: group.link, name: group.name,
                        area: area ?? Rect(origin: context.matrix.apply(.zero), size: Size(width: 0, height: 0)),
                        location: here))
            }
        }
    }

    /// `shape` with paint that strokes only where its pen has a width; nil when it paints nothing.
    private static func painted(_ shape: Drawing.Command.Shape) -> Drawing.Command.Shape? {
        var shape = shape
        if shape.paint.strokes, !(shape.lineWidth > 0) { shape.paint = shape.paint.fills ? .fill : .none }
        return shape.paint == .none ? nil : shape
    }

    /// The measure of `font` the output draws with, or nil for the files' advances.
    private func measure(font: String, at location: RenderLocation) throws -> (@Sendable (String, Double) -> Double?)? {
        if let known = measures[font] { return known }
        guard let widths = layout.widths else { return nil }
        let chain: [FontFace]
        do {
            chain = try fonts.chain(named: font)
        } catch {
            throw RenderError.font(location: location, font: font, reason: error.description)
        }
        let measure = try widths.measure(font: font, chain: chain)
        measures[font] = measure
        return measure
    }

    /// A text command shaped and placed; with `checkingBox`, a text given a box width must stay in it as the output
    /// measures it (centred or right-aligned text would spill out of both sides).
    func glyphRun(
        for text: Drawing.Command.Text, at here: RenderLocation, checkingBox: Bool = false
    ) throws -> GlyphRun {
        let (layout, isNew) = try shapedLayout(for: text, at: here)
        if checkingBox, let box = text.boxWidth, let face = layout.runs.first?.face,
            case let width = try measure(font: text.font, at: here)?(text.string, text.size) ?? layout.width,
            width > box + 1e-6
        {
            let frame = Rect(
                x: text.origin.x, y: text.origin.y, width: box,
                height: face.ascent(size: text.size) + face.descent(size: text.size))
            throw RenderError.textFit(
                location: here,
                TextFitError(
                    field: nil, text: text.string, frame: frame,
                    reason: .overflow(
                        needed: Size(width: width, height: frame.height), size: text.size, policies: [])))
        }
        return GlyphRun(layout: layout, color: text.color, location: here, isFirstOfItsShaping: isNew)
    }

    /// `text` laid out with its font's chain, and whether this document shapes it for the first time.
    /// - Throws: `RenderError.font` when a font cannot be opened, `.missingGlyph` when no font has a character.
    func shapedLayout(
        for text: Drawing.Command.Text, at location: RenderLocation
    ) throws(RenderError) -> (layout: TextLayout, isNew: Bool) {
        let (shaping, isNew) = try shapings.shaping(for: text, fonts: fonts) { () throws(RenderError) in
            let chain: [FontFace]
            do throws(FontError) {
                chain = try fonts.chain(named: text.font)
            } catch {
                throw .font(location: location, font: text.font, reason: error.description)
            }
            return try TextLayout.shaping(of: text, chain: chain, location: location)
        }
        return (TextLayout(text, shaping: shaping), isNew)
    }

    /// Sets a text box into lines, measured as the output draws (`DocumentLayout.widths`), and lays out the lines:
    /// in a scope when the box is turned or clips its text. A box is a paragraph of the structure unless a group
    /// around it says otherwise.
    private func textBox(
        _ box: Drawing.Command.TextBox, at here: RenderLocation, context: inout Context,
        into elements: inout [LaidOutElement], texts: inout [String]
    ) throws {
        var setter = TextBoxSetter(fonts: fonts)
        setter.deadline = layout.deadline
        setter.caches = setBoxes
        var widths: [String: @Sendable (String, Double) -> Double?] = [:]
        let set: SetTextBox
        do {
            if layout.widths != nil {
                // Glyph coverage is checked where each set line is laid out; here only the faces are needed.
                for text in try setter.texts(of: box) where widths[text.font] == nil {
                    if let measure = try measure(font: text.font, at: here) { widths[text.font] = measure }
                }
            }
            // An output with its own widths draws characters through a CMap, not glyph ids: no vertical alternates
            // there (brackets turned instead).
            let measured = widths
            set = try setter.set(
                box,
                measure: measured.isEmpty
                    ? nil
                    : { text, font in measured[font.name].flatMap { $0(text, font.size) } ?? font.width(of: text) },
                verticalAlternates: measured.isEmpty)
        } catch let error as TextFitError {
            throw RenderError.textFit(location: here, error)
        }
        structure.open(.paragraph, defaultOnly: true)
        defer { structure.close(defaultOnly: true) }
        // Each ruby's base and reading: elements of the structure, paired again by their group.
        var roles: [Int: StructureRole] = [:]
        for (group, ruby) in set.rubies.enumerated() {
            for index in ruby.base { roles[index] = StructureRole(.rubyBase, rubyGroup: group) }
            for index in ruby.text { roles[index] = StructureRole(.rubyText, rubyGroup: group) }
        }
        let turned = box.rotation.truncatingRemainder(dividingBy: 360) != 0
        guard turned || set.clip != nil else {
            var ignored: [String] = []
            try commands(set.commands, under: here, context: &context, into: &elements, texts: &ignored, roles: roles)
            return
        }
        let matrix = turned ? context.matrix.rotated(degrees: box.rotation, about: box.frame.center) : context.matrix
        var outer = context.entering(context.offset + elements.count)
        outer.matrix = matrix
        var ignored: [String] = []
        let inner = try nested(set.commands, under: here, context: outer, at: 0, texts: &ignored, roles: roles)
        let clipped = LaidOutScope(
            clip: set.clip, rotation: nil, background: nil, transform: nil, elements: inner, location: here)
        elements.append(
            .scope(
                LaidOutScope(
                    clip: nil,
                    rotation: turned ? LaidOutScope.Rotation(degrees: box.rotation, center: box.frame.center) : nil,
                    background: nil, transform: nil, elements: [.scope(clipped)], location: here)))
    }

    /// A part: its drawing mapped onto its rectangle, clipped to it, turned about its centre when it has a rotation.
    private func part(
        _ part: Drawing.Command.Part, at here: RenderLocation, context: inout Context,
        into elements: inout [LaidOutElement], texts: inout [String]
    ) throws {
        let turned = (part.rotation ?? 0).truncatingRemainder(dividingBy: 360) != 0
        var context = context.entering(context.offset + elements.count)
        if turned { context.path.append(0) }
        let size = part.drawing.size
        let scaleX = part.rect.width / size.width
        let scaleY = part.rect.height / size.height
        var transform: LaidOutScope.Transform?
        var inner: [LaidOutElement] = []
        // A part squashed to no width or height shows nothing (and has no inverse to draw through).
        if scaleX.isFinite, scaleY.isFinite, scaleX != 0, scaleY != 0 {
            transform = LaidOutScope.Transform(
                scaleX: scaleX, scaleY: scaleY, translateX: part.rect.x, translateY: part.rect.y)
            let placed =
                (turned ? context.matrix.rotated(degrees: part.rotation ?? 0, about: part.rect.center) : context.matrix)
                .translated(x: part.rect.x, y: part.rect.y).scaled(x: scaleX, y: scaleY)
            var inside = context
            inside.matrix = placed
            try commands(
                part.drawing.commands, under: here.below(".drawing"),
                context: &inside, into: &inner, texts: &texts)
        }
        let clipped = LaidOutScope(
            clip: part.rect, rotation: nil,
            background: part.drawing.background.map { ($0, part.rect) }, transform: transform, elements: inner,
            location: here)
        guard turned else {
            elements.append(.scope(clipped))
            return
        }
        elements.append(
            .scope(
                LaidOutScope(
                    clip: nil,
                    rotation: LaidOutScope.Rotation(degrees: part.rotation ?? 0, center: part.rect.center),
                    background: nil, transform: nil, elements: [.scope(clipped)], location: here)))
    }

    /// A barcode: its light area, the dark modules as filled rectangles, then its human-readable text as lines of
    /// text in the barcode's font and dark colour, their baselines where libzint put them.
    private func barcode(
        _ barcode: Drawing.Command.Barcode, at here: RenderLocation, context: Context,
        into elements: inout [LaidOutElement]
    ) throws {
        let placed: BarcodeLayout
        do {
            placed = try BarcodeLayout(barcode, pixelsPerPoint: layout.gridPixelsPerPoint, cache: barcodeLayouts)
        } catch {
            throw RenderError.barcode(location: here, field: error.field, reason: error.reason)
        }
        func fill(_ rect: Rect, _ color: Color) -> LaidOutElement {
            .shape(
                .rect, Drawing.Command.Shape(rect: rect, paint: .fill, lineWidth: 0, stroke: color, fill: color),
                location: here)
        }
        if let light = barcode.light {
            append(fill(placed.area, light), .decoration, context: context, into: &elements)
        }
        for bar in placed.bars where bar.width > 0 && bar.height > 0 {
            append(fill(bar, barcode.dark), .decoration, context: context, into: &elements)
        }
        guard !placed.labels.isEmpty else { return }
        let face: FontFace
        do {
            face = try fonts.face(named: barcode.options.font)
        } catch {
            throw RenderError.font(location: here, font: barcode.options.font, reason: error.description)
        }
        for label in placed.labels where !label.text.isEmpty {
            let text = Drawing.Command.Text(
                color: barcode.dark, string: label.text, font: barcode.options.font, size: label.size,
                origin: Point(x: label.x, y: label.baseline - face.ascent(size: label.size)),
                boxWidth: label.width, alignment: label.alignment, slot: barcode.slot)
            append(.text(try glyphRun(for: text, at: here)), .text, text: label.text, context: context, into: &elements)
        }
    }

    /// A form field with its appearance and, for buttons, each widget's four appearances laid out.
    private func formField(
        _ field: Drawing.Command.FormField, at here: RenderLocation, context: Context,
        into elements: inout [LaidOutElement], texts: inout [String]
    ) throws {
        let index = context.offset + elements.count
        let appearance = try nested(
            field.appearance, under: here.appearance, context: context, at: index, texts: &texts)
        var buttons: [LaidOutFormField.ButtonAppearances] = []
        if field.type == .checkBox || field.type == .radio {
            var ignored: [String] = []
            func laidOut(_ commands: [Drawing.Command]) throws -> [LaidOutElement] {
                var elements: [LaidOutElement] = []
                var inner = context
                inner.offset = 0
                try self.commands(commands, under: here.appearance, context: &inner, into: &elements, texts: &ignored)
                return elements
            }
            for widget in field.widgetRects.indices {
                buttons.append(
                    LaidOutFormField.ButtonAppearances(
                        on: try laidOut(field.buttonAppearance(widget: widget, on: true, down: false)),
                        off: try laidOut(field.buttonAppearance(widget: widget, on: false, down: false)),
                        onDown: try laidOut(field.buttonAppearance(widget: widget, on: true, down: true)),
                        offDown: try laidOut(field.buttonAppearance(widget: widget, on: false, down: true))))
            }
        }
        elements.append(
            .formField(
                LaidOutFormField(
                    field: field, matrix: context.matrix, location: here, appearance: appearance, buttons: buttons)))
    }

    /// The primitive commands of a chart laid out with the fonts of `fonts`, or its error with the command's place.
    static func chartCommands(
        _ chart: Drawing.Command.Chart, at location: RenderLocation, fonts: FontRegistry
    ) throws(RenderError) -> [Drawing.Command] {
        do {
            return try ChartLayout(chart, fonts: fonts).commands
        } catch {
            throw .chart(location: location, error)
        }
    }
}
