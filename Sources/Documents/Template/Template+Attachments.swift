import DrawingModule
import EInvoice
import Expressions
import Foundation
import Yams

/// An `attach:` entry made for each document, so that each one carries its own data: a `file` whose path holds
/// `{{ }}`, or `generate:` content — the document's own `rows` as CSV, its record as JSON, or its e-invoice.
///
/// In a grouped batch (`--group-by`) a fixed file would be the same for every document; these are made from the
/// document's scope, so the invoice of one customer never carries another's lines.
struct DocumentAttachment: Hashable, Sendable {
    /// What the file holds.
    enum Content: Hashable, Sendable {
        /// The file at the path the text makes, resolved against `base` and kept inside `root`.
        case file(TextTemplate, base: String, root: String)
        /// The document's `rows` (a grouped batch's lines) as CSV, a header of their fields first.
        case rows
        /// The document's data as one JSON object.
        case record
        /// The document's e-invoice (`einvoice:` mapping).
        case eInvoice(EInvoiceFormat)
    }

    /// What the file holds.
    var content: Content
    /// The file name, a text template; nil for the file's own name or the content's default.
    var name: TextTemplate?
    /// How the file relates to the document.
    var relationship: Document.Archive.Attachment.Relationship
    /// The MIME type, or nil for the one the name suggests.
    var mimeType: String?
    /// The `/Desc`, or nil.
    var description: String?
    /// Where the entry is written, for errors.
    var mark: TemplateMark?

    /// The keys of an `attach:` entry.
    static let keys = ["file", "relationship", "mimeType", "description", "generate", "name", "format"]
    /// The contents `generate:` makes.
    static let generated = ["rows", "record", "einvoice"]
}

extension TemplateParser {
    /// The `{generate: rows | record | einvoice, name, format}` entry `fields` describe, or nil when it has no
    /// `generate:` (a file).
    /// - Throws: `TemplateError` at the key for an unknown content, a missing or unknown `format`, or `file` given
    ///   too.
    func documentAttachment(_ fields: Fields, item: Node) throws(TemplateError) -> DocumentAttachment? {
        guard let node = fields.value("generate") else {
            for key in ["name", "format"] where fields.value(key) != nil {
                throw error(
                    fields.value(key),
                    .badValue(key: key, value: "given with file:", expected: "name: and format: go with generate:"))
            }
            return nil
        }
        guard fields.value("file") == nil else {
            throw error(
                node, .badValue(key: "generate", value: "given with file:", expected: "either a file or generate:"))
        }
        let kind = try scalar(node, key: "generate")
        let content: DocumentAttachment.Content
        switch kind {
        case "rows": content = .rows
        case "record": content = .record
        case "einvoice":
            guard let formatNode = fields.value("format") else {
                throw error(item, .missingKey(key: "format", context: "attach (generate: einvoice)"))
            }
            let text = try scalar(formatNode, key: "format")
            guard let format = EInvoiceFormat(rawValue: text) else {
                throw error(
                    formatNode,
                    .badValue(
                        key: "format", value: text,
                        expected: EInvoiceFormat.allCases.map(\.rawValue).joined(separator: " or ")))
            }
            content = .eInvoice(format)
        default:
            throw error(
                node,
                .badValue(
                    key: "generate", value: kind,
                    expected: DocumentAttachment.generated.joined(separator: ", ")
                        + " (the document's rows as CSV, its record as JSON, its e-invoice)"))
        }
        if case .eInvoice = content {
        } else if fields.value("format") != nil {
            throw error(
                fields.value("format"),
                .badValue(key: "format", value: "given with generate: \(kind)", expected: "format: goes with einvoice"))
        }
        var defaultRelationship = Document.Archive.Attachment.Relationship.data
        if case .eInvoice(let format) = content {
            defaultRelationship = .init(rawValue: format.relationship) ?? .alternative
        }
        return DocumentAttachment(
            content: content,
            name: try fields.value("name").map { node throws(TemplateError) in
                try textTemplate(node, key: "name")
            },
            relationship: try relationship(fields) ?? defaultRelationship, mimeType: try fields.string("mimeType"),
            description: try fields.string("description"), mark: mark(item))
    }
}

extension Template {
    /// `document` with the template's per-document attachments made from `scope` and the data it was filled with
    /// (`given`, `given2`).
    /// - Throws: `TemplateError` at the entry for a path that resolves outside the root, a file that cannot be read or
    ///   is over `data-file-bytes`, two attachments of one name, and as `invoiceData(scope:)` for an e-invoice.
    func attachingGenerated(
        to document: Document, scope: TemplateScope, given: [String: String], given2: [String: TemplateValue]
    ) throws(TemplateError) -> Document {
        var document = document
        var archive = document.archive ?? Document.Archive(level: .a3b)
        for entry in furniture.generatedAttachments {
            let file = try made(entry, scope: scope, given: given, given2: given2)
            if let same = archive.attachments.first(where: { $0.name == file.name }) {
                // `--einvoice` and `generate: einvoice` of one format make one file.
                if same.data == file.data { continue }
                throw TemplateError(
                    file: self.file, line: entry.mark?.line, column: entry.mark?.column,
                    reason: .badValue(
                        key: "attach", value: file.name,
                        expected: "one attachment of each name: give this one another name: (\"{{number}}-…\")"))
            }
            archive.attachments.append(file)
        }
        document.archive = archive
        return document
    }

