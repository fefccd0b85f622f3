import DrawingModule
import Foundation
import Support

extension ChartBuilder {
    /// The plot of a bar, stacked or line chart: where values and categories land.
    struct Plot {
        var frame: Rect
        var axis: ValueAxis
        var slot: Double

        /// The page y of `value`.
        func y(_ value: Decimal) -> Double { frame.maxY - axis.fraction(of: value) * frame.height }
        /// The left edge of category `index`'s slot.
        func x(_ index: Int) -> Double { frame.x + Double(index) * slot }
    }

    /// Share of a slot a bar chart's group of bars fills, and a stacked chart's one bar.
    static let groupShare = 0.85
    static let stackShare = 0.6
    /// Length of a tick mark and the gap between it and its label, in points.
    static let tick = 3.0

    /// Draws a bar, stacked or line chart: legend, value title, grid, axis with tick labels, the data, category
    /// labels.
    mutating func drawAxes() throws(ChartError) {
        let box = chart.rect
        var top = box.y
        if chart.legend {
            top += try drawLegend(zip(chart.series, chart.colors).map { ($0.name, $1) }) + lineHeight * 0.25
        }
        if let title = chart.valueTitle, !title.isEmpty {
            guard width(title) <= box.width else {
                throw error(
                    .tooSmall(
                        needed: Size(width: width(title), height: box.height),
                        reason: "the value title \"\(title)\" is \(ChartError.points(width(title))) pt wide"))
            }
            label(title, x: box.x, top: top, anchor: .left, name: "value title \"\(title)\"")
            top += lineHeight * 1.25
        }
        let plotTop = top + (chart.printsValues ? lineHeight + 4 : lineHeight / 2)
        // The category labels' angle decides the height they take under the plot, which decides the axis, whose
        // widest tick label decides the plot's width and so the room per label: settled in a few rounds.
        var turn = 0.0
        var plot = try makePlot(top: plotTop, labelBand: 0)
        for _ in 0..<4 {
            let needed = try labelTurn(plot)
            if needed == turn { break }
            turn = needed
            plot = try makePlot(top: plotTop, labelBand: labelBand(turn))
        }
        guard try labelTurn(plot) == turn else {
            throw error(
                .tooSmall(
                    needed: Size(width: box.width, height: box.height + labelBand(90)),
                    reason: "the category labels, turned, take the height the plot needs to give them room"))
        }
        let axis = plot.axis
        let tickTexts = axis.ticks.map(ChartNumber.text)
        let plotLeft = plot.frame.x
        for (value, text) in zip(axis.ticks, tickTexts) {
            let y = plot.y(value)
            if value != axis.minimum {
                line(
                    from: Point(x: plotLeft, y: y), to: Point(x: box.maxX, y: y), width: 0.5,
                    color: Self.tint(chart.textColor))
            }
            line(
                from: Point(x: plotLeft - Self.tick, y: y), to: Point(x: plotLeft, y: y), width: 0.75,
                color: chart.textColor)
            label(
                text, x: plotLeft - 2 * Self.tick + 1, top: y - lineHeight / 2, anchor: .right,
                name: "axis \"\(text)\"")
        }
        // The axes go under the data: a bar keeps its whole height, from the zero line's centre up.
        line(
            from: Point(x: plotLeft, y: plot.frame.y), to: Point(x: plotLeft, y: plot.frame.maxY), width: 0.75,
            color: chart.textColor)
        line(
            from: Point(x: plotLeft, y: plot.y(0)), to: Point(x: box.maxX, y: plot.y(0)), width: 0.75,
            color: chart.textColor)
        switch chart.style {
        case .bar: drawBars(plot)
        case .stacked: drawStacks(plot)
        default: drawLines(plot)
        }
        let every = chart.labels?.every ?? 1
        for (index, category) in chart.categories.enumerated() where index % every == 0 {
            let centre = plot.x(index) + plot.slot / 2
            if turn == 0 {
                label(
                    category, x: centre, top: plot.frame.maxY + Self.tick, anchor: .center,
                    name: "category \"\(category)\"")
            } else {
                try turnedLabel(category, end: centre, top: plot.frame.maxY + Self.tick, degrees: turn)
            }
        }
    }

