import DrawingModule
import Expressions
import Foundation
import Support

/// Why data could not be read: what is wrong, in which file, row, line or record, and how to fix it — for a CSV file,
/// a JSON Lines file, a YAML or JSON data file, or a batch's input as a whole.
///
/// Rows count data rows from 1 (the header is row 0); lines count the file's lines from 1, so a row with a newline
/// inside a quoted field is found where an editor shows it. Every case is a `Problem`: its kind says whose the
/// problem is (bad data, a file that cannot be read, a budget) and its place names the file, line, column, record
/// and field, so a batch that stops on it, or a service that answers it, keeps both.
public enum DataError: Error, Hashable, Sendable {
    /// The CSV file cannot be read at all.
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
    /// A YAML or JSON data file cannot be read: missing, not a regular file, not UTF-8 text, or a Swift value that
    /// does not encode as JSON (`path` is then its type's name).
    case unreadableFile(path: String, reason: String)
    /// A YAML or JSON data file went over a budget before its records were read: its size (`dataFileBytes`) or
    /// its nodes with their aliases expanded (`yamlNodes`).
    case fileLimit(LimitExceeded, path: String)
    /// A YAML or JSON data file is not valid YAML: libyaml's problem, at its line and column when it has them.
    case syntax(source: String, line: Int?, column: Int?, problem: String)
    /// A YAML or JSON data file, or an item of its list, is not a mapping of field names: what it is instead
    /// (`line 1 is a list, not a mapping of …`), named by its line, never by its text.
    case notRecords(source: String, line: Int, kind: String)
    /// A key or value of a YAML or JSON data file that cannot be a record's field (a name that is not a field name,
    /// a key that is not text, an alias): the key it was read under, the value as quoted and what it should be.
    case badField(source: String, line: Int?, column: Int?, key: String, value: String, expected: String)
    /// A batch's input cannot be opened or read: the input's name and the system's reason.
    case unreadableInput(name: String, reason: String)
    /// A batch's CSV header cannot name its fields: a name it gives twice once `--map` renamed its columns.
    case badHeader(name: String, reason: String)
    /// How the input was asked to be read cannot be used: a `--map` naming a column the data lacks or written
    /// without `=`, a YAML or JSON list asked of standard input. `option` is the option as given.
    case badOption(option: String, reason: String)
    /// A batch's YAML or JSON list of records cannot be read as records: the input's name and the data file's
    /// error, whose kind and place it keeps.
    indirect case records(name: String, DataError)
    /// A value that does not read as the type the template declares for its field (`DataType`): the field, the value
    /// as given, the type, what is wrong and how to fix the data, and for an item of a list its position and row.
    case notOfType(DataType.Mismatch)
}

extension DataError: CustomStringConvertible, LocalizedError {
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
        case .unreadableFile(let path, let reason):
            return ErrorText.wrapping(
                path, "cannot read the data file: \(reason)", fix: "check the path and that the file is readable UTF-8")
        case .fileLimit(let limit, let path):
            return ErrorText.wrapping(path, limit.description, fix: "make the input smaller")
        case .syntax(let source, let line, let column, let problem):
            return ErrorText.wrapping(
                Self.position(source, line: line, column: column), "YAML syntax error: \(problem)",
                fix: "correct the YAML at that line and column (indentation, a missing \":\" or an unclosed quote)")
        case .notRecords(let source, let line, let kind):
            return ErrorText.wrapping(
                "\(source):\(line)", "not a data record: \(kind)",
                fix: "give a JSON object or YAML mapping of field names and values (or a list of them)")
        case .badField(let source, let line, let column, let key, let value, let expected):
            return ErrorText.wrapping(
                Self.position(source, line: line, column: column),
                "\"\(key)\" cannot be \(ErrorText.excerpt(value)): \(expected)", fix: "write the value as described")
        case .unreadableInput(let name, let reason):
            return "cannot read \(name): \(reason). Fix: check the path and that the file is complete"
        case .badHeader(let name, let reason):
            return "\(name): the header row \(reason). Fix: give every column a distinct name, e.g. member,ticket,date"
        case .badOption(let option, let reason):
            return "\(option): \(reason)"
        case .records(let name, let error):
            return ErrorText.wrapping(
                "cannot read \(name)", error.description, fix: "check the path and that the file is complete")
        case .notOfType(let mismatch):
            var place = "\"\(mismatch.field)\""
            if let item = mismatch.item {
                place = "\"\(mismatch.itemField ?? mismatch.field)\" of item \(item) of \(mismatch.field)"
                if let origin = mismatch.origin { place += " (\(origin))" }
            }
            return "\(place) is \(mismatch.value), which does not read as \(mismatch.type): \(mismatch.problem). "
                + "Fix: \(mismatch.fix)"
        }
    }

    /// `FILE:LINE:COLUMN`, as far as the place is known.
    private static func position(_ source: String, line: Int?, column: Int?) -> String {
        guard let line else { return source }
        return "\(source):\(line)" + (column.map { ":\($0)" } ?? "")
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}

extension DataError: Problem {
    /// `io` for a file or an input that cannot be read, the budget's own kind for a limit, `badRequest` for an option
    /// that cannot be used, the data file's own kind for a list of records, and `badData` for bytes, rows, lines and
    /// YAML that are not the data they should be.
    public var kind: ProblemKind {
        switch self {
        case .unreadable, .unreadableFile, .unreadableInput: .io
        case .limit(let exceeded, _, _, _), .fileLimit(let exceeded, _): exceeded.kind
        case .badOption: .badRequest
        case .records(_, let error): error.kind
        case .undecodable, .empty, .emptyColumnName, .duplicateColumn, .unterminatedQuote, .textAfterQuote,
            .fieldCount, .syntax, .notRecords, .badField, .badHeader, .notOfType:
            .badData
        }
    }

    /// The file, the line (and column in a YAML file) and the data row (`row 3`; the header is row 0), and the
    /// column's name when the bytes are in one; none for an option.
    public var place: ProblemPlace {
        switch self {
        case .unreadable(let path, _), .unreadableFile(let path, _), .fileLimit(_, let path):
            ProblemPlace(file: path)
        case .unreadableInput(let name, _): ProblemPlace(file: name)
        case .undecodable(let source, _, _, let row, let line, let column, _, _, _):
            ProblemPlace(file: source, line: line, record: "row \(row)", field: column)
        case .empty(let source), .emptyColumnName(let source, _), .duplicateColumn(let source, _),
            .badHeader(let source, _):
            ProblemPlace(file: source, line: 1, record: "row 0")
        case .unterminatedQuote(let source, let row, let line), .textAfterQuote(let source, let row, let line),
            .fieldCount(let source, let row, let line, _, _), .limit(_, let source, let row, let line):
            ProblemPlace(file: source, line: line, record: "row \(row)")
        case .syntax(let source, let line, let column, _), .badField(let source, let line, let column, _, _, _):
            ProblemPlace(file: source, line: line, column: column)
        case .notRecords(let source, let line, _): ProblemPlace(file: source, line: line)
        case .badOption: ProblemPlace()
        case .records(_, let error): error.place
        case .notOfType(let mismatch):
            ProblemPlace(record: mismatch.origin, field: mismatch.itemField ?? mismatch.field)
        }
    }

    /// The budget the data went over.
    public var limitExceeded: LimitExceeded? {
        switch self {
        case .limit(let exceeded, _, _, _), .fileLimit(let exceeded, _): exceeded
        case .records(_, let error): error.limitExceeded
        default: nil
        }
    }
}
