import DrawingModule
import Foundation
import Support

/// A CSV file read whole for a report: its header, its rows, and the line each row starts on (for error messages).
///
/// Read by `CSVRecords` (the one CSV reader: encodings, quotes, header); a row with a different number of fields than
/// the header is an error here naming the file, the row and its line.
public struct CSVTable: Hashable, Sendable {
    /// The file name (or description) messages use.
    public var source: String
    /// The header row's fields.
    public var columns: [String]
    /// The data rows, each with one field per column.
    public var rows: [[String]]
    /// The line number (from 1) each data row starts on.
    public var lines: [Int]

    /// Reads the CSV file at `url` in `encoding` (nil: detected — BOM, then strict UTF-8, then CP932), its columns
    /// and fields held to `limits` (`csvColumns`, `csvFieldBytes`).
    /// - Throws: `DataError`.
    public init(contentsOf url: URL, encoding: InputEncoding? = nil, limits: Limits = Limits()) throws(DataError) {
        try self.init(CSVRecords(path: url.path, source: url.lastPathComponent, encoding: encoding, limits: limits))
    }

    /// Reads CSV bytes; `source` names them in messages. Every row must have one field per column.
    /// - Throws: `DataError`.
    public init(
        data: Data, source: String, encoding: InputEncoding? = nil, limits: Limits = Limits()
    ) throws(DataError) {
        try self.init(CSVRecords(data: data, source: source, encoding: encoding, limits: limits))
    }

    private init(_ records: CSVRecords) throws(DataError) {
        var rows: [[String]] = []
        var lines: [Int] = []
        while let (record, line) = try records.next() {
            guard record.count == records.columns.count else {
                throw .fieldCount(
                    source: records.source, row: records.row, line: line, found: record.count,
                    expected: records.columns.count)
            }
            rows.append(record)
            lines.append(line)
        }
        self.source = records.source
        self.columns = records.columns
        self.rows = rows
        self.lines = lines
    }

    /// The position of the column named `name`, or nil.
    public func columnIndex(named name: String) -> Int? {
        columns.firstIndex(of: name)
    }
}

/// The one CSV reader of mkpdf (report's `CSVTable`, batch's records), streaming: text decoded a chunk at a time
/// (`InputTextStream`), each record split into its fields in the same pass that checks its quotes, blank lines
/// skipped, the header checked — so memory holds one record, whatever the size of the file. Rows are handed out as
/// they are, with their lines, so each reader decides what a row with the wrong number of fields means (a refused
/// file, a failed record).
///
/// A quote that is never closed or text after a closing quote is an error naming the row and the line the quote
/// opened on: records are never merged. Line ends may be LF, CRLF or CR.
/// A record with more fields than `Limits.csvColumns` or a field longer than `Limits.csvFieldBytes` is an error as
/// soon as the limit is passed, before the record is held whole; every step is linear in the record's length.
public final class CSVRecords {
    /// The file name messages use.
    public let source: String
    /// The header row's fields, trimmed.
    public private(set) var columns: [String] = []
    /// The data row (from 1) `next()` returned last; 0 before the first.
    public private(set) var row = 0

    private let text: InputTextStream
    private var scalars = "".unicodeScalars.makeIterator()
    private var skipLineFeed = false
    private var line = 1
    private var field = 0
    private var headerRead = false
    private let limits: Limits

    /// Opens the file at `path` (nil: standard input) and reads the header; columns and fields are held to `limits`.
    /// - Throws: `DataError`: unreadable, undecodable (naming row, column, byte offset and bytes), quote errors,
    ///   header problems, a limit gone over.
    public convenience init(
        path: String?, source: String, encoding: InputEncoding? = nil, limits: Limits = Limits()
    ) throws(DataError) {
        let text: InputTextStream
        do {
            text = try InputTextStream(path: path, source: source, encoding: encoding)
        } catch {
            throw Self.error(error, row: 0, line: 1, column: nil)
        }
        try self.init(text, limits: limits)
    }

    /// Reads CSV bytes held in memory, and the header.
    /// - Throws: `DataError` as `init(path:source:encoding:limits:)`.
    public convenience init(
        data: Data, source: String, encoding: InputEncoding? = nil, limits: Limits = Limits()
    ) throws(DataError) {
        let text: InputTextStream
        do {
            text = try InputTextStream(data: data, source: source, encoding: encoding)
        } catch {
            throw Self.error(error, row: 0, line: 1, column: nil)
        }
        try self.init(text, limits: limits)
    }

    private init(_ text: InputTextStream, limits: Limits) throws(DataError) {
        self.text = text
        self.limits = limits
        source = text.source
        var header: [String]?
        while header == nil, let record = try nextRecord() {
            guard !record.isBlank else { continue }
            header = record.fields
        }
        guard let columns = header?.map({ $0.trimmingCharacters(in: .whitespaces) }) else {
            throw .empty(source: source)
        }
        var seen = Set<String>(minimumCapacity: columns.count)
        for (index, name) in columns.enumerated() {
            if name.isEmpty { throw .emptyColumnName(source: source, column: index + 1) }
            if !seen.insert(name).inserted { throw .duplicateColumn(source: source, name: name) }
        }
        self.columns = columns
        headerRead = true
    }

    /// The encoding the bytes are read in (given or detected).
    public var encoding: InputEncoding { text.encoding }