    /// The plot under `top` with `labelBand` points left under it for the category labels: its axis, and its
    /// left edge past the widest tick label.
    /// - Throws: `ChartError` `.tooSmall` when less than two lines of labels are left for the plot.
    func makePlot(top plotTop: Double, labelBand: Double) throws(ChartError) -> Plot {
        let box = chart.rect
        let plotBottom = box.maxY - max(lineHeight, labelBand) - Self.tick - 1
        guard plotBottom - plotTop >= 2 * lineHeight else {
            throw error(
                .tooSmall(
                    needed: Size(width: box.width, height: box.height + 2 * lineHeight - (plotBottom - plotTop)),
                    reason: "the plot would be \(ChartError.points(max(0, plotBottom - plotTop))) pt tall once the "
                        + "legend and labels are placed, less than two lines of labels"))
        }
        let (low, high) = range()
        let maximumTicks = min(
            10, max(1, Int(roundedClamping: (plotBottom - plotTop) / (lineHeight * 1.8), .towardZero)))
        let axis = ValueAxis(low: low, high: high, maximumTicks: maximumTicks)
        let plotLeft = box.x + (axis.ticks.map(ChartNumber.text).map(width).max() ?? 0) + 2 * Self.tick
        let plotWidth = box.maxX - plotLeft
        return Plot(
            frame: Rect(x: plotLeft, y: plotTop, width: plotWidth, height: plotBottom - plotTop), axis: axis,
            slot: plotWidth / Double(chart.categories.count))
    }

    /// The labels printed under the categories (every one, or every `labels.every`-th).
    var printedCategories: [String] {
        let every = chart.labels?.every ?? 1
        return chart.categories.enumerated().filter { $0.offset % every == 0 }.map(\.element)
    }

    /// The height turned category labels take under the axis: at 45° their width and line height times
    /// sin 45°, at 90° their width; a line for level ones.
    func labelBand(_ degrees: Double) -> Double {
        let widest = Self.widest(printedCategories, measure: width)?.width ?? 0
        switch degrees {
        case 0: return lineHeight
        case 90: return widest
        default: return (widest + lineHeight) * sin(degrees * .pi / 180)
        }
    }

    /// Prints `text` turned `degrees` anticlockwise, reading upwards, its end centred at `end` and its highest
    /// corner at `top`.
    /// - Throws: `ChartError` `.tooSmall` when the turned label would reach past the box's left edge.
    mutating func turnedLabel(_ text: String, end: Double, top: Double, degrees: Double) throws(ChartError) {
        let (width, height) = (width(text), lineHeight)
        let radians = degrees * .pi / 180
        let (cosine, sine) = (cos(radians), sin(radians))
        // The centre of the label's box, so that turned about it the middle of its right edge sits at `end` and
        // its top right corner (the highest point) at `top`.
        let centre = Point(x: end - cosine * width / 2, y: top + (sine * width + cosine * height) / 2)
        let reach = cosine * width / 2 + sine * height / 2
        guard centre.x - reach >= chart.rect.x - 0.01 else {
            throw error(
                .tooSmall(
                    needed: Size(
                        width: chart.rect.width + chart.rect.x - (centre.x - reach), height: chart.rect.height),
                    reason: "the category label \"\(text)\", turned \(Int(degrees))°, reaches "
                        + "\(ChartError.points(chart.rect.x - (centre.x - reach))) pt past the box's left edge"))
        }
        let page = Drawing(
            size: Size(width: width, height: height),
            commands: [
                .text(
                    .init(
                        color: chart.textColor, string: text, font: chart.font, size: chart.size,
                        origin: Point(x: 0, y: 0), slot: chart.slot))
            ])
        commands.append(
            .part(
                .init(
                    drawing: page,
                    rect: Rect(x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height),
                    rotation: -degrees)))
    }

