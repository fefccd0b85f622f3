import DrawingModule
import Fonts
import Foundation
import Typeset

/// A chart command laid out into the primitives both renderers draw — rectangles, lines, ellipses, paths and
/// one-line texts — so the PDF and the PNG show the same vector shapes.
///
/// Labels are measured with the chart's font (the widths every layout uses, `LayoutFont`), the value axis is a
/// ``ValueAxis`` of exact decimals, and every label printed is the exact decimal text of its value
/// (``ChartNumber``). What does not fit is an error, never a squeeze: more categories than the plot has room for
/// (``ChartError/Reason/tooManyCategories(count:fits:needed:available:cause:)``, with how many fit), or labels that
/// would still touch (``ChartError/Reason/overlap(first:second:)``). Category labels too many to stand level are
/// turned (45°, else 90°) or thinned out only when the chart states it (`Drawing.Command.Chart.CategoryLabels`).
///
/// Bars and columns: each category gets an equal slot of the plot's width. A bar chart's bars fill 85 % of the
/// slot side by side, a stacked bar 60 %; neither may be thinner than
/// `Drawing.Command.Chart.minimumBarWidth` (4 pt). A stacked segment's own value is printed inside it
/// when it fits there (its total is always printed above).
public struct ChartLayout: Sendable {
    /// The chart's commands in drawing order, in page coordinates.
    public let commands: [Drawing.Command]

    /// Lays out `chart` with the fonts of `fonts`.
    /// - Throws: `ChartError` for data no chart can show, too few colours, a font that cannot be opened, or a box
    ///   the chart does not fit.
    public init(_ chart: Drawing.Command.Chart, fonts: FontRegistry = .shared) throws(ChartError) {
        try Self.check(chart)
        let font: LayoutFont
        do {
            font = try LayoutFont(named: chart.font, size: chart.size, fonts: fonts)
        } catch {
            throw ChartError(
                style: chart.style, categories: chart.categories,
                reason: .font(name: chart.font, reason: error.description))
        }
        var builder = ChartBuilder(chart: chart, font: font)
        if chart.style == .pie {
            try builder.drawPie()
        } else {
            try builder.drawAxes()
        }
        try builder.checkOverlaps()
        commands = builder.commands
    }

    /// Refuses what no layout can draw, before anything is measured: a box or size that is not a finite positive
    /// number, no categories or series, a series of the wrong length, NaN, a value beyond ±10³⁰, a negative bar or
    /// wedge, a pie of other than one series or of zeros, too few colours.
    /// - Throws: `ChartError` naming the series and category at fault.
    public static func check(_ chart: Drawing.Command.Chart) throws(ChartError) {
        func fail(_ reason: ChartError.Reason) -> ChartError {
            ChartError(style: chart.style, categories: chart.categories, reason: reason)
        }
        let box = chart.rect
        for (member, value) in [("x", box.x), ("y", box.y), ("w", box.width), ("h", box.height)]
        where !value.isFinite {
            throw fail(.invalid(member: member, reason: "\(value) is not a finite number"))
        }
        guard box.width > 0, box.height > 0 else {
            throw fail(.invalid(member: "w/h", reason: "the box is \(box.width) × \(box.height) pt"))
        }
        guard chart.size.isFinite, chart.size > 0, chart.size <= 1_000 else {
            throw fail(.invalid(member: "size", reason: "the font size is \(chart.size)"))
        }
        guard !chart.categories.isEmpty else { throw fail(.empty(what: "categories")) }
        guard !chart.series.isEmpty else { throw fail(.empty(what: "series")) }
        if chart.style == .pie, chart.series.count != 1 { throw fail(.pieSeries(count: chart.series.count)) }
        let limit = Decimal(sign: .plus, exponent: 30, significand: 1)
        for series in chart.series {
            guard series.values.count == chart.categories.count else {
                throw fail(
                    .valueCount(series: series.name, count: series.values.count, categories: chart.categories.count))
            }
            for (index, value) in series.values.enumerated() {
                if value.isNaN { throw fail(.notANumber(series: series.name, category: index)) }
                if abs(value) > limit { throw fail(.outOfRange(series: series.name, category: index, value: value)) }
                if value < 0, chart.style != .line {
                    throw fail(.negative(series: series.name, category: index, value: value))
                }
            }
        }
        if chart.style == .pie, chart.series[0].values.allSatisfy(\.isZero) { throw fail(.zeroTotal) }
        if let every = chart.labels?.every, !(1...Drawing.Command.Chart.CategoryLabels.largestEvery).contains(every) {
            throw fail(
                .invalid(
                    member: "labels.every",
                    reason: "every is 1 to \(Drawing.Command.Chart.CategoryLabels.largestEvery), got \(every)"))
        }
        let needed = chart.style == .pie ? chart.categories.count : chart.series.count
        guard chart.colors.count >= needed else { throw fail(.tooFewColors(needed: needed, given: chart.colors.count)) }
    }
}

