import Foundation

/// The one reader of numbers written as text, and the one rule that keeps them exact.
///
/// Untyped data is read in the plain forms a number has always had here (`1200`, `-12.5`, `1,200`, `¥1,200`), so
/// text that only looks like a number stays text. A field the template declares a number (`DataType`) is read in
/// the forms Excel and Japanese offices write as well: full-width digits, `￥2,400`, `2,400円`, `△100` and `▲100`
/// and `(1,200)` for a negative amount, `8%` and `８％`.
///
/// Foundation's `Decimal` holds a mantissa of 128 bits and rounds whatever needs more without a word, so every
/// number is held to `maximumDigits` significant digits: a literal, a data value or an arithmetic result that needs
/// more is an error naming it, never a rounded figure.
public enum NumberText {
    /// The most significant digits a number may have: every number of this many digits fits `Decimal`'s mantissa.
    public static let maximumDigits = 38

    /// What a text reads as.
    public enum Outcome: Equatable, Sendable {
        /// A number, with the marks it was written with.
        case number(Decimal, Marks)
        /// The text writes a number with more significant digits than `maximumDigits`: how many it has.
        case tooManyDigits(Int)
        /// The text is no number in the forms asked for.
        case notANumber
    }

    /// The marks around a number's digits, which a declared type accepts or refuses.
    public struct Marks: Equatable, Sendable {
        /// Written with `%` or `％`.
        public var percent = false
        /// Written with `¥`, `￥`, CP932's `\` or `円`.
        public var currency = false
        /// Written negative by an office's sign (`△`, `▲` or parentheses) rather than `-`.
        public var officeNegative = false

        /// Marks as given (none by default).
        public init(percent: Bool = false, currency: Bool = false, officeNegative: Bool = false) {
            self.percent = percent
            self.currency = currency
            self.officeNegative = officeNegative
        }
    }

