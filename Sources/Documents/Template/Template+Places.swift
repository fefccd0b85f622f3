import DrawingModule

/// Where one top-level element of a positioned template sits on its page and which lines of the file write it: what
/// an editor needs to select an element's YAML when its drawing is clicked.
public struct TemplateElementPlace: Hashable, Sendable {
    /// The element's kind as the YAML names it (`text`, `rect`, `qr`, `for` …).
    public var kind: String
    /// The area it covers, in points from the page's top left (every copy of a `repeat`, a `for` body's first
    /// place, both branches of an `if`).
    public var rect: Rect
    /// The file lines that write it, from 1.
    public var lines: ClosedRange<Int>

    /// Creates a place.
    public init(kind: String, rect: Rect, lines: ClosedRange<Int>) {
        self.kind = kind
        self.rect = rect
        self.lines = lines
    }
}

extension Template {
    /// The place of each top-level element, in drawing order; empty for a flowing template, whose pages are laid
    /// out from the data.
    public var elementPlaces: [TemplateElementPlace] {
        guard !isFlowing else { return [] }
        return zip(elements, elementLines).compactMap { element, lines in
            element.area.map { TemplateElementPlace(kind: element.kindName, rect: $0, lines: lines) }
        }
    }
}

extension TemplateElement {
    /// The YAML name of the element's kind.
    var kindName: String {
        switch self {
        case .line: "line"
        case .shape(let shape): shape.isEllipse ? "ellipse" : "rect"
        case .text: "text"
        case .image: "image"
        case .barcode(let barcode): barcode.element
        case .chart: "chart"
        case .part: "part"
        case .loop: "for"
        case .condition: "if"
        case .linked(let linked): linked.element.first?.kindName ?? "link"
        case .field: "field"
        }
    }

    /// The area the element covers, or nil when it covers none.
    fileprivate var area: Rect? {
        switch self {
        case .line(let line):
            let half = line.width / 2
            let box = Rect(
                x: min(line.from.x, line.to.x) - half, y: min(line.from.y, line.to.y) - half,
                width: abs(line.to.x - line.from.x) + line.width, height: abs(line.to.y - line.from.y) + line.width)
            return line.repetition.covering(box)
        case .shape(let shape):
            return shape.repetition.covering(shape.rect)
        case .text(let text):
            let height = text.box?.height ?? text.size * 1.2
            let characters = text.text.segments.reduce(0) { count, segment in
                if case .literal(let literal) = segment { count + literal.count } else { count + 4 }
            }
            let width = text.boxWidth ?? text.size * Double(max(1, characters))
            let left =
                switch text.alignment {
                case .center where text.box == nil: text.origin.x - width / 2
                case .right where text.box == nil: text.origin.x - width
                default: text.origin.x
                }
            let top = text.box == nil ? text.origin.y - text.size : text.origin.y
            return text.repetition.covering(Rect(x: left, y: top, width: width, height: height))
        case .image(let image):
            return image.rect
        case .barcode(let barcode):
            return barcode.command.rect
        case .chart(let chart):
            return chart.command.rect
        case .part(let part):
            return part.rect
        case .loop(let loop):
            return Rect.union(loop.elements.compactMap(\.area))
        case .condition(let condition):
            return Rect.union((condition.then + condition.otherwise).compactMap(\.area))
        case .linked(let linked):
            return Rect.union(linked.element.compactMap(\.area))
        case .field(let field):
            return field.command.rect
        }
    }
}

extension TemplateElement.Repetition {
    /// The area every copy of an element covering `box` covers together.
    fileprivate func covering(_ box: Rect) -> Rect {
        let last = Double(max(0, count - 1))
        return Rect.union([box, Rect(x: box.x + dx * last, y: box.y + dy * last, width: box.width, height: box.height)])
            ?? box
    }
}
