import DrawingModule
import Expressions
import Foundation

/// Sorted runs of records written to unnamed temporary files, for grouping an unsorted input in bounded memory.
///
/// `RecordGroups` holds records until they pass its budget, then writes them here sorted by group (a stable sort, so
/// each group's records stay in file order) and lets them go. Each run's file is unlinked as soon as it is opened, so
/// nothing is left behind however the process ends; the runs are read back together, one record of each at a time.
final class GroupSpill {
    /// One run: its file, read back through a buffer once written.
    private final class Run: SpillSource {
        let handle: FileHandle
        private var buffer: [UInt8] = []
        private var position = 0
        private var finished = false
        /// The record at the head of the run and its group, or nil once the run is read.
        var head: (group: Int, record: BatchRecord)?

        init(handle: FileHandle) { self.handle = handle }

        /// Reads the next record into `head`.
        func advance() throws(DataError) {
            guard let group = try varint() else {
                head = nil
                return
            }
            head = (group, try RecordCoding.record(from: self))
        }

        /// The next byte, or nil at the end of the file.
        func byte() throws(DataError) -> UInt8? {
            if position == buffer.count {
                guard !finished else { return nil }
                do {
                    buffer = [UInt8](try handle.read(upToCount: 1 << 18) ?? Data())
                } catch {
                    throw .unreadableInput(name: "the grouping's temporary file", reason: "\(error)")
                }
                position = 0
                if buffer.isEmpty {
                    finished = true
                    return nil
                }
            }
            defer { position += 1 }
            return buffer[position]
        }

