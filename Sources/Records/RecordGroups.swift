import Expressions
import Foundation

/// Records grouped by one field into documents (`--group-by 請求番号`): the usual office export of detail lines, one
/// invoice per number.
///
/// A sorted input (every group's records together) is streamed, one group in memory at a time. An unsorted regular
/// file, or standard input, is held in memory up to `BatchInput.groupBytes`, and past it sorted through temporary
/// files (`GroupSpill`): `note` says which, with the records and bytes grouped.
final class RecordGroups {
    private let field: String
    private var held: [[BatchRecord]]?
    /// The sorted runs an unsorted input too large for memory was written to, read back a group at a time.
    private var spill: GroupSpill?
    /// The next group of `held` to give out; a group given out is emptied in place, so its memory goes with it and
    /// taking one costs the same whatever the number of groups (taking the first of an array moved every other one).
    private var nextHeld = 0
    private var pending: BatchRecord?
    private var emitted = 0
    /// What the grouping holds in memory when the input is not sorted by the field, for the run to print.
    private(set) var note: String?

    /// Prepares the groups of `reader`'s input: a regular file is read once first to learn whether it is sorted.
    /// - Throws: `DataError` as `RecordReader.next()`.
    init(field: String, reader: RecordReader, progress: ((Int) -> Void)? = nil) throws(DataError) {
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
        var positions: [String: Int] = [:]
        var held: [(group: Int, record: BatchRecord)] = []
        var heldBytes = 0
        var bytes = 0
        var read = 0
        let spill = GroupSpill()
        while let record = try reader.nextRecord() {
            let fieldBytes = record.fields.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
            bytes += fieldBytes
            let key = record.fields[field] ?? ""
            let group: Int
            if let known = positions[key] {
                group = known
            } else {
                group = positions.count
                positions[key] = group
            }
            held.append((group, record))
            read += 1
            if read % RecordReader.groupingProgressEvery == 0 { progress?(read) }
            heldBytes += Self.recordOverhead + fieldBytes + record.fields.count * Self.fieldOverhead
            if heldBytes > reader.input.groupBytes {
                try spill.write(held)
                held = []
                heldBytes = 0
            }
        }
        let kilobytes = bytes / 1024 + 1
        if spill.isEmpty {
            var groups = [[BatchRecord]](repeating: [], count: positions.count)
            for (group, record) in held { groups[group].append(record) }
            self.held = groups
            note =
                "note: \(reader.input.name) is not sorted by \(field), so grouping holds all \(held.count) records "
                + "(\(kilobytes) KB of fields) in memory; sort it by \(field) to stream it"
        } else {
            try spill.write(held)
            held = []
            try spill.open()
            self.spill = spill
            note =
                "note: \(reader.input.name) is not sorted by \(field), so grouping sorted its \(spill.records) records "
                + "(\(kilobytes) KB of fields) through temporary files, holding at most "
                + "\(reader.input.groupBytes / 1024) KB of them at a time; sort it by \(field) to stream it"
        }
    }

    /// What a held record costs beyond its fields' bytes, and each field beyond its bytes (the dictionary's entry
    /// and the strings' storage): an estimate that keeps the budget near the memory it stands for.
    private static let recordOverhead = 200
    private static let fieldOverhead = 64

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
        if let spill {
            guard let members = try spill.nextGroup() else { return nil }
            return group(members)
        }
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

    /// A record of the group as an item of `rows`: its fields as text (a CSV row's in the input's column order,
    /// others by name), its lists and records, its literals.
    private static func row(_ record: BatchRecord) -> TemplateValue {
        let ordered = record.columns.filter { record.fields[$0] != nil }
        let rest = record.fields.keys.filter { !record.columns.contains($0) }.sorted()
        var fields: [(String, TemplateValue)] = (ordered + rest).compactMap { name in
            record.fields[name].map { (name, TemplateValue.text($0)) }
        }
        for (name, value) in record.data.sorted(by: { $0.key < $1.key }) { fields.append((name, value)) }
        for (name, literal) in record.literals.sorted(by: { $0.key < $1.key }) {
            fields.append((name, JSONLine.Value.literal(literal)))
        }
        var row = TemplateRecord(fields)
        row.origin = "row \(record.row)"
        row.headings = record.headings
        return .record(row)
    }
}
