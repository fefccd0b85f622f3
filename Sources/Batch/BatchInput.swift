import Foundation

/// Where the records come from and how they are written: a CSV or JSONL file, or standard input.
public struct BatchInput: Sendable, Hashable {
    /// The two record formats.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// Comma-separated values with a header row naming the fields.
        case csv
        /// One JSON object per line, its keys naming the fields.
        case jsonl
    }

    /// The file, or nil for standard input.
    public var file: URL?
    /// How the records are written.
    public var format: Format

    /// The input at `path` (`-` for standard input); the format is `explicit`, else the extension (`.jsonl`, `.ndjson`
    /// are JSONL, anything else CSV).
    public init(path: String, format explicit: Format? = nil) {
        file = path == "-" ? nil : URL(fileURLWithPath: path)
        let fromExtension: Format? = switch file?.pathExtension.lowercased() {
        case "jsonl", "ndjson": .jsonl
        case "csv": .csv
        default: nil
        }
        format = explicit ?? fromExtension ?? .csv
    }

    /// `members.csv` or `standard input`, for messages.
    public var name: String { file?.relativePath ?? "standard input" }
}
