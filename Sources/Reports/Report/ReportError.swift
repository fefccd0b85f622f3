import DrawingModule
import Fonts
import Foundation
import Support

/// Why a report could not be laid out: what failed, where in the report, and how to fix it.
public enum ReportError: Error, Hashable, Sendable {
    /// A logical font name is unknown or its file cannot be opened (`reason` is the Fonts module's message).
    case font(name: String, reason: String)
    /// A text holds a character no font of its font's fallback chain has a glyph for (the record names every font
    /// tried); drawing it would show an empty box.
    case missingGlyph(MissingGlyph, text: String, location: String)
    /// A palette role the layout needs is not in the style's palette.
    case unknownRole(role: String, known: [String])
    /// An image's bytes are not a PNG whose size can be read.
    case invalidImage(location: String, reason: String)
    /// A table row's cells, each counted by its span, do not cover the table's columns exactly (`cells` is the
    /// number covered).
    case rowShape(table: Int, row: Int, cells: Int, columns: Int)
    /// A table's fixed column widths alone are wider than the page body.
    case columnsTooWide(table: Int, needed: Double, available: Double)
    /// The page setup leaves no room for content.
    case pageTooSmall(reason: String)
    /// A size or padding is not a usable number (NaN, infinite, zero or negative where it must be positive).
    case invalidNumber(what: String, value: Double, rule: String)
    /// A header or footer text needs more height than its band has, even wrapped and shrunk to `size`.
    case bandOverflow(
        band: String, item: Int, page: Int, text: String, needed: Double, available: Double,
        size: Double)
    /// The header or footer of page `page` could not be made (the message of what failed).
    case band(page: Int, reason: String)
    /// The layout went over a budget (`Report.deadline`).
    case limit(LimitExceeded)
    /// The table of contents' page numbers kept moving headings to other pages after `passes` layouts.
    case contentsUnsettled(passes: Int)
    /// A chart is taller than a page's body, so no page can hold it whole (`location` names it: `chart 2`, the
    /// flow's charts counted from 1; heights in points).
    case chartTooTall(location: String, height: Double, available: Double)
    /// Page `page` was laid out but whoever takes the pages one at a time (`Report.layout(fonts:bands:pages:)`)
    /// could not draw or write it; that call throws the taker's own error, this names the page it stopped at.
    case output(page: Int, reason: String)
}

extension ReportError: CustomStringConvertible, LocalizedError {
    /// What failed, where, and how to fix it.
    public var description: String {
        switch self {
        case .font(let name, let reason):
            return "cannot lay out the report: font \"\(name)\": \(reason)"
        case .missingGlyph(let missing, let text, let location):
            let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
            return "cannot lay out the report: \(location): \(missing.problem) in \"\(shown)\". Fix: \(missing.fix)"
        case .unknownRole(let role, let known):
            return "cannot lay out the report: the palette has no role \"\(role)\" (it has: "
                + known.joined(separator: ", ") + "). Fix: add a slot with that role to the style's palette"
        case .invalidImage(let location, let reason):
            return ErrorText.wrapping(
                "cannot lay out the report: \(location)", reason,
                fix: "give the bytes of a valid PNG file")
        case .invalidNumber(let what, let value, let rule):
            return
                "cannot lay out the report: \(what) is \(value); it must be \(rule). Fix: give a number in that range"
        case .rowShape(let table, let row, let cells, let columns):
            return "cannot lay out the report: table \(table), row \(row) (footer rows counted after the body) has "
                + "cells covering \(cells) columns but the table has \(columns). Fix: give every row cells that cover "
                + "each column once (a cell's span counts the columns it covers)"
        case .columnsTooWide(let table, let needed, let available):
            return "cannot lay out the report: table \(table)'s fixed columns need \(format(needed)) pt but the page "
                + "body is \(format(available)) pt wide. Fix: narrow the fixed columns or widen the page or margins"
        case .bandOverflow(let band, let item, let page, let text, let needed, let available, let size):
            return
                "cannot lay out the report: \(band) item \(item) on page \(page), text \"\(ErrorText.excerpt(text))\", needs "
                + "\(format(needed)) pt of height at \(format(size)) pt but the \(band) has \(format(available)) pt "
                + "(\(format(needed - available)) pt too tall). Fix: shorten the \(band) or make the page's margin larger"
        case .pageTooSmall(let reason):
            return "cannot lay out the report: \(reason). Fix: use a larger page or smaller margins"
        case .band(let page, let reason):
            return "cannot make the header or footer of page \(page): \(reason)"
        case .chartTooTall(let location, let height, let available):
            return "cannot lay out the report: \(location) is \(Self.points(height)) tall, but a page's body holds "
                + "\(Self.points(available)); a chart is never cut across pages. Fix: give it a height of at most "
                + "\(Self.points(available)), or smaller margins"
        case .contentsUnsettled(let passes):
            return "cannot lay out the report: after \(passes) layouts the table of contents' page numbers still "
                + "move headings to other pages. Fix: put the table of contents on pages of its own (a pageBreak "
                + "after it)"
        case .limit(let limit):
            return "cannot lay out the report: \(limit.description)"
        case .output(let page, let reason):
            return "cannot write page \(page) of the report: \(reason)"
        }
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }

    private func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}

extension ReportError {
    /// `212.6 pt (75.0 mm)`: a length as both units.
    fileprivate static func points(_ value: Double) -> String {
        String(format: "%.1f pt (%.1f mm)", value, value / 72 * 25.4)
    }
}

extension ReportError: Problem {
    /// `doesNotFit` for columns, bands, charts or pages without room; `missingGlyph`; `notFound` for a font;
    /// `badData` for an image or a row that cannot be used; `badTemplate` for the report's own roles and numbers;
    /// the budget's kind for a limit.
    public var kind: ProblemKind {
        switch self {
        case .font: .notFound
        case .missingGlyph: .missingGlyph
        case .invalidImage, .rowShape: .badData
        case .columnsTooWide, .pageTooSmall, .bandOverflow, .contentsUnsettled, .chartTooTall: .doesNotFit
        case .unknownRole, .invalidNumber, .band: .badTemplate
        case .limit(let exceeded): exceeded.kind
        case .output: .io
        }
    }

    /// The budget the layout went over.
    public var limitExceeded: LimitExceeded? {
        if case .limit(let exceeded) = self { exceeded } else { nil }
    }
}
