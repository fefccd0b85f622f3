import DrawingModule
import Foundation

/// Draws a laid-out page's elements into a `RenderTarget`: the one walk both renderers share, so they cannot
/// disagree about where anything goes. It decides nothing about text, barcodes or charts; layout has.
struct Painter {
    /// When drawing must be done by, checked at every element; nil for no limit.
    var deadline: Deadline?

    /// Draws `page` whole and finishes it.
    func paint(_ page: LaidOutPage, into target: some RenderTarget) throws {
        try paint(page, commands: 0..<(page.commandStarts.count - 1), into: target)
        try target.finish(location: RenderLocation(page: page.number))
    }

    /// Draws the elements of the top-level commands `range` of `page` (the background with the first), not
    /// finishing the page: a page drawn in two steps (a kept beginning) gets the output of one drawn whole.
    func paint(_ page: LaidOutPage, commands range: Range<Int>, into target: some RenderTarget) throws {
        if range.lowerBound == 0, let background = page.background {
            try target.paintBackground(
                background, in: Rect(origin: .zero, size: page.size), location: RenderLocation(page: page.number))
        }
        let pieces = page.elementPieces(ofCommands: range)
        // The given beginning's elements come first in the page's list, the page's own after them.
        let first = page.commandStarts[range.lowerBound]
        try paint(pieces.given, into: target, from: first)
        try paint(pieces.laid, into: target, from: first + pieces.given.count)
    }

    /// Draws `elements` in the target's current coordinates; `first` is the index of the first of them in the list
    /// they belong to (the page's, or a scope's), told to the target (`RenderTarget.willPaint(elementAt:)`).
    func paint(
        _ elements: some Collection<LaidOutElement>, into target: some RenderTarget, from first: Int = 0
    ) throws {
        // The elements are read from their buffer (a page's and a scope's are contiguous): an iterator moved each
        // whole element out into a copy of its own first.
        let painted: Void? = try elements.withContiguousStorageIfAvailable { elements in
            for index in elements.indices {
                target.willPaint(elementAt: first + index)
                try paintElement(elements[index], into: target)
            }
        }
        guard painted == nil else { return }
        for (offset, element) in elements.enumerated() {
            target.willPaint(elementAt: first + offset)
            try paintElement(element, into: target)
        }
    }

    /// Draws one element in the target's current coordinates.
    private func paintElement(_ element: LaidOutElement, into target: some RenderTarget) throws {
        switch element {
        case .line(let line, let location):
            try checkDeadline(location)
            try target.drawLine(
                from: line.from, to: line.to, width: line.width, cap: line.cap, color: line.color,
                location: location)
        case .shape(let kind, let shape, let location):
            try checkDeadline(location)
            try target.drawShape(
                kind, in: shape.rect, paint: shape.paint, lineWidth: shape.lineWidth, stroke: shape.stroke,
                fill: shape.fill, location: location)
        case .path(let path, let location):
            try checkDeadline(location)
            try target.drawPath(
                path.elements, paint: path.paint, lineWidth: path.lineWidth, stroke: path.stroke, fill: path.fill,
                location: location)
        case .text(let run):
            try checkDeadline(run.location)
            try target.drawText(run.layout, color: run.color, font: run.layout.font, location: run.location)
        case .image(let image, let orientation, let location):
            try checkDeadline(location)
            try target.drawImage(image.data, orientation: orientation, in: image.rect, location: location)
        case .scope(let scope):
            try checkDeadline(scope.location)
            try target.beginScope(clip: scope.clip, location: scope.location)
            if let rotation = scope.rotation {
                try target.rotate(degrees: rotation.degrees, about: rotation.center, location: scope.location)
            }
            if let background = scope.background {
                try target.paintBackground(background.color, in: background.rect, location: scope.location)
            }
            if let map = scope.transform {
                try target.transform(
                    scaleX: map.scaleX, scaleY: map.scaleY, translateX: map.translateX,
                    translateY: map.translateY, location: scope.location)
            }
            try paint(scope.elements, into: target)
            try target.endScope(location: scope.location)
        case .mark(let link, let name, let area, let location):
            try target.mark(link: link, name: name, area: area, location: location)
        case .formField(let field):
            try checkDeadline(field.location)
            guard try !target.addFormField(field, painter: self) else { return }
            try target.beginScope(clip: nil, location: field.location)
            try paint(field.appearance, into: target)
            try target.endScope(location: field.location)
        }
    }

    private func checkDeadline(_ location: RenderLocation) throws {
        if let deadline, deadline.hasPassed { throw RenderError.limit(deadline.exceeded, location: location) }
    }
}
