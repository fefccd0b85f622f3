import Typeset
import Drawing
import Foundation
import Yams

/// A report template (`Templates/report.yaml`): how CSV records become a report — which columns, in what order,
/// grouped by which column with subtotals, and what the header and footer say.
///
/// Its own small format read with Yams' `YAMLDecoder` (Codable), separate from the ticket templates: a report
/// template describes a data table, not positioned elements. Unknown fields are ignored; every column it names must
/// be in the CSV, checked before anything is laid out.
public struct ReportTemplate: Codable, Hashable, Sendable {
    /// One table column taken from a CSV column.
    public struct Column: Codable, Hashable, Sendable {
        /// The CSV column's name.
        public var column: String
        /// The header text; default: the CSV column's name.
        public var title: String?
        /// `fit` (default), a number of points (`80`), or a fraction of the remaining width (`1fr`, `2fr`).
        public var width: String?
        /// `left` (default), `right`, `center`.
        public var align: ParagraphAlignment?
        /// `yen` writes numbers as `¥12,000`; `number` as `12,000`; absent leaves the text as it is.
        public var format: String?
        /// Whether summary rows show this column's sum (the values must be numbers).
        public var sum: Bool?
    }

    /// How records are grouped into sections, each with its own heading, table and subtotal row.
    public struct Grouping: Codable, Hashable, Sendable {
        /// The CSV column whose value decides the group.
        public var column: String
        /// The groups in this order first; other values follow in order of first appearance.
        public var order: [String]?
        /// The section heading; `{{group}}` and `{{count}}` are filled in.
        public var heading: String?
        /// The first cell of the subtotal row; `{{group}}` and `{{count}}` are filled in.
        public var subtotal: String?
    }

    /// The report title; `--title` overrides it.
    public var title: String?
    /// A line of text under the title.
    public var subtitle: String?
    /// A justified paragraph under the title (Japanese and Latin mixed, broken with the kinsoku rules).
    public var intro: String?
    /// The PDF's Author entry.
    public var author: String?
    /// `a4` (default), `a4-landscape` or `letter`.
    public var page: String?
    /// The CSV column rows are sorted by (as text, or as numbers when all are numbers); default: file order.
    public var sort: String?
    /// Grouping, or nil for one table.
    public var group: Grouping?
    /// The table's columns; nil takes every CSV column as it is.
    public var columns: [Column]?
    /// The last row of the report (all groups); `{{count}}` is filled in. nil for none.
    public var total: String?
    /// Header text (`{{title}}`, `{{page}}`, `{{pages}}`).
    public var header: String?
    /// Footer text; default `{{page}} / {{pages}}`.
    public var footer: String?
    /// A PNG logo for the header, relative to the template file.
    public var logo: String?

    /// The template file this was loaded from, for messages and relative paths; not part of the YAML.
    public var file: URL?

    private enum CodingKeys: String, CodingKey {
        case title, subtitle, intro, author, page, sort, group, columns, total, header, footer, logo
    }

    /// A template that lists every CSV column in file order with fitted widths.
    public init() {}

    /// Reads the template at `url`.
    /// - Throws: `ReportTemplateError` naming the file and, for YAML problems, the line.
    public init(contentsOf url: URL) throws(ReportTemplateError) {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
        try self.init(yaml: text, file: url)
    }

    /// Reads template YAML; `file` names it in messages and anchors the logo path.
    /// - Throws: `ReportTemplateError`.
    public init(yaml: String, file: URL) throws(ReportTemplateError) {
        do {
            self = try YAMLDecoder().decode(ReportTemplate.self, from: yaml)
        } catch let error as YamlError {
            throw .yaml(file: file.path, line: Self.line(of: error), reason: "\(error)")
        } catch let error as DecodingError {
            let (path, reason) = Self.describe(error)
            throw .yaml(file: file.path, line: Self.line(at: path, in: yaml), reason: reason)
        } catch {
            throw .yaml(file: file.path, line: nil, reason: "\(error)")
        }
        self.file = file
        for (index, column) in (columns ?? []).enumerated() {
            if let width = column.width, Self.columnWidth(width) == nil {
                throw .yaml(file: file.path, line: Self.line(at: ["columns", "\(index)", "width"], in: yaml),
                            reason: "columns[\(index)].width \"\(width)\" is not a width: write fit, a number of "
                                + "points (80) or a fraction (1fr)")
            }
        }
        if let page, Self.pageSetup(page) == nil {
            throw .yaml(file: file.path, line: Self.line(at: ["page"], in: yaml),
                        reason: "page \"\(page)\" is not a paper size: write a4, a4-landscape or letter")
        }
    }

    /// `fit`, `80`, `1fr` → a column width.
    static func columnWidth(_ text: String) -> ColumnWidth? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed == "fit" { return .fit }
        if trimmed.hasSuffix("fr"), let share = Double(trimmed.dropLast(2)), share > 0 { return .fraction(share) }
        if let points = Double(trimmed), points > 0 { return .fixed(points) }
        return nil
    }

    /// `a4`, `a4-landscape`, `letter` → paper.
    static func pageSetup(_ name: String) -> PageSetup? {
        switch name.lowercased() {
        case "a4": .a4
        case "a4-landscape": .a4Landscape
        case "letter": .letter
        default: nil
        }
    }

    private static func line(of error: YamlError) -> Int? {
        switch error {
        case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): mark.line
        default: nil
        }
    }

    /// The coding path as keys, and a readable reason.
    private static func describe(_ error: DecodingError) -> ([String], String) {
        func path(_ keys: [any CodingKey]) -> [String] { keys.map { $0.intValue.map(String.init) ?? $0.stringValue } }
        func dotted(_ keys: [String]) -> String { keys.isEmpty ? "the top level" : keys.joined(separator: ".") }
        switch error {
        case .typeMismatch(let type, let context):
            let keys = path(context.codingPath)
            return (keys, "\(dotted(keys)) should be \(type == String.self ? "text" : "\(type)"): "
                + context.debugDescription)
        case .valueNotFound(_, let context):
            let keys = path(context.codingPath)
            return (keys, "\(dotted(keys)) has no value")
        case .keyNotFound(let key, let context):
            let keys = path(context.codingPath)
            return (keys, "\(dotted(keys)) needs the key \"\(key.stringValue)\"")
        case .dataCorrupted(let context):
            let keys = path(context.codingPath)
            return (keys, "\(dotted(keys)): \(context.debugDescription)")
        @unknown default:
            return ([], "\(error)")
        }
    }

    /// The 1-based line of the node at `path`, or of its deepest existing ancestor.
    private static func line(at path: [String], in yaml: String) -> Int? {
        guard var node = try? Yams.compose(yaml: yaml) else { return nil }
        for key in path {
            if let index = Int(key), let sequence = node.sequence, sequence.indices.contains(index) {
                node = sequence[index]
            } else if let child = node.mapping?[key] {
                node = child
            } else {
                break
            }
        }
        return node.mark?.line
    }
}
