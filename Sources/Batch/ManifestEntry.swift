import Foundation
import Support

/// One line of `manifest.jsonl`: what became of one record — its outputs with size and SHA-256, or its failure.
///
/// Written as one JSON object per line with a fixed key order (`{"index":12,"row":13,"status":"ok",…}`), so manifests
/// of several shards merge with `sort -t: -k2,2n` and read with `jq`.
public struct ManifestEntry: Sendable, Hashable {
    /// What happened to the record.
    public enum Status: String, Sendable, Hashable {
        /// Every output was written.
        case ok
        /// No output was written; `failure` says why.
        case failed
        /// The record was not rendered in this run (reserved for tools that list records a run left out).
        case skipped
    }

    /// One written file.
    public struct Output: Sendable, Hashable {
        /// The path relative to the output folder (the manifest moves with its folder).
        public var path: String
        /// The pages the file holds: the document's for a PDF, 1 for a PNG page.
        public var pages: Int
        /// The file's size in bytes.
        public var bytes: Int
        /// The SHA-256 of its bytes, lowercase hex.
        public var sha256: String

        /// Creates an output record.
        public init(path: String, pages: Int = 1, bytes: Int, sha256: String) {
            self.path = path
            self.pages = pages
            self.bytes = bytes
            self.sha256 = sha256
        }
    }

    /// The record's 0-based index.
    public var index: Int
    /// The record's row (CSV data row or JSONL line).
    public var row: Int
    /// ok, failed or skipped.
    public var status: Status
    /// The record's key fields (member, ticket and those in the file name pattern) as read.
    public var fields: [String: String]
    /// The files written, in format order.
    public var outputs: [Output]
    /// Why the record failed.
    public var failure: RecordFailure?

    /// Creates an entry.
    public init(
        index: Int, row: Int, status: Status, fields: [String: String], outputs: [Output] = [],
        failure: RecordFailure? = nil
    ) {
        self.index = index
        self.row = row
        self.status = status
        self.fields = fields
        self.outputs = outputs
        self.failure = failure
    }

    /// The entry as one JSON line, ending in a newline.
    public var jsonLine: String {
        var json = "{\"index\":\(index),\"row\":\(row),\"status\":\(Self.quote(status.rawValue))"
        json +=
            ",\"fields\":{"
            + fields.sorted { $0.key < $1.key }
            .map { Self.quote($0.key) + ":" + Self.quote($0.value) }.joined(separator: ",") + "}"
        json +=
            ",\"outputs\":["
            + outputs.map {
                "{\"path\":\(Self.quote($0.path)),\"pages\":\($0.pages),\"bytes\":\($0.bytes),"
                    + "\"sha256\":\(Self.quote($0.sha256))}"
            }.joined(separator: ",") + "]"
        if let failure {
            var parts = ["\"row\":\(failure.row)"]
            if let member = failure.member { parts.append("\"member\":" + Self.quote(member)) }
            if let group = failure.group { parts.append("\"group\":" + Self.quote(group)) }
            if let field = failure.field { parts.append("\"field\":" + Self.quote(field)) }
            if let column = failure.column { parts.append("\"column\":" + Self.quote(column)) }
            if let character = failure.character { parts.append("\"character\":" + Self.quote(character)) }
            if let codePoint = failure.codePoint { parts.append("\"codePoint\":" + Self.quote(codePoint)) }
            parts.append("\"message\":" + Self.quote(failure.reason))
            json += ",\"error\":{" + parts.joined(separator: ",") + "}"
        }
        return json + "}\n"
    }

    /// Parses one manifest line.
    /// - Returns: nil when the line is not a complete entry (such as a line torn by a crash).
    public init?(jsonLine line: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let index = object["index"] as? Int, let row = object["row"] as? Int,
            let statusText = object["status"] as? String, let status = Status(rawValue: statusText),
            let fields = object["fields"] as? [String: String], let outputs = object["outputs"] as? [[String: Any]]
        else { return nil }
        var parsed: [Output] = []
        for output in outputs {
            guard let path = output["path"] as? String, let bytes = output["bytes"] as? Int,
                let sha256 = output["sha256"] as? String
            else { return nil }
            parsed.append(Output(path: path, pages: output["pages"] as? Int ?? 1, bytes: bytes, sha256: sha256))
        }
        var failure: RecordFailure?
        if let error = object["error"] as? [String: Any] {
            failure = RecordFailure(
                row: error["row"] as? Int ?? row, member: error["member"] as? String,
                field: error["field"] as? String, character: error["character"] as? String,
                codePoint: error["codePoint"] as? String,
                reason: error["message"] as? String ?? "")
            failure?.group = error["group"] as? String
            failure?.column = error["column"] as? String
        }
        self.init(index: index, row: row, status: status, fields: fields, outputs: parsed, failure: failure)
    }

    /// A JSON string literal (`QuotedText.quoted(_:)`).
    static func quote(_ text: String) -> String { QuotedText.quoted(text) }
}
