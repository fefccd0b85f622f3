import Documents
import Foundation
import Support

/// Reads the records of a batch from CSV (through `CSVRecords`, the reader `mkpdf report` uses) or JSONL, decoded in
/// the input's encoding and with its columns renamed (`--map`).
///
/// The input is read and decoded whole (a million ticket records are about 100 MB of text); records are then handed
/// out one at a time. A row that cannot be used (wrong number of fields, a JSON value that is not text) is still
/// returned with `problem` set, so it is reported in the manifest and the run goes on. An input that cannot be read,
/// decoded or split into records (an unterminated quote) throws: records are never merged or guessed.
public final class RecordReader {
    /// The input being read.
    public let input: BatchInput
    /// The CSV header's column names after `--map`, or nil for JSONL.
    public let columns: [String]?
    /// The encoding the input was read in.
    public let encoding: InputEncoding
    private var records: [BatchRecord]
    private var position = 0

    /// Opens, decodes and splits the input.
    /// - Throws: `BatchError.unreadableInput`, `.badHeader`, `.badOption` (a `--map` column the data lacks) or `.data`.
    public init(_ input: BatchInput) throws(BatchError) {
        self.input = input
        let data: Data
        if let file = input.file {
            guard FileManager.default.isReadableFile(atPath: file.path) else {
                let reason = FileManager.default.fileExists(atPath: file.path) ? "permission denied" : "no such file"
                throw .unreadableInput(name: input.name, row: nil, reason: reason)
            }
            do {
                data = try Data(contentsOf: file)
            } catch {
                throw .unreadableInput(name: input.name, row: nil, reason: error.localizedDescription)
            }
        } else {
            data = FileHandle.standardInput.readDataToEndOfFile()
        }
        let map = input.columnMap
        switch input.format {
        case .csv:
            let parsed: CSVRecords
            do {
                parsed = try CSVRecords(data: data, source: input.name, encoding: input.encoding)
            } catch {
                throw .data(error)
            }
            for from in map.keys.sorted() where !parsed.columns.contains(from) {
                throw .badOption(option: "--map \(from)=\(map[from]!)", reason: "\(input.name) has no column "
                                    + "\"\(from)\"; its columns are " + parsed.columns.joined(separator: ", "))
            }
            let header = parsed.columns.map { map[$0] ?? $0 }
            for (position, name) in header.enumerated() where header[..<position].contains(name) {
                throw .badHeader(name: input.name, reason: "names the field \"\(name)\" twice (after --map)")
            }
            columns = header
            encoding = parsed.encoding
            records = zip(parsed.rows, parsed.lines).enumerated().map { index, row in
                Self.record(csv: row.0, header: header, index: index, row: index + 1, line: row.1)
            }
        case .jsonl:
            let text: String
            do {
                (text, encoding) = try InputText.decode(data, source: input.name, encoding: input.encoding)
            } catch {
                throw .data(CSVRecords.undecodable(error))
            }
            columns = nil
            var records: [BatchRecord] = []
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.hasSuffix("\r") ? line.dropLast() : line
                if trimmed.allSatisfy(\.isWhitespace) { continue }
                records.append(JSONRecord.record(json: String(trimmed), index: records.count, row: number + 1,
                                                 map: map))
            }
            self.records = records
        }
    }

    /// The next record, or nil at the end of the input.
    public func next() throws(BatchError) -> BatchRecord? {
        guard position < records.count else { return nil }
        defer { position += 1 }
        return records[position]
    }

    /// The number of records.
    public var count: Int { records.count }

    /// Counts the records of a file input; nil for standard input (which can be read once only).
    /// - Throws: `BatchError` as `init`.
    public static func count(_ input: BatchInput) throws(BatchError) -> Int? {
        guard input.file != nil else { return nil }
        return try RecordReader(input).count
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
        return BatchRecord(index: index, row: row, fields: present)
    }
}