    /// Reads `text` as a number: in the plain forms, or with `office` in every form offices write.
    public static func read(_ text: String, office: Bool = false) -> Outcome {
        // Tables ask this of every cell: an amount column's cells are mostly bare digits, and up to 18 of them are
        // an Int, read without Foundation's parser.
        if !text.isEmpty, text.utf8.count <= 18,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        {
            return .number(Decimal(text.utf8.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }), Marks())
        }
        guard let first = text.unicodeScalars.first else { return .notANumber }
        // Most text is no number and is refused by its first character.
        guard office || startsPlain.contains(first) || CharacterSet.whitespaces.contains(first) else {
            return .notANumber
        }
        let written = office ? halfWidth(text) : text
        // Text without white space at its ends is not trimmed: Foundation trims through NSString.
        var body =
            CharacterSet.whitespaces.contains(written.unicodeScalars.first ?? first)
                || CharacterSet.whitespaces.contains(written.unicodeScalars.last ?? first)
            ? Substring(written.trimmingCharacters(in: .whitespaces)) : Substring(written)
        var marks = Marks()
        var negative = false
        if office, body.first == "(", body.last == ")" {
            body = body.dropFirst().dropLast()
            negative = true
            marks.officeNegative = true
        }
        // A sign and a currency sign, in either order (`-¥1,200`, `¥-1,200`), each once.
        for _ in 0..<2 {
            if !negative, body.first == "-" || body.first == "−" || office && (body.first == "△" || body.first == "▲") {
                marks.officeNegative = body.first == "△" || body.first == "▲"
                negative = true
                body = body.dropFirst()
            } else if !marks.currency, body.first == "¥" || body.first == "￥" || body.first == "\\" {
                marks.currency = true
                body = body.dropFirst()
            }
        }
        if office, !marks.currency, body.last == "円" {
            marks.currency = true
            body = body.dropLast()
        }
        if office, !marks.currency, body.last == "%" {
            marks.percent = true
            body = body.dropLast()
        }
        guard let digits = plainDigits(body) else { return .notANumber }
        let significant = significantDigits(digits)
        guard significant <= maximumDigits, digits.count <= maximumDigits * 3 else {
            return .tooManyDigits(significant > maximumDigits ? significant : digits.count)
        }
        guard let value = Decimal(string: digits, locale: posix) else { return .notANumber }
        return .number(negative ? -value : value, marks)
    }

    /// `digits` — ASCII digits with at most one `.` — as an exact decimal, or nil when it has more significant digits
    /// than `maximumDigits` (an expression's literal, a JSON number in its plain form).
    public static func exact(_ digits: String) -> Decimal? {
        let negative = digits.hasPrefix("-")
        let body = negative ? String(digits.dropFirst()) : digits
        guard significantDigits(body) <= maximumDigits, body.count <= maximumDigits * 3,
            let value = Decimal(string: body, locale: posix)
        else { return nil }
        return negative ? -value : value
    }

    /// The digits of `text` from its first non-zero digit to its last (`0.0012300` → 3, `1200` → 2); a run of
    /// zeros at the end is a power of ten, which `Decimal` keeps in its exponent.
    public static func significantDigits(_ text: String) -> Int {
        let digits = text.utf8.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard let first = digits.firstIndex(where: { $0 != UInt8(ascii: "0") }),
            let last = digits.lastIndex(where: { $0 != UInt8(ascii: "0") })
        else { return 0 }
        return last - first + 1
    }

    /// Digits with optional `,` thousands separators (every group of three) and optional decimals, as plain digits
    /// with one `.`; nil for anything else (so "12abc" is never 12, and `1,20` or `1.200,50` are refused).
    private static func plainDigits(_ body: Substring) -> String? {
        guard let first = body.first, first.isASCII, first.isNumber else { return nil }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let whole = parts[0]
        if whole.contains(",") {
            let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
            guard groups[0].count >= 1, groups[0].count <= 3, groups.dropFirst().allSatisfy({ $0.count == 3 }) else {
                return nil
            }
        }
        let digits = whole.filter { $0 != "," }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return digits + "." + parts[1]
        }
        return digits
    }

    /// Full-width ASCII (`１，２００．５`, `％`, `（）`, `－`) as ASCII, the ideographic space as a space.
    static func halfWidth(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    if scalar == "\u{3000}" { return " " }
                    return (0xFF01...0xFF5E).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFEE0)! : scalar
                }))
    }

    /// The characters a plain number may start with once trimmed: a sign, a yen sign (or CP932's 0x5C) or a digit.
    private static let startsPlain = Set<Unicode.Scalar>("-−¥￥\\0123456789".unicodeScalars)
    /// Numbers are read with `.` for the point whatever the machine's locale.
    private static let posix = Locale(identifier: "en_US_POSIX")

    // MARK: Arithmetic

    /// A result that would need more digits than `maximumDigits`: the operation as written, for the message.
    public struct Inexact: Error, Sendable {
        /// `a * b` with both numbers.
        public var operation: String
    }

    /// `a + b`, `a - b` or `a * b` exactly.
    ///
    /// Foundation's `NSDecimalMultiply` and `NSDecimalAdd` round a result past their mantissa and report no loss,
    /// so a result that cannot be sure to fit is computed again digit by digit (`ExactDigits`): refused when it
    /// needs more than `maximumDigits` significant digits, else that exact value.
    /// - Throws: `Inexact` when the result would need more than `maximumDigits` significant digits.
    public static func exactly(_ a: Decimal, _ symbol: String, _ b: Decimal) throws(Inexact) -> Decimal {
        if fitsMantissa(a, symbol, b) {
            switch symbol {
            case "+": return a + b
            case "-": return a - b
            default: return a * b
            }
        }
        let left = ExactDigits(a)
        let right = ExactDigits(b)
        let result =
            switch symbol {
            case "+": left.adding(right)
            case "-": left.adding(right.negated)
            default: left.multiplied(by: right)
            }
        guard let value = result.decimal else {
            throw Inexact(operation: "\(TemplateValue.plain(a)) \(symbol) \(TemplateValue.plain(b))")
        }
        return value
    }

    /// True when Foundation's result of `a symbol b` surely fits its 128-bit mantissa, so it is exact: the operands'
    /// mantissas are short enough (as most amounts, prices and quantities are) for the product's or the aligned
    /// sum's mantissa to stay within 37 digits.
    private static func fitsMantissa(_ a: Decimal, _ symbol: String, _ b: Decimal) -> Bool {
        let digitsA = mantissaDigits(a)
        let digitsB = mantissaDigits(b)
        if symbol == "*" { return digitsA + digitsB <= 37 }
        // Aligning exponents multiplies one mantissa by ten per step.
        let shift = a.exponent - b.exponent
        return max(digitsA + max(0, shift), digitsB + max(0, -shift)) + 1 <= 37
    }

    /// At most how many digits `value`'s mantissa has: 9, 18 or the most a mantissa holds.
    private static func mantissaDigits(_ value: Decimal) -> Int {
        let mantissa = value.significand.magnitude
        return mantissa < nineDigits ? 9 : mantissa < eighteenDigits ? 18 : maximumDigits + 1
    }

    private static let nineDigits = Decimal(1_000_000_000)
    private static let eighteenDigits = Decimal(1_000_000_000_000_000_000 as Int64)

    /// `a / b` to `maximumDigits` significant digits: exact when the quotient ends within them; a quotient that does
    /// not end (`1 / 3`) is cut there, and a template rounds it (`round`, `floor`, `ceil`) before `yen` or `number`
    /// prints it. A quotient that does not end and whose whole part leaves fewer than `quotientPlaces` decimals is
    /// refused, as rounding it could then give a wrong figure.
    /// - Throws: `Inexact` for such a quotient.
    public static func divided(_ a: Decimal, by b: Decimal) throws(Inexact) -> Decimal {
        var left = a
        var right = b
        var result = Decimal()
        let error = NSDecimalDivide(&result, &left, &right, .plain)
        let refused = Inexact(operation: "\(TemplateValue.plain(a)) / \(TemplateValue.plain(b))")
        guard error == .noError || error == .lossOfPrecision, !result.isNaN else { throw refused }
        // Exact when the quotient times the divisor gives the dividend back, digit for digit.
        let back = ExactDigits(result).multiplied(by: ExactDigits(b))
        if back == ExactDigits(a) { return result }
        let plain = TemplateValue.plain(result.magnitude)
        let whole = plain.split(separator: ".")[0]
        let wholeDigits = whole == "0" ? 0 : whole.count
        guard maximumDigits - wholeDigits >= quotientPlaces else { throw refused }
        return result
    }

    /// The decimals a quotient that does not end keeps at least.
    public static let quotientPlaces = 10
}