    /// The attachment `entry` makes for this document.
    private func made(
        _ entry: DocumentAttachment, scope: TemplateScope, given: [String: String], given2: [String: TemplateValue]
    ) throws(TemplateError) -> Document.Archive.Attachment {
        func text(_ template: TextTemplate) throws(TemplateError) -> String {
            do {
                return try template.render(in: scope)
            } catch {
                throw failure(error, expression: nil, mark: entry.mark, scope: scope)
            }
        }
        let named = try entry.name.map { template throws(TemplateError) in try text(template) }
        let data: Data
        let name: String
        switch entry.content {
        case .file(let path, let base, let root):
            let written = try text(path)
            let url = try readable(written, base: base, root: root, mark: entry.mark)
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw TemplateError(
                    file: file, line: entry.mark?.line, column: entry.mark?.column,
                    reason: .badValue(
                        key: "attach", value: written, expected: "a readable file (\(error.localizedDescription))"))
            }
            name = named ?? url.lastPathComponent
        case .rows:
            guard case .list(let rows)? = scope["rows"] else {
                throw TemplateError(
                    file: file, line: entry.mark?.line, column: entry.mark?.column,
                    reason: .badValue(
                        key: "generate", value: "rows",
                        expected: "a document with rows (a grouped batch's lines, --group-by); this one has none"))
            }
            data = try Self.csv(rows) { () throws(TemplateError) in
                try scope.deadline?.check { (exceeded: LimitExceeded) -> TemplateError in
                    TemplateError(
                        file: file, line: entry.mark?.line, column: entry.mark?.column, reason: .limit(exceeded))
                }
            }
            name = named ?? "rows.csv"
        case .record:
            var object: [String: Any] = [:]
            for (key, value) in given { object[key] = value }
            for (key, value) in given2 where given[key] == nil { object[key] = value.jsonObject }
            do {
                data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
            } catch {
                throw TemplateError(
                    file: file, line: entry.mark?.line, column: entry.mark?.column,
                    reason: .evaluation(problem: "the record cannot be written as JSON: \(error)"))
            }
            name = named ?? "record.json"
        case .eInvoice(let format):
            data = Self.xml(format, for: try invoiceData(scope: scope))
            name = named ?? format.fileName
        }
        let mimeType: String
        if case .eInvoice = entry.content {
            mimeType = entry.mimeType ?? "text/xml"
        } else {
            mimeType = entry.mimeType ?? Document.Archive.Attachment.mimeType(forName: name)
        }
        return Document.Archive.Attachment(
            name: name, data: data, mimeType: mimeType, relationship: entry.relationship,
            description: entry.description)
    }

    /// The file `path` names, resolved against `base` and its symlinks, inside `root`, a regular file of at most
    /// `data-file-bytes`.
    private func readable(_ path: String, base: String, root: String, mark: TemplateMark?) throws(TemplateError) -> URL
    {
        let written =
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: base).appendingPathComponent(path)
        let resolved = TemplateLoading.realPath(written.path) ?? written.standardizedFileURL.path
        guard TemplateLoading.contains(resolved, root: root) else {
            throw TemplateError(
                file: file, line: mark?.line, column: mark?.column,
                reason: .outsideRoot(element: "attach", path: path, root: root))
        }
        guard let size = TemplateLoading.regularFileSize(resolved), size >= 0 else {
            throw TemplateError(
                file: file, line: mark?.line, column: mark?.column,
                reason: .badValue(key: "attach", value: path, expected: "a regular file that exists"))
        }
        guard size <= limits.dataFileBytes else {
            throw TemplateError(
                file: file, line: mark?.line, column: mark?.column,
                reason: .limit(
                    LimitExceeded(
                        limit: "data-file-bytes", what: "the attach file \(path) holds", value: size,
                        maximum: limits.dataFileBytes, unit: "bytes")))
        }
        return URL(fileURLWithPath: resolved)
    }

    /// `rows` as CSV (RFC 4180: CRLF line ends, fields with `,` `"` or a line end quoted, `"` doubled): a header of the
    /// rows' fields in their order, each under the input's own column name when `--map` renamed it, then each row's
    /// values as text (a list or record as JSON). `checkTime` is called at each row (the job's time limit).
    static func csv(_ rows: [TemplateValue], checkTime: () throws(TemplateError) -> Void = {}) throws(TemplateError)
        -> Data
    {
        var header: [String] = []
        var headings: [String: String] = [:]
        for case .record(let record) in rows {
            try checkTime()
            for key in record.keys where !header.contains(key) { header.append(key) }
            headings.merge(record.headings) { first, _ in first }
        }
        func field(_ text: String) -> String {
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        func cell(_ value: TemplateValue?) -> String {
            guard let value else { return "" }
            if let text = value.text { return text }
            let data = try? JSONSerialization.data(withJSONObject: value.jsonObject, options: [.sortedKeys])
            return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        var lines = [header.map { field(headings[$0] ?? $0) }.joined(separator: ",")]
        for case .record(let record) in rows {
            try checkTime()
            lines.append(header.map { field(cell(record[$0])) }.joined(separator: ","))
        }
        return Data((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }
}
