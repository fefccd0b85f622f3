/// An input asked for more than a budget allows: the limit's name, what was asked for and the limit's value.
///
/// Every budget on templates and data (expression depth, YAML nodes, parts, elements, CSV columns and fields, JSON
/// lines, raster and image bytes) reports through this one type, so each message names the limit, the value and the
/// way to raise it: `--limit NAME=N` on the command line, the `Limits` property of the same name in the library.
public struct LimitExceeded: Error, Hashable, Sendable, CustomStringConvertible {
    /// The limit's name as `--limit` takes it, e.g. `expression-depth`.
    public var limit: String
    /// What the input holds, e.g. "the expression nests deeper than".
    public var what: String
    /// The value the input reached (at least `maximum + 1`; counting stops there when counting further costs).
    public var value: Int
    /// The limit in force.
    public var maximum: Int
    /// The unit of `value` and `maximum` ("bytes", "nodes", …), or "" for a plain count.
    public var unit: String
    /// `value` as the message prints it when a whole number would mislead (the real elapsed time of a job stopped
    /// by `job-seconds`, `1.04`); nil prints `value`.
    public var shownValue: String?

    /// Creates the report of `what` reaching `value` over the limit `limit` of `maximum`.
    public init(limit: String, what: String, value: Int, maximum: Int, unit: String = "") {
        self.limit = limit
        self.what = what
        self.value = value
        self.maximum = maximum
        self.unit = unit
    }

    /// The name of the library's `Limits` property for `limit`: `expression-depth` → `expressionDepth`.
    public var propertyName: String {
        let words = limit.split(separator: "-")
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
    }

    /// `what value unit is over the limit NAME of maximum. Fix: …`.
    public var description: String {
        let units = unit.isEmpty ? "" : " \(unit)"
        return
            "\(what) \(shownValue ?? String(value))\(units), over the limit \(limit) of \(maximum)\(units). Fix: make the input smaller; "
            + "if it is trusted, raise the limit with --limit \(limit)=N (Limits.\(propertyName) in the library)"
    }
}
