import DrawingModule
import Foundation
import Support

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
    var iconvName: String {
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
    /// The text decoded before the bad bytes when the data was decoded whole (`InputText.decode`); empty from an
    /// `InputTextStream`, whose reader knows where it stopped.
    public var prefix: String
    /// Another reason than a bad byte (NUL bytes in a file with no byte-order mark), or nil.
    public var note: String?

    /// The bytes as `0x82 0xA0`.
    public var hexBytes: String {
        bytes.map { ($0 < 16 ? "0x0" : "0x") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}

/// Decodes data held whole in memory (a `--set-file` value, a test's bytes) with the same decoder and detection
/// as `InputTextStream`, which data files are read through.
public enum InputText {
    /// The text of `data` and the encoding it was read in; CP932 input has its variants mapped to the JIS forms
    /// (`CP932Variants`), a byte-order mark is dropped.
    /// - Throws: `TextDecodingError` at the first byte that cannot be decoded, with the text before it as `prefix`.
    public static func decode(_ data: Data, source: String, encoding: InputEncoding?)
        throws(TextDecodingError) -> (text: String, encoding: InputEncoding)
    {
        let stream: InputTextStream
        do {
            stream = try InputTextStream(data: data, source: source, encoding: encoding)
        } catch {
            guard case .undecodable(let decoding) = error else { preconditionFailure("memory cannot fail to read") }
            throw decoding
        }
        var text = ""
        do {
            while let chunk = try stream.next() { text += chunk }
        } catch {
            guard case .undecodable(var decoding) = error else { preconditionFailure("memory cannot fail to read") }
            decoding.prefix = text
            throw decoding
        }
        return (text, stream.encoding)
    }
}

extension TextDecodingError: Problem {
    /// `badData`: the bytes are not text in the encoding they are read in.
    public var kind: ProblemKind { .badData }
    /// The file (or `standard input`).
    public var place: ProblemPlace { ProblemPlace(file: source) }
}
