import Drawing
import Fonts
import Foundation

/// Walks a drawing's commands — through groups and nested parts — and hands primitives to a
/// `RenderTarget`; the one place both renderers share, so they cannot disagree about layout.
struct Replayer {
    /// Where logical font names are opened.
    let fonts: FontRegistry
    /// Text already laid out (the PDF renderer's first pass), by location, so it is not shaped twice.
    var layouts: [RenderLocation: TextLayout] = [:]

    /// Draws `drawing` as page `page` (counted from 1).
    func replay(_ drawing: Drawing, page: Int, into target: some RenderTarget) throws {
        let location = RenderLocation(page: page)
        if let background = drawing.background {
            try target.paintBackground(background, in: Rect(origin: .zero, size: drawing.size), location: location)
        }
        try replay(drawing.commands, under: location, into: target)
        try target.finish(location: location)
    }

    /// Replays `commands` in the target's current coordinates; a part opens a scope, is clipped to its rectangle
    /// and maps its own page onto that rectangle with a true transform (exact for uneven scales: stroke pens,
    /// glyphs and images stretch as the part does).
    private func replay(_ commands: [Drawing.Command], under parent: RenderLocation,
                        into target: some RenderTarget) throws {
        for (index, command) in commands.enumerated() {
            let here = parent.appending("commands", index: index)
            switch command {
            case .line(let line):
                guard line.width > 0 else { continue }
                try target.drawLine(from: line.from, to: line.to, width: line.width, cap: line.cap,
                                    color: line.color, location: here)
            case .rect(let shape):
                try drawShape(.rect, shape, location: here, into: target)
            case .ellipse(let shape):
                guard shape.rect.width > 0, shape.rect.height > 0 else { continue }
                try drawShape(.ellipse, shape, location: here, into: target)
            case .text(let text):
                guard !text.string.isEmpty else { continue }
                let layout = try layouts[here] ?? layout(for: text, at: here)
                try target.drawText(layout, color: text.color, font: text.font, location: here)
            case .image(let image):
                try target.drawImage(png: image.png, in: image.rect, location: here)
            case .part(let part):
                try target.beginScope(clip: part.rect, location: here)
                if let background = part.drawing.background {
                    try target.paintBackground(background, in: part.rect, location: here)
                }
                let size = part.drawing.size
                let scaleX = part.rect.width / size.width, scaleY = part.rect.height / size.height
                // A part squashed to no width or height shows nothing (and has no inverse to draw through).
                if scaleX.isFinite, scaleY.isFinite, scaleX != 0, scaleY != 0 {
                    try target.transform(scaleX: scaleX, scaleY: scaleY, translateX: part.rect.x,
                                         translateY: part.rect.y, location: here)
                    try replay(part.drawing.commands, under: RenderLocation(page: here.page, path: here.path + ".drawing"),
                               into: target)
                }
                try target.endScope(location: here)
            case .group(let group):
                try target.beginScope(clip: group.clip, location: here)
                try replay(group.commands, under: RenderLocation(page: here.page, path: here.path), into: target)
                try target.endScope(location: here)
            }
        }
    }

    private func drawShape(_ kind: ShapeKind, _ shape: Drawing.Command.Shape, location: RenderLocation,
                           into target: some RenderTarget) throws {
        var paint = shape.paint
        if paint.strokes, !(shape.lineWidth > 0) { paint = paint.fills ? .fill : .none }
        guard paint != .none else { return }
        try target.drawShape(kind, in: shape.rect, paint: paint, lineWidth: shape.lineWidth, stroke: shape.stroke,
                             fill: shape.fill, location: location)
    }

    /// A text command laid out with its font's chain (the font, then its fallbacks).
    /// - Throws: `RenderError.font` when a font cannot be opened, `.missingGlyph` when no font has a character.
    func layout(for text: Drawing.Command.Text, at location: RenderLocation) throws(RenderError) -> TextLayout {
        let chain: [FontFace]
        do {
            chain = try fonts.chain(named: text.font)
        } catch {
            throw .font(location: location, font: text.font, reason: error.description)
        }
        return try TextLayout(text, chain: chain, location: location)
    }

    /// Every text command of `drawing` (page `page`) with its location, through groups and parts, in order.
    static func texts(in drawing: Drawing, page: Int) -> [(text: Drawing.Command.Text, location: RenderLocation)] {
        var result: [(text: Drawing.Command.Text, location: RenderLocation)] = []
        func collect(_ commands: [Drawing.Command], under parent: RenderLocation) {
            for (index, command) in commands.enumerated() {
                let here = parent.appending("commands", index: index)
                switch command {
                case .text(let text): result.append((text, here))
                case .group(let group): collect(group.commands, under: here)
                case .part(let part):
                    collect(part.drawing.commands, under: RenderLocation(page: page, path: here.path + ".drawing"))
                default: break
                }
            }
        }
        collect(drawing.commands, under: RenderLocation(page: page))
        return result
    }
}
