import DrawingModule
import Foundation
import Support

/// Why a chart cannot be drawn: its data (a negative bar, NaN, a missing value), its colours, or its box (more
/// categories than fit, labels that would overlap) — with the series and category at fault, and how to fix it.
///
/// Categories are counted from 0 here; the Documents module adds the data record they came from.
public struct ChartError: Error, Hashable, Sendable {
    /// What is wrong.
    public enum Reason: Hashable, Sendable {
        /// The chart has no categories or no series (`what` says which).
        case empty(what: String)
        /// A series holds `count` values for `categories` categories.
        case valueCount(series: String, count: Int, categories: Int)
        /// A value is NaN.
        case notANumber(series: String, category: Int)
        /// A value beyond ±10³⁰, larger than any axis is drawn for.
        case outOfRange(series: String, category: Int, value: Decimal)
        /// A bar, stacked bar or pie value below zero.
        case negative(series: String, category: Int, value: Decimal)
        /// A pie given other than one series.
        case pieSeries(count: Int)
        /// A pie whose values are all zero.
        case zeroTotal
        /// Fewer colours than series (or than a pie's categories).
        case tooFewColors(needed: Int, given: Int)
        /// The categories need `needed` points each of the `available` (the plot's width, or the ring of a pie's
        /// labels): `fits` categories would fit. `cause` says what needs the room (a label, bars of the minimum
        /// width).
        case tooManyCategories(count: Int, fits: Int, needed: Double, available: Double, cause: String)
        /// Two labels would print over each other (pie wedges too thin, line values too close).
        case overlap(first: String, second: String)
        /// The box leaves no room for the plot once the legend, labels and axis are placed: what needs more.
        case tooSmall(needed: Size, reason: String)
        /// The font cannot be opened (the Fonts module's message).
        case font(name: String, reason: String)
        /// A number of the command no layout can use (`member` names it).
        case invalid(member: String, reason: String)
    }

    /// The chart's style.
    public var style: Drawing.Command.Chart.Style
    /// The category labels, for naming a category in messages.
    public var categories: [String]
    /// What is wrong.
    public var reason: Reason

    /// Creates the error.
    public init(style: Drawing.Command.Chart.Style, categories: [String], reason: Reason) {
        self.style = style
        self.categories = categories
        self.reason = reason
    }

    /// The category index a value problem is at, if the reason has one.
    public var category: Int? {
        switch reason {
        case .notANumber(_, let category), .outOfRange(_, let category, _), .negative(_, let category, _): category
        default: nil
        }
    }

    /// The series a value problem is in, if the reason has one.
    public var series: String? {
        switch reason {
        case .notANumber(let series, _), .outOfRange(let series, _, _), .negative(let series, _, _),
            .valueCount(let series, _, _):
            series
        default: nil
        }
    }

    /// The problem in one sentence, without the fix.
    public var problem: String {
        let chart = "\(style.rawValue) chart"
        func at(_ series: String, _ category: Int) -> String {
            let label = categories.indices.contains(category) ? " \"\(categories[category])\"" : ""
            return "series \"\(series)\", category \(category + 1)\(label)"
        }
        switch reason {
        case .empty(let what):
            return "\(chart) has no \(what)"
        case .valueCount(let series, let count, let categories):
            return "\(chart): series \"\(series)\" has \(count) values for \(categories) categories"
        case .notANumber(let series, let category):
            return "\(chart): \(at(series, category)) is NaN, not a number"
        case .outOfRange(let series, let category, let value):
            return "\(chart): \(at(series, category)) is \(ChartNumber.text(value)), beyond ±10^30"
        case .negative(let series, let category, let value):
            return "\(chart): \(at(series, category)) is \(ChartNumber.text(value)); a \(style.rawValue) chart "
                + "draws values of 0 or more"
        case .pieSeries(let count):
            return "pie chart has \(count) series; a pie draws exactly one"
        case .zeroTotal:
            return "pie chart: every value is 0, so there is no circle to divide"
        case .tooFewColors(let needed, let given):
            return "\(chart) needs \(needed) colours (one per \(style == .pie ? "category" : "series")) but has "
                + "\(given)"
        case .tooManyCategories(let count, let fits, let needed, let available, let cause):
            return "\(chart) has \(count) categories but only \(fits) fit: each needs \(Self.points(needed)) pt of "
                + "the \(Self.points(available)) pt there are (\(cause))"
        case .overlap(let first, let second):
            return "\(chart): the labels \(first) and \(second) would print over each other"
        case .tooSmall(let needed, let reason):
            return "\(chart) box is too small: \(reason) (needs at least \(Self.points(needed.width)) × "
                + "\(Self.points(needed.height)) pt)"
        case .font(let name, let reason):
            return "\(chart): font \"\(name)\": \(reason)"
        case .invalid(let member, let reason):
            return "\(chart): \(member): \(reason)"
        }
    }

    /// What to do about it.
    public var fix: String {
        switch reason {
        case .empty: "give at least one category and one series"
        case .valueCount: "give every series one value per category"
        case .notANumber, .outOfRange: "give each value as a finite decimal number such as 12 or 0.5"
        case .negative: "draw values below zero as a line chart, or correct the data"
        case .pieSeries: "give a pie one series"
        case .zeroTotal: "give a pie at least one value above 0"
        case .tooFewColors: "name one more colour role for each series (or each pie category)"
        case .tooManyCategories(_, let fits, _, _, _):
            "show at most \(fits) categories (group the rest), widen the box, shorten the labels or lower the "
                + "font size"
        case .overlap: "enlarge the box, lower the font size, or turn value labels off (values: false)"
        case .tooSmall: "enlarge the box or lower the font size"
        case .font: "install the font (scripts/setup) or name a font from Fonts/fonts.json"
        case .invalid: "give finite sizes greater than 0"
        }
    }

    static func points(_ value: Double) -> String { ErrorText.points(value) }
}

extension ChartError: CustomStringConvertible {
    /// The problem and its fix.
    public var description: String { "\(problem). Fix: \(fix)" }
}

extension ChartError: Problem {
    /// `badData` for values a chart cannot draw, `doesNotFit` for categories, labels or a plot without room,
    /// `notFound` for a font that cannot be opened, `badTemplate` for colours or numbers of the chart itself.
    public var kind: ProblemKind {
        switch reason {
        case .empty, .valueCount, .notANumber, .outOfRange, .negative, .pieSeries, .zeroTotal: .badData
        case .tooManyCategories, .overlap, .tooSmall: .doesNotFit
        case .font: .notFound
        case .tooFewColors, .invalid: .badTemplate
        }
    }
}