/// The commands of one chart as they are placed, and every label's box, to prove none overlap.
struct ChartBuilder {
    /// A printed label: its box and how a message names it.
    struct Label {
        var frame: Rect
        var name: String
    }

    /// Where a label is placed relative to its x.
    enum Anchor {
        case left, center, right
    }

    let chart: Drawing.Command.Chart
    let font: LayoutFont
    var commands: [Drawing.Command] = []
    var labels: [Label] = []

    init(chart: Drawing.Command.Chart, font: LayoutFont) {
        self.chart = chart
        self.font = font
    }

    /// The height of one line of labels.
    var lineHeight: Double { font.glyphHeight }

    func error(_ reason: ChartError.Reason) -> ChartError {
        ChartError(style: chart.style, categories: chart.categories, reason: reason)
    }

    /// The width `text` prints at.
    func width(_ text: String) -> Double { font.width(of: text) }

    /// Prints `text` with its line box's top at `top` and its left edge, centre or right edge at `x`.
    mutating func label(
        _ text: String, x: Double, top: Double, anchor: Anchor, name: String, color: Color? = nil
    ) {
        let width = width(text)
        let left =
            switch anchor {
            case .left: x
            case .center: x - width / 2
            case .right: x - width
            }
        commands.append(
            .text(
                .init(
                    color: color ?? chart.textColor, string: text, font: chart.font, size: chart.size,
                    origin: Point(x: left, y: top), slot: chart.slot)))
        labels.append(Label(frame: Rect(x: left, y: top, width: width, height: lineHeight), name: name))
    }

    mutating func fill(_ rect: Rect, _ color: Color) {
        commands.append(.rect(.init(rect: rect, paint: .fill, lineWidth: 0, stroke: color, fill: color)))
    }

    mutating func line(from: Point, to: Point, width: Double, color: Color) {
        commands.append(.line(.init(color: color, width: width, from: from, to: to)))
    }

    /// Draws the legend — a colour swatch and a name per entry, in rows as wide as the box — at the box's top and
    /// returns its height.
    mutating func drawLegend(_ entries: [(name: String, color: Color)]) throws(ChartError) -> Double {
        let box = chart.rect
        // Swatches on whole points: small squares whose edges land on pixel edges at whole scales look the same in
        // every rasteriser (poppler snaps small fills to pixels, cairo anti-aliases them).
        let swatch = max(1, (chart.size * 0.8).rounded())
        let gap = chart.size * 0.3
        let spacing = chart.size
        let rowHeight = lineHeight * 1.25
        var x = box.x
        var top = box.y
        for entry in entries {
            let entryWidth = swatch + gap + width(entry.name)
            guard entryWidth <= box.width else {
                throw error(
                    .tooSmall(
                        needed: Size(width: entryWidth, height: box.height),
                        reason: "the legend entry \"\(entry.name)\" is \(ChartError.points(entryWidth)) pt wide"))
            }
            if x > box.x, x + entryWidth > box.maxX {
                x = box.x
                top += rowHeight
            }
            fill(
                Rect(x: x.rounded(), y: (top + (lineHeight - swatch) / 2).rounded(), width: swatch, height: swatch),
                entry.color)
            label(entry.name, x: x + swatch + gap, top: top, anchor: .left, name: "legend \"\(entry.name)\"")
            x += entryWidth + spacing
        }
        return top + rowHeight - box.y
    }

    /// Refuses labels that would print over each other, naming the first two found.
    func checkOverlaps() throws(ChartError) {
        let sorted = labels.sorted { $0.frame.x < $1.frame.x }
        let slack = 0.01
        for (index, first) in sorted.enumerated() {
            for second in sorted[(index + 1)...] {
                guard second.frame.x < first.frame.maxX - slack else { break }
                if second.frame.y < first.frame.maxY - slack, first.frame.y < second.frame.maxY - slack {
                    throw error(.overlap(first: first.name, second: second.name))
                }
            }
        }
    }

    /// How a value label names its value in messages: `"12.5" (series 売上, category 4月)`.
    func valueName(_ text: String, series: String?, category: Int) -> String {
        "\"\(text)\" (" + (series.map { "series \($0), " } ?? "") + "category \(chart.categories[category]))"
    }

    /// A colour a fifth as strong as `color` over white: grid lines that stay behind the data.
    static func tint(_ color: Color) -> Color {
        Color(
            red: 1 - 0.2 * (1 - color.red), green: 1 - 0.2 * (1 - color.green), blue: 1 - 0.2 * (1 - color.blue))
    }

    /// Black or white, whichever reads better on `color`.
    static func contrasting(_ color: Color) -> Color {
        0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue > 0.5 ? .black : .white
    }
}
