import DrawingModule
import Expressions
import Foundation
import Support

/// Reads the records of a batch one at a time from CSV (through `CSVRecords`, the reader `mkpdf report` uses) or
/// JSONL (line by line), decoded a chunk at a time in the input's encoding and with its columns renamed (`--map`), so
/// memory stays the same whether the input holds ten records or ten million — standard input and pipes included.
///
/// A row that cannot be used (wrong number of fields, a JSON value that is not text) is still returned with
/// `problem` set, so it is reported in the manifest and the run goes on. An input that cannot be read, decoded or
/// split into records (an unterminated quote) throws where it is found: records are never merged or guessed.
public final class RecordReader {
    private enum Source {
        case csv(CSVRecords, header: [String], headings: [String: String])
        case jsonl(JSONLines)
        case list(RecordList)
    }

    /// The input being read.
    public let input: BatchInput
    /// The CSV header's column names after `--map`, or nil for JSONL.
    public let columns: [String]?
    /// The encoding the input is read in.
    public let encoding: InputEncoding
    private let source: Source
    private var index = 0
    /// The groups being handed out, with `input.groupBy`.
    private var groups: RecordGroups?

    /// Opens the input, detects its encoding and, for CSV, reads and checks the header; with `input.groupBy` over an
    /// unsorted input, groups it, calling `grouping` with the records read so far every
    /// `RecordReader.groupingProgressEvery` records (a long input is grouped before its first document).
    /// - Throws: `DataError.unreadableInput`, `.badHeader`, `.badOption` (a `--map` column the data lacks), `.records`
    ///   (a YAML or JSON list that cannot be read), or the CSV or JSONL reader's error.
    public init(_ input: BatchInput, grouping: ((Int) -> Void)?) throws(DataError) {
        self.input = input
        if let file = input.file, !FileManager.default.isReadableFile(atPath: file.path) {
            let reason = FileManager.default.fileExists(atPath: file.path) ? "permission denied" : "no such file"
            throw .unreadableInput(name: input.name, reason: reason)
        }
        let map = input.columnMap
        switch input.format {
        case .csv:
            let records: CSVRecords
            do {
                records = try CSVRecords(
                    path: input.file?.path, source: input.name, encoding: input.encoding, limits: input.limits)
            } catch {
                throw Self.inputError(error, name: input.name)
            }
            for from in map.keys.sorted() where !records.columns.contains(from) {
                throw .badOption(
                    option: "--map \(from)=\(map[from]!)",
                    reason: "\(input.name) has no column "
                        + "\"\(from)\"; its columns are " + records.columns.joined(separator: ", "))
            }
            let header = records.columns.map { map[$0] ?? $0 }
            var seen = Set<String>(minimumCapacity: header.count)
            for name in header where !seen.insert(name).inserted {
                throw .badHeader(name: input.name, reason: "names the field \"\(name)\" twice (after --map)")
            }
            columns = header
            encoding = records.encoding
            let renamed = zip(header, records.columns).filter { $0.0 != $0.1 }
            source = .csv(
                records, header: header, headings: Dictionary(renamed.map { ($0.0, $0.1) }) { first, _ in first })
        case .jsonl:
            let text: InputTextStream
            do {
                text = try InputTextStream(path: input.file?.path, source: input.name, encoding: input.encoding)
            } catch {
                throw Self.inputError(JSONLines.error(error, line: 1), name: input.name)
            }
            columns = nil
            encoding = text.encoding
            source = .jsonl(JSONLines(text, maximumBytes: input.limits.jsonLineBytes))
        case .yaml:
            guard let file = input.file else {
                throw .badOption(
                    option: "--data -", reason: "a YAML or JSON list is read from a file. Fix: give --data FILE")
            }
            let records: [[String: TemplateValue]]
            do {
                records = try DataFile.records(contentsOf: file, limits: input.limits)
            } catch {
                throw .records(name: input.name, error)
            }
            columns = nil
            encoding = .utf8
            source = .list(RecordList(records.enumerated().map { Self.record($1, index: $0, map: input.columnMap) }))
        }
        if let field = input.groupBy { groups = try RecordGroups(field: field, reader: self, progress: grouping) }
    }

    /// Opens the input as `init(_:grouping:)` does, with no word while it groups.
    /// - Throws: as `init(_:grouping:)`.
    public convenience init(_ input: BatchInput) throws(DataError) {
        try self.init(input, grouping: nil)
    }

    /// How many records grouping reads between two calls of `init`'s `grouping`.
    public static let groupingProgressEvery = 100_000

