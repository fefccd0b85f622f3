import CSV
import Foundation

/// Reads records one at a time from CSV (yaslab's CSV.swift streaming over an `InputStream`) or JSONL (line by line),
/// so memory stays the same whether the input holds ten records or ten million.
///
/// A row that cannot be used (wrong number of fields, a JSON line that is not an object of strings and numbers) is
/// still returned, with `problem` set, so it is reported in the manifest and the rest of the run goes on. Only an
/// input that cannot be read at all throws.
public final class RecordReader {
    private enum Source {
        case csv(CSVReader, stream: InputStream, header: [String])
        case jsonl(LineReader)
    }

    /// The input being read.
    public let input: BatchInput
    /// The CSV header's column names, or nil for JSONL.
    public let columns: [String]?
    private let source: Source
    private var nextIndex = 0
    private var row = 0

    /// Opens the input and, for CSV, reads and checks the header row.
    /// - Throws: `BatchError.unreadableInput` or `.badHeader`.
    public init(_ input: BatchInput) throws(BatchError) {
        self.input = input
        if let file = input.file, !FileManager.default.isReadableFile(atPath: file.path) {
            let reason = FileManager.default.fileExists(atPath: file.path) ? "permission denied" : "no such file"
            throw .unreadableInput(name: input.name, row: nil, reason: reason)
        }
        switch input.format {
        case .jsonl:
            source = .jsonl(try LineReader(url: input.file))
            columns = nil
        case .csv:
            guard let stream = InputStream(fileAtPath: input.file?.path ?? "/dev/stdin") else {
                throw .unreadableInput(name: input.name, row: nil, reason: "it cannot be opened")
            }
            let reader: CSVReader
            do {
                reader = try CSVReader(stream: stream, hasHeaderRow: true)
            } catch {
                throw .unreadableInput(name: input.name, row: nil, reason: "no header row (\(error))")
            }
            var header = (reader.headerRow ?? []).map { $0.trimmingCharacters(in: .whitespaces) }
            if let first = header.first, first.hasPrefix("\u{FEFF}") { header[0] = String(first.dropFirst()) }
            for (position, name) in header.enumerated() {
                if name.isEmpty { throw .badHeader(name: input.name, reason: "has no name for column \(position + 1)") }
                if header[..<position].contains(name) {
                    throw .badHeader(name: input.name, reason: "names the column \"\(name)\" twice")
                }
            }
            source = .csv(reader, stream: stream, header: header)
            columns = header
        }
    }

    /// The next record, or nil at the end of the input.
    /// - Throws: `BatchError.unreadableInput` when the input breaks off (read error, invalid UTF-8 in CSV).
    public func next() throws(BatchError) -> BatchRecord? {
        switch source {
        case .csv(let reader, let stream, let header):
            while let fields = reader.next() {
                row += 1
                if fields.count == 1, fields[0].isEmpty, header.count > 1 { continue }
                defer { nextIndex += 1 }
                guard fields.count == header.count else {
                    let present = Dictionary(zip(header, fields), uniquingKeysWith: { first, _ in first })
                    let missing = header.count > fields.count ? header[fields.count] : nil
                    let problem = RecordFailure(
                        row: row, member: present["member"], field: missing,
                        reason: "the row has \(fields.count) fields where the header has \(header.count) ("
                            + header.joined(separator: ",") + "). Fix: give every row one value per column, quoting "
                            + "values that hold a comma")
                    return BatchRecord(index: nextIndex, row: row, fields: present, problem: problem)
                }
                return BatchRecord(index: nextIndex, row: row, fields: Dictionary(zip(header, fields)) { a, _ in a })
            }
            // CSV.swift reports the end of a stream as `cannotReadFile`; only a stream in error or bad text is a failure.
            if let error = reader.error, stream.streamStatus == .error || "\(error)" != "cannotReadFile" {
                let reason = stream.streamStatus == .error ? "the read failed" : "\(error)"
                throw .unreadableInput(name: input.name, row: row, reason: reason)
            }
            return nil
        case .jsonl(let lines):
            while true {
                let line: String?
                do {
                    line = try lines.next()
                } catch {
                    throw .unreadableInput(name: input.name, row: row + 1, reason: error.reason)
                }
                guard let line else { return nil }
                row += 1
                if line.allSatisfy(\.isWhitespace) { continue }
                defer { nextIndex += 1 }
                return Self.record(json: line, index: nextIndex, row: row)
            }
        }
    }

    /// Counts the records of a file input by reading it once (constant memory); nil for standard input.
    /// - Throws: `BatchError` as `next()`.
    public static func count(_ input: BatchInput) throws(BatchError) -> Int? {
        guard input.file != nil else { return nil }
        let reader = try RecordReader(input)
        var count = 0
        while try reader.next() != nil { count += 1 }
        return count
    }

    /// A JSON line's object as fields: strings as they are, numbers and booleans as written, null as absent.
    private static func record(json line: String, index: Int, row: Int) -> BatchRecord {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(line.utf8))
        } catch {
            return BatchRecord(index: index, row: row, fields: [:], problem: RecordFailure(
                row: row, reason: "the line is not valid JSON (\(error.localizedDescription)). "
                    + "Fix: write one JSON object per line, e.g. {\"member\": \"GCG-40167\"}"))
        }
        guard let dictionary = object as? [String: Any] else {
            return BatchRecord(index: index, row: row, fields: [:], problem: RecordFailure(
                row: row, reason: "the line is JSON but not an object. Fix: write {\"member\": \"GCG-40167\", …}"))
        }
        var fields: [String: String] = [:]
        var problem: RecordFailure?
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            switch value {
            case let string as String: fields[key] = string
            case is NSNull: continue
            case let number as NSNumber: fields[key] = number.stringValue
            default:
                problem = problem ?? RecordFailure(
                    row: row, field: key,
                    reason: "the value of \"\(key)\" is an array or object. Fix: give a string or a number")
            }
        }
        problem?.member = fields["member"]
        return BatchRecord(index: index, row: row, fields: fields, problem: problem)
    }
}
