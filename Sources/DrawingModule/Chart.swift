import Foundation

extension Drawing.Command {
    /// A bar, stacked bar, line or pie chart of exact decimal values, drawn into a rectangle with its axis, value
    /// labels and legend.
    ///
    /// A description only, like ``Barcode``: the Charts module lays it out when the drawing is rendered, into the
    /// lines, rectangles, paths and text both renderers already draw — vector graphics in the PDF and the same
    /// shapes in the PNG. Values stay `Decimal` until a shape is placed, so a label prints the value as given
    /// (`0.3`, never `0.30000000000000004`) and the value axis steps by round numbers (1, 2 or 5 times a power of ten).
    ///
    /// Categories that do not fit the rectangle (their labels would overlap, or bars would be thinner than
    /// ``minimumBarWidth``) are an error naming how many fit, never a silent squeeze, unless ``labels`` states a
    /// policy for crowded labels (turned, or every N-th printed).
    public struct Chart: Codable, Hashable, Sendable {
        /// Which chart; `style` in JSON, as `kind` names the command.
        public enum Style: String, Codable, Hashable, Sendable, CaseIterable {
            /// One bar per series in each category, side by side, from zero up.
            case bar
            /// One bar per category, the series stacked on each other; the total printed above.
            case stacked
            /// One line per series through its value in each category.
            case line
            /// One circle of the first series, a wedge per category, clockwise from 12 o'clock.
            case pie
        }

        /// A named row of values, one per category.
        public struct Series: Codable, Hashable, Sendable {
            /// The name the legend shows.
            public var name: String
            /// One value per category, in the categories' order.
            public var values: [Decimal]

            /// Creates a series.
            public init(name: String, values: [Decimal]) {
                self.name = name
                self.values = values
            }
        }

        /// The narrowest bar drawn, in points: categories that would make bars thinner are refused.
        public static let minimumBarWidth = 4.0

        /// Which chart.
        public var style: Style
        /// The rectangle the whole chart (legend, axis, labels) is drawn in.
        public var rect: Rect
        /// The category labels: along the bottom axis, or the pie's wedges in the legend.
        public var categories: [String]
        /// The series; a pie draws exactly one.
        public var series: [Series]
        /// The fill colours in order: series *i* (bar, stacked, line) or wedge *i* (pie) takes colour *i*.
        public var colors: [Color]
        /// The colour of text, axes and tick marks.
        public var textColor: Color
        /// The logical font of every label.
        public var font: String
        /// The font size of the labels in points.
        public var size: Double
        /// True draws the legend (series names, or for a pie the categories) above the chart.
        public var legend: Bool
        /// True prints each value (above its bar or point, beside its wedge); nil means true except for line
        /// charts.
        public var values: Bool?
        /// A title over the value axis (`売上（千円）`), or nil.
        public var valueTitle: String?
        /// The slot the text colour came from, for messages only.
        public var slot: SlotRef?
        /// What a bar, stacked or line chart does when its category labels do not fit side by side; nil (and
        /// ``CategoryLabels/level``) refuses the chart, saying how many categories fit.
        public var labels: CategoryLabels?

        /// Creates a chart command.
        public init(
            style: Style, rect: Rect, categories: [String], series: [Series], colors: [Color], textColor: Color,
            font: String = "gothic", size: Double = 9, legend: Bool = true, values: Bool? = nil,
            valueTitle: String? = nil, slot: SlotRef? = nil, labels: CategoryLabels? = nil
        ) {
            self.style = style
            self.rect = rect
            self.categories = categories
            self.series = series
            self.colors = colors
            self.textColor = textColor
            self.font = font
            self.size = size
            self.legend = legend
            self.values = values
            self.valueTitle = valueTitle
            self.slot = slot
            self.labels = labels
        }

        /// Whether values are printed: `values`, or by default everywhere but on line charts.
        public var printsValues: Bool { values ?? (style != .line) }
    }
}

extension Drawing.Command.Chart {
    /// The stated policy for category labels too many to stand level side by side under a bar, stacked or line
    /// chart: turned, thinned out, or both. Without one, such a chart is an error saying how many categories fit.
    public struct CategoryLabels: Codable, Hashable, Sendable {
        /// True turns the labels, when they do not fit level, to 45° (rising to the right, each ending under its
        /// category), or to 90° when at 45° the lines would still touch; the plot gives up the height they take.
        public var rotate: Bool
        /// Prints the label of the first category and every `every`-th after it (1 prints every label); the
        /// categories all keep their bars, points and values.
        public var every: Int

        /// No turning, every label: level labels or an error.
        public static let level = CategoryLabels()

        /// The largest `every`.
        public static let largestEvery = 1_000

        /// Creates a policy.
        public init(rotate: Bool = false, every: Int = 1) {
            self.rotate = rotate
            self.every = every
        }

        private enum CodingKeys: String, CodingKey { case rotate, every }

        /// Reads a policy; either member may be left out (`{"rotate": true}`).
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            rotate = try c.decodeIfPresent(Bool.self, forKey: .rotate) ?? false
            every = try c.decodeIfPresent(Int.self, forKey: .every) ?? 1
        }
    }
}

extension Drawing.Command.Chart {
    /// What the chart shows, in words, for a reader who cannot see it: a tagged PDF's `/Alt` of the chart's figure
    /// when the template gives no `alt:` of its own. Generated from the data (the kind of chart, its value title,
    /// then each category with each series' value as the data writes it), so it says what the bars say.
    public var description: String {
        let kind: String =
            switch style {
            case .bar: "Bar chart"
            case .stacked: "Stacked bar chart"
            case .line: "Line chart"
            case .pie: "Pie chart"
            }
        let title = valueTitle.map { "\(kind), \($0)" } ?? kind
        let shown = style == .pie ? Array(series.prefix(1)) : series
        let rows = categories.enumerated().map { index, category -> String in
            let values = shown.map { series -> String in
                let value = index < series.values.count ? "\(series.values[index])" : "-"
                return shown.count > 1 || !series.name.isEmpty ? "\(series.name) \(value)" : value
            }
            return "\(category): " + values.joined(separator: ", ")
        }
        return title + ". " + rows.joined(separator: "; ")
    }
}
