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
}
