/// Splits a content stream into tokens by the PDF lexical rules, noting errors as qpdf's content check words them.
///
/// It never fails: a bad byte becomes an error and lexing goes on, so a damaged page still yields its text.
struct ContentLexer {
    private let bytes: [UInt8]
    private(set) var position = 0
    /// The errors met so far, in order.
    private(set) var errors: [ContentSyntaxError] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0 || byte == 9 || byte == 10 || byte == 12 || byte == 13 || byte == 32
    }
    /// `( ) < > [ ] { } / %`, by byte, since this runs for every byte of every word.
    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x25, 0x28, 0x29, 0x2F, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D: true
        default: false
        }
    }
    static func isRegular(_ byte: UInt8) -> Bool { !isWhitespace(byte) && !isDelimiter(byte) }
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Errors beyond the first 100 are only counted, so a stream of garbage cannot fill memory with them.
    private(set) var uncountedErrors = 0

    private mutating func error(_ message: String, at offset: Int) {
        guard errors.count < 100 else {
            uncountedErrors += 1
            return
        }
        errors.append(ContentSyntaxError(offset: offset, message: message))
    }

    /// The next token, or nil at the end of the stream.
    mutating func next() -> ContentToken? {
        while position < bytes.count {
            let start = position
            let byte = bytes[position]
            if Self.isWhitespace(byte) {
                position += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "%"):
                while position < bytes.count, bytes[position] != 10, bytes[position] != 13 { position += 1 }
            case UInt8(ascii: "("):
                position += 1
                return literalString(start: start)
            case UInt8(ascii: "<"):
                if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") {
                    position += 2
                    return .dictionaryOpen
                }
                position += 1
                if let token = hexString(start: start) { return token }
            case UInt8(ascii: ">"):
                if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") {
                    position += 2
                    return .dictionaryClose
                }
                position += 1
                error("unexpected >", at: start)
            case UInt8(ascii: ")"):
                position += 1
                error("unexpected )", at: start)
            case UInt8(ascii: "["):
                position += 1
                return .arrayOpen
            case UInt8(ascii: "]"):
                position += 1
                return .arrayClose
            case UInt8(ascii: "{"), UInt8(ascii: "}"):
                position += 1
                error("treating unexpected brace token as null", at: start)
            case UInt8(ascii: "/"):
                position += 1
                return name(start: start)
            default:
                while position < bytes.count, Self.isRegular(bytes[position]) { position += 1 }
                if let number = Self.number(bytes[start..<position]) { return .number(number) }
                return .keyword(String(decoding: bytes[start..<position], as: UTF8.self))
            }
        }
        return nil
    }

    /// A PDF number (`12`, `-3.5`, `.5`, `4.`, `+3`): an optional sign, then ASCII digits with at most one point,
    /// at least one digit; other words are keywords. Read from the bytes, as most operands of a page are numbers.
    static func number(_ word: ArraySlice<UInt8>) -> Double? {
        var index = word.startIndex
        var negative = false
        if index < word.endIndex, word[index] == UInt8(ascii: "+") || word[index] == UInt8(ascii: "-") {
            negative = word[index] == UInt8(ascii: "-")
            index += 1
        }
        let body = index
        var mantissa: UInt64 = 0
        var exact = true
        var digits = 0
        var point: Int?
        while index < word.endIndex {
            let byte = word[index]
            if byte &- UInt8(ascii: "0") < 10 {
                digits += 1
                if mantissa < exactLimit / 10 {
                    mantissa = mantissa * 10 + UInt64(byte &- UInt8(ascii: "0"))
                } else {
                    exact = false
                }
            } else if byte == UInt8(ascii: "."), point == nil {
                point = index
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        let decimals = point.map { word.endIndex - $0 - 1 } ?? 0
        let magnitude: Double
        if exact, decimals < powersOfTen.count {
            // Both operands are exact doubles, so the one division rounds correctly, as strtod would.
            magnitude = Double(mantissa) / powersOfTen[decimals]
        } else {
            var text = String(decoding: word[body...], as: UTF8.self)
            if text.hasPrefix(".") { text = "0" + text }
            if text.hasSuffix(".") { text += "0" }
            guard let value = Double(text) else { return nil }
            magnitude = value
        }
        return negative ? -magnitude : magnitude
    }

    /// Mantissas below 2⁵³ are exact in a `Double`.
    private static let exactLimit: UInt64 = 1 << 53
    /// 10⁰ … 10²², every power of ten a `Double` holds exactly.
    private static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    private mutating func literalString(start: Int) -> ContentToken? {
        var out: [UInt8] = []
        var depth = 1
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "("):
                depth += 1
                out.append(byte)
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return .string(out) }
                out.append(byte)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { break }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "b"): out.append(8)
                case UInt8(ascii: "f"): out.append(12)
                case 13:
                    if position < bytes.count, bytes[position] == 10 { position += 1 }
                case 10: break
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = Int(escaped - UInt8(ascii: "0"))
                    for _ in 0..<2 {
                        guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position])
                        else { break }
                        value = value * 8 + Int(bytes[position] - UInt8(ascii: "0"))
                        position += 1
                    }
                    out.append(UInt8(truncatingIfNeeded: value))
                default: out.append(escaped)
                }
            default:
                out.append(byte)
            }
        }
        error("EOF while reading token", at: start)
        return nil
    }

    private mutating func hexString(start: Int) -> ContentToken? {
        var digits: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                if digits.count % 2 == 1 { digits.append(0) }
                return .string(stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] })
            }
            if Self.isWhitespace(byte) {
                position += 1
                continue
            }
            guard let value = Self.hexValue(byte) else {
                let shown = byte >= 32 && byte < 127 ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
                error("invalid character (\(shown)) in hexstring", at: start)
                return nil
            }
            digits.append(value)
            position += 1
        }
        error("EOF while reading token", at: start)
        return nil
    }

    private mutating func name(start: Int) -> ContentToken {
        let first = position
        while position < bytes.count, Self.isRegular(bytes[position]), bytes[position] != UInt8(ascii: "#") {
            position += 1
        }
        if position == bytes.count || !Self.isRegular(bytes[position]) {
            return .name(String(decoding: bytes[first..<position], as: UTF8.self))
        }
        var out = Array(bytes[first..<position])
        var strayHash = false
        while position < bytes.count, Self.isRegular(bytes[position]) {
            let byte = bytes[position]
            if byte == UInt8(ascii: "#") {
                if let high = Self.hexValue(at: position + 1, in: bytes),
                    let low = Self.hexValue(at: position + 2, in: bytes)
                {
                    if high == 0 && low == 0 { error("null character not allowed in name token", at: start) }
                    out.append(high << 4 | low)
                    position += 3
                    continue
                }
                strayHash = true
            }
            out.append(byte)
            position += 1
        }
        if strayHash { error("name with stray # will not work with PDF >= 1.2", at: start) }
        return .name(String(decoding: out, as: UTF8.self))
    }

    private static func hexValue(at index: Int, in bytes: [UInt8]) -> UInt8? {
        index < bytes.count ? hexValue(bytes[index]) : nil
    }

    /// Skips an inline image's data after its `ID` operator, through the `EI` that ends it.
    ///
    /// `EI` counts only when whitespace precedes it and whitespace, a delimiter or the end follows, as in qpdf.
    mutating func skipInlineImage() {
        let start = position
        if position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        var index = position
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "E"), bytes[index + 1] == UInt8(ascii: "I"),
                index > start, Self.isWhitespace(bytes[index - 1]),
                index + 2 == bytes.count || !Self.isRegular(bytes[index + 2])
            {
                position = index + 2
                return
            }
            index += 1
        }
        position = bytes.count
        error("EOF found while reading inline image", at: start)
    }
}
