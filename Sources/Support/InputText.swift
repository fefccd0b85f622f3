import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text encodings mkpdf reads data in (`--encoding`), and how a file's bytes become text.
public enum InputEncoding: String, CaseIterable, Sendable, Hashable {
    /// UTF-8 without a byte-order mark (a leading BOM is still dropped).
    case utf8 = "utf-8"
    /// UTF-8 with a byte-order mark, as Excel's "CSV UTF-8" writes it.
    case utf8BOM = "utf-8-sig"
    /// Shift_JIS as Windows and Excel write it (Microsoft's CP932, a.k.a. Windows-31J).
    case cp932
    /// EUC-JP (older Unix systems).
    case eucJP = "euc-jp"
    /// UTF-16 with a byte-order mark (little-endian without one).
    case utf16 = "utf-16"

    /// The encoding for a user's name for it: `utf-8`, `utf8`, `utf-8-sig`, `cp932`, `shift_jis`, `sjis`,
    /// `windows-31j`, `euc-jp`, `utf-16` (case and `-`/`_` do not matter).
    public init?(name: String) {
        switch name.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "utf-8", "utf8": self = .utf8
        case "utf-8-sig", "utf8-sig", "utf-8-bom": self = .utf8BOM
        case "cp932", "shift-jis", "sjis", "shiftjis", "windows-31j", "ms932": self = .cp932
        case "euc-jp", "eucjp": self = .eucJP
        case "utf-16", "utf16", "utf-16le": self = .utf16
        default: return nil
        }
    }

    /// The names `init(name:)` accepts, for help texts and errors.
    public static let names = "utf-8, utf-8-sig, cp932 (shift_jis), euc-jp, utf-16"

    /// The iconv name of the encoding.
    fileprivate var iconvName: String {
        switch self {
        case .utf8, .utf8BOM: "UTF-8"
        case .cp932: "CP932"
        case .eucJP: "EUC-JP"
        case .utf16: "UTF-16"
        }
    }
}

/// Bytes that are not text in the encoding they are read in: where, which bytes, and the text before them (so a CSV
/// reader can name the row and column).
public struct TextDecodingError: Error, Sendable, Hashable {
    /// The file or `standard input`.
    public var source: String
    /// The encoding the bytes were read in.
    public var encoding: InputEncoding
    /// Whether the encoding was detected (true) or given with `--encoding`.
    public var detected: Bool
    /// The offset of the first undecodable byte, from 0.
    public var byteOffset: Int
    /// Up to four bytes from there.
    public var bytes: [UInt8]
    /// The text decoded before the bad bytes.
    public var prefix: String
    /// Another reason than a bad byte (NUL bytes in a file with no byte-order mark), or nil.
    public var note: String?

    /// The bytes as `0x82 0xA0`.
    public var hexBytes: String {
        bytes.map { ($0 < 16 ? "0x0" : "0x") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}

/// Decodes a data file: the byte-order mark, `--encoding`, or detection (BOM, then strict UTF-8, then CP932).
public enum InputText {
    /// The text of `data` and the encoding it was read in; CP932 input has its variants mapped to the JIS forms
    /// (`CP932Variants`), a byte-order mark is dropped.
    /// - Throws: `TextDecodingError` at the first byte that cannot be decoded.
    public static func decode(_ data: Data, source: String, encoding: InputEncoding?)
        throws(TextDecodingError) -> (text: String, encoding: InputEncoding) {
        let bytes = [UInt8](data)
        let detected = encoding == nil
        var chosen = encoding
        if chosen == nil {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                chosen = .utf8BOM
            } else if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
                chosen = .utf16
            } else if let nul = bytes.prefix(4096).firstIndex(of: 0),
                      bytes.prefix(4096).filter({ $0 == 0 }).count * 4 >= min(bytes.count, 4096) {
                throw TextDecodingError(source: source, encoding: .utf8, detected: true, byteOffset: nul, bytes: [0],
                                        prefix: "", note: "the file holds NUL bytes but no byte-order mark, as "
                                            + "UTF-16 without a BOM does. Fix: give --encoding utf-16")
            } else if let text = String(validating: bytes, as: UTF8.self) {
                return (text, .utf8)
            } else {
                let bad = firstInvalidUTF8(bytes)
                // Valid multi-byte UTF-8 before the bad byte: a damaged UTF-8 file, not CP932.
                chosen = bytes[..<bad].contains(where: { $0 >= 0x80 }) ? .utf8 : .cp932
            }
        }
        let encoding = chosen!
        switch encoding {
        case .utf8, .utf8BOM:
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            if let text = String(validating: body, as: UTF8.self) { return (text, encoding) }
            let bad = firstInvalidUTF8(body)
            guard bad < body.count else { return (String(decoding: body, as: UTF8.self), encoding) }
            let skipped = bytes.count - body.count
            throw TextDecodingError(source: source, encoding: encoding, detected: detected, byteOffset: bad + skipped,
                                    bytes: Array(body[bad...].prefix(4)),
                                    prefix: String(decoding: body[..<bad], as: UTF8.self))
        case .cp932, .eucJP, .utf16:
            var text = try iconvDecode(bytes, encoding: encoding, source: source, detected: detected)
            if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
            return (encoding == .cp932 ? CP932Variants.jisForms(of: text) : text, encoding)
        }
    }

    /// The offset of the first byte that is not part of valid UTF-8.
    private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        return offset
    }

    /// Converts through glibc's iconv (Foundation on Linux has no EUC-JP and reports no offset), stopping at the
    /// first invalid or incomplete sequence.
    private static func iconvDecode(_ bytes: [UInt8], encoding: InputEncoding, source: String, detected: Bool)
        throws(TextDecodingError) -> String {
        let converter = iconv_open("UTF-8", encoding.iconvName)
        guard converter != iconv_t(bitPattern: -1) else {
            throw TextDecodingError(source: source, encoding: encoding, detected: detected, byteOffset: 0, bytes: [],
                                    prefix: "", note: "this system's iconv has no \(encoding.iconvName) converter")
        }
        defer { iconv_close(converter) }
        var output = [UInt8](repeating: 0, count: bytes.count * 3 + 16)
        var input = bytes
        let (status, consumed, produced) = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress)?
                    .assumingMemoryBound(to: CChar.self)
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress)?
                    .assumingMemoryBound(to: CChar.self)
                var inLeft = inBuffer.count
                var outLeft = outBuffer.count
                let status = inBuffer.isEmpty ? 0 : iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                return (status, inBuffer.count - inLeft, outBuffer.count - outLeft)
            }
        }
        let text = String(decoding: output[..<produced], as: UTF8.self)
        guard status != -1, consumed == bytes.count else {
            throw TextDecodingError(source: source, encoding: encoding, detected: detected, byteOffset: consumed,
                                    bytes: Array(bytes[consumed...].prefix(encoding == .utf16 ? 2 : 2)),
                                    prefix: encoding == .cp932 ? CP932Variants.jisForms(of: text) : text)
        }
        return text
    }
}
