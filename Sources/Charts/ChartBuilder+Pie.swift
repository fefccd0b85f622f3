import DrawingModule
import Foundation
import Support

extension ChartBuilder {
    /// Draws a pie: the legend of categories, then one wedge per category clockwise from 12 o'clock, each value
    /// printed just outside its wedge. A category of 0 has no wedge and no label, only its legend entry.
    mutating func drawPie() throws(ChartError) {
        let box = chart.rect
        let values = chart.series[0].values
        var top = box.y
        if chart.legend {
            top += try drawLegend(zip(chart.categories, chart.colors).map { ($0, $1) }) + lineHeight * 0.25
        }
        let area = Rect(x: box.x, y: top, width: box.width, height: box.maxY - top)
        let texts = values.map(ChartNumber.text)
        let gap = 3.0
        let labelWidth = chart.printsValues ? (texts.map(width).max() ?? 0) + gap + 1 : 0
        let labelHeight = chart.printsValues ? lineHeight + gap + 1 : 0
        let radius = min(area.width - 2 * labelWidth, area.height - 2 * labelHeight) / 2
        let smallest = 2 * lineHeight
        guard radius >= smallest else {
            throw error(
                .tooSmall(
                    needed: Size(
                        width: box.width + max(0, 2 * (smallest - radius)),
                        height: box.height + max(0, 2 * (smallest - radius))),
                    reason: "the circle would have a radius of \(ChartError.points(max(0, radius))) pt once the "
                        + "legend and labels are placed, less than two lines of labels"))
        }
        if chart.printsValues {
            // Around the ring the labels stand on, each needs at least a line's height.
            let ring = 2 * .pi * (radius + gap)
            let printed = values.filter { !$0.isZero }.count
            if Double(printed) * lineHeight > ring {
                throw error(
                    .tooManyCategories(
                        count: chart.categories.count, fits: Int(roundedClamping: ring / lineHeight, .towardZero),
                        needed: lineHeight,
                        available: ring, cause: "a line of label each around the circle"))
            }
        }
        let center = area.center
        let total = values.reduce(Decimal(0), +)
        var before = Decimal(0)
        for (index, value) in values.enumerated() where !value.isZero {
            let start = ValueAxis.double(before / total) * 360
            before += value
            let end = ValueAxis.double(before / total) * 360
            let rim = Drawing.Command.Path.Element.point(on: center, radius: radius, degrees: start)
            // A wedge from the centre; a single value is the whole circle, without a seam to the centre.
            let elements: [Drawing.Command.Path.Element] =
                (value == total ? [.move(rim)] : [.move(center), .line(rim)])
                + Drawing.Command.Path.Element.arc(center: center, radius: radius, from: start, to: end) + [.close]
            commands.append(
                .path(
                    .init(elements: elements, paint: .both, lineWidth: 0.75, stroke: .white, fill: chart.colors[index]))
            )
            guard chart.printsValues else { continue }
            let middle = (start + end) / 2 * .pi / 180
            let anchor = Drawing.Command.Path.Element.point(
                on: center, radius: radius + gap, degrees: (start + end) / 2)
            let text = texts[index]
            // Right of the circle a label starts at its anchor, left of it ends there, at the top it sits above it.
            label(
                text, x: anchor.x - width(text) * (1 - sin(middle)) / 2,
                top: anchor.y - lineHeight * (1 + cos(middle)) / 2,
                anchor: .left, name: valueName(text, series: nil, category: index))
        }
    }
}
