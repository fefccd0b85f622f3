import DrawingModule
import Expressions
import Foundation
import Support

/// The top-level object of one JSONL line read as RFC 8259 says, byte by byte: every key with its column and its
/// value as written.
///
/// JSONSerialization keeps the last of two equal keys and refuses numbers a `Double` cannot hold (`1e400`); this
/// reader refuses a key written twice, naming both columns, and reads every number the grammar allows, keeping its
/// digits. Arrays and objects inside are read the same way (a key written twice is refused at any depth), no deeper
/// than `maximumNesting`, so the stack stays small.
package struct JSONLine {
    /// A top-level value.
    enum Value: Hashable {
        /// A string's text, escapes decoded.
        case string(String)
        /// A number as written in the line (`-12.50`, `1e400`).
        case number(String)
        /// `true`, `false` or `null`.
        case literal(String)
        /// An array, its items in order.
        case array([Value])
        /// An object, its entries in order.
        case object([(key: String, value: Value)])

        static func == (left: Value, right: Value) -> Bool {
            switch (left, right) {
            case (.string(let a), .string(let b)), (.number(let a), .number(let b)), (.literal(let a), .literal(let b)):
                a == b
            case (.array(let a), .array(let b)): a == b
            case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
            default: false
            }
        }

        func hash(into hasher: inout Hasher) {
            switch self {
            case .string(let text), .number(let text), .literal(let text): hasher.combine(text)
            case .array(let items): hasher.combine(items)
            case .object(let entries):
                for entry in entries {
                    hasher.combine(entry.key)
                    hasher.combine(entry.value)
                }
            }
        }
    }

    /// Why the line is not a JSON object: what is wrong and the 1-based column (in characters) where.
    package struct Failure: Error, Hashable {
        /// The 1-based column, in characters, where the line went wrong (0 when the failure is a value's, not a
        /// place's).
        package var column: Int
        /// What is wrong.
        package var message: String
    }

    /// Checks that `text` is one JSON object as RFC 8259 says (whitespace, line breaks included, around any token).
    /// - Throws: `Failure` naming what is wrong and the character where, counted from 1 over the whole text.
    package static func check(_ text: String) throws(Failure) {
        _ = try entries(of: text)
    }

    /// How deep arrays and objects inside a value may nest before the line is refused.
    static let maximumNesting = 64

    private let text: String
    private let bytes: [UInt8]
    private var position = 0

    private init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }

    /// The entries of the object `line` holds, in order.
    /// - Throws: `Failure` for anything but one JSON object (with nothing after it), and for a key written twice.
    static func entries(of line: String) throws(Failure) -> [(key: String, value: Value)] {
        var reader = JSONLine(line)
        return try reader.object()
    }

    private mutating func object() throws(Failure) -> [(key: String, value: Value)] {
        skipSpace()
        guard peek == UInt8(ascii: "{") else {
            throw fail(peek == nil ? "the line is empty" : "the line is JSON but not an object", at: position)
        }
        let entries = try members(depth: 1)
        skipSpace()
        guard position == bytes.count else { throw fail("text follows the object", at: position) }
        return entries
    }

    /// The entries of the object at `position` (its `{`), `depth` levels down.
    private mutating func members(depth: Int) throws(Failure) -> [(key: String, value: Value)] {
        position += 1
        var entries: [(key: String, value: Value)] = []
        var columns: [String: Int] = [:]
        skipSpace()
        if peek == UInt8(ascii: "}") {
            position += 1
            return entries
        }
        while true {
            skipSpace()
            let keyStart = position
            guard peek == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes", at: position) }
            let key = try string()
            if let first = columns[key] {
                throw fail(
                    "the key \"\(Self.shown(key))\" is written twice, at column \(first) and at column "
                        + "\(column(of: keyStart)) (JSON keys must be unique: RFC 8259, section 4)",
                    at: keyStart)
            }
            columns[key] = column(of: keyStart)
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw fail("expected \":\" after the key", at: position) }
            position += 1
            skipSpace()
            entries.append((key, try value(depth: depth)))
            skipSpace()
            if peek == UInt8(ascii: ",") {
                position += 1
                continue
            }
            guard peek == UInt8(ascii: "}") else { throw fail("expected \",\" or \"}\"", at: position) }
            position += 1
            return entries
        }
    }

    /// The value at `position`, inside `depth` levels of objects and arrays.
    private mutating func value(depth: Int) throws(Failure) -> Value {
        guard let byte = peek else { throw fail("expected a value", at: position) }
        switch byte {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maximumNesting else {
                throw fail("arrays and objects nest deeper than \(Self.maximumNesting) levels", at: position)
            }
            return byte == UInt8(ascii: "{") ? .object(try members(depth: depth + 1)) : try array(depth: depth + 1)
        case UInt8(ascii: "t"): return .literal(try word("true"))
        case UInt8(ascii: "f"): return .literal(try word("false"))
        case UInt8(ascii: "n"): return .literal(try word("null"))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("expected a value", at: position)
        }
    }

    /// The array at `position` (its `[`).
    private mutating func array(depth: Int) throws(Failure) -> Value {
        position += 1
        var items: [Value] = []
        skipSpace()
        if peek == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            skipSpace()
            items.append(try value(depth: depth))
            skipSpace()
            if peek == UInt8(ascii: ",") {
                position += 1
                continue
            }
            guard peek == UInt8(ascii: "]") else { throw fail("expected \",\" or \"]\"", at: position) }
            position += 1
            return .array(items)
        }
    }

    private mutating func string() throws(Failure) -> String {
        let start = position
        position += 1
        var decoded: [UInt8] = []
        while let byte = peek {
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                guard let escape = peek else { break }
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code), peek == UInt8(ascii: "\\"),
                        position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
                    {
                        let mark = position
                        position += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            position = mark
                        }
                    }
                    guard let scalar = Unicode.Scalar(code) else {
                        throw fail(
                            "\\u\(String(code, radix: 16, uppercase: true)) is half of a surrogate pair, not a "
                                + "character", at: position - 6)
                    }
                    decoded.append(contentsOf: Array(String(scalar).utf8))
                default:
                    throw fail("\\\(Character(Unicode.Scalar(escape))) is not a JSON escape", at: position - 2)
                }
            case 0..<0x20:
                throw fail("a control character must be escaped inside a string (\\n, \\t, \\u0000)", at: position)
            default:
                decoded.append(byte)
                position += 1
            }
        }
        throw fail("the string is not closed by \"", at: start)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count,
            let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else {
            throw fail("\\u must be followed by four hexadecimal digits", at: position - 2)
        }
        position += 4
        return code
    }

    /// A number by RFC 8259's grammar: `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`, as written.
    private mutating func number() throws(Failure) -> String {
        let start = position
        func digits() -> Int {
            let from = position
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { position += 1 }
            return position - from
        }
        if peek == UInt8(ascii: "-") { position += 1 }
        if peek == UInt8(ascii: "0") {
            position += 1
        } else if digits() == 0 {
            throw fail("a number needs a digit after \"-\"", at: position)
        }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw fail("a number needs a digit after \".\"", at: position) }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw fail("a number needs a digit in its exponent", at: position) }
        }
        if let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            throw fail("a number may not start with 0 followed by digits", at: start)
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func word(_ word: String) throws(Failure) -> String {
        let expected = Array(word.utf8)
        guard bytes.count - position >= expected.count,
            Array(bytes[position..<position + expected.count]) == expected
        else {
            throw fail("expected a value (a string, number, true, false, null, array or object)", at: position)
        }
        position += expected.count
        return word
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { position += 1 }
    }

    /// The 1-based column in characters of the byte at `offset`.
    private func column(of offset: Int) -> Int {
        String(decoding: bytes[..<min(offset, bytes.count)], as: UTF8.self).count + 1
    }

    private func fail(_ message: String, at offset: Int) -> Failure {
        Failure(column: column(of: offset), message: message)
    }

    /// A key as a message shows it: control characters escaped, at most 60 characters.
    static func shown(_ text: String) -> String {
        TerminalText.escaped(text.count > 60 ? String(text.prefix(60)) + "…" : text)
    }

    /// The exact plain decimal form of a JSON number (`1.5e3` → `1500`, `2E-3` → `0.002`; a number without an
    /// exponent as written), or nil when that form would need more than `maximumDigits` digits (`1e400`).
    static func plainDecimal(_ number: String, maximumDigits: Int = 40) -> String? {
        guard let exponentIndex = number.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return number }
        var mantissa = number[..<exponentIndex]
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        var digits = Array(whole + fraction)
        var point = whole.count
        let exponentText = number[number.index(after: exponentIndex)...]
        let leadingZeros = digits.prefix { $0 == "0" }.count
        guard leadingZeros < digits.count else { return "0" }
        digits.removeFirst(leadingZeros)
        point -= leadingZeros
        let exponentDigits = exponentText.drop { $0 == "+" || $0 == "-" }.drop { $0 == "0" }
        guard exponentDigits.count <= 6, let magnitude = Int(exponentDigits.isEmpty ? "0" : exponentDigits) else {
            return nil
        }
        point += exponentText.hasPrefix("-") ? -magnitude : magnitude
        let length = max(point, digits.count) + max(0, -point)
        guard length <= maximumDigits else { return nil }
        var plain: String
        if point >= digits.count {
            plain = String(digits) + String(repeating: "0", count: point - digits.count)
        } else if point <= 0 {
            plain = "0." + String(repeating: "0", count: -point) + String(digits)
        } else {
            plain = String(digits[..<point]) + "." + String(digits[point...])
        }
        return (negative ? "-" : "") + plain
    }
}

