import DrawingModule
import Fonts
import Foundation
import Typeset

/// Walks a drawing's commands — through groups and nested parts — and hands primitives to a
/// `RenderTarget`; the one place both renderers share, so they cannot disagree about layout.
struct Replayer {
    /// Where logical font names are opened.
    let fonts: FontRegistry
    /// The device pixels per point barcode modules are aligned to: `OutputOptions.scale`, in every format.
    let gridPixelsPerPoint: Double
    /// When the rendering must be done by, checked at every command; nil for no limit.
    var deadline: Deadline?
    /// The texts shaped so far (the PDF renderer's first pass, earlier pages, recent documents), so no text is
    /// shaped twice.
    let shapings = TextLayoutCache()

    /// Draws `drawing` as page `page` (counted from 1).
    func replay(_ drawing: Drawing, page: Int, into target: some RenderTarget) throws {
        try replay(drawing, page: page, into: target, commands: drawing.commands.indices)
        try target.finish(location: RenderLocation(page: page))
    }

    /// Draws the top-level commands `range` of `drawing` (the background with the first), not finishing the page: a
    /// raster page drawn in two steps (`RasterPrefixes`) gets the pixels of one drawn whole, and errors name each
    /// command by its index in the whole drawing.
    func replay(_ drawing: Drawing, page: Int, into target: some RenderTarget, commands range: Range<Int>) throws {
        let location = RenderLocation(page: page)
        if range.lowerBound == 0, let background = drawing.background {
            try target.paintBackground(background, in: Rect(origin: .zero, size: drawing.size), location: location)
        }
        try replay(drawing.commands[range], under: location, into: target)
    }

