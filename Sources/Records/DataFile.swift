import DrawingModule
import Expressions
import Foundation
import Yams

/// One record of data — a JSON object or a YAML mapping, from a file, a string or a Swift value — as the values a
/// template's `data:` takes: lists and records kept, numbers exact, a key written twice refused, the YAML budget
/// (`Limits.yamlNodes`) held. What `mkpdf render --data`, `mkpdf ticket --data` and the library's jobs read.
public enum DataFile {
    /// The record `text` holds (JSON is read as the YAML it is); `source` names it in errors.
    /// - Throws: `DataError`: a syntax error with its line, a document that is not a mapping (named by its line,
    ///   never its text), a name that is not a valid field name, or a limit.
    public static func values(yaml text: String, source: String, limits: Limits = Limits()) throws(DataError)
        -> [String: TemplateValue]
    {
        guard let root = try compose(yaml: text, source: source) else { return [:] }
        return try record(root, holding: "field names and their values", source: source, limits: limits)
    }

    /// The records `text` holds: one mapping (one record), or a list of mappings (one record each).
    /// - Throws: `DataError` as `values(yaml:source:limits:)`, and for a list item that is not a mapping.
    public static func records(yaml text: String, source: String, limits: Limits = Limits()) throws(DataError)
        -> [[String: TemplateValue]]
    {
        guard let root = try compose(yaml: text, source: source) else { return [] }
        guard case .sequence(let items) = root else {
            return [
                try record(
                    root, holding: "field names and their values, or a list of them", source: source, limits: limits)
            ]
        }
        var records: [[String: TemplateValue]] = []
        for item in items {
            records.append(
                try record(
                    item, holding: "field names and their values (one record of the list)", source: source,
                    limits: limits))
        }
        return records
    }

    /// The records in the file at `url` (`.json`, `.yaml`, `.yml`; UTF-8): one mapping, or a list of them.
    /// - Throws: `DataError` as `records(yaml:source:limits:)`, or for an unreadable file.
    public static func records(contentsOf url: URL, limits: Limits = Limits()) throws(DataError)
        -> [[String: TemplateValue]]
    {
        try records(yaml: try text(contentsOf: url, limits: limits), source: url.path, limits: limits)
    }

    /// The record a Swift value encodes to (its `Encodable` keys as field names; `Decimal`s exact).
    /// - Throws: `DataError` when the value does not encode as an object, or as `values(yaml:source:limits:)`.
    public static func values(of value: some Encodable, limits: Limits = Limits()) throws(DataError)
        -> [String: TemplateValue]
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw .unreadableFile(path: "\(type(of: value))", reason: "it does not encode as JSON: \(error)")
        }
        return try values(yaml: String(decoding: data, as: UTF8.self), source: "\(type(of: value))", limits: limits)
    }

    /// True for `member`, `ticket_no`, `e-mail`, `会員番号`: the names a record's fields and a template's data may
    /// have, a Unicode identifier (XID_Start then XID_Continue) plus `-`.
    package static func isValidName<S: StringProtocol>(_ name: S) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isXIDStart || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isXIDContinue || $0 == "-" }
    }

    /// The composed document of `text` (nil when it is empty).
    private static func compose(yaml text: String, source: String) throws(DataError) -> Node? {
        do {
            return try YAMLData.compose(text)
        } catch {
            let syntax = YAMLData.syntaxProblem(error)
            throw .syntax(source: source, line: syntax.line, column: syntax.column, problem: syntax.problem)
        }
    }

    /// `node` as a record: a mapping of `what` within the YAML budget, every key a valid field name, every value a
    /// template value.
    private static func record(_ node: Node, holding what: String, source: String, limits: Limits)
        throws(DataError) -> [String: TemplateValue]
    {
        guard case .mapping(let mapping) = node else {
            let shape = YAMLData.notAMapping(node, holding: what)
            throw .notRecords(source: source, line: shape.line, kind: shape.kind)
        }
        if let exceeded = YAMLData.nodesOverLimit(node, maximum: limits.yamlNodes) {
            throw .fileLimit(exceeded, path: source)
        }
        var fields: [(name: String, key: Node, value: Node)] = []
        for (key, value) in mapping.pairsInPlace {
            guard let name = key.scalar?.string else {
                throw badField(key, source: source, key: "the data", value: key.described, "keys are plain names")
            }
            fields.append((name, key, value))
        }
        var values: [String: TemplateValue] = [:]
        for (name, key, value) in fields {
            guard isValidName(name) else {
                throw badField(
                    key, source: source, key: "the data", value: "\"\(name)\"",
                    "a field name: letters (any script), digits, _ and -, starting with a letter")
            }
            do {
                values[name] = try YAMLData.value(value)
            } catch {
                throw .badField(
                    source: source, line: error.line, column: error.column, key: "data", value: error.value,
                    expected: error.expected)
            }
        }
        return values
    }

    /// The error for `node`, a key or value that cannot be a field, at its line and column.
    private static func badField(_ node: Node, source: String, key: String, value: String, _ expected: String)
        -> DataError
    {
        .badField(
            source: source, line: node.startMark?.line, column: node.startMark?.column, key: key, value: value,
            expected: expected)
    }

    /// The UTF-8 text of the regular file at `url`, no larger than `limits.dataFileBytes` (both checked before it
    /// is read: a named pipe would block for ever, a huge file fill memory).
    private static func text(contentsOf url: URL, limits: Limits) throws(DataError) -> String {
        var status = stat()
        if stat(url.path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw .unreadableFile(path: url.path, reason: "it is not a regular file")
            }
            guard Int(status.st_size) <= limits.dataFileBytes else {
                throw .fileLimit(
                    LimitExceeded(
                        limit: "data-file-bytes", what: "the data file holds", value: Int(status.st_size),
                        maximum: limits.dataFileBytes, unit: "bytes"),
                    path: url.path)
            }
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableFile(path: url.path, reason: error.localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadableFile(path: url.path, reason: "the file is not UTF-8 text")
        }
        return text
    }
}
