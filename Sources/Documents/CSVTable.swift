import CSV
import Foundation

/// A CSV file read whole: its header, its rows, and the line each row starts on (for error messages).
///
/// Parsed with yaslab's CSV.swift (quoted fields, doubled quotes, newlines inside quotes); a UTF-8 byte-order mark
/// is dropped, CRLF and CR line ends read as LF, blank lines are skipped. What CSV.swift accepts silently — a quote
/// never closed, text after a closing quote, rows with a different number of fields, bytes that are not UTF-8 — is
/// an error here naming the file, the row and its line.
public struct CSVTable: Hashable, Sendable {
    /// The file name (or description) messages use.
    public var source: String
    /// The header row's fields.
    public var columns: [String]
    /// The data rows, each with one field per column.
    public var rows: [[String]]
    /// The line number (from 1) each data row starts on.
    public var lines: [Int]

    /// Reads the CSV file at `url`.
    /// - Throws: `CSVDataError`.
    public init(contentsOf url: URL) throws(CSVDataError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
        try self.init(data: data, source: url.lastPathComponent)
    }

    /// Reads CSV bytes; `source` names them in messages.
    /// - Throws: `CSVDataError`.
    public init(data: Data, source: String) throws(CSVDataError) {
        guard var text = String(data: data, encoding: .utf8) else {
            let (offset, line) = Self.firstInvalidUTF8(in: data)
            throw .notUTF8(source: source, line: line, byteOffset: offset)
        }
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
        var rows: [[String]] = []
        var lines: [Int] = []
        for (number, (record, line)) in kept.dropFirst().enumerated() {
            guard record.count == columns.count else {
                throw .fieldCount(source: source, row: number + 1, line: line, found: record.count,
                                  expected: columns.count)
            }
            rows.append(record)
            lines.append(line)
        }
        self.source = source
        self.columns = columns
        self.rows = rows
        self.lines = lines
    }

    /// The position of the column named `name`, or nil.
    public func columnIndex(named name: String) -> Int? {
        columns.firstIndex(of: name)
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

    /// The byte offset and line of the first byte that is not UTF-8.
    private static func firstInvalidUTF8(in data: Data) -> (offset: Int, line: Int) {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var line = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += String(scalar).utf8.count
                if scalar == "\n" { line += 1 }
            case .emptyInput:
                return (offset, line)
            case .error:
                return (offset, line)
            }
        }
    }
}
