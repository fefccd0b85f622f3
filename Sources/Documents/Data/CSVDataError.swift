import DrawingModule
import Foundation
import Support

/// Why a CSV file could not be read: what is wrong, in which file, row and line, and how to fix it.
///
/// Rows count data rows from 1 (the header is row 0); lines count the file's lines from 1, so a row with a newline
/// inside a quoted field is found where an editor shows it.
public enum CSVDataError: Error, Hashable, Sendable {
    /// The file cannot be read at all.
    case unreadable(path: String, reason: String)
    /// Bytes that are not text in the file's encoding: the data row (0 for the header), line, column name, byte
    /// offset and the bytes (`0x82 0xA0`); `note` gives another reason (NUL bytes without a byte-order mark).
    case undecodable(
        source: String, encoding: String, detected: Bool, row: Int, line: Int, column: String?,
        byteOffset: Int, bytes: String, note: String?)
    /// The file has no header row.
    case empty(source: String)
    /// A header field is empty.
    case emptyColumnName(source: String, column: Int)
    /// Two header fields have the same name.
    case duplicateColumn(source: String, name: String)
    /// A quoted field is never closed.
    case unterminatedQuote(source: String, row: Int, line: Int)
    /// Something other than a comma or a line end follows a closing quote (`"abc"def`).
    case textAfterQuote(source: String, row: Int, line: Int)
    /// A row has more or fewer fields than the header.
    case fieldCount(source: String, row: Int, line: Int, found: Int, expected: Int)
    /// A row or a field went over a budget (`Limits.csvColumns`, `csvFieldBytes`, or for JSONL `jsonLineBytes`):
    /// the limit, the data row (0 for the header) and the line it starts on.
    case limit(LimitExceeded, source: String, row: Int, line: Int)
}

extension CSVDataError: CustomStringConvertible, LocalizedError {
    /// What is wrong, where, and how to fix it; control characters from data are escaped (`TerminalText`).
    public var description: String { TerminalText.escaped(text) }

    private var text: String {
        switch self {
        case .unreadable(let path, let reason):
            return ErrorText.wrapping(
                "cannot read CSV \(path)", reason,
                fix: "check the path and that the file is readable")
        case .undecodable(
            let source, let encoding, let detected, let row, let line, let column, let offset, let bytes,
            let note):
            if let note { return "cannot read \(source): \(note)" }
            let place =
                (row == 0 ? "the header" : "row \(row)") + " (line \(line))"
                + (column.map { ", column \"\(TerminalText.escaped($0))\"" } ?? "")
            let fix =
                detected && encoding == InputEncoding.utf8.rawValue
                ? "the start of the file is UTF-8, so the file was read as UTF-8; if it is Excel's Shift_JIS, give "
                    + "--encoding cp932 (or another of " + InputEncoding.names + "), else save it again as UTF-8"
                : "give the file's encoding with --encoding (" + InputEncoding.names + "), or save it again as UTF-8"
            return "cannot read \(source) as \(encoding)" + (detected ? " (detected)" : "") + ": \(place), byte offset "
                + "\(offset): the bytes \(bytes) are not \(encoding). Fix: " + fix
        case .empty(let source):
            return "cannot read CSV \(source): it has no header row. Fix: put the column names on the first line"
        case .emptyColumnName(let source, let column):
            return "cannot read CSV \(source): header field \(column) is empty. Fix: name every column"
        case .duplicateColumn(let source, let name):
            return "cannot read CSV \(source): the header names column \"\(name)\" twice. Fix: make column names unique"
        case .unterminatedQuote(let source, let row, let line):
            return "cannot read CSV \(source): row \(row) (line \(line)) opens a quoted field that is never closed. "
                + "Fix: close the field with \" (write a quote inside a field as \"\")"
        case .textAfterQuote(let source, let row, let line):
            return "cannot read CSV \(source): row \(row) (line \(line)) has text after a closing quote. Fix: quote "
                + "the whole field and write a quote inside it as \"\""
        case .fieldCount(let source, let row, let line, let found, let expected):
            return "cannot read CSV \(source): row \(row) (line \(line)) has \(found) fields but the header has "
                + "\(expected). Fix: give every row one field per column (quote fields that contain commas)"
        case .limit(let limit, let source, let row, let line):
            return "cannot read \(source): " + (row == 0 ? "the header" : "row \(row)") + " (line \(line)): "
                + limit.description
        }
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}

extension CSVDataError: Problem {
    /// `io` for a file that cannot be read, the budget's own kind for a limit, `badData` for bytes or rows that are
    /// not the CSV they should be.
    public var kind: ProblemKind {
        switch self {
        case .unreadable: .io
        case .limit(let exceeded, _, _, _): exceeded.kind
        default: .badData
        }
    }

    /// The file, the line and the data row (`row 3`; the header is row 0), and the column when the bytes are in one.
    public var place: ProblemPlace {
        switch self {
        case .unreadable(let path, _): ProblemPlace(file: path)
        case .undecodable(let source, _, _, let row, let line, let column, _, _, _):
            ProblemPlace(file: source, line: line, record: "row \(row)", field: column)
        case .empty(let source), .emptyColumnName(let source, _), .duplicateColumn(let source, _):
            ProblemPlace(file: source, line: 1, record: "row 0")
        case .unterminatedQuote(let source, let row, let line), .textAfterQuote(let source, let row, let line),
            .fieldCount(let source, let row, let line, _, _), .limit(_, let source, let row, let line):
            ProblemPlace(file: source, line: line, record: "row \(row)")
        }
    }

    /// The budget the file went over.
    public var limitExceeded: LimitExceeded? {
        if case .limit(let exceeded, _, _, _) = self { exceeded } else { nil }
    }
}
