extension Drawing.Command.FormField {
    /// The commands that draw the field as it stands — its value, ticked or not, the chosen button — in page
    /// coordinates: what a PNG and a flattened PDF show, and what a PDF field's normal appearance stream holds.
    ///
    /// One description for every output, so a field looks the same on screen, on paper and in a raster: a frame
    /// (background, then a border inside the rectangle), then the value set in the field's font (clipped to the
    /// frame: a reader scrolls a long value, the page cannot), a tick drawn as two strokes or a dot.
    public var appearance: [Drawing.Command] {
        switch type {
        case .text, .comboBox: textAppearance
        case .listBox: listAppearance
        case .checkBox: buttonAppearance(widget: 0, on: isChecked, down: false)
        case .radio:
            options.indices.flatMap { buttonAppearance(widget: $0, on: options[$0].value == value, down: false) }
        }
    }

    /// How button `widget` (0 for a check box, the option's index in a radio group) looks `on` or off, and `down`
    /// while pressed (its background darker): the states a PDF button's appearance dictionaries hold.
    public func buttonAppearance(widget: Int, on: Bool, down: Bool) -> [Drawing.Command] {
        let area = widgetRects.indices.contains(widget) ? widgetRects[widget] : rect
        let pressed = Color(red: 0.75, green: 0.75, blue: 0.75)
        var commands = frame(area, round: type == .radio, background: down ? pressed : background)
        guard on else { return commands }
        let side = min(area.width, area.height)
        let center = area.center
        if type == .radio {
            let radius = side * 0.25
            commands.append(
                .ellipse(
                    .init(
                        rect: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius),
                        paint: .fill, lineWidth: 0, stroke: textColor, fill: textColor)))
            return commands
        }
        // A tick: a short stroke down to the right, then a long one up to the right, joined by round caps.
        let mark = side * 0.62
        let width = max(0.5, side * 0.11)
        let start = Point(x: center.x - 0.42 * mark, y: center.y + 0.02 * mark)
        let corner = Point(x: center.x - 0.12 * mark, y: center.y + 0.32 * mark)
        let end = Point(x: center.x + 0.45 * mark, y: center.y - 0.36 * mark)
        commands.append(.line(.init(color: textColor, width: width, from: start, to: corner, cap: .round)))
        commands.append(.line(.init(color: textColor, width: width, from: corner, to: end, cap: .round)))
        return commands
    }

    /// The rectangle text is set in: the field's, less the border and a small margin.
    public var textFrame: Rect {
        let horizontal = borderWidth + 2
        let vertical = borderWidth + (multiline || type == .listBox ? 1 : 0)
        return Rect(
            x: rect.x + horizontal, y: rect.y + vertical, width: max(0, rect.width - 2 * horizontal),
            height: max(0, rect.height - 2 * vertical))
    }

    /// The height of one line of a multi-line text or of a list box's row.
    public var lineHeight: Double { size * 1.2 }

    /// Background and border of `area`, the border's stroke inside the area so nothing spills over its edges.
    private func frame(_ area: Rect, round: Bool, background: Color?) -> [Drawing.Command] {
        let strokes = borderColor != nil && borderWidth > 0
        let paint: Paint =
            switch (background != nil, strokes) {
            case (true, true): .both
            case (true, false): .fill
            case (false, true): .stroke
            case (false, false): .none
            }
        guard paint != .none else { return [] }
        let inset = strokes ? borderWidth / 2 : 0
        let shape = Drawing.Command.Shape(
            rect: Rect(
                x: area.x + inset, y: area.y + inset, width: max(0, area.width - 2 * inset),
                height: max(0, area.height - 2 * inset)),
            paint: paint, lineWidth: strokes ? borderWidth : 0, stroke: borderColor ?? .black,
            fill: background ?? .white)
        return [round ? .ellipse(shape) : .rect(shape)]
    }

    /// A text field or combo box: the frame and the value, one line centred vertically or several from the top.
    private var textAppearance: [Drawing.Command] {
        var commands = frame(rect, round: false, background: background)
        guard let value, !value.isEmpty else { return commands }
        let multi = type == .text && multiline
        commands.append(
            .textBox(
                .init(
                    frame: textFrame, runs: [TextRun(value, font: font, size: size, color: textColor)],
                    alignment: alignment, verticalAlignment: multi ? .top : .middle, lineHeight: 1.2,
                    fit: multi ? [.wrap, .clip] : [.clip], minimumSize: size, field: name)))
        return commands
    }

    /// A list box: the frame, then every option on its own row from the top, the chosen one highlighted, clipped
    /// to the frame.
    private var listAppearance: [Drawing.Command] {
        var commands = frame(rect, round: false, background: background)
        let inner = textFrame
        var rows: [Drawing.Command] = []
        for (index, option) in options.enumerated() {
            let top = inner.y + Double(index) * lineHeight
            guard top < inner.maxY else { break }
            let row = Rect(x: inner.x, y: top, width: inner.width, height: lineHeight)
            if option.value == value {
                let highlight = Color(red: 0.6, green: 0.76, blue: 0.86)
                rows.append(
                    .rect(
                        .init(
                            rect: Rect(
                                x: rect.x + borderWidth, y: top, width: rect.width - 2 * borderWidth,
                                height: lineHeight),
                            paint: .fill, lineWidth: 0, stroke: highlight, fill: highlight)))
            }
            rows.append(
                .textBox(
                    .init(
                        frame: row, runs: [TextRun(option.value, font: font, size: size, color: textColor)],
                        alignment: alignment, verticalAlignment: .middle, fit: [.clip], minimumSize: size,
                        field: name)))
        }
        let inside = Rect(
            x: rect.x + borderWidth, y: rect.y + borderWidth, width: max(0, rect.width - 2 * borderWidth),
            height: max(0, rect.height - 2 * borderWidth))
        commands.append(.group(.init(clip: inside, commands: rows)))
        return commands
    }
}