    /// The lowest and highest value the axis must hold: bars from 0 to the highest value, stacks to the highest
    /// total, lines between their lowest and highest values.
    func range() -> (Decimal, Decimal) {
        switch chart.style {
        case .stacked:
            return (0, totals.max() ?? 0)
        default:
            let values = chart.series.flatMap(\.values)
            return (values.min() ?? 0, values.max() ?? 0)
        }
    }

    /// Each category's total over the series, exact.
    var totals: [Decimal] {
        chart.categories.indices.map { index in chart.series.reduce(Decimal(0)) { $0 + $1.values[index] } }
    }

    /// The angle the category labels stand at under `plot`: 0 when level ones fit side by side (each printed one
    /// its width and a gap, shared by the `every` categories it stands for), else with `labels.rotate` 45° when
    /// turned lines stay a gap apart there, else 90°.
    /// - Throws: `ChartError` `.tooManyCategories` when they fit at no angle allowed, or the values or bars do not
    ///   fit (`checkRoom`).
    func labelTurn(_ plot: Plot) throws(ChartError) -> Double {
        let gap = chart.size * 0.5
        let every = Double(chart.labels?.every ?? 1)
        let widest = Self.widest(printedCategories, measure: width) ?? ("", 0)
        let level = (
            (widest.width + gap) / every, "its label \"\(widest.text)\" is \(ChartError.points(widest.width)) pt wide"
        )
        guard chart.labels?.rotate == true else {
            try checkRoom(plot, label: level)
            return 0
        }
        try checkRoom(plot, label: nil)
        if plot.slot >= level.0 { return 0 }
        let upright = (lineHeight + gap) / every
        if plot.slot * sin(.pi / 4) >= upright { return 45 }
        if plot.slot >= upright { return 90 }
        throw error(
            .tooManyCategories(
                count: chart.categories.count, fits: Int(roundedClamping: plot.frame.width / upright, .towardZero),
                needed: upright,
                available: plot.frame.width,
                cause: "even turned 90° each printed label is a line \(ChartError.points(lineHeight)) pt tall"))
    }

    /// Refuses more categories than the plot's width has room for: each needs `label` (its level label's width
    /// and gap, with its cause), its value labels' width and bars of the minimum width.
    func checkRoom(_ plot: Plot, label: (Double, String)?) throws(ChartError) {
        let seriesCount = Double(chart.series.count)
        var needs: [(Double, String)] = label.map { [$0] } ?? []
        if chart.printsValues {
            // Value labels sit closer than category labels: they are centred on bars with gaps of their own.
            let gap = chart.size * 0.25
            let texts = (chart.style == .stacked ? totals : chart.series.flatMap(\.values)).map(ChartNumber.text)
            if let widest = Self.widest(texts, measure: width) {
                let side = chart.style == .bar ? seriesCount / Self.groupShare : 1
                needs.append(
                    (
                        (widest.width + gap) * side,
                        "the value label \"\(widest.text)\" is \(ChartError.points(widest.width)) pt wide"
                    ))
            }
        }
        let minimum = Drawing.Command.Chart.minimumBarWidth
        switch chart.style {
        case .bar:
            needs.append(
                (minimum * seriesCount / Self.groupShare, "bars are at least \(ChartError.points(minimum)) pt wide"))
        case .stacked:
            needs.append((minimum / Self.stackShare, "bars are at least \(ChartError.points(minimum)) pt wide"))
        default:
            needs.append((minimum, "points at least \(ChartError.points(minimum)) pt apart"))
        }
        guard let (needed, cause) = needs.max(by: { $0.0 < $1.0 }), plot.slot < needed else { return }
        throw error(
            .tooManyCategories(
                count: chart.categories.count, fits: Int(roundedClamping: plot.frame.width / needed, .towardZero),
                needed: needed,
                available: plot.frame.width, cause: cause))
    }

