import Expressions
import Foundation

/// One JSONL line as a record, with values kept exactly as written.
///
/// Strings are their text; numbers are their exact decimal digits (`12345678901234567890123`, `1.50` as written —
/// never a rounded `Double` or a truncated integer; `1.5e3` as `1500`), and a number with no exact decimal form of at
/// most 40 digits (`1e400`) fails its record naming it; `true`, `false` and `null` are kept as literals for the
/// template's `literals:` to print (`RecordJob` refuses one the template does not list); arrays and objects become
/// the record's `data` (lists and records, numbers exact, for a template that declares them); a key written twice is
/// refused (RFC 8259 wants them unique; JSONSerialization silently kept the last).
enum JSONRecord {
    /// The record of `line` (its problem set when a value cannot be used); keys renamed through `map`.
    static func record(json line: String, index: Int, row: Int, map: [String: String]) -> BatchRecord {
        let entries: [(key: String, value: JSONLine.Value)]
        do {
            entries = try JSONLine.entries(of: line)
        } catch {
            let fix =
                error.message.contains("twice")
                ? "keep one of the two values" : "write one JSON object per line, e.g. {\"member\": \"GCG-40167\"}"
            return BatchRecord(
                index: index, row: row, fields: [:],
                problem: RecordFailure(
                    row: row,
                    reason: (error.message.hasPrefix("the line") ? "" : "the line is not valid JSON: ")
                        + "\(error.message) (line \(row), column \(error.column)). Fix: \(fix)"))
        }
        var fields: [String: String] = [:]
        var problem: RecordFailure?
        var literals: [String: String] = [:]
        var data: [String: TemplateValue] = [:]
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            let field = map[key] ?? key
            func refuse(_ what: String, _ fix: String) {
                problem =
                    problem
                    ?? RecordFailure(
                        row: row, field: field,
                        reason: "the value of \"\(JSONLine.shown(key))\" is \(what). Fix: \(fix)")
            }
            switch value {
            case .string(let string):
                fields[field] = string
            case .literal(let literal):
                literals[field] = literal
            case .number(let number):
                guard let plain = JSONLine.plainDecimal(number) else {
                    refuse(
                        "the number \(number), which has no exact decimal form of at most 40 digits",
                        "give it as a string (\"\(number)\") to print it as written, or a smaller number")
                    continue
                }
                fields[field] = plain
            case .array, .object:
                do {
                    data[field] = try value.templateValue()
                } catch {
                    refuse(error.message, "give it as a string to print it as written, or a smaller number")
                }
            }
        }
        problem?.member = fields["member"]
        var record = BatchRecord(index: index, row: row, fields: fields, problem: problem)
        record.literals = literals
        record.data = data
        return record
    }
}
