import Foundation
import Support

/// Turns Swift Strings into the bytes a font's encoding expects, or names the first character that cannot go.
enum TextEncoder {
    /// JIS code points that Foundation's CP932 table lacks, mapped to the CP932 characters that look the same.
    static let cp932Variants = CP932Variants.toCP932

    /// ASCII characters the Japanese CMaps (RKSJ, EUC) show as something else, because bytes 0x5C and 0x7E are
    /// JIS X 0201 Roman there: drawn and extracted as that, never as themselves, so refused with the fix.
    static let jisRomanLookalikes: [Unicode.Scalar: String] = [
        "\\": "byte 0x5C is the YEN SIGN ¥ in the Japanese CMaps (viewers draw and extract ¥); write ＼ (U+FF3C) "
            + "for a backslash, or ￥ (U+FFE5) for a yen sign",
        "~": "byte 0x7E is the OVERLINE ‾ in the Japanese CMaps; write ～ (U+FF5E) for a tilde"
    ]

    /// The encoded bytes of `text`, never containing a NUL byte.
    ///
    /// - Throws: `TextEncodingError` for the first character that cannot be encoded, unless `policy` substitutes.
    /// `hasGlyph`, when given, is asked about every code point, so a character the font lacks is reported
    /// instead of drawn as an empty box.
    /// `known`, when given, holds the Shift_JIS bytes of texts encoded before (the owner's, `RenderContext`).
    static func encode(
        _ text: String, fontName: String, encoding: FontEncoding, policy: UnencodablePolicy,
        hasGlyph: ((Unicode.Scalar) -> Bool)? = nil, known: EncodedTextCache? = nil
    ) throws -> [UInt8] {
        if let whole = fastPath(text, encoding, known: known),
            hasGlyph.map({ text.unicodeScalars.allSatisfy($0) }) ?? true
        {
            return whole
        }
        func encodeChecked(_ character: Character) -> Result<[UInt8], Reason> {
            let result = encodeCharacter(character, encoding)
            guard case .success = result, let hasGlyph,
                let missing = character.unicodeScalars.first(where: { !hasGlyph($0) })
            else { return result }
            return .failure(
                Reason(
                    text: "the font has no glyph for \(codePoint(missing)) (libHaru would draw an "
                        + "empty box)"))
        }
        var bytes: [UInt8] = []
        for (index, character) in text.enumerated() {
            switch encodeChecked(character) {
            case let .success(encoded):
                bytes += encoded
            case let .failure(reason):
                guard case let .substitute(replacement) = policy else {
                    throw failure(
                        character, index: index, text: text, fontName: fontName, encoding: encoding,
                        reason: reason)
                }
                switch encodeChecked(replacement) {
                case let .success(encoded): bytes += encoded
                case let .failure(reason):
                    throw failure(
                        replacement, index: index, text: text, fontName: fontName, encoding: encoding,
                        reason: "the substitute itself cannot be encoded: \(reason)")
                }
            }
        }
        return bytes
    }

    /// Encodes the whole string at once when every character is plainly encodable (the common case).
    private static func fastPath(_ text: String, _ encoding: FontEncoding, known: EncodedTextCache?) -> [UInt8]? {
        guard !text.unicodeScalars.contains(where: isControl) else { return nil }
        switch encoding {
        case .winAnsi:
            return text.data(using: .windowsCP1252).map { [UInt8]($0) }
        case .japanese(let cmap) where cmap.isShiftJIS:
            guard !text.unicodeScalars.contains(where: { jisRomanLookalikes[$0] != nil }) else { return nil }
            if let kept = known?.bytes(for: text) { return kept }
            let bytes = mappedForCP932(text).data(using: .shiftJIS).map { [UInt8]($0) }
            if let bytes { known?.store(bytes, for: text) }
            return bytes
        case .utf8:
            return text.unicodeScalars.allSatisfy({ $0.value <= 0xFFFF }) ? Array(text.utf8) : nil
        default:
            return nil
        }
    }

    /// A failure reason, distinct from an Error so encoding a character can report without throwing.
    struct Reason: Error {
        var text: String
    }

