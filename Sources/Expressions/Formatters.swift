import Foundation

/// The template language's filters as Swift functions, so code that prepares data formats money, numbers and dates
/// exactly as a template would (`{{ total | yen }}`, `{{ issued | wareki }}`).
///
/// Each runs the same filter a template runs and throws the same errors: `yen` refuses a value with decimals until
/// it is rounded, `round` names its modes, `wareki` and `date` read dates as offices write them.
public enum Formatters {
    /// Any filter by name (`"yen"`, `"number"`, `"round"`, `"wareki"`, `"date"`, `"pad"` …) applied to `value`
    /// with `arguments`, as `{{ value | name(arguments) }}` would.
    /// - Throws: `ExpressionError` for an unknown filter or a value or argument the filter refuses.
    public static func apply(_ name: String, to value: TemplateValue, _ arguments: TemplateValue...)
        throws(ExpressionError) -> TemplateValue
    {
        try Filters.check(name, offset: 0)
        return try Filters.apply(
            name, to: value, arguments: arguments.map { .literal($0, offset: 0) }, scope: TemplateScope(), offset: 0)
    }

    /// `¥1,234` for a whole number of yen.
    /// - Throws: `ExpressionError` for a value with decimals (round it first).
    public static func yen(_ value: Decimal) throws(ExpressionError) -> String {
        try text(apply("yen", to: .number(value)))
    }

    /// `1,234` or, with `places`, `1,234.50`.
    /// - Throws: `ExpressionError` for more decimals than `places`.
    public static func number(_ value: Decimal, places: Int = 0) throws(ExpressionError) -> String {
        try text(apply("number", to: .number(value), .int(places)))
    }

    /// `value` rounded to `places` decimals by `mode`: `half-up` (四捨五入), `half-even`, `down` (切り捨て), `up`.
    /// - Throws: `ExpressionError` for an unknown mode or a bad number of places.
    public static func round(_ value: Decimal, places: Int = 0, mode: String = "half-up") throws(ExpressionError)
        -> Decimal
    {
        let result = try apply("round", to: .number(value), .int(places), .text(mode))
        return result.numberValue ?? value
    }

    /// 和暦 of a date as offices write one (`2025-11-23`, `2025/11/23`, `R7.11.23`; `DateText`): `令和7年11月23日`,
    /// or with `short` `R7.11.23`.
    /// - Throws: `ExpressionError` for text that is not such a date.
    public static func wareki(_ date: String, short: Bool = false) throws(ExpressionError) -> String {
        short ? try text(apply("wareki", to: .text(date), .text("short"))) : try text(apply("wareki", to: .text(date)))
    }

    /// A date as offices write one (`DateText`) in `pattern` (`yyyy年M月d日`).
    /// - Throws: `ExpressionError` for text that is not such a date.
    public static func date(_ date: String, pattern: String) throws(ExpressionError) -> String {
        try text(apply("date", to: .text(date), .text(pattern)))
    }

    /// The printed text of a filter's result.
    private static func text(_ value: TemplateValue) -> String { value.text ?? "" }
}
