import Foundation

/// Turns the bytes a font's strings hold into Unicode text, choosing the way from what the font declares.
///
/// Why in-process rather than `pdftotext`: every way our own outputs encode text is covered here, including
/// Japanese, without a second program that may be missing:
/// - a usable ToUnicode CMap (bfchar/bfrange) wins;
/// - libHaru's UTF-8 fonts (Identity-H, CIDToGIDMap stream, ToUnicode with `begincidrange`) use Unicode code
///   units as CIDs, so their 2-byte codes are read as UTF-16BE;
/// - the predefined Japanese CMaps libHaru's `HPDF_UseJPFonts` uses: `*RKSJ*` is Shift_JIS (CP932), `EUC-*` is EUC-JP,
///   `UniJIS-UCS2-*`/`*UTF16*` are UTF-16BE;
/// - simple fonts: WinAnsi, MacRoman, Standard, plus `Differences` glyph names.
/// Anything else decodes to U+FFFD, so an expected text is reported missing rather than matched by chance.
struct FontDecoder {
    enum Scheme {
        case toUnicode(ToUnicodeCMap, defaultLength: Int)
        case utf16
        case encoding(String.Encoding)
        case singleByte([Character])
        case unknown(length: Int)
    }

    var scheme: Scheme

    /// The text `bytes` stand for.
    func decode(_ bytes: [UInt8]) -> String {
        switch scheme {
        case .toUnicode(let cmap, let length):
            return cmap.decode(bytes, defaultLength: length)
        case .utf16:
            return ToUnicodeCMap.utf16(bytes)
        case .encoding(let encoding):
            if let text = String(bytes: bytes, encoding: encoding) { return text }
            return String(repeating: "\u{FFFD}", count: max(1, bytes.count / 2))
        case .singleByte(let table):
            return String(bytes.map { table[Int($0)] })
        case .unknown(let length):
            return String(repeating: "\u{FFFD}", count: (bytes.count + length - 1) / length)
        }
    }

    /// The decoder for a predefined CMap name of a Type0 font, nil when it names none we read.
    static func predefined(cmap name: String) -> Scheme? {
        if name.contains("RKSJ") { return .encoding(.shiftJIS) }
        if name.hasPrefix("EUC-") { return .encoding(.japaneseEUC) }
        if name.contains("UCS2") || name.contains("UTF16") { return .utf16 }
        return nil
    }

    /// A 256-entry table for a simple font's base encoding (`WinAnsiEncoding`, `MacRomanEncoding`, else Standard).
    static func baseTable(_ encoding: String?) -> [Character] {
        (0..<256).map { code -> Character in
            let byte = UInt8(code)
            switch encoding {
            case "WinAnsiEncoding":
                return String(bytes: [byte], encoding: .windowsCP1252).flatMap(\.first) ?? "\u{FFFD}"
            case "MacRomanEncoding":
                return String(bytes: [byte], encoding: .macOSRoman).flatMap(\.first) ?? "\u{FFFD}"
            default:
                if byte == 0x27 { return "\u{2019}" }
                if byte == 0x60 { return "\u{2018}" }
                return (0x20..<0x7F).contains(byte) ? Character(UnicodeScalar(byte)) : "\u{FFFD}"
            }
        }
    }

    /// The character a glyph name stands for: `uniXXXX`, `uXXXX`, one letter, or a common Latin name.
    static func character(glyphName name: String) -> Character? {
        if name.count == 1, let scalar = name.unicodeScalars.first, scalar.isASCII { return Character(scalar) }
        for prefix in ["uni", "u"] where name.hasPrefix(prefix) {
            let hex = name.dropFirst(prefix.count)
            if (4...6).contains(hex.count), let value = UInt32(hex, radix: 16), let scalar = UnicodeScalar(value) {
                return Character(scalar)
            }
        }
        return glyphNames[name]
    }

    private static let glyphNames: [String: Character] = [
        "space": " ", "exclam": "!", "quotedbl": "\"", "numbersign": "#", "dollar": "$", "percent": "%",
        "ampersand": "&", "quotesingle": "'", "parenleft": "(", "parenright": ")", "asterisk": "*", "plus": "+",
        "comma": ",", "hyphen": "-", "period": ".", "slash": "/", "zero": "0", "one": "1", "two": "2", "three": "3",
        "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "colon": ":",
        "semicolon": ";", "less": "<", "equal": "=", "greater": ">", "question": "?", "at": "@",
        "bracketleft": "[", "backslash": "\\", "bracketright": "]", "asciicircum": "^", "underscore": "_",
        "grave": "`", "braceleft": "{", "bar": "|", "braceright": "}", "asciitilde": "~",
        "quoteleft": "\u{2018}", "quoteright": "\u{2019}", "quotedblleft": "\u{201C}", "quotedblright": "\u{201D}",
        "bullet": "\u{2022}", "endash": "\u{2013}", "emdash": "\u{2014}", "ellipsis": "\u{2026}",
        "Euro": "\u{20AC}", "yen": "\u{00A5}", "degree": "\u{00B0}", "copyright": "\u{00A9}", "registered": "\u{00AE}"
    ]
}