        func varint() throws(DataError) -> Int? {
            var value = 0
            var shift = 0
            while let byte = try byte() {
                value |= Int(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }

        func bytes(_ count: Int) throws(DataError) -> [UInt8] {
            var result: [UInt8] = []
            result.reserveCapacity(count)
            for _ in 0..<count {
                guard let byte = try byte() else { throw RecordCoding.truncated }
                result.append(byte)
            }
            return result
        }
    }

    private var runs: [Run] = []
    /// The records written, for the note.
    private(set) var records = 0

    /// Writes `held` as one run, sorted by group with each group's records in the order given.
    /// - Throws: `DataError.unreadableInput` when the temporary file cannot be made or written.
    func write(_ held: [(group: Int, record: BatchRecord)]) throws(DataError) {
        let directory = FileManager.default.temporaryDirectory.path
        var template = Array((directory + "/mkpdf-group-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw .unreadableInput(
                name: "a temporary file in \(directory)", reason: String(cString: strerror(errno)))
        }
        template.withUnsafeBufferPointer { path in _ = unlink(path.baseAddress!) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let order = held.indices.sorted { held[$0].group != held[$1].group ? held[$0].group < held[$1].group : $0 < $1 }
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        do {
            for index in order {
                RecordCoding.varint(held[index].group, into: &out)
                RecordCoding.encode(held[index].record, into: &out)
                if out.count >= 1 << 20 {
                    try handle.write(contentsOf: out)
                    out.removeAll(keepingCapacity: true)
                }
            }
            try handle.write(contentsOf: out)
            try handle.seek(toOffset: 0)
        } catch {
            throw .unreadableInput(name: "a temporary file in \(directory)", reason: "\(error)")
        }
        records += held.count
        runs.append(Run(handle: handle))
    }

    /// True once a run has been written.
    var isEmpty: Bool { runs.isEmpty }

    /// Starts reading the runs back.
    func open() throws(DataError) {
        for run in runs { try run.advance() }
    }

    /// The records of the next group, from every run in the order written (which is the file's order), or nil at
    /// the end.
    func nextGroup() throws(DataError) -> [BatchRecord]? {
        guard let group = runs.compactMap({ $0.head?.group }).min() else { return nil }
        var members: [BatchRecord] = []
        for run in runs {
            while let head = run.head, head.group == group {
                members.append(head.record)
                try run.advance()
            }
        }
        return members
    }
}

/// A record as bytes and back: varints, length-prefixed UTF-8, and a tag per template value.
enum RecordCoding {
    static let truncated = DataError.unreadableInput(
        name: "the grouping's temporary file", reason: "it ends inside a record")

    static func varint(_ value: Int, into out: inout [UInt8]) {
        var value = UInt(bitPattern: value)
        while value >= 0x80 {
            out.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    static func string(_ text: String, into out: inout [UInt8]) {
        varint(text.utf8.count, into: &out)
        out.append(contentsOf: text.utf8)
    }

    static func optional(_ text: String?, into out: inout [UInt8]) {
        guard let text else { return out.append(0) }
        out.append(1)
        string(text, into: &out)
    }

    static func pairs(_ values: [String: String], into out: inout [UInt8]) {
        varint(values.count, into: &out)
        for (key, value) in values {
            string(key, into: &out)
            string(value, into: &out)
        }
    }

    static func value(_ value: TemplateValue, into out: inout [UInt8]) {
        switch value {
        case .null: out.append(0)
        case .bool(let flag): out.append(flag ? 2 : 1)
        case .number(let number):
            out.append(3)
            string(TemplateValue.number(number).text ?? "0", into: &out)
        case .text(let text):
            out.append(4)
            string(text, into: &out)
        case .list(let items):
            out.append(5)
            varint(items.count, into: &out)
            for item in items { self.value(item, into: &out) }
        case .record(let record):
            out.append(6)
            optional(record.origin, into: &out)
            varint(record.keys.count, into: &out)
            for key in record.keys {
                string(key, into: &out)
                self.value(record[key] ?? .null, into: &out)
            }
        }
    }

    /// `record` as bytes: everything a record has before it is grouped.
    static func encode(_ record: BatchRecord, into out: inout [UInt8]) {
        varint(record.index, into: &out)
        varint(record.row, into: &out)
        pairs(record.fields, into: &out)
        pairs(record.literals, into: &out)
        varint(record.columns.count, into: &out)
        for column in record.columns { string(column, into: &out) }
        pairs(record.headings, into: &out)
        varint(record.data.count, into: &out)
        for (key, item) in record.data {
            string(key, into: &out)
            value(item, into: &out)
        }
        guard let problem = record.problem else { return out.append(0) }
        out.append(1)
        varint(problem.row, into: &out)
        for text in [problem.member, problem.group, problem.field, problem.character, problem.codePoint, problem.limit]
        {
            optional(text, into: &out)
        }
        string(problem.reason, into: &out)
        string(problem.kind.rawValue, into: &out)
    }

    static func string(from run: some SpillSource) throws(DataError) -> String {
        guard let count = try run.varint() else { throw truncated }
        return String(decoding: try run.bytes(count), as: UTF8.self)
    }

    static func optional(from run: some SpillSource) throws(DataError) -> String? {
        guard let flag = try run.byte() else { throw truncated }
        return flag == 0 ? nil : try string(from: run)
    }

    static func pairs(from run: some SpillSource) throws(DataError) -> [String: String] {
        guard let count = try run.varint() else { throw truncated }
        var values: [String: String] = [:]
        values.reserveCapacity(count)
        for _ in 0..<count { values[try string(from: run)] = try string(from: run) }
        return values
    }

    static func value(from run: some SpillSource) throws(DataError) -> TemplateValue {
        guard let tag = try run.byte() else { throw truncated }
        switch tag {
        case 0: return .null
        case 1, 2: return .bool(tag == 2)
        case 3: return .number(NumberText.exact(try string(from: run)) ?? 0)
        case 4: return .text(try string(from: run))
        case 5:
            guard let count = try run.varint() else { throw truncated }
            var items: [TemplateValue] = []
            for _ in 0..<count { items.append(try value(from: run)) }
            return .list(items)
        default:
            let origin = try optional(from: run)
            guard let count = try run.varint() else { throw truncated }
            var fields: [(String, TemplateValue)] = []
            for _ in 0..<count { fields.append((try string(from: run), try value(from: run))) }
            var record = TemplateRecord(fields)
            record.origin = origin
            return .record(record)
        }
    }

    static func record(from run: some SpillSource) throws(DataError) -> BatchRecord {
        guard let index = try run.varint(), let row = try run.varint() else { throw truncated }
        var record = BatchRecord(index: index, row: row, fields: try pairs(from: run))
        record.literals = try pairs(from: run)
        guard let columns = try run.varint() else { throw truncated }
        for _ in 0..<columns { record.columns.append(try string(from: run)) }
        record.headings = try pairs(from: run)
        guard let count = try run.varint() else { throw truncated }
        for _ in 0..<count { record.data[try string(from: run)] = try value(from: run) }
        guard let flag = try run.byte() else { throw truncated }
        guard flag == 1 else { return record }
        guard let problemRow = try run.varint() else { throw truncated }
        var texts: [String?] = []
        for _ in 0..<6 { texts.append(try optional(from: run)) }
        let reason = try string(from: run)
        let kind = ProblemKind(rawValue: try string(from: run)) ?? .badData
        var problem = RecordFailure(
            row: problemRow, member: texts[0], field: texts[2], character: texts[3], codePoint: texts[4],
            reason: reason, limit: texts[5], kind: kind)
        problem.group = texts[1]
        record.problem = problem
        return record
    }
}

/// Where `RecordCoding` reads bytes from: a run of `GroupSpill`.
protocol SpillSource {
    func byte() throws(DataError) -> UInt8?
    func varint() throws(DataError) -> Int?
    func bytes(_ count: Int) throws(DataError) -> [UInt8]
}
