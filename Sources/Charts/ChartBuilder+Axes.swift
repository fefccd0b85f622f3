import DrawingModule
import Foundation

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
        let plotBottom = box.maxY - lineHeight - Self.tick - 1
        guard plotBottom - plotTop >= 2 * lineHeight else {
            throw error(
                .tooSmall(
                    needed: Size(width: box.width, height: box.height + 2 * lineHeight - (plotBottom - plotTop)),
                    reason: "the plot would be \(ChartError.points(max(0, plotBottom - plotTop))) pt tall once the "
                        + "legend and labels are placed, less than two lines of labels"))
        }
        let (low, high) = range()
        let maximumTicks = min(10, max(1, Int((plotBottom - plotTop) / (lineHeight * 1.8))))
        let axis = ValueAxis(low: low, high: high, maximumTicks: maximumTicks)
        let tickTexts = axis.ticks.map(ChartNumber.text)
        let plotLeft = box.x + (tickTexts.map(width).max() ?? 0) + 2 * Self.tick
        let plotWidth = box.maxX - plotLeft
        var plot = Plot(
            frame: Rect(x: plotLeft, y: plotTop, width: plotWidth, height: plotBottom - plotTop), axis: axis, slot: 0)
        plot.slot = plotWidth / Double(chart.categories.count)
        try checkRoom(plot)
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
        for (index, category) in chart.categories.enumerated() {
            label(
                category, x: plot.x(index) + plot.slot / 2, top: plot.frame.maxY + Self.tick, anchor: .center,
                name: "category \"\(category)\"")
        }
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

    /// Refuses more categories than the plot's width has room for: each needs its label's width, its value
    /// labels' and bars of the minimum width.
    func checkRoom(_ plot: Plot) throws(ChartError) {
        let gap = chart.size * 0.5
        let seriesCount = Double(chart.series.count)
        var needs: [(Double, String)] = []
        if let widest = Self.widest(chart.categories, measure: width) {
            needs.append(
                (widest.width + gap, "its label \"\(widest.text)\" is \(ChartError.points(widest.width)) pt wide"))
        }
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
                count: chart.categories.count, fits: Int(plot.frame.width / needed), needed: needed,
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
