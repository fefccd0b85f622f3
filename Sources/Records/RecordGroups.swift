import Expressions
import Foundation

/// Records grouped by one field into documents (`--group-by 請求番号`): the usual office export of detail lines, one
/// invoice per number.
///
/// A sorted input (every group's records together) is streamed, one group in memory at a time. An unsorted regular
/// file, or standard input, is held whole: `note` says so, with the records and bytes held, since that is the memory
/// the grouping needs.
final class RecordGroups {
    private let field: String
    private var held: [[BatchRecord]]?
    /// The next group of `held` to give out; a group given out is emptied in place, so its memory goes with it and
    /// taking one costs the same whatever the number of groups (taking the first of an array moved every other one).
    private var nextHeld = 0
    private var pending: BatchRecord?
    private var emitted = 0
    /// What the grouping holds in memory when the input is not sorted by the field, for the run to print.
    private(set) var note: String?

    /// Prepares the groups of `reader`'s input: a regular file is read once first to learn whether it is sorted.
    /// - Throws: `DataError` as `RecordReader.next()`.
    init(field: String, reader: RecordReader) throws(DataError) {
        self.field = field
        var sorted = false
        if let file = reader.input.file {
            var status = stat()
            if stat(file.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG {
                var scan = reader.input
                scan.groupBy = nil
                sorted = try Self.isSorted(try RecordReader(scan), by: field)
            }
        }
        guard !sorted else { return }
        var groups: [[BatchRecord]] = []
        var positions: [String: Int] = [:]
        var bytes = 0
        while let record = try reader.nextRecord() {
            bytes += record.fields.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
            let key = record.fields[field] ?? ""
            if let position = positions[key] {
                groups[position].append(record)
            } else {
                positions[key] = groups.count
                groups.append([record])
            }
        }
        held = groups
        let count = groups.reduce(0) { $0 + $1.count }
        note =
            "note: \(reader.input.name) is not sorted by \(field), so grouping holds all \(count) records "
            + "(\(bytes / 1024 + 1) KB of fields) in memory; sort it by \(field) to stream it"
    }

    /// True when every value of `field` comes in one run of records.
    private static func isSorted(_ reader: RecordReader, by field: String) throws(DataError) -> Bool {
        var finished: Set<String> = []
        var current: String?
        while let record = try reader.nextRecord() {
            let key = record.fields[field] ?? ""
            guard key != current else { continue }
            if let current { finished.insert(current) }
            guard !finished.contains(key) else { return false }
            current = key
        }
        return true
    }

    /// The next group as one record, or nil at the end.
    /// - Throws: `DataError` as `RecordReader.next()`.
    func next(reader: RecordReader) throws(DataError) -> BatchRecord? {
        if held != nil {
            guard nextHeld < held!.count else { return nil }
            let members = held![nextHeld]
            held![nextHeld] = []
            nextHeld += 1
            return group(members)
        }
        let start: BatchRecord?
        if let pending {
            start = pending
        } else {
            start = try reader.nextRecord()
        }
        guard let first = start else { return nil }
        pending = nil
        var members = [first]
        let key = first.fields[field]
        while let record = try reader.nextRecord() {
            guard record.fields[field] == key else {
                pending = record
                break
            }
            members.append(record)
        }
        return group(members)
    }

    /// One record for `members`: the first record's fields, `rows` the list of all, the fields that vary noted.
    private func group(_ members: [BatchRecord]) -> BatchRecord {
        let first = members[0]
        var record = BatchRecord(index: emitted, row: first.row, fields: first.fields, problem: first.problem)
        emitted += 1
        record.literals = first.literals
        record.data = first.data
        record.data["rows"] = .list(members.map(Self.row))
        record.group = first.fields[field].map { "\(field) \($0)" }
        for (name, value) in first.fields {
            if let other = members.first(where: { $0.fields[name] != value }) {
                record.varying[name] = Variation(
                    firstRow: first.row, firstValue: value, otherRow: other.row,
                    otherValue: other.fields[name] ?? "(missing)")
            }
        }
        if first.fields[field] == nil {
            record.problem =
                record.problem
                ?? RecordFailure(
                    row: first.row, field: field,
                    reason: "the field \"\(field)\" is missing, and --group-by \(field) needs it. Fix: fill it in")
        } else if let failed = members.first(where: { $0.problem != nil }), let problem = failed.problem {
            record.problem = problem
        }
        return record
    }

    /// A record of the group as an item of `rows`: its fields as text, its lists and records, its literals.
    private static func row(_ record: BatchRecord) -> TemplateValue {
        var fields: [(String, TemplateValue)] = record.fields.sorted { $0.key < $1.key }.map {
            ($0.key, .text($0.value))
        }
        for (name, value) in record.data.sorted(by: { $0.key < $1.key }) { fields.append((name, value)) }
        for (name, literal) in record.literals.sorted(by: { $0.key < $1.key }) {
            fields.append((name, JSONLine.Value.literal(literal)))
        }
        var row = TemplateRecord(fields)
        row.origin = "row \(record.row)"
        return .record(row)
    }
}