/// A decimal as its significant digits and a power of ten, for the results `NumberText` checks: added and multiplied
/// digit by digit, never rounded.
struct ExactDigits: Equatable {
    /// The significant digits, most significant first, without leading or trailing zeros (empty for zero).
    var digits: [UInt8]
    /// The power of ten of the last digit.
    var exponent: Int
    var negative: Bool

    init(digits: [UInt8], exponent: Int, negative: Bool) {
        var digits = digits
        var exponent = exponent
        let leading = digits.prefix { $0 == 0 }.count
        digits.removeFirst(leading)
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
        self.negative = digits.isEmpty ? false : negative
    }

    init(_ value: Decimal) {
        let plain = TemplateValue.plain(value)
        let negative = plain.hasPrefix("-")
        let parts = (negative ? plain.dropFirst() : plain[...]).split(separator: ".")
        let fraction = parts.count > 1 ? parts[1] : ""
        let digits = (parts[0] + fraction).utf8.map { $0 - UInt8(ascii: "0") }
        self.init(digits: digits, exponent: -fraction.count, negative: negative)
    }

    var negated: ExactDigits { ExactDigits(digits: digits, exponent: exponent, negative: !negative) }

    /// The value as a `Decimal`, or nil when it has more than `NumberText.maximumDigits` significant digits.
    var decimal: Decimal? {
        guard !digits.isEmpty else { return Decimal(0) }
        guard digits.count <= NumberText.maximumDigits else { return nil }
        var text = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        if exponent >= 0 {
            text += String(repeating: "0", count: exponent)
        } else if -exponent >= text.count {
            text = "0." + String(repeating: "0", count: -exponent - text.count) + text
        } else {
            text.insert(".", at: text.index(text.endIndex, offsetBy: exponent))
        }
        return NumberText.exact((negative ? "-" : "") + text)
    }

    func multiplied(by other: ExactDigits) -> ExactDigits {
        guard !digits.isEmpty, !other.digits.isEmpty else {
            return ExactDigits(digits: [], exponent: 0, negative: false)
        }
        var product = [Int](repeating: 0, count: digits.count + other.digits.count)
        for (i, a) in digits.reversed().enumerated() {
            for (j, b) in other.digits.reversed().enumerated() { product[i + j] += Int(a) * Int(b) }
        }
        var carry = 0
        for index in product.indices {
            let total = product[index] + carry
            product[index] = total % 10
            carry = total / 10
        }
        return ExactDigits(
            digits: product.reversed().map { UInt8($0) }, exponent: exponent + other.exponent,
            negative: negative != other.negative)
    }

    func adding(_ other: ExactDigits) -> ExactDigits {
        let low = min(exponent, other.exponent)
        // Both magnitudes as digits of 10^low, least significant first.
        func aligned(_ value: ExactDigits) -> [Int] {
            Array(repeating: 0, count: value.exponent - low) + value.digits.reversed().map(Int.init)
        }
        var a = aligned(self)
        var b = aligned(other)
        let width = max(a.count, b.count) + 1
        a += Array(repeating: 0, count: width - a.count)
        b += Array(repeating: 0, count: width - b.count)
        var negative = self.negative
        if self.negative != other.negative {
            // The larger magnitude less the smaller, with the larger's sign.
            if a.reversed().lexicographicallyPrecedes(b.reversed()) {
                swap(&a, &b)
                negative = other.negative
            }
            for index in a.indices { a[index] -= b[index] }
        } else {
            for index in a.indices { a[index] += b[index] }
        }
        var carry = 0
        for index in a.indices {
            var total = a[index] + carry
            carry = 0
            if total < 0 {
                total += 10
                carry = -1
            } else if total > 9 {
                total -= 10
                carry = 1
            }
            a[index] = total
        }
        return ExactDigits(digits: a.reversed().map { UInt8($0) }, exponent: low, negative: negative)
    }
}
