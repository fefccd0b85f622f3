import Foundation

/// One JSONL line as a record, with values kept exactly as written.
///
/// Strings are their text; numbers are the digits as written in the line (`12345678901234567890123`, `1.50` — never
/// a rounded `Double` or a truncated integer); `true`, `false` and `null` are kept as literals for the template's
/// `literals:` to print (`RecordJob` refuses one the template does not list); arrays and objects are refused.
enum JSONRecord {
    /// The record of `line` (its problem set when a value cannot be used); keys renamed through `map`.
    static func record(json line: String, index: Int, row: Int, map: [String: String]) -> BatchRecord {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        } catch {
            return BatchRecord(
                index: index, row: row, fields: [:],
                problem: RecordFailure(
                    row: row,
                    reason: "the line is not valid JSON (\(error.localizedDescription)). "
                        + "Fix: write one JSON object per line, e.g. {\"member\": \"GCG-40167\"}"))
        }
        guard let dictionary = object as? [String: Any] else {
            return BatchRecord(
                index: index, row: row, fields: [:],
                problem: RecordFailure(
                    row: row, reason: "the line is JSON but not an object. Fix: write {\"member\": \"GCG-40167\", …}"))
        }
        let raw = rawValues(Array(line.utf8))
        var fields: [String: String] = [:]
        var problem: RecordFailure?
        var literals: [String: String] = [:]
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            let field = map[key] ?? key
            func refuse(_ what: String, _ fix: String) {
                problem =
                    problem
                    ?? RecordFailure(
                        row: row, field: field,
                        reason: "the value of \"\(key)\" is \(what). Fix: \(fix)")
            }
            switch value {
            case let string as String:
                fields[field] = string
            case is NSNull:
                literals[field] = "null"
            case is NSNumber:
                guard let text = raw[key] else {
                    refuse("a number whose digits could not be recovered", "give it as a string")
                    continue
                }
                if text == "true" || text == "false" {
                    literals[field] = text
                } else {
                    fields[field] = text
                }
            default:
                refuse("an array or object", "give a string or a number")
            }
        }
        problem?.member = fields["member"]
        var record = BatchRecord(index: index, row: row, fields: fields, problem: problem)
        record.literals = literals
        return record
    }

    /// The top-level values of a JSON object that are not strings, as their text in the line, by key (a key written
    /// twice keeps its last value, as JSONSerialization does). The line is known to be valid JSON.
    private static func rawValues(_ bytes: [UInt8]) -> [String: String] {
        var values: [String: String] = [:]
        var position = 0
        func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }
        func skipString() {
            position += 1
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
            }
            position += 1
        }
        skipSpace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { return [:] }
        position += 1
        while position < bytes.count {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { break }
            let keyStart = position
            skipString()
            let keyData = Data(bytes[keyStart..<min(position, bytes.count)])
            let key = (try? JSONSerialization.jsonObject(with: keyData, options: .fragmentsAllowed)) as? String
            skipSpace()
            position += 1 // the colon
            skipSpace()
            let valueStart = position
            var depth = 0
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    skipString()
                    continue
                }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    if depth == 0 { break }
                    depth -= 1
                }
                if byte == UInt8(ascii: ","), depth == 0 { break }
                position += 1
            }
            if let key, bytes[valueStart] != UInt8(ascii: "\"") {
                values[key] = String(decoding: bytes[valueStart..<position], as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            position += 1 // the comma or the closing brace
        }
        return values
    }
}
