import DrawingModule
import Foundation
import Support

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the text of a data file could not be read.
public enum InputTextError: Error, Sendable, Hashable {
    /// The file cannot be opened or read: the system's reason.
    case unreadable(source: String, reason: String)
    /// Bytes that are not text in the encoding they are read in.
    case undecodable(TextDecodingError)
}

/// The text of a data file, standard input or bytes in memory, decoded a chunk at a time so memory stays the same
/// whatever the size of the input.
///
/// The encoding is `--encoding`, or detected from the first `prefixSize` bytes: a byte-order mark, else strict UTF-8
/// over that prefix (cut at a character boundary), else CP932. CP932, EUC-JP and UTF-16 go through glibc's iconv
/// (Foundation on Linux has no EUC-JP and reports no offset), with an incomplete sequence at a chunk's end carried
/// over to the next. CP932's variants come back as their JIS characters (`CP932Variants`); a byte-order mark is
/// dropped. Bytes that cannot be decoded end the text: `next()` first returns the text before them, then throws
/// `.undecodable` with their offset — so the reader knows the row and line it stopped at.
public final class InputTextStream {
    /// The file or `standard input`, for messages.
    public let source: String
    /// The encoding the bytes are read in (given or detected).
    public let encoding: InputEncoding
    /// Whether `encoding` was detected (true) or given.
    public let detected: Bool
    /// The bytes detection looks at, and the size of each read.
    public static let prefixSize = 64 * 1024

    private let bytes: ByteSource
    /// Bytes read but not yet decoded (an incomplete sequence, or a chunk not yet decoded).
    private var carry: [UInt8] = []
    /// The offset in the input of `carry`'s first byte.
    private var offset = 0
    private var atEnd = false
    private var failure: TextDecodingError?
    private var converter: IconvConverter?
    private var atStart = true

    /// Opens the file at `path` (nil: standard input, read but never closed) and detects its encoding unless given.
    /// - Throws: `InputTextError.unreadable`, or `.undecodable` for NUL bytes without a byte-order mark.
    public convenience init(path: String?, source: String, encoding: InputEncoding?) throws(InputTextError) {
        let descriptor = path.map { open($0, O_RDONLY | O_CLOEXEC) } ?? STDIN_FILENO
        guard descriptor >= 0 else {
            throw .unreadable(source: source, reason: String(cString: strerror(errno)))
        }
        try self.init(bytes: .descriptor(descriptor, owned: path != nil), source: source, encoding: encoding)
    }

    /// Reads `data` (held in memory) the same way.
    /// - Throws: `InputTextError.undecodable` for NUL bytes without a byte-order mark.
    public convenience init(data: Data, source: String, encoding: InputEncoding?) throws(InputTextError) {
        try self.init(bytes: .memory(MemoryBytes(data)), source: source, encoding: encoding)
    }

    private init(bytes: ByteSource, source: String, encoding given: InputEncoding?) throws(InputTextError) {
        self.bytes = bytes
        self.source = source
        detected = given == nil
        // Detection waits for `prefixSize` bytes (or the end); a given encoding starts on the first read.
        var prefix: [UInt8] = []
        var complete = false
        while !complete, prefix.count < (given == nil ? Self.prefixSize : 1) {
            complete = try !Self.readChunk(bytes, into: &prefix, source: source)
        }
        let chosen: InputEncoding
        if let given {
            chosen = given
        } else {
            chosen = try Self.detect(prefix, complete: complete, source: source)
        }
        encoding = chosen
        if (chosen == .utf8 || chosen == .utf8BOM), prefix.starts(with: [0xEF, 0xBB, 0xBF]) {
            prefix.removeFirst(3)
            offset = 3
        }
        carry = prefix
        atEnd = complete
        switch chosen {
        case .utf8, .utf8BOM:
            break
        case .cp932, .eucJP, .utf16:
            guard let converter = IconvConverter(from: chosen.iconvName) else {
                throw .undecodable(
                    TextDecodingError(
                        source: source, encoding: chosen, detected: detected, byteOffset: 0, bytes: [], prefix: "",
                        note: "this system's iconv has no \(chosen.iconvName) converter"))
            }
            self.converter = converter
        }
    }

