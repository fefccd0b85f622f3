import Charts
import DrawingModule
import Expressions
import Foundation
import Support

extension Template {
    /// The chart command of a `chart:` element with `scope`: one category per item of its `rows`, each series'
    /// value read from the item as an exact decimal. Laid out here too when `options.fonts` is set, so a chart
    /// that does not fit its box fails with the template's line rather than at rendering.
    /// - Throws: `TemplateError` for a list over `chart-categories`, a value that is no number (naming the row and
    ///   the field), data no chart can show (a negative bar, no rows) and, with fonts, a box it does not fit.
    func chartCommand(
        _ element: TemplateElement.Chart, scope: TemplateScope, base: Point, options: TemplateRenderOptions,
        budget: inout ElementBudget
    ) throws(TemplateError) -> Drawing.Command.Chart {
        let items = try items(element.rows, scope: scope, mark: element.mark)
        guard items.count <= limits.chartCategories else {
            throw TemplateError(
                file: file, line: element.mark?.line, column: element.mark?.column,
                reason: .limit(
                    LimitExceeded(
                        limit: "chart-categories", what: "`\(element.rows.source)` gives the chart",
                        value: items.count, maximum: limits.chartCategories, unit: "categories")))
        }
        try budget.add(1 + items.count * element.series.count, file: file, mark: element.mark)
        var command = element.command
        command.rect = Rect(
            origin: Point(x: command.rect.x + base.x, y: command.rect.y + base.y), size: command.rect.size)
        command.valueTitle = try element.valueTitle.map { title throws(TemplateError) in try text(title, scope: scope) }
        command.series = try element.series.map { series throws(TemplateError) in
            .init(name: try text(series.name, scope: scope), values: [])
        }
        var labelPieces: [(field: String?, text: String)] = []
        for (index, item) in items.enumerated() {
            let inner = scope.adding([
                element.variable: item, "loop": Self.loopRecord(index, count: items.count)
            ])
            do throws(TemplateError) {
                let pieces = try pieces(element.label.text, scope: inner, mark: element.label.mark)
                labelPieces += pieces
                command.categories.append(pieces.map(\.text).joined())
                for (number, series) in element.series.enumerated() {
                    command.series[number].values.append(
                        try value(series, name: command.series[number].name, scope: inner))
                }
            } catch {
                throw error.inRow(index + 1, of: element.rows.source)
            }
        }
        try checkTotals(command, element)
        do {
            try ChartLayout.check(command)
            if let fonts = options.fonts {
                let names: [(field: String?, text: String)] = command.series.map { (nil, $0.name) }
                try checkCoverage(
                    labelPieces + names + [(nil, command.valueTitle ?? "")], font: command.font, mark: element.mark,
                    fonts: fonts)
                _ = try ChartLayout(command, fonts: fonts)
            }
        } catch let failure as ChartError {
            var error = TemplateError(
                file: file, line: element.mark?.line, column: element.mark?.column,
                reason: .chart(
                    failure, field: failure.category == nil ? nil : valueField(element, command, failure.series)))
            if let category = failure.category { error = error.inRow(category + 1, of: element.rows.source) }
            throw error
        } catch let failure as TemplateError {
            throw failure
        } catch {
            throw TemplateError(
                file: file, line: element.mark?.line, column: element.mark?.column,
                reason: .layout(problem: "\(error)"))
        }
        return command
    }

    /// Refuses a chart whose totals the Charts module adds up would need more significant digits than
    /// `NumberText.maximumDigits` — a stacked bar's per category, a pie's over every category — so no total is
    /// drawn or printed rounded.
    /// - Throws: `TemplateError` naming the row whose value the total cannot hold.
    private func checkTotals(_ command: Drawing.Command.Chart, _ element: TemplateElement.Chart) throws(TemplateError) {
        func refuse(_ row: Int, _ error: NumberText.Inexact) -> TemplateError {
            TemplateError(
                file: file, line: element.mark?.line, column: element.mark?.column,
                reason: .layout(
                    problem: "the chart's total \(error.operation) needs more than \(NumberText.maximumDigits) "
                        + "significant digits, and totals are exact or refused, never rounded; give the values in "
                        + "larger units", kind: .badData)
            ).inRow(row, of: element.rows.source)
        }
        switch command.style {
        case .stacked:
            for index in command.categories.indices {
                var total = Decimal(0)
                for series in command.series {
                    do {
                        total = try NumberText.exactly(total, "+", series.values[index])
                    } catch {
                        throw refuse(index + 1, error)
                    }
                }
            }
        case .pie:
            for series in command.series {
                var total = Decimal(0)
                for (index, value) in series.values.enumerated() {
                    do {
                        total = try NumberText.exactly(total, "+", value)
                    } catch {
                        throw refuse(index + 1, error)
                    }
                }
            }
        default:
            break
        }
    }

    /// The value of `series` for one row: its text read as a decimal number (`1200`, `12.5`, `1,200`, `¥1,200`).
    private func value(
        _ series: TemplateElement.Chart.Series, name: String, scope: TemplateScope
    ) throws(TemplateError) -> Decimal {
        let text = try pieces(series.value.text, scope: scope, mark: series.value.mark).map(\.text).joined()
        guard let number = TemplateValue.number(reading: text) else {
            let field = Self.fields(series.value.text)
            throw TemplateError(
                file: file, line: series.value.mark?.line, column: series.value.mark?.column,
                reason: .badValue(
                    key: "value", value: text.isEmpty ? "empty" : "the text \"\(text)\"",
                    expected: "series \"\(name)\" charts numbers"
                        + (field.isEmpty ? "" : ", and {{\(field)}} gave none") + "; give a number such as 1200 or 12.5"
                ))
        }
        return number
    }

    /// The names the value template of the series named `name` in `command` reads (`row.売上`), for messages.
    private func valueField(
        _ element: TemplateElement.Chart, _ command: Drawing.Command.Chart, _ name: String?
    ) -> String? {
        guard let index = command.series.firstIndex(where: { $0.name == name }) else { return nil }
        let fields = Self.fields(element.series[index].value.text)
        return fields.isEmpty ? nil : fields
    }

    /// What the expressions of `text` show, as errors call them (`row.売上`).
    private static func fields(_ text: TextTemplate) -> String {
        text.segments.compactMap { segment in
            if case .expression(let expression) = segment { expression.field } else { nil }
        }.joined(separator: ", ")
    }
}
