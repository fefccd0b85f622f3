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
        var body = Substring(office ? halfWidth(text) : text).trimmingCharacters(in: .whitespaces)[...]
        var marks = Marks()
        var negative = false
        if office, body.first == "(", body.last == ")" {
            body = body.dropFirst().dropLast()
            negative = true
            marks.officeNegative = true
        }
        // A sign and a currency sign, in either order (`-¥1,200`, `¥-1,200`), each once.
        for _ in 0..<2 {
            if !negative, body.first == "-" || body.first == "−" || office && (body.first == "△" || body.first == "▲")
            {
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
    /// - Throws: `Inexact` when Foundation had to round the result (it would need more than `maximumDigits`).
    public static func exactly(_ a: Decimal, _ symbol: String, _ b: Decimal) throws(Inexact) -> Decimal {
        var left = a
        var right = b
        var result = Decimal()
        let error: NSDecimalNumber.CalculationError =
            switch symbol {
            case "+": NSDecimalAdd(&result, &left, &right, .plain)
            case "-": NSDecimalSubtract(&result, &left, &right, .plain)
            default: NSDecimalMultiply(&result, &left, &right, .plain)
            }
        guard error == .noError, !result.isNaN else {
            throw Inexact(operation: "\(TemplateValue.plain(a)) \(symbol) \(TemplateValue.plain(b))")
        }
        return result
    }

    /// `a / b` to `maximumDigits` significant digits: exact when the quotient ends within them; a quotient that does
    /// not end (`1 / 3`) is cut there, and a template rounds it (`round`, `floor`, `ceil`) before `yen` or `number`
    /// prints it. A quotient whose whole part leaves fewer than `quotientPlaces` decimals is refused, as rounding it
    /// could then give a wrong figure.
    /// - Throws: `Inexact` for such a quotient.
    public static func divided(_ a: Decimal, by b: Decimal) throws(Inexact) -> Decimal {
        var left = a
        var right = b
        var result = Decimal()
        let error = NSDecimalDivide(&result, &left, &right, .plain)
        guard error == .noError || error == .lossOfPrecision, !result.isNaN else {
            throw Inexact(operation: "\(TemplateValue.plain(a)) / \(TemplateValue.plain(b))")
        }
        if error == .lossOfPrecision {
            let plain = TemplateValue.plain(result.magnitude)
            let whole = plain.split(separator: ".")[0]
            let wholeDigits = whole == "0" ? 0 : whole.count
            guard maximumDigits - wholeDigits >= quotientPlaces else {
                throw Inexact(operation: "\(TemplateValue.plain(a)) / \(TemplateValue.plain(b))")
            }
        }
        return result
    }

    /// The decimals a quotient that does not end keeps at least.
    public static let quotientPlaces = 10
}