extension JSONLine.Value {
    /// `true`, `false` or `null` as the template value it stands for.
    static func literal(_ word: String) -> TemplateValue {
        word == "true" ? .bool(true) : word == "false" ? .bool(false) : .null
    }

    /// The value in the template language: text, an exact decimal number, true, false, null, a list or a record.
    /// - Throws: `JSONLine.Failure` (column 0) naming a number with no exact decimal form of at most 40 digits.
    func templateValue() throws(JSONLine.Failure) -> TemplateValue {
        switch self {
        case .string(let text): return .text(text)
        case .number(let number):
            guard let plain = JSONLine.plainDecimal(number) else {
                throw JSONLine.Failure(
                    column: 0, message: "the number \(number), which has no exact decimal form of at most 40 digits")
            }
            guard let value = NumberText.exact(plain) else {
                throw JSONLine.Failure(
                    column: 0,
                    message: "the number \(number), which has \(NumberText.significantDigits(plain)) significant "
                        + "digits where numbers are computed exactly to \(NumberText.maximumDigits)")
            }
            return .number(value)
        case .literal(let word): return Self.literal(word)
        case .array(let items):
            var values: [TemplateValue] = []
            for item in items { values.append(try item.templateValue()) }
            return .list(values)
        case .object(let entries):
            var fields: [(String, TemplateValue)] = []
            for (key, value) in entries { fields.append((key, try value.templateValue())) }
            return .record(TemplateRecord(fields))
        }
    }
}

extension JSONLine.Failure: Problem {
    /// `badData`: the line is not one JSON object.
    package var kind: ProblemKind { .badData }
    /// The column where the line went wrong (the line itself is the record, which the reader names).
    package var place: ProblemPlace { ProblemPlace(column: column) }
}