    private static func encodeCharacter(_ character: Character, _ encoding: FontEncoding) -> Result<[UInt8], Reason> {
        if character.unicodeScalars.contains(where: isControl) {
            return .failure(Reason(text: "control characters cannot be drawn"))
        }
        let string = String(character)
        if case .japanese = encoding,
            let shown = character.unicodeScalars.first(where: { jisRomanLookalikes[$0] != nil })
        {
            return .failure(Reason(text: jisRomanLookalikes[shown]!))
        }
        switch encoding {
        case .winAnsi:
            guard let data = string.data(using: .windowsCP1252) else {
                return .failure(Reason(text: "it is not in Windows-1252 (WinAnsiEncoding)"))
            }
            return .success([UInt8](data))
        case .fontSpecific:
            guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
                (0x20...0x7E).contains(scalar.value)
            else {
                return .failure(Reason(text: "the font's built-in encoding takes printable ASCII only"))
            }
            return .success([UInt8(scalar.value)])
        case .japanese(let cmap) where cmap.isShiftJIS:
            guard let data = mappedForCP932(string).data(using: .shiftJIS) else {
                return .failure(Reason(text: "it is not in Shift_JIS (CP932)"))
            }
            return .success([UInt8](data))
        case .japanese:
            guard let data = mappedForCP932(string).data(using: .shiftJIS),
                let euc = eucJP(fromShiftJIS: [UInt8](data))
            else {
                return .failure(Reason(text: "it is not in EUC-JP (JIS X 0208)"))
            }
            return .success(euc)
        case .utf8:
            if let wide = character.unicodeScalars.first(where: { $0.value > 0xFFFF }) {
                return .failure(
                    Reason(
                        text: "libHaru 2.3.0 cannot draw code points above U+FFFF "
                            + "(\(codePoint(wide)) would silently become a space)"))
            }
            return .success(Array(string.utf8))
        }
    }

    /// Replaces the JIS forms Foundation's CP932 lacks with their CP932 look-alikes.
    static func mappedForCP932(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { cp932Variants[$0] != nil }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(cp932Variants[scalar] ?? scalar) }
        return String(scalars)
    }

    /// Converts CP932 bytes to EUC-JP, or nil when a character lies outside JIS X 0208 (NEC and IBM extensions,
    /// user-defined area), which the EUC-H/EUC-V CMaps do not cover.
    static func eucJP(fromShiftJIS bytes: [UInt8]) -> [UInt8]? {
        var result: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let b1 = bytes[i]
            switch b1 {
            case 0x00...0x7F:
                result.append(b1)
                i += 1
            case 0xA1...0xDF:
                result += [0x8E, b1]
                i += 1
            default:
                guard i + 1 < bytes.count else { return nil }
                let b2 = bytes[i + 1]
                var row = Int(b1) - (b1 <= 0x9F ? 0x70 : 0xB0)
                row <<= 1
                var cell = Int(b2)
                if cell < 0x9F {
                    row -= 1
                    cell -= cell < 0x7F ? 0x1F : 0x20
                } else {
                    cell -= 0x7E
                }
                let jisRow = row - 0x20
                guard (1...8).contains(jisRow) || (16...84).contains(jisRow), (0x21...0x7E).contains(cell) else {
                    return nil
                }
                result += [UInt8(row | 0x80), UInt8(cell | 0x80)]
                i += 2
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
    }

    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        "U+" + String(format: "%04X", scalar.value)
    }

    private static func failure(
        _ character: Character, index: Int, text: String, fontName: String,
        encoding: FontEncoding, reason: Reason
    ) -> TextEncodingError {
        failure(character, index: index, text: text, fontName: fontName, encoding: encoding, reason: reason.text)
    }

    private static func failure(
        _ character: Character, index: Int, text: String, fontName: String,
        encoding: FontEncoding, reason: String
    ) -> TextEncodingError {
        TextEncodingError(
            character: character,
            codePoints: character.unicodeScalars.map(codePoint).joined(separator: " "),
            index: index, text: text.count > 80 ? String(text.prefix(80)) + "…" : text,
            fontName: fontName, encoding: encoding, reason: reason)
    }
}

/// Shift_JIS bytes of texts already encoded, bounded (cleared when full) and safe to share between threads: a batch
/// draws the same labels in every document, and Foundation's converter costs more per call than libHaru's text
/// operator. One per owner of many documents (its `RenderContext`'s shelf).
final class EncodedTextCache: ShelvedCache, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: [UInt8]] = [:]
    private let limit = 4096

    /// Nothing encoded yet.
    init() {}

    /// How many texts' bytes are kept.
    var keptEntries: Int { lock.withLock { entries.count } }

    /// The bytes stored for `text`, if any.
    func bytes(for text: String) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return entries[text]
    }

    /// Remembers `bytes` as the encoding of `text`.
    func store(_ bytes: [UInt8], for text: String) {
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        entries[text] = bytes
    }

    /// Forgets every encoding.
    func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll()
    }
}
