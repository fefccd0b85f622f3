import Foundation

/// Writes the fields of a frame header in order: integers as 8 little-endian bytes, strings as their UTF-8 length and
/// bytes. Why not JSON: Foundation's coders took a tenth of the service's CPU per ticket on this boundary alone.
struct FieldWriter {
    /// The bytes written so far.
    private(set) var data = Data()

    /// Appends `value`.
    mutating func int(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { data.append(contentsOf: $0) }
    }

    /// Appends `value`'s bits.
    mutating func double(_ value: Double) { int(Int(Int64(bitPattern: value.bitPattern))) }

    /// Appends `value`'s length and UTF-8 bytes.
    mutating func string(_ value: String) {
        int(value.utf8.count)
        data.append(contentsOf: value.utf8)
    }
}

/// Reads what a `FieldWriter` wrote, in the same order; anything short or out of range is a broken peer.
struct FieldReader {
    private let data: Data
    private var offset: Int

    /// A reader at the start of `data`.
    init(_ data: Data) {
        self.data = data
        offset = data.startIndex
    }

    /// The next integer.
    mutating func int() throws(WorkerChannelError) -> Int {
        guard data.endIndex - offset >= 8 else { throw .malformed("a header ends inside an integer") }
        var value: Int64 = 0
        for index in 0..<8 { value |= Int64(data[offset + index]) << (8 * index) }
        offset += 8
        return Int(value)
    }

    /// The next double.
    mutating func double() throws(WorkerChannelError) -> Double {
        Double(bitPattern: UInt64(bitPattern: Int64(try int())))
    }

    /// The next string.
    mutating func string() throws(WorkerChannelError) -> String {
        let count = try int()
        guard count >= 0, data.endIndex - offset >= count else { throw .malformed("a header ends inside a string") }
        defer { offset += count }
        return String(decoding: data[offset..<offset + count], as: UTF8.self)
    }
}
