import Foundation

/// A value a template computes with: data given to it (`data:`, `--set`, CSV rows) and what its expressions make.
///
/// Numbers are `Decimal`, so money adds up exactly (0.1 + 0.2 is 0.3) and is rounded only where a template says so.
public enum TemplateValue: Hashable, Sendable {
    /// No value (YAML `null`, an empty CSV field read as null).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An exact decimal number.
    case number(Decimal)
    /// Text; text that reads as a number ("1,200", "12.5") converts where a number is needed.
    case text(String)
    /// A list (items, rows, groups).
    case list([TemplateValue])
    /// Named fields in their order (an item, a CSV row).
    case record(TemplateRecord)

    /// A number from an integer.
    public static func int(_ value: Int) -> TemplateValue { .number(Decimal(value)) }

    /// What the value is called in messages: "the number 12", "the text \"abc\"", "a list of 3".
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): "the value \(value)"
        case .number(let value): "the number \(TemplateValue.plain(value))"
        case .text(let text): "the text \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .list(let list): "a list of \(list.count)"
        case .record(let record): "a record (\(record.keys.prefix(6).joined(separator: ", ")))"
        }
    }

    /// True for `true`, a non-zero number, non-empty text, list or record; false for null, `false`, 0 and "".
    public var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .number(let value): !value.isZero
        case .text(let text): !text.isEmpty
        case .list(let list): !list.isEmpty
        case .record(let record): !record.keys.isEmpty
        }
    }

    /// The number this value is or reads as: a number, or text such as `1200`, `-12.5`, `1,200`, `¥1,200`.
    public var numberValue: Decimal? {
        switch self {
        case .number(let value): return value
        case .text(let text): return Self.number(reading: text)
        default: return nil
        }
    }

    /// Reads `text` as a number in the plain forms (`NumberText`): optional sign, digits with optional `,`
    /// thousands separators, optional decimals, optionally led by `¥`, `￥` or `\` — Excel's `¥2,400` saved as CP932
    /// is the byte 0x5C, which Shift_JIS decoders (Foundation's among them) read as the backslash a Japanese font
    /// draws as ¥; nil for anything else (so "12abc" is never 12), and for a number of more significant digits than
    /// `NumberText.maximumDigits`, which stays text.
    public static func number(reading text: String) -> Decimal? {
        if case .number(let value, _) = NumberText.read(text) { return value }
        return nil
    }

    /// The value as JSONSerialization writes it (a record's `rows` attached as JSON, `serve`'s answers); numbers stay
    /// exact decimals.
    public var jsonObject: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value): NSDecimalNumber(decimal: value)
        case .text(let text): text
        case .list(let items): items.map(\.jsonObject)
        case .record(let record):
            Dictionary(uniqueKeysWithValues: record.keys.map { ($0, record[$0]?.jsonObject ?? NSNull()) })
        }
    }

    /// Numbers are printed with `.` for the point whatever the machine's locale.
    private static let posix = Locale(identifier: "en_US_POSIX")

    /// How the value prints inside text: numbers plainly (`1200`, `12.5`), `true`/`false`, null as nothing.
    public var text: String? {
        switch self {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .number(let value): Self.plain(value)
        case .text(let text): text
        case .list, .record: nil
        }
    }

    /// `1200`, `12.5`, `-0.25`: the decimal's exact digits, no grouping, no exponent.
    static func plain(_ value: Decimal) -> String {
        var value = value
        return NSDecimalString(&value, posix)
    }
}

/// Named fields in a fixed order: an item of a list, a CSV row, a group.
public struct TemplateRecord: Hashable, Sendable {
    /// The field names in order.
    public private(set) var keys: [String] = []
    /// The values by name.
    public private(set) var values: [String: TemplateValue] = [:]
    /// Where the record came from, for errors (`members.csv line 14`); not a field.
    public var origin: String?
    /// The input's own column name of each field `--map` renamed (`number` → `請求番号`), so rows written back as CSV
    /// carry the input's header; not a field.
    public var headings: [String: String] = [:]

    /// An empty record.
    public init() {}

    /// A record of `fields` in the order given; a repeated name keeps its last value in its first place.
    public init(_ fields: [(String, TemplateValue)]) {
        keys.reserveCapacity(fields.count)
        values.reserveCapacity(fields.count)
        // One lookup per field: a CSV report makes a record per row.
        for (key, value) in fields {
            if values.updateValue(value, forKey: key) == nil { keys.append(key) }
        }
    }

    /// The field `key`, or nil when the record has none; setting appends a new key at the end.
    public subscript(key: String) -> TemplateValue? {
        get { values[key] }
        set {
            if values[key] == nil, newValue != nil { keys.append(key) }
            if newValue == nil { keys.removeAll { $0 == key } }
            values[key] = newValue
        }
    }
}
