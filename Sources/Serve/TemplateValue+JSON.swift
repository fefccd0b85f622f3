import Documents
import Foundation

extension TemplateValue {
    /// The input's type as `GET /templates` names it: text, number, bool, list, record, or any (no default given).
    var typeName: String {
        switch self {
        case .null: "any"
        case .bool: "bool"
        case .number: "number"
        case .text: "text"
        case .list: "list"
        case .record: "record"
        }
    }

    /// The value as JSONSerialization writes it; numbers stay exact decimals.
    var jsonObject: Any {
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
}
