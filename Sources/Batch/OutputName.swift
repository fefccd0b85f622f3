import Documents

/// The file name pattern (`--name 'ticket-{{member}}'`): placeholders filled from a record's fields, plus `{{index}}`
/// and `{{row}}`, checked so no record can name a file outside the output folder.
public struct OutputName: Sendable, Hashable {
    /// The pattern as given.
    public let pattern: String
    /// The field names the pattern uses, in order.
    public let fields: [String]

    /// Parses a pattern.
    /// - Throws: `BatchError.badOption` for an unclosed `{{` or an empty name.
    public init(_ pattern: String) throws(BatchError) {
        if pattern.contains("/") || pattern.contains("\\") || pattern.hasPrefix(".") || pattern.isEmpty {
            throw .badOption(
                option: "--name \(pattern)",
                reason: "a file name pattern cannot be empty, hold a path "
                    + "separator or start with \".\". Fix: write e.g. 'ticket-{{member}}'")
        }
        self.pattern = pattern
        var fields: [String] = []
        var rest = Substring(pattern)
        while let open = rest.range(of: "{{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw .badOption(option: "--name \(pattern)", reason: "a \"{{\" is not closed. Fix: write {{member}}")
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                throw .badOption(option: "--name \(pattern)", reason: "\"{{}}\" names no field. Fix: write {{member}}")
            }
            fields.append(name)
            rest = rest[close.upperBound...]
        }
        self.fields = fields
    }

    /// The file name (without extension) for `record`.
    /// - Throws: `RecordFailure` naming the field that is missing, empty, or unsafe in a file name.
    public func name(for record: BatchRecord) throws(RecordFailure) -> String {
        var result = ""
        var rest = Substring(pattern)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            let field = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let value: String? =
                switch field {
                case "index": record.fields["index"] ?? String(record.index)
                case "row": record.fields["row"] ?? String(record.row)
                default: record.fields[field]
                }
            guard let value, !value.isEmpty else {
                throw RecordFailure(
                    row: record.row, member: record.fields["member"], field: field,
                    reason: "the field \"\(field)\" is missing or empty, and the file name "
                        + "(--name \(pattern)) needs it. Fix: fill it in, or change --name")
            }
            if let problem = TicketRules.fileNameProblem(value) {
                throw RecordFailure(
                    row: record.row, member: record.fields["member"], field: field,
                    reason: "the value \"\(value)\" cannot be part of a file name: \(problem). "
                        + "Fix: correct the value, or use another field in --name")
            }
            result += value
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
