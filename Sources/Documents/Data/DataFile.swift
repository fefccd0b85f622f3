import DrawingModule
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
        let parser = TemplateParser(
            file: source, baseURL: URL(fileURLWithPath: "/"),
            loading: TemplateLoading(root: URL(fileURLWithPath: "/"), limits: limits))
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text, .basic) else { return [:] }
            root = node
        } catch {
            throw parser.syntaxError(error)
        }
        try parser.checkShape(root, holding: "field names and their values")
        var values: [String: TemplateValue] = [:]
        for (name, keyNode, value) in try parser.map(root, context: "the data", allowed: nil).pairs {
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

    /// The record in the file at `url` (`.json`, `.yaml`, `.yml`; UTF-8).
    /// - Throws: `TemplateError`: an unreadable file, or anything `values(yaml:source:limits:)` refuses.
    public static func values(contentsOf url: URL, limits: Limits = Limits()) throws(TemplateError)
        -> [String: TemplateValue]
    {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TemplateError(file: url.path, reason: .unreadable(reason: error.localizedDescription))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TemplateError(file: url.path, reason: .unreadable(reason: "the file is not UTF-8 text"))
        }
        return try values(yaml: text, source: url.path, limits: limits)
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