    deinit {
        if case .descriptor(let descriptor, owned: true) = bytes { close(descriptor) }
    }

    /// The next piece of text (never empty), or nil at the end of the input.
    /// - Throws: `InputTextError.undecodable` once the text before the bad bytes has been returned (and from then
    ///   on); `.unreadable` when a read fails.
    public func next() throws(InputTextError) -> String? {
        while true {
            if let failure { throw .undecodable(failure) }
            if carry.isEmpty {
                if atEnd { return nil }
                try readMore()
                continue
            }
            var text = converter == nil ? decodeUTF8() : decodeIconv()
            guard !text.isEmpty else {
                // Only an incomplete sequence is left (or a failure is set): more bytes complete it.
                if failure == nil, !atEnd { try readMore() }
                continue
            }
            if atStart {
                atStart = false
                if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
                if text.isEmpty { continue }
            }
            return encoding == .cp932 ? CP932Variants.jisForms(of: text) : text
        }
    }

    /// The encoding `prefix` (the first bytes of the input, all of it when `complete`) is in.
    private static func detect(_ prefix: [UInt8], complete: Bool, source: String)
        throws(InputTextError) -> InputEncoding
    {
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8BOM }
        if prefix.starts(with: [0xFF, 0xFE]) || prefix.starts(with: [0xFE, 0xFF]) { return .utf16 }
        let head = prefix.prefix(4096)
        if let nul = head.firstIndex(of: 0), head.filter({ $0 == 0 }).count * 4 >= head.count {
            throw .undecodable(
                TextDecodingError(
                    source: source, encoding: .utf8, detected: true, byteOffset: nul, bytes: [0], prefix: "",
                    note: "the file holds NUL bytes but no byte-order mark, as UTF-16 without a BOM does. "
                        + "Fix: give --encoding utf-16"))
        }
        let end = complete ? prefix.count : completeUTF8Length(prefix)
        let bad = firstInvalidUTF8(prefix[..<end])
        guard bad < end else { return .utf8 }
        // Valid multi-byte UTF-8 before the bad byte: a damaged UTF-8 file, not CP932.
        return prefix[..<bad].contains(where: { $0 >= 0x80 }) ? .utf8 : .cp932
    }

    /// Reads up to `prefixSize` more bytes into `carry`, or notes the end.
    private func readMore() throws(InputTextError) {
        if try !Self.readChunk(bytes, into: &carry, source: source) { atEnd = true }
    }

    /// Appends up to `prefixSize` bytes from `bytes` to `carry`; false at the end of the input.
    private static func readChunk(_ bytes: ByteSource, into carry: inout [UInt8], source: String)
        throws(InputTextError) -> Bool
    {
        switch bytes {
        case .memory(let memory):
            let chunk = memory.read(prefixSize)
            carry.append(contentsOf: chunk)
            return !chunk.isEmpty
        case .descriptor(let descriptor, _):
            let start = carry.count
            carry.append(contentsOf: repeatElement(0, count: prefixSize))
            var count: Int
            repeat {
                count = carry.withUnsafeMutableBufferPointer { buffer in
                    read(descriptor, buffer.baseAddress! + start, prefixSize)
                }
            } while count < 0 && errno == EINTR
            let reason = count < 0 ? String(cString: strerror(errno)) : nil
            carry.removeLast(prefixSize - max(count, 0))
            if let reason { throw .unreadable(source: source, reason: reason) }
            return count > 0
        }
    }

    /// Takes the complete UTF-8 characters from `carry`; a bad byte (or an incomplete one at the end) becomes
    /// `failure`.
    private func decodeUTF8() -> String {
        let end = atEnd ? carry.count : Self.completeUTF8Length(carry)
        if let text = String(validating: carry[..<end], as: UTF8.self) {
            take(end)
            return text
        }
        let bad = Self.firstInvalidUTF8(carry[..<end])
        let text = String(decoding: carry[..<bad], as: UTF8.self)
        failure = failureAt(bad, length: 4)
        return text
    }

    /// Converts `carry` through iconv; an incomplete sequence at the end waits for more bytes, an invalid one (or
    /// an incomplete one at the end of the input) becomes `failure`.
    private func decodeIconv() -> String {
        guard let converter else { return "" }
        let (text, consumed, error) = converter.convert(carry)
        take(consumed)
        if error == EILSEQ || (error == EINVAL && atEnd) || (error != 0 && error != EINVAL && consumed == 0) {
            failure = failureAt(0, length: 2)
        }
        return text
    }

    /// The error for the bytes at `index` in `carry`.
    private func failureAt(_ index: Int, length: Int) -> TextDecodingError {
        TextDecodingError(
            source: source, encoding: encoding, detected: detected, byteOffset: offset + index,
            bytes: Array(carry[index...].prefix(length)), prefix: "")
    }

    /// Drops `count` decoded bytes from `carry`.
    private func take(_ count: Int) {
        carry.removeFirst(count)
        offset += count
    }

    /// The length of `bytes` without an incomplete UTF-8 sequence at its end (left for the next read).
    private static func completeUTF8Length(_ bytes: [UInt8]) -> Int {
        var index = bytes.count
        while index > 0, bytes.count - index < 4 {
            index -= 1
            let byte = bytes[index]
            guard byte & 0xC0 == 0x80 else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return bytes.count - index < length ? index : bytes.count
            }
        }
        return bytes.count
    }

    /// The offset of the first byte of `bytes` that is not part of valid UTF-8 (its count when all are).
    private static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        return offset
    }
}

