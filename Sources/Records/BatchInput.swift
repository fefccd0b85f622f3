import DrawingModule
import Foundation
import Support

/// Where the records come from and how they are written: a CSV or JSONL file, or standard input, its encoding, and
/// the columns renamed on the way in (`--map 会員番号=member`).
public struct BatchInput: Sendable, Hashable {
    /// The two record formats.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// Comma-separated values with a header row naming the fields.
        case csv
        /// One JSON object per line, its keys naming the fields.
        case jsonl
        /// A YAML or JSON file holding a list of records (or one), read whole: nested values kept.
        case yaml
    }

    /// The file, or nil for standard input.
    public var file: URL?
    /// How the records are written.
    public var format: Format
    /// The text encoding, or nil to detect it (BOM, then strict UTF-8, then CP932).
    public var encoding: InputEncoding?
    /// Column (or key) renames, data name → field name.
    public var columnMap: [String: String]
    /// The budgets the records are read with (`csvColumns`, `csvFieldBytes`, `jsonLineBytes`).
    public var limits = Limits()
    /// The field (after `columnMap`) whose equal values make one document of all their records (`--group-by`):
    /// the group's fields are its first record's, its `rows` the list of all its records in file order.
    public var groupBy: String?
    /// How many bytes of records grouping an unsorted input holds in memory (estimated from their fields): past it,
    /// they are written to unnamed temporary files in runs sorted by group and read back together, so memory stays
    /// bounded whatever the input's size.
    public var groupBytes = 64 << 20

    /// The input at `path` (`-` for standard input); the format is `explicit`, else the extension (`.jsonl`, `.ndjson`
    /// are JSONL, anything else CSV).
    public init(
        path: String, format explicit: Format? = nil, encoding: InputEncoding? = nil,
        columnMap: [String: String] = [:]
    ) {
        file = path == "-" ? nil : URL(fileURLWithPath: path)
        let fromExtension: Format? =
            switch file?.pathExtension.lowercased() {
            case "jsonl", "ndjson": .jsonl
            case "yaml", "yml", "json": .yaml
            case "csv": .csv
            default: nil
            }
        format = explicit ?? fromExtension ?? .csv
        self.encoding = encoding
        self.columnMap = columnMap
    }

    /// `members.csv` or `standard input`, for messages.
    public var name: String { file?.relativePath ?? "standard input" }

    /// Parses `--map` values (`会員番号=member`) and mapping files (one `from=to` a line, `#` comments; LF, CRLF or
    /// CR line ends).
    /// - Throws: `DataError.badOption` for a file that cannot be read, a line without `=`, or a name mapped twice.
    public static func columnMap(_ assignments: [String], files: [String] = []) throws(DataError) -> [String: String] {
        var map: [String: String] = [:]
        var lines = assignments.map { ("--map \($0)", $0) }
        for file in files {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw .badOption(option: "--map-file \(file)", reason: "cannot be read as UTF-8 text")
            }
            for (number, line) in LineEnds.lines(text).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                lines.append(("\(file) line \(number + 1)", trimmed))
            }
        }
        for (place, line) in lines {
            guard let equals = line.firstIndex(of: "="), equals > line.startIndex,
                line.index(after: equals) < line.endIndex
            else {
                throw .badOption(option: place, reason: "write COLUMN=FIELD, e.g. 会員番号=member")
            }
            let from = line[..<equals].trimmingCharacters(in: .whitespaces)
            let to = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard map[from] == nil else {
                throw .badOption(option: place, reason: "the column \(from) is mapped twice")
            }
            map[from] = to
        }
        return map
    }
}
