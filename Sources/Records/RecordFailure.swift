import DrawingModule
import Foundation

/// Why one record produced no document, with the data that caused it: row, member, field, character and code point.
///
/// In a run of 50,000 records an error is only useful when it says which record and which value to fix, so every
/// failure carries its record's row and key, and whatever the underlying error knows about the field and character.
public struct RecordFailure: Error, Sendable, Hashable {
    /// The record's row (CSV data row or JSONL line, from 1).
    public var row: Int
    /// The record's member number, when it has one.
    public var member: String?
    /// The group the record is (`number INV-0001`: the `--group-by` field and its value), when records are grouped.
    public var group: String?
    /// The field (column, key or placeholder) at fault, when known.
    public var field: String?
    /// The input's own name for `field` when `--map` renamed it (`税率` for `rate`), so the column can be found in the
    /// file.
    public var column: String?
    /// The offending character, e.g. `𠮷`, when the problem is one character.
    public var character: String?
    /// Its code point, `U+20BB7`.
    public var codePoint: String?
    /// What failed and how to fix it (the underlying error's text).
    public var reason: String
    /// The limit (`Limits`) the record went over, e.g. `job-seconds`, when that is why it failed: how a service
    /// tells a time-out (504) from another limit (422) without reading the words.
    public var limit: String?
    /// The kind of the underlying error (`ProblemKind(of:)`), so a face answers a failed record as it would the
    /// error itself.
    public var kind: ProblemKind

    /// Creates a failure.
    public init(
        row: Int, member: String? = nil, field: String? = nil, character: String? = nil,
        codePoint: String? = nil, reason: String, limit: String? = nil, kind: ProblemKind = .badData
    ) {
        self.kind = kind
        self.row = row
        self.member = member
        self.field = field
        self.character = character
        self.codePoint = codePoint
        self.reason = reason
        self.limit = limit
    }
}

extension RecordFailure: Problem {
    /// The record's row (`row 7`) and the field at fault.
    public var place: ProblemPlace { ProblemPlace(record: "row \(row)", field: field) }
}

extension RecordFailure: CustomStringConvertible, LocalizedError {
    /// `row 7 (member GCG-40167) (group number INV-1), field "venue", character "𠮷" (U+20BB7): …reason and fix…`; the data as read
    /// (the manifest keeps it exactly), so a terminal shows it through `TerminalText.escaped`.
    public var description: String {
        var place = "row \(row)"
        if let member, !member.isEmpty { place += " (member \(member))" }
        if let group { place += " (group \(group))" }
        if let field { place += ", field \"\(field)\"" + (column.map { " (column \($0))" } ?? "") }
        if let character { place += ", character \"\(character)\"" + (codePoint.map { " (\($0))" } ?? "") }
        return "\(place): \(reason)"
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}