    /// The widest of `texts` and its width, each measured once.
    static func widest(_ texts: [String], measure: (String) -> Double) -> (text: String, width: Double)? {
        texts.map { ($0, measure($0)) }.max { $0.1 < $1.1 }
    }

    /// Side-by-side bars, each series in its colour, its value above it.
    mutating func drawBars(_ plot: Plot) {
        let barWidth = plot.slot * Self.groupShare / Double(chart.series.count)
        for index in chart.categories.indices {
            let left = plot.x(index) + plot.slot * (1 - Self.groupShare) / 2
            for (number, series) in chart.series.enumerated() {
                let value = series.values[index]
                let x = left + Double(number) * barWidth
                let top = plot.y(value)
                fill(Rect(x: x, y: top, width: barWidth, height: plot.y(0) - top), chart.colors[number])
                if chart.printsValues {
                    let text = ChartNumber.text(value)
                    label(
                        text, x: x + barWidth / 2, top: top - lineHeight - 1, anchor: .center,
                        name: valueName(text, series: series.name, category: index))
                }
            }
        }
    }

    /// One bar per category, the series stacked from the bottom; each segment's value inside it when it fits
    /// there, the total above.
    mutating func drawStacks(_ plot: Plot) {
        let barWidth = plot.slot * Self.stackShare
        for (index, total) in totals.enumerated() {
            let x = plot.x(index) + plot.slot * (1 - Self.stackShare) / 2
            var base = Decimal(0)
            for (number, series) in chart.series.enumerated() {
                let value = series.values[index]
                let bottom = plot.y(base)
                base += value
                let top = plot.y(base)
                fill(Rect(x: x, y: top, width: barWidth, height: bottom - top), chart.colors[number])
                let text = ChartNumber.text(value)
                if chart.printsValues, !value.isZero, bottom - top >= lineHeight + 2, width(text) + 2 <= barWidth {
                    label(
                        text, x: x + barWidth / 2, top: (top + bottom - lineHeight) / 2, anchor: .center,
                        name: valueName(text, series: series.name, category: index),
                        color: Self.contrasting(chart.colors[number]))
                }
            }
            if chart.printsValues {
                let text = ChartNumber.text(total)
                label(
                    text, x: x + barWidth / 2, top: plot.y(total) - lineHeight - 1, anchor: .center,
                    name: valueName(text, series: nil, category: index))
            }
        }
    }

    /// One polyline per series through its values at the slots' centres, a dot on each value, and the values
    /// above the dots when printed.
    mutating func drawLines(_ plot: Plot) {
        let dot = 4.0
        for (number, series) in chart.series.enumerated() {
            let color = chart.colors[number]
            let points = series.values.enumerated().map { index, value in
                Point(x: plot.x(index) + plot.slot / 2, y: plot.y(value))
            }
            if points.count > 1 {
                let elements = [.move(points[0])] + points.dropFirst().map { Drawing.Command.Path.Element.line($0) }
                commands.append(
                    .path(.init(elements: elements, paint: .stroke, lineWidth: 1.5, stroke: color, fill: color)))
            }
            for (index, point) in points.enumerated() {
                commands.append(
                    .ellipse(
                        .init(
                            rect: Rect(x: point.x - dot / 2, y: point.y - dot / 2, width: dot, height: dot),
                            paint: .fill, lineWidth: 0, stroke: color, fill: color)))
                if chart.printsValues {
                    let text = ChartNumber.text(series.values[index])
                    label(
                        text, x: point.x, top: point.y - dot / 2 - lineHeight - 1, anchor: .center,
                        name: valueName(text, series: series.name, category: index))
                }
            }
        }
    }
}