    /// Replays `commands` in the target's current coordinates; a part opens a scope, is clipped to its rectangle
    /// and maps its own page onto that rectangle with a true transform (exact for uneven scales: stroke pens,
    /// glyphs and images stretch as the part does).
    ///
    /// `matrix` maps the current coordinates to the page's, so a link's area lands where its commands show.
    func replay<Commands: RandomAccessCollection<Drawing.Command>>(
        _ commands: Commands, under parent: RenderLocation,
        into target: some RenderTarget, matrix: PageMatrix = .identity
    ) throws where Commands.Index == Int {
        for index in commands.indices {
            let command = commands[index]
            let here = parent.appending("commands", index: index)
            if let deadline, deadline.hasPassed { throw RenderError.limit(deadline.exceeded, location: here) }
            switch command {
            case .line(let line):
                guard line.width > 0 else { continue }
                try target.drawLine(
                    from: line.from, to: line.to, width: line.width, cap: line.cap,
                    color: line.color, location: here)
            case .rect(let shape):
                try drawShape(.rect, shape, location: here, into: target)
            case .ellipse(let shape):
                guard shape.rect.width > 0, shape.rect.height > 0 else { continue }
                try drawShape(.ellipse, shape, location: here, into: target)
            case .text(let text):
                guard !text.string.isEmpty else { continue }
                let layout = try layout(for: text, at: here)
                // A line given a box must stay in it: centred or right-aligned text would spill out of both sides.
                // Measured as the target draws it (a CID font by its own widths).
                if let box = text.boxWidth, let face = layout.runs.first?.face,
                    case let width = try target.textWidths(font: text.font, chain: layout.chain, location: here)?(
                        text.string, text.size) ?? layout.width,
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
                try target.drawText(layout, color: text.color, font: text.font, location: here)
            case .textBox(let box):
                var setter = TextBoxSetter(fonts: fonts)
                setter.deadline = deadline
                var widths: [String: (String, Double) -> Double?] = [:]
                do {
                    // Glyph coverage is checked where each set line is drawn; here only the faces are needed.
                    for text in try setter.texts(of: box) where widths[text.font] == nil {
                        let chain: [FontFace]
                        do {
                            chain = try fonts.chain(named: text.font)
                        } catch {
                            throw RenderError.font(location: here, font: text.font, reason: error.description)
                        }
                        if let measure = try target.textWidths(font: text.font, chain: chain, location: here) {
                            widths[text.font] = measure
                        }
                    }
                } catch let error as TextFitError {
                    throw RenderError.textFit(location: here, error)
                }
                let set: SetTextBox
                do {
                    // A target with its own widths draws characters through a CMap, not glyph ids: no vertical
                    // alternates there (brackets turned instead).
                    set = try setter.set(
                        box,
                        measure: widths.isEmpty
                            ? nil
                            : { text, font in
                                widths[font.name].flatMap { $0(text, font.size) } ?? font.width(of: text)
                            }, verticalAlternates: widths.isEmpty)
                } catch {
                    throw RenderError.textFit(location: here, error)
                }
                let turned = box.rotation.truncatingRemainder(dividingBy: 360) != 0
                guard turned || set.clip != nil else {
                    try replay(set.commands, under: here, into: target, matrix: matrix)
                    continue
                }
                try target.beginScope(clip: nil, location: here)
                if turned { try target.rotate(degrees: box.rotation, about: box.frame.center, location: here) }
                try replay(
                    [.group(.init(clip: set.clip, commands: set.commands))], under: here, into: target,
                    matrix: turned ? matrix.rotated(degrees: box.rotation, about: box.frame.center) : matrix)
                try target.endScope(location: here)
            case .image(let image):
                try target.drawImage(
                    image.data, orientation: ImageFile(image.data)?.orientation ?? .up, in: image.rect, location: here)
            case .part(let part):
                let turned = (part.rotation ?? 0).truncatingRemainder(dividingBy: 360) != 0
                if turned {
                    try target.beginScope(clip: nil, location: here)
                    try target.rotate(degrees: part.rotation ?? 0, about: part.rect.center, location: here)
                }
                try target.beginScope(clip: part.rect, location: here)
                if let background = part.drawing.background {
                    try target.paintBackground(background, in: part.rect, location: here)
                }
                let size = part.drawing.size
                let scaleX = part.rect.width / size.width
                let scaleY = part.rect.height / size.height
                // A part squashed to no width or height shows nothing (and has no inverse to draw through).
                if scaleX.isFinite, scaleY.isFinite, scaleX != 0, scaleY != 0 {
                    try target.transform(
                        scaleX: scaleX, scaleY: scaleY, translateX: part.rect.x,
                        translateY: part.rect.y, location: here)
                    let placed =
                        (turned ? matrix.rotated(degrees: part.rotation ?? 0, about: part.rect.center) : matrix)
                        .translated(x: part.rect.x, y: part.rect.y).scaled(x: scaleX, y: scaleY)
                    try replay(
                        part.drawing.commands, under: RenderLocation(page: here.page, path: here.path + ".drawing"),
                        into: target, matrix: placed)
                }
                try target.endScope(location: here)
                if turned { try target.endScope(location: here) }
            case .barcode(let barcode):
                try drawBarcode(barcode, location: here, into: target)
            case .formField(let field):
                guard try !target.addFormField(field, matrix: matrix, replayer: self, location: here) else { continue }
                try target.beginScope(clip: nil, location: here)
                try replay(field.appearance, under: here.appearance, into: target, matrix: matrix)
                try target.endScope(location: here)
            case .path(let path):
                if let problem = path.firstProblem { throw RenderError.path(location: here, reason: problem) }
                var paint = path.paint
                if paint.strokes, !(path.lineWidth > 0) { paint = paint.fills ? .fill : .none }
                guard !path.elements.isEmpty, paint != .none else { continue }
                try target.drawPath(
                    path.elements, paint: paint, lineWidth: path.lineWidth, stroke: path.stroke, fill: path.fill,
                    location: here)
            case .chart(let chart):
                // Laid out into primitives replayed as any others: the same shapes in every target.
                try replay(try chartCommands(chart, at: here), under: here, into: target, matrix: matrix)
            case .group(let group):
                try target.beginScope(clip: group.clip, location: here)
                let inside = RenderLocation(page: here.page, path: here.path)
                try replay(group.commands, under: inside, into: target, matrix: matrix)
                try target.endScope(location: here)
                if group.link != nil || group.name != nil {
                    let area = try bounds(of: group.commands, under: inside).map(matrix.boundingBox)
                    try target.mark(
                        link: group.link, name: group.name,
                        area: area ?? Rect(origin: matrix.apply(.zero), size: Size(width: 0, height: 0)),
                        location: here)
                }
            }
        }
    }

