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
    static func isDelimiter(_ byte: UInt8) -> Bool { "()<>[]{}/%".utf8.contains(byte) }
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
                let word = String(decoding: bytes[start..<position], as: UTF8.self)
                if let number = Self.number(word) { return .number(number) }
                return .keyword(word)
            }
        }
        return nil
    }

    /// A PDF number (`12`, `-3.5`, `.5`, `4.`); other words are keywords.
    static func number(_ word: String) -> Double? {
        var body = Substring(word)
        var sign = ""
        if body.first == "+" || body.first == "-" {
            sign = body.first == "-" ? "-" : ""
            body = body.dropFirst()
        }
        guard !body.isEmpty, body != ".", body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            body.filter({ $0 == "." }).count <= 1
        else { return nil }
        let leading = body.hasPrefix(".") ? "0" : ""
        let trailing = body.hasSuffix(".") ? "0" : ""
        return Double(sign + leading + body + trailing)
    }

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
        var out: [UInt8] = []
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
