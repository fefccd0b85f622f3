import DrawingModule
import Expressions
import Foundation
import Yams

/// One record of data — a JSON object or a YAML mapping, from a file, a string or a Swift value — as the values a
/// template's `data:` takes: lists and records kept, numbers exact, a key written twice refused, the YAML budget
/// (`Limits.yamlNodes`) held. What `mkpdf render --data`, `mkpdf ticket --data` and the library's jobs read.
public enum DataFile {
    /// The record `text` holds (JSON is read as the YAML it is); `source` names it in errors.
    /// - Throws: `TemplateError`: a syntax error with its line, a document that is not a mapping (named by its line,
    ///   never its text), a name that is not a valid field name, or a limit.
    public static func values(yaml text: String, source: String, limits: Limits = Limits()) throws(TemplateError)
        -> [String: TemplateValue]
    {
        try asData { () throws(TemplateError) in
            let (parser, root) = try compose(yaml: text, source: source, limits: limits)
            guard let root else { return [:] }
            try parser.checkShape(root, holding: "field names and their values")
            return try record(root, parser: parser)
        }
    }

    /// The records `text` holds: one mapping (one record), or a list of mappings (one record each).
    /// - Throws: `TemplateError` as `values(yaml:source:limits:)`, and for a list item that is not a mapping.
    public static func records(yaml text: String, source: String, limits: Limits = Limits()) throws(TemplateError)
        -> [[String: TemplateValue]]
    {
        try asData { () throws(TemplateError) in
            let (parser, root) = try compose(yaml: text, source: source, limits: limits)
            guard let root else { return [] }
            guard case .sequence(let items) = root else {
                try parser.checkShape(root, holding: "field names and their values, or a list of them")
                return [try record(root, parser: parser)]
            }
            var records: [[String: TemplateValue]] = []
            for item in items {
                try parser.checkShape(item, holding: "field names and their values (one record of the list)")
                records.append(try record(item, parser: parser))
            }
            return records
        }
    }

    /// The result of `body`, its errors marked as the data's (`TemplateError.inData`): the same YAML reader reads
    /// templates and data, and a syntax error in a data file is the data's problem, not a template's.
    private static func asData<Result>(_ body: () throws(TemplateError) -> Result) throws(TemplateError) -> Result {
        do {
            return try body()
        } catch {
            var error = error
            error.inData = true
            throw error
        }
    }

    /// The records in the file at `url` (`.json`, `.yaml`, `.yml`; UTF-8): one mapping, or a list of them.
    /// - Throws: `TemplateError` as `records(yaml:source:limits:)`, or for an unreadable file.
    public static func records(contentsOf url: URL, limits: Limits = Limits()) throws(TemplateError)
        -> [[String: TemplateValue]]
    {
        try records(yaml: try text(contentsOf: url, limits: limits), source: url.path, limits: limits)
    }

    /// The parser errors are reported through, and the composed document (nil when it is empty).
    private static func compose(yaml text: String, source: String, limits: Limits) throws(TemplateError)
        -> (TemplateParser, Node?)
    {
        let parser = TemplateParser(
            file: source, baseURL: URL(fileURLWithPath: "/"),
            loading: TemplateLoading(root: URL(fileURLWithPath: "/"), limits: limits))
        do {
            return (parser, try TemplateParser.compose(text))
        } catch {
            throw parser.syntaxError(error)
        }
    }

    /// One mapping as a record: every key a valid field name, every value a template value.
    private static func record(_ node: Node, parser: TemplateParser) throws(TemplateError) -> [String: TemplateValue] {
        var values: [String: TemplateValue] = [:]
        for (name, keyNode, value) in try parser.map(node, context: "the data", allowed: nil).pairs {
            guard TemplateParser.isValidName(name) else {
                throw parser.error(
                    keyNode,
                    .badValue(
                        key: "the data", value: "\"\(name)\"",
                        expected: "a field name: letters (any script), digits, _ and -, starting with a letter"))
            }
            values[name] = try parser.templateValue(value)
        }
        return values
    }

    /// The UTF-8 text of the regular file at `url`, no larger than `limits.dataFileBytes` (both checked before it
    /// is read: a named pipe would block for ever, a huge file fill memory).
    private static func text(contentsOf url: URL, limits: Limits) throws(TemplateError) -> String {
        var status = stat()
        if stat(url.path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw TemplateError(file: url.path, reason: .unreadable(reason: "it is not a regular file"))
            }
            guard Int(status.st_size) <= limits.dataFileBytes else {
                throw TemplateError(
                    file: url.path,
                    reason: .limit(
                        LimitExceeded(
                            limit: "data-file-bytes", what: "the data file holds", value: Int(status.st_size),
                            maximum: limits.dataFileBytes, unit: "bytes")))
            }
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TemplateError(file: url.path, reason: .unreadable(reason: error.localizedDescription))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TemplateError(file: url.path, reason: .unreadable(reason: "the file is not UTF-8 text"))
        }
        return text
    }

    /// The record a Swift value encodes to (its `Encodable` keys as field names; `Decimal`s exact).
    /// - Throws: `TemplateError` when the value does not encode as an object, or as `values(yaml:source:limits:)`.
    public static func values(of value: some Encodable, limits: Limits = Limits()) throws(TemplateError)
        -> [String: TemplateValue]
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw TemplateError(
                file: "\(type(of: value))", reason: .unreadable(reason: "it does not encode as JSON: \(error)"))
        }
        return try values(yaml: String(decoding: data, as: UTF8.self), source: "\(type(of: value))", limits: limits)
    }
}