    private func drawShape(
        _ kind: ShapeKind, _ shape: Drawing.Command.Shape, location: RenderLocation,
        into target: some RenderTarget
    ) throws {
        var paint = shape.paint
        if paint.strokes, !(shape.lineWidth > 0) { paint = paint.fills ? .fill : .none }
        guard paint != .none else { return }
        try target.drawShape(
            kind, in: shape.rect, paint: paint, lineWidth: shape.lineWidth, stroke: shape.stroke,
            fill: shape.fill, location: location)
    }

    /// A text command laid out with its font's chain (the font, then its fallbacks).
    /// - Throws: `RenderError.font` when a font cannot be opened, `.missingGlyph` when no font has a character.
    func layout(for text: Drawing.Command.Text, at location: RenderLocation) throws(RenderError) -> TextLayout {
        try shapedLayout(for: text, at: location).layout
    }

    /// `layout(for:at:)`, and whether the text was shaped now: false when a text differing only in place and colour
    /// was laid out before (whose glyphs the PDF has then recorded).
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

    /// A text box of a page, where it is, and its runs and ruby as texts (`TextBoxSetter.texts(of:)`).
    struct PlacedTextBox {
        var box: Drawing.Command.TextBox
        var location: RenderLocation
        var texts: [Drawing.Command.Text]
    }

    /// Every text command of `drawing` (page `page`) with its location, through groups and parts, in order.
    /// A text box counts as its runs and ruby with their weights resolved to fonts, and is added to `boxes`.
    static func texts(
        in drawing: Drawing, page: Int,
        fonts: FontRegistry, boxes: inout [PlacedTextBox]
    ) throws -> [(text: Drawing.Command.Text, location: RenderLocation)] {
        var result: [(text: Drawing.Command.Text, location: RenderLocation)] = []
        let setter = TextBoxSetter(fonts: fonts)
        try visit(drawing, page: page) { command, here in
            switch command {
            case .text(let text): result.append((text, here))
            case .chart(let chart):
                let layout = try Replayer.chartCommands(chart, at: here, fonts: fonts)
                for (index, command) in layout.enumerated() {
                    switch command {
                    case .text(let text): result.append((text, here.appending("commands", index: index)))
                    // A turned category label is a part holding its text.
                    case .part(let part):
                        for case .text(let text) in part.drawing.commands {
                            result.append((text, here.appending("commands", index: index)))
                        }
                    default: break
                    }
                }
            case .textBox(let box):
                do throws(TextFitError) {
                    let texts = try setter.texts(of: box)
                    result += texts.map { ($0, here) }
                    boxes.append(PlacedTextBox(box: box, location: here, texts: texts))
                } catch {
                    throw RenderError.textFit(location: here, error)
                }
            default: break
            }
        }
        return result
    }

    /// True when `commands` hold a command of `kind` where `visit` reaches (through groups, parts and form fields'
    /// appearances): most pages hold no form field or code, and walking them with locations costs more than drawing
    /// some of their commands.
    static func holds(_ kind: Drawing.Command.Kind, in commands: [Drawing.Command]) -> Bool {
        commands.withUnsafeBufferPointer { commands in
            for index in commands.indices {
                if commands[index].kind == kind { return true }
                switch commands[index] {
                case .group(let group): if holds(kind, in: group.commands) { return true }
                case .part(let part): if holds(kind, in: part.drawing.commands) { return true }
                case .formField(let field): if holds(kind, in: field.appearance) { return true }
                default: continue
                }
            }
            return false
        }
    }

    /// Calls `body` with every command of `drawing` (page `page`) that is not a group or a part, and its location,
    /// through groups and parts, in drawing order; a form field, then the commands of its appearance.
    static func visit(
        _ drawing: Drawing, page: Int, _ body: (Drawing.Command, RenderLocation) throws -> Void
    ) throws {
        // Each command is read in place: iterating the array copies every command out first.
        func walk(_ commands: [Drawing.Command], under parent: RenderLocation) throws {
            try commands.withUnsafeBufferPointer { commands in
                for index in commands.indices {
                    let here = parent.appending("commands", index: index)
                    switch commands[index] {
                    case .group(let group): try walk(group.commands, under: here)
                    case .part(let part):
                        try walk(part.drawing.commands, under: RenderLocation(page: page, path: here.path + ".drawing"))
                    case .formField(let field):
                        try body(commands[index], here)
                        try walk(field.appearance, under: here.appearance)
                    default: try body(commands[index], here)
                    }
                }
            }
        }
        try walk(drawing.commands, under: RenderLocation(page: page))
    }
}
