import Documents

/// The file name pattern (`--name 'ticket-{{member}}'`): text in the template language (`TextTemplate`) whose
/// expressions read a record's fields, `index` and `row` (`'{{index:06}}-{{member}}'`), checked so no record can
/// name a file outside the output folder.
public struct OutputName: Sendable, Hashable {
    /// The pattern as given.
    public let pattern: String
    /// The field names the pattern reads, in order.
    public let fields: [String]
    private let text: TextTemplate

    /// Parses a pattern.
    /// - Throws: `BatchError.badOption` for a path separator, a leading ".", or a `{{ }}` that does not parse.
    public init(_ pattern: String) throws(BatchError) {
        if pattern.contains("/") || pattern.contains("\\") || pattern.hasPrefix(".") || pattern.isEmpty {
            throw .badOption(
                option: "--name \(pattern)",
                reason: "a file name pattern cannot be empty, hold a path "
                    + "separator or start with \".\". Fix: write e.g. 'ticket-{{member}}'")
        }
        do {
            text = try TextTemplate(parsing: pattern)
        } catch {
            throw .badOption(option: "--name \(pattern)", reason: "\(error.description). Fix: write e.g. {{member}}")
        }
        self.pattern = pattern
        fields = text.names.map(\.name)
    }

    /// The file name (without extension) for `record`.
    /// - Throws: `RecordFailure` naming the field that is missing, empty, or unsafe in a file name.
    public func name(for record: BatchRecord) throws(RecordFailure) -> String {
        var scope = TemplateScope(record.fields.mapValues { .text($0) })
        if record.fields["index"] == nil { scope.set("index", .int(record.index)) }
        if record.fields["row"] == nil { scope.set("row", .int(record.row)) }
        var result = ""
        for segment in text.segments {
            switch segment {
            case .literal(let literal):
                result += literal
            case .expression(let expression):
                let field = expression.field
                let value: String?
                do {
                    value = try expression.evaluate(in: scope).text
                } catch  where expression.bareName != nil {
                    value = nil
                } catch {
                    throw RecordFailure(
                        row: record.row, member: record.fields["member"], field: field,
                        reason: "the file name (--name \(pattern)) cannot be made: \(error.description)")
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
            }
        }
        return result
    }
}
