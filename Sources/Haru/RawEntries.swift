import CHaru

/// Keys of a dictionary formatted in Swift and written by the dictionary's own hook (`write_fn`) after the keys
/// libHaru holds: names, integers, reals and arrays of integers only — nothing encryption changes (no strings, no
/// streams) — so the bytes are right whether the document is encrypted or not.
///
/// A font's three dictionaries carry some twenty such keys and a `W` array of a hundred-odd numbers. As libHaru
/// objects, each key is allocated, compared with the dictionary's other keys, written through libHaru's number
/// formatting and freed again, for every document of a batch; here they are one buffer copied into place. Keys
/// that refer to other objects (`n 0 R`) or hold strings stay libHaru objects of the dictionary.
final class RawEntries {
    private let bytes = ContentBytes(capacity: 256)

    /// `/key /value`, escaped as libHaru escapes names (`#XX` outside printable ASCII and for delimiters); `attach`
    /// refuses a name longer than libHaru's 127 bytes.
    func name(_ key: StaticString, _ value: String) {
        start(key)
        name(value)
        bytes.append(byte: 0x0A)
        if value.utf8.count > HPDF_LIMIT_MAX_NAME_LEN { tooLong = value }
    }

    /// `/key n`.
    func number(_ key: StaticString, _ value: Int) {
        start(key)
        integer(value)
        bytes.append(byte: 0x0A)
    }

    /// `/key x.y`, to four decimals.
    func real(_ key: StaticString, _ value: Double) {
        start(key)
        bytes.number(value)
        bytes.append(byte: 0x0A)
    }

    /// `/key [a b c …]`.
    func numbers(_ key: StaticString, _ values: [Int]) {
        start(key)
        bytes.append("[")
        for value in values {
            integer(value)
            bytes.append(byte: 0x20)
        }
        bytes.append("]\n")
    }

    /// `/W [...]`, a CIDFont's widths (`WidthEntry.entries`); nothing when there are none.
    func widths(_ entries: [WidthEntry]) {
        guard !entries.isEmpty else { return }
        start("W")
        bytes.append("[")
        for entry in entries {
            switch entry {
            case .range(let first, let last, let width):
                integer(Int(first))
                bytes.append(byte: 0x20)
                integer(Int(last))
                bytes.append(byte: 0x20)
                integer(width)
            case .list(let first, let widths):
                integer(Int(first))
                bytes.append(" [")
                for width in widths {
                    integer(width)
                    bytes.append(byte: 0x20)
                }
                bytes.append("]")
            }
            bytes.append(byte: 0x20)
        }
        bytes.append("]\n")
    }

    /// Hands the keys to `dict`, whose hook writes them and whose `free_fn` frees the copy made here.
    /// - Throws: `HaruError` (`HPDF_NAME_OUT_OF_RANGE`) for a name longer than PDF's 127 bytes, as libHaru's own
    ///   name objects refuse it.
    func attach(to dict: HPDF_Dict, in document: PDFDocument, operation: String) throws {
        if let tooLong {
            throw document.reject(code: 0x1045, operation: operation, argument: tooLong)
        }
        let written = bytes.bytes
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Int>.stride + written.count, alignment: MemoryLayout<Int>.alignment)
        raw.storeBytes(of: written.count, as: Int.self)
        if let base = written.baseAddress {
            (raw + MemoryLayout<Int>.stride).copyMemory(from: base, byteCount: written.count)
        }
        dict.pointee.attr = raw
        dict.pointee.free_fn = freeAttribute
        dict.pointee.write_fn = Self.write
    }

    /// The first name too long for PDF, refused by `attach`.
    private var tooLong: String?

    /// The hook: the count, then the bytes, in the record `attach` made.
    private static let write: HPDF_Dict_OnWriteFunc = { dict, stream in
        guard let record = dict?.pointee.attr else { return HPDF_STATUS(HPDF_OK) }
        let count = record.load(as: Int.self)
        return HPDF_Stream_Write(
            stream, (record + MemoryLayout<Int>.stride).assumingMemoryBound(to: HPDF_BYTE.self), HPDF_UINT(count))
    }

    private func start(_ key: StaticString) {
        bytes.append(byte: 0x2F)
        bytes.append(key)
        bytes.append(byte: 0x20)
    }

    private func name(_ value: String) {
        bytes.append(byte: 0x2F)
        var value = value
        value.withUTF8 { utf8 in
            guard utf8.contains(where: Self.needsEscape) else {
                bytes.append(bytes: utf8)
                return
            }
            for byte in utf8 {
                if Self.needsEscape(byte) {
                    bytes.append(byte: 0x23)
                    bytes.append(byte: Self.hexDigit(byte >> 4))
                    bytes.append(byte: Self.hexDigit(byte & 0xF))
                } else {
                    bytes.append(byte: byte)
                }
            }
        }
    }

    /// `value` clamped to the 32-bit integers PDF numbers hold, as libHaru's number objects are.
    private func integer(_ value: Int) {
        bytes.number(Double(Int32(clamping: value)), decimals: 0)
    }

    /// libHaru's `HPDF_NEEDS_ESCAPE`: outside `!`…`~`, or a delimiter, `#` or `\`.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case ...0x20, 0x7F...: true
        case UInt8(ascii: "\\"), UInt8(ascii: "%"), UInt8(ascii: "#"), UInt8(ascii: "/"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "{"), UInt8(ascii: "}"):
            true
        default: false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x37 + nibble }
}

/// A dictionary's `free_fn` for a record allocated in its `attr` (`RawEntries`, `DirectStream`): frees it once.
let freeAttribute: HPDF_Dict_FreeFunc = { dict in
    guard let attr = dict?.pointee.attr else { return }
    attr.deallocate()
    dict?.pointee.attr = nil
}
