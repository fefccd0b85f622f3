extension Drawing.Command {
    /// The command moved `x` points right and `y` points down: for layouts that set a piece at (0, 0) and place it
    /// later (a report's lines flowing onto pages).
    public func moved(x: Double, y: Double) -> Drawing.Command {
        func move(_ point: Point) -> Point { Point(x: point.x + x, y: point.y + y) }
        func move(_ rect: Rect) -> Rect { Rect(x: rect.x + x, y: rect.y + y, width: rect.width, height: rect.height) }
        switch self {
        case .line(var line):
            line.from = move(line.from)
            line.to = move(line.to)
            return .line(line)
        case .rect(var shape):
            shape.rect = move(shape.rect)
            return .rect(shape)
        case .ellipse(var shape):
            shape.rect = move(shape.rect)
            return .ellipse(shape)
        case .text(var text):
            text.origin = move(text.origin)
            return .text(text)
        case .textBox(var box):
            box.frame = move(box.frame)
            return .textBox(box)
        case .image(var image):
            image.rect = move(image.rect)
            return .image(image)
        case .part(var part):
            part.rect = move(part.rect)
            return .part(part)
        case .barcode(var barcode):
            barcode.rect = move(barcode.rect)
            return .barcode(barcode)
        case .formField(var field):
            field.rect = move(field.rect)
            for index in field.options.indices { field.options[index].rect = field.options[index].rect.map(move) }
            return .formField(field)
        case .path(var path):
            path.elements = path.elements.map { element in
                switch element {
                case .move(let point): .move(move(point))
                case .line(let point): .line(move(point))
                case .curve(let first, let second, let end): .curve(move(first), move(second), move(end))
                case .close: .close
                }
            }
            return .path(path)
        case .chart(var chart):
            chart.rect = move(chart.rect)
            return .chart(chart)
        case .group(var group):
            group.clip = group.clip.map(move)
            group.commands = group.commands.map { $0.moved(x: x, y: y) }
            return .group(group)
        }
    }
}