    /// What reading the input costs beyond one record at a time (an unsorted input grouped in memory), or nil.
    public var note: String? { groups?.note }

    /// The next record — with `input.groupBy`, the next group of records as one — or nil at the end of the input.
    /// - Throws: `DataError`: undecodable bytes, a quote error, or `.unreadableInput` (a failed read).
    public func next() throws(DataError) -> BatchRecord? {
        guard let groups else { return try nextRecord() }
        return try groups.next(reader: self)
    }

    /// The next record of the input as written, or nil at its end.
    /// - Throws: `DataError` as `next()`.
    func nextRecord() throws(DataError) -> BatchRecord? {
        switch source {
        case .list(let list):
            return list.next()
        case .csv(let records, let header, let headings):
            let next: (fields: [String], line: Int)?
            do {
                next = try records.next()
            } catch {
                throw Self.inputError(error, name: input.name)
            }
            guard let (fields, line) = next else { return nil }
            defer { index += 1 }
            var record = Self.record(csv: fields, header: header, index: index, row: records.row, line: line)
            record.headings = headings
            return record
        case .jsonl(let lines):
            while true {
                let next: (line: JSONLines.Line, number: Int)?
                do {
                    next = try lines.next()
                } catch {
                    throw Self.inputError(error, name: input.name)
                }
                guard let (line, number) = next else { return nil }
                let text: String
                switch line {
                case .text(let whole):
                    text = whole
                case .tooLong(let bytes):
                    defer { index += 1 }
                    let limit = LimitExceeded(
                        limit: "json-line-bytes", what: "the line holds", value: bytes,
                        maximum: input.limits.jsonLineBytes, unit: "bytes")
                    return BatchRecord(
                        index: index, row: number, fields: [:],
                        problem: RecordFailure(
                            row: number, reason: "line \(number): \(limit.description)", limit: limit.limit))
                }
                let trimmed = text.hasSuffix("\r") ? String(text.dropLast()) : text
                if trimmed.allSatisfy(\.isWhitespace) { continue }
                defer { index += 1 }
                return JSONRecord.record(json: trimmed, index: index, row: number, map: input.columnMap)
            }
        }
    }

    /// Moves past the next record without building it (for counting); false at the end of the input.
    /// - Throws: `DataError` as `next()`.
    private func skip() throws(DataError) -> Bool {
        switch source {
        case .csv(let records, _, _):
            do {
                return try records.skip()
            } catch {
                throw Self.inputError(error, name: input.name)
            }
        case .jsonl, .list:
            return try nextRecord() != nil
        }
    }

    /// Counts the records of a regular file by reading it once in constant memory — which also finds an undecodable
    /// byte or an unterminated quote before anything is rendered; nil for standard input, a pipe or a FIFO (which
    /// can be read once only: their errors are found when reached).
    /// - Throws: `DataError` as `init` and `next()`.
    public static func count(_ input: BatchInput) throws(DataError) -> Int? {
        guard let file = input.file else { return nil }
        var status = stat()
        guard stat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        if let field = input.groupBy {
            // A group per distinct value of the field (a sorted input has one run per value, an unsorted one is
            // grouped by value): counted from the values alone, without grouping the records.
            var ungrouped = input
            ungrouped.groupBy = nil
            let reader = try RecordReader(ungrouped)
            var keys = Set<String>()
            while let record = try reader.nextRecord() { keys.insert(record.fields[field] ?? "") }
            return keys.count
        }
        let reader = try RecordReader(input)
        var count = 0
        while try reader.skip() { count += 1 }
        return count
    }

    /// The error of the input `name`: a CSV or JSONL file that cannot be read is the input's, named as given.
    private static func inputError(_ error: DataError, name: String) -> DataError {
        if case .unreadable(_, let reason) = error { return .unreadableInput(name: name, reason: reason) }
        return error
    }

    /// A CSV row as a record; a row with the wrong number of fields carries its problem.
    private static func record(csv fields: [String], header: [String], index: Int, row: Int, line: Int) -> BatchRecord {
        let present = Dictionary(zip(header, fields), uniquingKeysWith: { first, _ in first })
        guard fields.count == header.count else {
            let missing = header.count > fields.count ? header[fields.count] : nil
            let problem = RecordFailure(
                row: row, member: present["member"], field: missing,
                reason: "the row has \(fields.count) fields where the header has \(header.count) ("
                    + header.joined(separator: ",") + "), on line \(line). Fix: give every row one value per column, "
                    + "quoting values that hold a comma")
            return BatchRecord(index: index, row: row, fields: present, problem: problem)
        }
        var record = BatchRecord(index: index, row: row, fields: present)
        record.columns = header
        return record
    }
}

