import CSV
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

    /// Reads the CSV file at `url` in `encoding` (nil: detected — BOM, then strict UTF-8, then CP932).
    /// - Throws: `CSVDataError`.
    public init(contentsOf url: URL, encoding: InputEncoding? = nil) throws(CSVDataError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
        try self.init(data: data, source: url.lastPathComponent, encoding: encoding)
    }

    /// Reads CSV bytes; `source` names them in messages. Every row must have one field per column.
    /// - Throws: `CSVDataError`.
    public init(data: Data, source: String, encoding: InputEncoding? = nil) throws(CSVDataError) {
        let records = try CSVRecords(data: data, source: source, encoding: encoding)
        var rows: [[String]] = []
        var lines: [Int] = []
        for (number, (record, line)) in zip(records.rows, records.lines).enumerated() {
            guard record.count == records.columns.count else {
                throw .fieldCount(source: source, row: number + 1, line: line, found: record.count,
                                  expected: records.columns.count)
            }
            rows.append(record)
            lines.append(line)
        }
        self.source = source
        self.columns = records.columns
        self.rows = rows
        self.lines = lines
    }

    /// The position of the column named `name`, or nil.
    public func columnIndex(named name: String) -> Int? {
        columns.firstIndex(of: name)
    }
}

/// The one CSV reader of mkpdf (report's `CSVTable`, batch's records): bytes decoded (`InputText`), quotes checked,
/// fields parsed by CSV.swift, blank lines skipped, the header checked — rows kept as they are, with their lines, so
/// each reader decides what a row with the wrong number of fields means (a refused file, a failed record).
///
/// A quote that is never closed or text after a closing quote is an error naming the row and line: records are never
/// merged, which is what CSV.swift alone would do.
public struct CSVRecords: Hashable, Sendable {
    /// The file name messages use.
    public var source: String
    /// The encoding the bytes were read in (given or detected).
    public var encoding: InputEncoding
    /// The header row's fields, trimmed.
    public var columns: [String]
    /// The data rows as parsed (any number of fields).
    public var rows: [[String]]
    /// The line number (from 1) each data row starts on.
    public var lines: [Int]

    /// Decodes and parses `data`.
    /// - Throws: `CSVDataError`: undecodable bytes (naming row, column, byte offset and bytes), quote errors, header
    ///   problems.
    public init(data: Data, source: String, encoding: InputEncoding? = nil) throws(CSVDataError) {
        let decoded: (text: String, encoding: InputEncoding)
        do {
            decoded = try InputText.decode(data, source: source, encoding: encoding)
        } catch {
            throw Self.undecodable(error)
        }
        var text = decoded.text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        let starts = try Self.recordLines(in: text, source: source)
        var records: [[String]] = []
        do {
            let reader = try CSVReader(string: text, hasHeaderRow: false)
            while let row = reader.next() { records.append(row) }
            if let error = reader.error { throw CSVDataError.unreadable(path: source, reason: "\(error)") }
        } catch let error as CSVDataError {
            throw error
        } catch {
            throw .unreadable(path: source, reason: "\(error)")
        }
        guard records.count == starts.count else {
            throw .unreadable(path: source, reason: "the parser found \(records.count) records where the file has "
                + "\(starts.count)")
        }
        let kept = zip(records, starts).filter { !($0.0.count == 1 && $0.0[0].isEmpty) }
        guard let header = kept.first else { throw .empty(source: source) }
        let columns = header.0.map { $0.trimmingCharacters(in: .whitespaces) }
        for (index, name) in columns.enumerated() {
            if name.isEmpty { throw .emptyColumnName(source: source, column: index + 1) }
            if columns[..<index].contains(name) { throw .duplicateColumn(source: source, name: name) }
        }
        self.source = source
        self.encoding = decoded.encoding
        self.columns = columns
        self.rows = kept.dropFirst().map(\.0)
        self.lines = kept.dropFirst().map(\.1)
    }

    /// The error for bytes that cannot be decoded, placed by parsing the text before them: the data row, the line
    /// and the column's name.
    public static func undecodable(_ error: TextDecodingError) -> CSVDataError {
        var line = 1, row = 0, field = 0, inQuotes = false, header: [String] = [], current = ""
        for scalar in error.prefix.unicodeScalars {
            if scalar == "\"" { inQuotes.toggle() }
            if scalar == "\n" { line += 1 }
            guard !inQuotes else { current.unicodeScalars.append(scalar); continue }
            if scalar == "," || scalar == "\n" {
                if row == 0 { header.append(current.trimmingCharacters(in: .whitespaces)) }
                current = ""
                field = scalar == "," ? field + 1 : 0
                if scalar == "\n" { row += 1 }
            } else if scalar != "\r" {
                current.unicodeScalars.append(scalar)
            }
        }
        let column = row == 0 ? nil : (field < header.count ? header[field] : "field \(field + 1)")
        return .undecodable(source: error.source, encoding: error.encoding.rawValue, detected: error.detected,
                            row: row, line: line, column: column, byteOffset: error.byteOffset,
                            bytes: error.hexBytes, note: error.note)
    }

    /// The line each record starts on, checking quotes as it goes.
    private static func recordLines(in text: String, source: String) throws(CSVDataError) -> [Int] {
        var starts: [Int] = []
        var line = 1
        var atRecordStart = true
        var atFieldStart = true
        var inQuotes = false
        var afterClosingQuote = false
        for scalar in text.unicodeScalars {
            if atRecordStart {
                starts.append(line)
                atRecordStart = false
            }
            if inQuotes {
                if scalar == "\"" {
                    inQuotes = false
                    afterClosingQuote = true
                } else if scalar == "\n" {
                    line += 1
                }
                continue
            }
            if afterClosingQuote {
                afterClosingQuote = false
                if scalar == "\"" {
                    inQuotes = true
                    continue
                }
                guard scalar == "," || scalar == "\n" else {
                    throw .textAfterQuote(source: source, row: starts.count - 1, line: line)
                }
            }
            switch scalar {
            case "\"" where atFieldStart:
                inQuotes = true
                atFieldStart = false
            case ",":
                atFieldStart = true
            case "\n":
                line += 1
                atRecordStart = true
                atFieldStart = true
            default:
                atFieldStart = false
            }
        }
        if inQuotes {
            throw .unterminatedQuote(source: source, row: starts.count - 1, line: starts.last ?? 1)
        }
        return starts
    }
}
