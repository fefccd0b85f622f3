import DrawingModule

extension LaidOutPage {
    /// The area the top-level commands `range` of the page's drawing cover once laid out, in page points: what a
    /// designer outlines when one of those commands is selected, measured from the set lines, shaped runs and placed
    /// barcodes the output draws rather than from the description's rectangles; nil when they draw nothing.
    public func area(ofCommands range: Range<Int>) -> Rect? {
        guard range.lowerBound >= 0, range.upperBound < commandStarts.count, !range.isEmpty else { return nil }
        return Rect.union(elements(ofCommands: range).compactMap { $0.area(through: .identity) })
    }

    /// For each element of the page, the PDF structure type (`H1`, `P`, `Table`, `Figure`, `Artifact` …) of the
    /// outermost structure element holding its content below the document and its sections: what a designer shows
    /// as an element's role (a table, not the cell or the rule its first content is). Elements no structure element
    /// holds are left out.
    public func structureTypes(in structure: StructureElement) -> [Int: String] {
        var types: [Int: String] = [:]
        func walk(_ element: StructureElement, holder: String?) {
            let grouping = element.role == nil || [.document, .section].contains(element.role?.kind)
            let type = holder ?? (grouping ? nil : element.typeName)
            for child in element.children {
                switch child {
                case .content(let content) where content.page == number:
                    if let first = content.path.first, types[first] == nil { types[first] = type ?? element.typeName }
                case .content: break
                case .element(let inner): walk(inner, holder: type)
                }
            }
        }
        walk(structure, holder: nil)
        return types
    }
}

extension LaidOutElement {
    /// The upright rectangle the element covers once mapped by `matrix`, or nil for one that draws nothing (a link
    /// mark, an empty scope).
    func area(through matrix: PageMatrix) -> Rect? {
        switch self {
        case .line(let line, _):
            let half = line.width / 2
            let left = min(line.from.x, line.to.x) - half
            let top = min(line.from.y, line.to.y) - half
            return matrix.boundingBox(
                Rect(
                    x: left, y: top, width: max(line.from.x, line.to.x) + half - left,
                    height: max(line.from.y, line.to.y) + half - top))
        case .shape(_, let shape, _):
            return matrix.boundingBox(shape.rect)
        case .path(let path, _):
            let points = path.elements.flatMap(\.points)
            guard let first = points.first else { return nil }
            var (left, top, right, bottom) = (first.x, first.y, first.x, first.y)
            for point in points {
                (left, top) = (min(left, point.x), min(top, point.y))
                (right, bottom) = (max(right, point.x), max(bottom, point.y))
            }
            return matrix.boundingBox(Rect(x: left, y: top, width: right - left, height: bottom - top))
        case .text(let run):
            let layout = run.layout
            let start = layout.runs.first?.start ?? layout.origin.x
            let bottom = layout.baseline + (layout.chain.first?.descent(size: layout.size) ?? 0)
            return matrix.boundingBox(
                Rect(x: start, y: layout.origin.y, width: layout.width, height: bottom - layout.origin.y))
        case .image(let image, _, _):
            return matrix.boundingBox(image.rect)
        case .scope(let scope):
            var inner = matrix
            if let rotation = scope.rotation {
                inner = inner.rotated(degrees: rotation.degrees, about: rotation.center)
            }
            if let transform = scope.transform {
                inner = inner.translated(x: transform.translateX, y: transform.translateY)
                    .scaled(x: transform.scaleX, y: transform.scaleY)
            }
            let drawn = Rect.union(scope.elements.compactMap { $0.area(through: inner) })
            guard let clip = scope.clip.map(matrix.boundingBox) else { return drawn }
            guard let drawn else { return scope.background == nil ? nil : clip }
            let left = max(clip.x, drawn.x)
            let top = max(clip.y, drawn.y)
            let right = min(clip.maxX, drawn.maxX)
            let bottom = min(clip.maxY, drawn.maxY)
            return right > left && bottom > top
                ? Rect(x: left, y: top, width: right - left, height: bottom - top) : nil
        case .mark:
            return nil
        case .formField(let field):
            // The field's matrix maps it onto the page already, through every part it sits in.
            return field.matrix.boundingBox(field.field.rect)
        }
    }
}