/// The lines of a decoded text stream, one at a time, numbered from 1 (a line longer than a chunk is joined), split at
/// LF, CRLF and CR, mixed or not, each held to `maximumBytes`: a longer line is passed over without being held, and
/// handed out as `.tooLong`.
private final class JSONLines {
    /// One line: its text, or how many bytes it had when it passed the limit.
    enum Line {
        case text(String)
        case tooLong(bytes: Int)
    }

    private let text: InputTextStream
    private let maximumBytes: Int
    private var complete: [Line] = []
    private var position = 0
    private var partial = ""
    private var partialBytes = 0
    private var number = 0
    /// The last byte read was a CR: an LF right after it (perhaps in the next chunk) ends no further line.
    private var afterCarriageReturn = false

    init(_ text: InputTextStream, maximumBytes: Int) {
        self.text = text
        self.maximumBytes = maximumBytes
    }

    /// The next line without its line end, and its number; nil at the end.
    /// - Throws: `DataError` naming the line an undecodable byte is on.
    func next() throws(DataError) -> (line: Line, number: Int)? {
        while true {
            if position < complete.count {
                defer { position += 1 }
                number += 1
                return (complete[position], number)
            }
            let chunk: String?
            do {
                chunk = try text.next()
            } catch {
                throw Self.error(error, line: number + 1)
            }
            guard let chunk else {
                guard partialBytes > 0 else { return nil }
                number += 1
                return (takePartial(), number)
            }
            // Split at the LF and CR bytes (a "\r\n" is one Character, which a split on "\n" would never match),
            // a CRLF once even when a chunk ends between its CR and LF; only the chunk is split, so a long line costs
            // its length once, not once per chunk.
            complete = []
            position = 0
            let bytes = chunk.utf8
            var start = bytes.startIndex
            for index in bytes.indices {
                let byte = bytes[index]
                defer { afterCarriageReturn = byte == 0x0D }
                guard byte == 0x0A || byte == 0x0D else { continue }
                if byte == 0x0A, afterCarriageReturn, index == start {
                    start = bytes.index(after: index)
                    continue
                }
                gather(bytes[start..<index])
                complete.append(takePartial())
                start = bytes.index(after: index)
            }
            gather(bytes[start...])
        }
    }

    /// Adds a piece of the current line, holding no more than `maximumBytes` of it.
    private func gather(_ piece: Substring.UTF8View) {
        partialBytes += piece.count
        if partialBytes <= maximumBytes {
            partial += Substring(piece)
        } else {
            partial = ""
        }
    }

    /// The line gathered so far, and a fresh start.
    private func takePartial() -> Line {
        defer {
            partial = ""
            partialBytes = 0
        }
        return partialBytes > maximumBytes ? .tooLong(bytes: partialBytes) : .text(partial)
    }

    /// The error for a stream error on `line` (a JSONL record's row is its line).
    static func error(_ error: InputTextError, line: Int) -> DataError {
        switch error {
        case .unreadable(let source, let reason): .unreadable(path: source, reason: reason)
        case .undecodable(let decoding): .undecodable(decoding, row: line, line: line, column: nil)
        }
    }
}

extension RecordReader {
    /// A record of a YAML or JSON list as a batch record: text and numbers as fields, lists and records as data,
    /// true, false and null as literals; keys renamed through `map`. Its row is its 1-based position in the list.
    fileprivate static func record(_ values: [String: TemplateValue], index: Int, map: [String: String]) -> BatchRecord
    {
        var record = BatchRecord(index: index, row: index + 1, fields: [:])
        for (key, value) in values {
            let field = map[key] ?? key
            switch value {
            case .text(let text): record.fields[field] = text
            case .number: record.fields[field] = value.text
            case .bool(let flag): record.literals[field] = flag ? "true" : "false"
            case .null: record.literals[field] = "null"
            case .list, .record: record.data[field] = value
            }
        }
        return record
    }
}

/// The records of a YAML or JSON list, handed out in order.
private final class RecordList {
    private let records: [BatchRecord]
    private var position = 0

    init(_ records: [BatchRecord]) { self.records = records }

    func next() -> BatchRecord? {
        guard position < records.count else { return nil }
        defer { position += 1 }
        return records[position]
    }
}