    /// The next data row's fields (any number) and the line it starts on; nil at the end of the file.
    /// - Throws: `DataError`: undecodable bytes, an unterminated quote, text after a closing quote, a failed read.
    public func next() throws(DataError) -> (fields: [String], line: Int)? {
        while let record = try nextRecord() {
            guard !record.isBlank else { continue }
            row += 1
            return (record.fields, record.line)
        }
        return nil
    }

    /// Moves past the next data row (for counting); false at the end of the file.
    /// - Throws: `DataError` as `next()`.
    public func skip() throws(DataError) -> Bool {
        try next() != nil
    }

    /// One record as read: its fields (quotes removed, `""` made `"`), the line it starts on, and whether it is a
    /// blank line (nothing, or only `""`), which readers skip.
    private struct Record {
        var fields: [String]
        var line: Int
        var isBlank: Bool
    }

    /// The next record, split into fields as it is read (RFC 4180: a field in double quotes may hold commas, line
    /// ends and doubled quotes; a quote inside an unquoted field is kept as it is); nil at the end of the file.
    private func nextRecord() throws(DataError) -> Record? {
        var fields: [String] = []
        var value = String.UnicodeScalarView()
        let start = line
        var quoteLine = line
        var started = false
        var atFieldStart = true
        var inQuotes = false
        var afterClosingQuote = false
        var fieldBytes = 0
        field = 0
        func endField() {
            fields.append(String(value))
            value = String.UnicodeScalarView()
            atFieldStart = true
        }
        // The field's own bytes, its value's: not its quotes, nor the comma or line end after it.
        func keep(_ scalar: Unicode.Scalar) throws(DataError) {
            fieldBytes += UTF8.width(scalar)
            if fieldBytes > limits.csvFieldBytes {
                throw .limit(
                    LimitExceeded(
                        limit: "csv-field-bytes", what: "a field holds at least", value: fieldBytes,
                        maximum: limits.csvFieldBytes, unit: "bytes"),
                    source: source, row: headerRead ? row + 1 : 0, line: start)
            }
            value.append(scalar)
        }
        while let scalar = try nextScalar() {
            started = true
            if inQuotes {
                if scalar == "\"" {
                    inQuotes = false
                    afterClosingQuote = true
                } else {
                    if scalar == "\n" { line += 1 }
                    try keep(scalar)
                }
                continue
            }
            if afterClosingQuote {
                afterClosingQuote = false
                if scalar == "\"" {
                    inQuotes = true
                    try keep(scalar)
                    continue
                }
                guard scalar == "," || scalar == "\n" else {
                    throw .textAfterQuote(source: source, row: headerRead ? row + 1 : 0, line: line)
                }
            }
            switch scalar {
            case "\"" where atFieldStart:
                inQuotes = true
                atFieldStart = false
                quoteLine = line
            case ",":
                endField()
                field += 1
                fieldBytes = 0
                if field >= limits.csvColumns {
                    throw .limit(
                        LimitExceeded(
                            limit: "csv-columns", what: "a row has at least", value: field + 1,
                            maximum: limits.csvColumns, unit: "fields"),
                        source: source, row: headerRead ? row + 1 : 0, line: start)
                }
            case "\n":
                line += 1
                let blank = fields.isEmpty && value.isEmpty
                endField()
                return Record(fields: fields, line: start, isBlank: blank)
            default:
                atFieldStart = false
                try keep(scalar)
            }
        }
        if inQuotes {
            throw .unterminatedQuote(source: source, row: headerRead ? row + 1 : 0, line: quoteLine)
        }
        guard started else { return nil }
        let blank = fields.isEmpty && value.isEmpty
        endField()
        return Record(fields: fields, line: start, isBlank: blank)
    }

    /// The next character of the text with CRLF and CR read as LF.
    private func nextScalar() throws(DataError) -> Unicode.Scalar? {
        while true {
            while let scalar = scalars.next() {
                if skipLineFeed {
                    skipLineFeed = false
                    if scalar == "\n" { continue }
                }
                if scalar == "\r" {
                    skipLineFeed = true
                    return "\n"
                }
                return scalar
            }
            let chunk: String?
            do {
                chunk = try text.next()
            } catch {
                let column = !headerRead ? nil : field < columns.count ? columns[field] : "field \(field + 1)"
                throw Self.error(error, row: headerRead ? row + 1 : 0, line: line, column: column)
            }
            guard let chunk else { return nil }
            scalars = chunk.unicodeScalars.makeIterator()
        }
    }

    /// The CSV error for a stream error at a place in the file.
    private static func error(_ error: InputTextError, row: Int, line: Int, column: String?) -> DataError {
        switch error {
        case .unreadable(let source, let reason):
            return .unreadable(path: source, reason: reason)
        case .undecodable(let decoding):
            return .undecodable(decoding, row: row, line: line, column: column)
        }
    }
}

extension DataError {
    /// The error for bytes that cannot be decoded at a known place: the data row (0 for the header), the line and
    /// the column's name (nil when not in a CSV data row).
    public static func undecodable(_ error: TextDecodingError, row: Int, line: Int, column: String?) -> DataError {
        .undecodable(
            source: error.source, encoding: error.encoding.rawValue, detected: error.detected, row: row,
            line: line, column: column, byteOffset: error.byteOffset, bytes: error.hexBytes,
            note: error.note)
    }
}