/// Where a stream's bytes come from.
private enum ByteSource {
    /// A file descriptor, closed by the stream when it opened it.
    case descriptor(Int32, owned: Bool)
    /// Bytes in memory.
    case memory(MemoryBytes)
}

/// Bytes in memory handed out a chunk at a time.
private final class MemoryBytes {
    private let data: Data
    private var position: Data.Index

    init(_ data: Data) {
        self.data = data
        position = data.startIndex
    }

    func read(_ count: Int) -> Data {
        let end = data.index(position, offsetBy: count, limitedBy: data.endIndex) ?? data.endIndex
        defer { position = end }
        return data[position..<end]
    }
}

/// One iconv conversion to UTF-8, opened once and closed exactly once, keeping its state (a UTF-16 byte-order mark)
/// between chunks.
private final class IconvConverter {
    private let handle: iconv_t

    init?(from encoding: String) {
        let handle = iconv_open("UTF-8", encoding)
        guard let handle, handle != iconv_t(bitPattern: -1) else { return nil }
        self.handle = handle
    }

    deinit { iconv_close(handle) }

    /// Converts as much of `bytes` as it can: the text, the bytes consumed, and errno when it stopped early (0 when
    /// everything was converted).
    func convert(_ bytes: [UInt8]) -> (text: String, consumed: Int, error: Int32) {
        guard !bytes.isEmpty else { return ("", 0, 0) }
        // Every input byte becomes at most 3 bytes of UTF-8 (a half-width katakana byte), 4-byte sequences at most 4.
        var output = [UInt8](repeating: 0, count: bytes.count * 3 + 16)
        var input = bytes
        let (status, error, consumed, produced) = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress)?
                    .assumingMemoryBound(to: CChar.self)
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress)?
                    .assumingMemoryBound(to: CChar.self)
                var inLeft = inBuffer.count
                var outLeft = outBuffer.count
                let status = iconv(handle, &inPointer, &inLeft, &outPointer, &outLeft)
                return (status, status == -1 ? errno : 0, inBuffer.count - inLeft, outBuffer.count - outLeft)
            }
        }
        return (String(decoding: output[..<produced], as: UTF8.self), consumed, status == -1 ? error : 0)
    }
}

extension InputTextError: Problem {
    /// `io` for a file that cannot be opened or read, `badData` for bytes that are not text.
    public var kind: ProblemKind {
        switch self {
        case .unreadable: .io
        case .undecodable: .badData
        }
    }

    /// The file (or `standard input`).
    public var place: ProblemPlace {
        switch self {
        case .unreadable(let source, _): ProblemPlace(file: source)
        case .undecodable(let error): error.place
        }
    }
}
