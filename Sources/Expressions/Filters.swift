import Barcodes
import Foundation
import Support

/// The filters of the template language (`value | name(arguments)`, or `name(value, arguments)`): formatting,
/// rounding, list arithmetic and dates.
///
/// A value is never rounded unless the template says so: `yen` and `number` refuse a value with more decimals than
/// they print and ask for a `round`.
enum Filters {
    /// Every filter, with its arguments as the reference shows them.
    static let signatures: [String: String] = [
        "yen": "yen", "number": "number(places)", "round": "round(places, 'half-up' | 'half-even' | 'down' | 'up')",
        "floor": "floor", "ceil": "ceil", "sum": "sum('field or expression')", "count": "count",
        "min": "min('field')", "max": "max('field')", "where": "where('field', value) or where('expression')",
        "sortBy": "sortBy('field', 'desc')", "groupBy": "groupBy('field')", "map": "map('field or expression')",
        "first": "first", "last": "last", "join": "join(', ')", "default": "default('—')", "length": "length",
        "wareki": "wareki or wareki('short')", "date": "date('yyyy年M月d日')", "fullwidth": "fullwidth",
        "upper": "upper", "lower": "lower", "pad": "pad(width)", "invoiceRegistration": "invoiceRegistration",
        "kansuji": "kansuji or kansuji('digits')"
    ]

    static let names = Set(signatures.keys)

    /// Refuses an unknown filter name where it is written, with the nearest one.
    static func check(_ name: String, offset: Int) throws(ExpressionError) {
        guard signatures[name] == nil else { return }
        throw ExpressionError(
            offset: offset,
            "unknown filter `\(name)`; filters are "
                + names.sorted().joined(separator: ", "),
            suggestion: NearestName.suggest(for: name, among: names))
    }

    static func apply(
        _ name: String, to input: TemplateValue, arguments nodes: [Expression.Node],
        scope: TemplateScope, offset: Int
    ) throws(ExpressionError) -> TemplateValue {
        try scope.deadline?.check { ExpressionError(offset: offset, $0.description, limit: $0) }
        var arguments: [TemplateValue] = []
        for node in nodes { arguments.append(try Expression.evaluate(node, in: scope)) }
        let call = Call(
            name: name, input: input, arguments: arguments, argumentNodes: nodes, scope: scope,
            offset: offset)
        switch name {
        case "yen": return .text(try call.yen())
        case "number": return .text(try call.grouped())
        case "round": return .number(try call.rounded())
        case "floor": return .number(round(try call.number(), 0, .down))
        case "ceil": return .number(round(try call.number(), 0, .up))
        case "sum": return .number(try call.sum())
        case "count": return .int(try call.list().count)
        case "min", "max": return try call.extreme()
        case "where": return .list(try call.filtered())
        case "sortBy": return .list(try call.sorted())
        case "groupBy": return .list(try call.grouped(by: ()))
        case "map": return .list(try call.mapped())
        case "first", "last":
            let list = try call.list()
            return (name == "first" ? list.first : list.last) ?? .null
        case "join": return .text(try call.joined())
        case "default": return input.isTruthy ? input : (arguments.first ?? .text(""))
        case "length":
            if case .list(let list) = input { return .int(list.count) }
            return .int(try call.text().count)
        case "wareki": return .text(try call.wareki())
        case "date": return .text(try call.formattedDate())
        case "fullwidth": return .text(String(try call.text().map(fullWidth)))
        case "kansuji": return .text(try call.kansuji())
        case "upper": return .text(try call.text().uppercased())
        case "pad": return .text(try call.padded())
        case "lower": return .text(try call.text().lowercased())
        case "invoiceRegistration": return .text(try call.invoiceRegistration())
        default: throw ExpressionError(offset: offset, "unknown filter `\(name)`")
        }
    }

    static func round(_ value: Decimal, _ places: Int, _ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var value = value
        var result = Decimal()
        NSDecimalRound(&result, &value, places, mode)
        return result
    }

    /// ASCII `!`…`~` to their full-width forms (！…～), a space to the ideographic space; other characters unchanged.
    static func fullWidth(_ character: Character) -> Character {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return character }
        if scalar == " " { return "\u{3000}" }
        guard (0x21...0x7E).contains(scalar.value), let wide = Unicode.Scalar(scalar.value + 0xFEE0) else {
            return character
        }
        return Character(wide)
    }

    /// Decimal places in `value` (0 for 12, 2 for 12.50 read as 12.5 → 1).
    static func places(_ value: Decimal) -> Int {
        places(plain: TemplateValue.plain(value))
    }

    /// The decimal places of a number printed plainly (`TemplateValue.plain`).
    static func places(plain text: String) -> Int {
        guard let dot = text.utf8.firstIndex(of: UInt8(ascii: ".")) else { return 0 }
        return text.utf8.distance(from: dot, to: text.utf8.endIndex) - 1
    }

    /// `1234567.5` → `1,234,567.5`; `places` pads the decimals with zeros.
    static func group(_ value: Decimal, places: Int) -> String {
        group(plain: TemplateValue.plain(value), places: places)
    }

    /// `group(_:places:)` of a number printed plainly (`TemplateValue.plain`).
    static func group(plain signed: String, places: Int) -> String {
        let bytes = Array(signed.utf8)
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = negative ? bytes[1...] : bytes[...]
        let dot = digits.firstIndex(of: UInt8(ascii: ".")) ?? digits.endIndex
        var grouped: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        grouped.reserveCapacity(bytes.count + bytes.count / 3 + max(0, places) + 1)
        var left = dot - digits.startIndex
        for digit in digits[..<dot] {
            grouped.append(digit)
            left -= 1
            if left > 0, left % 3 == 0 { grouped.append(UInt8(ascii: ",")) }
        }
        let fraction = dot < digits.endIndex ? digits[(dot + 1)...] : []
        if !fraction.isEmpty || places > 0 {
            grouped.append(UInt8(ascii: "."))
            grouped.append(contentsOf: fraction)
            if fraction.count < places {
                grouped.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: places - fraction.count))
            }
        }
        return String(decoding: grouped, as: UTF8.self)
    }
}

/// One filter application: its input, evaluated arguments and where it is written.
private struct Call {
    var name: String
    var input: TemplateValue
    var arguments: [TemplateValue]
    var argumentNodes: [Expression.Node]
    var scope: TemplateScope
    var offset: Int

    private func fail(_ message: String) -> ExpressionError { ExpressionError(offset: offset, message) }

    /// Throws the `job-seconds` error once the document's deadline has passed: checked at every item a list filter
    /// visits, so a `where` nested in a `where` over thousands of records stops on time.
    func checkDeadline() throws(ExpressionError) {
        try scope.deadline?.check { ExpressionError(offset: offset, $0.description, limit: $0) }
    }

    func number() throws(ExpressionError) -> Decimal {
        try Expression.number(input, offset: offset, role: "the value given to \(name)")
    }

    func text() throws(ExpressionError) -> String {
        guard let text = input.text else { throw fail("\(name) needs text, not \(input.kindDescription)") }
        return text
    }

    func list() throws(ExpressionError) -> [TemplateValue] {
        guard case .list(let list) = input else { throw fail("\(name) needs a list, not \(input.kindDescription)") }
        return list
    }

    func argument(_ index: Int, _ what: String) throws(ExpressionError) -> TemplateValue {
        guard arguments.indices.contains(index) else {
            throw fail("\(name) needs \(what): \(Filters.signatures[name] ?? name)")
        }
        return arguments[index]
    }

    func integerArgument(_ index: Int, default value: Int) throws(ExpressionError) -> Int {
        guard arguments.indices.contains(index) else { return value }
        guard let number = arguments[index].numberValue, Filters.places(number) == 0, number >= 0, number <= 20 else {
            throw fail(
                "\(name)'s argument \(index + 1) must be a whole number of places from 0 to 20, not "
                    + arguments[index].kindDescription)
        }
        return NSDecimalNumber(decimal: number).intValue
    }

    /// A whole number zero-padded to a width of 0 to 32 digits, its sign before the zeros: `-7 | pad(3)` → `-007`.
    func padded() throws(ExpressionError) -> String {
        let value = try number()
        guard Filters.places(value) == 0 else {
            throw fail("pad pads whole numbers, and \(TemplateValue.plain(value)) has decimals: round it first")
        }
        guard let width = arguments.first?.numberValue, Filters.places(width) == 0, width >= 0, width <= 32 else {
            throw fail("pad needs a width: a whole number from 0 to 32, e.g. pad(6)")
        }
        let digits = TemplateValue.plain(value.magnitude)
        let padded = String(repeating: "0", count: max(0, NSDecimalNumber(decimal: width).intValue - digits.count))
        return (value < 0 ? "-" : "") + padded + digits
    }

    /// The text unchanged when it is a registration number (登録番号) whose check digit is right; else the problem,
    /// naming the digit it should have.
    func invoiceRegistration() throws(ExpressionError) -> String {
        let number = try text()
        if let problem = InvoiceRegistration.problem(in: number) { throw fail(problem) }
        return number
    }

    func yen() throws(ExpressionError) -> String {
        let plain = TemplateValue.plain(try number())
        guard Filters.places(plain: plain) == 0 else {
            throw fail(
                "yen prints whole yen, and \(plain) has decimals: say how to round, e.g. | round(0, 'down') | yen")
        }
        let grouped = Filters.group(plain: plain, places: 0)
        return grouped.hasPrefix("-") ? "-¥" + grouped.dropFirst() : "¥" + grouped
    }

    func grouped() throws(ExpressionError) -> String {
        let value = try number()
        let places = try integerArgument(0, default: 0)
        guard Filters.places(value) <= places else {
            throw fail(
                "number(\(places)) prints \(places) decimal places, and \(TemplateValue.plain(value)) has more: "
                    + "say how to round, e.g. | round(\(places), 'half-up') | number(\(places))")
        }
        return Filters.group(value, places: places)
    }

    func rounded() throws(ExpressionError) -> Decimal {
        let value = try number()
        let places = try integerArgument(0, default: 0)
        let modeName = arguments.count > 1 ? arguments[1].text ?? "" : "half-up"
        let negative = value < 0
        switch modeName {
        case "half-up": return Filters.round(value, places, .plain)
        case "half-even": return Filters.round(value, places, .bankers)
        case "down": return Filters.round(value, places, negative ? .up : .down)
        case "up": return Filters.round(value, places, negative ? .down : .up)
        default:
            throw fail(
                "round's mode is 'half-up' (四捨五入), 'half-even', 'down' (切り捨て) or 'up' (切り上げ), "
                    + "not '\(modeName)'")
        }
    }

    /// The value of `item` for an argument naming a field or holding an expression (`'price * qty'`).
    func itemValue(_ item: TemplateValue, argument index: Int) throws(ExpressionError) -> TemplateValue {
        try checkDeadline()
        guard arguments.indices.contains(index) else { return item }
        guard case .text(let source) = arguments[index] else {
            throw fail(
                "\(name)'s argument must be a field name or an expression in quotes, not "
                    + arguments[index].kindDescription)
        }
        if case .record(let record) = item, let value = record[source] { return value }
        guard case .record(let record) = item else {
            throw fail("\(name)('\(source)') needs a list of records, and an item is \(item.kindDescription)")
        }
        guard scope.argumentNesting < TemplateScope.maximumArgumentNesting else {
            throw fail(
                "\(name)('\(source)') evaluates an expression inside an expression more than "
                    + "\(TemplateScope.maximumArgumentNesting) deep (an argument that names itself, directly or "
                    + "through another value, never ends); write the expression in quotes instead of naming a value")
        }
        let base = argumentOffset(index) + 1
        let expression = try Expression(parsing: source, base: base, maximumDepth: scope.maximumExpressionDepth)
        var fields: [String: TemplateValue] = [:]
        for key in record.keys { fields[key] = record[key] }
        var inner = scope.adding(fields)
        inner.argumentNesting += 1
        return try expression.evaluate(in: inner)
    }

    func argumentOffset(_ index: Int) -> Int {
        guard argumentNodes.indices.contains(index) else { return offset }
        switch argumentNodes[index] {
        case .literal(_, let offset), .name(_, let offset), .member(_, _, let offset), .index(_, _, let offset),
            .unary(_, _, let offset), .binary(_, _, _, let offset), .filter(_, _, _, let offset):
            return offset
        }
    }

    func sum() throws(ExpressionError) -> Decimal {
        var total = Decimal(0)
        for item in try list() {
            let value = try itemValue(item, argument: 0)
            if case .null = value { continue }
            let number = try Expression.number(value, offset: offset, role: "each value summed")
            total = try Expression.exactly(total, "+", number, offset: offset)
        }
        return total
    }

    func extreme() throws(ExpressionError) -> TemplateValue {
        var best: (TemplateValue, Decimal)?
        for item in try list() {
            let value = try itemValue(item, argument: 0)
            let number = try Expression.number(value, offset: offset, role: "each value of \(name)")
            if best == nil || (name == "min" ? number < best!.1 : number > best!.1) { best = (value, number) }
        }
        return best.map { .number($0.1) } ?? .null
    }

    func filtered() throws(ExpressionError) -> [TemplateValue] {
        var kept: [TemplateValue] = []
        for item in try list() {
            if arguments.count >= 2 {
                let value = try itemValue(item, argument: 0)
                if Expression.equal(value, arguments[1]) { kept.append(item) }
            } else {
                _ = try argument(0, "a field and a value, or a condition")
                if try itemValue(item, argument: 0).isTruthy { kept.append(item) }
            }
        }
        return kept
    }

    func sorted() throws(ExpressionError) -> [TemplateValue] {
        _ = try argument(0, "the field to sort by")
        let descending = arguments.count > 1 && arguments[1].text == "desc"
        var keyed: [(TemplateValue, TemplateValue)] = []
        for item in try list() { keyed.append((try itemValue(item, argument: 0), item)) }
        let numeric = keyed.allSatisfy { $0.0.numberValue != nil }
        let ordered = keyed.enumerated().sorted { a, b in
            let less: Bool
            let greater: Bool
            if numeric {
                less = a.element.0.numberValue! < b.element.0.numberValue!
                greater = a.element.0.numberValue! > b.element.0.numberValue!
            } else {
                less = (a.element.0.text ?? "") < (b.element.0.text ?? "")
                greater = (a.element.0.text ?? "") > (b.element.0.text ?? "")
            }
            if !less && !greater { return a.offset < b.offset }
            return descending ? greater : less
        }
        return ordered.map(\.element.1)
    }

    func grouped(by _: Void) throws(ExpressionError) -> [TemplateValue] {
        _ = try argument(0, "the field to group by")
        var order: [String] = []
        var rows: [String: [TemplateValue]] = [:]
        var keys: [String: TemplateValue] = [:]
        for item in try list() {
            let key = try itemValue(item, argument: 0)
            let text = key.text ?? ""
            if rows[text] == nil {
                order.append(text)
                keys[text] = key
            }
            rows[text, default: []].append(item)
        }
        return order.map { text in
            .record(
                TemplateRecord([
                    ("key", keys[text]!), ("rows", .list(rows[text]!)),
                    ("count", .int(rows[text]!.count))
                ]))
        }
    }

    func mapped() throws(ExpressionError) -> [TemplateValue] {
        _ = try argument(0, "the field or expression")
        var values: [TemplateValue] = []
        for item in try list() { values.append(try itemValue(item, argument: 0)) }
        return values
    }

    func joined() throws(ExpressionError) -> String {
        let separator = arguments.first?.text ?? ""
        var parts: [String] = []
        for item in try list() {
            try checkDeadline()
            guard let text = item.text else {
                throw fail("join needs a list of texts or numbers; an item is \(item.kindDescription)")
            }
            parts.append(text)
        }
        let bytes = parts.reduce(separator.utf8.count * max(0, parts.count - 1)) { $0 + $1.utf8.count }
        try Expression.checkText(bytes: bytes, in: scope, offset: offset)
        return parts.joined(separator: separator)
    }

    /// The input as a date, written as offices write one (`DateText`): `2025-11-08`, `2025/11/8`, `2025/11/8 0:00`,
    /// `2025年11月8日`, `令和7年11月8日`, `R7.11.8`; a time after the day is ignored.
    func date() throws(ExpressionError) -> Date {
        let text = try self.text()
        guard let day = DateText.day(text) else {
            throw fail(
                "\(name) reads a date from the data, and \(input.kindDescription) is none (or a day the calendar "
                    + "does not have): the data should write it as \(DateText.forms)")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day)) else {
            throw fail("\(text) is not a day of the calendar")
        }
        return date
    }

    /// The input's numbers in 漢数字 (`Kansuji`): `kansuji` → 二千二十五, `kansuji('digits')` → 二〇二五.
    func kansuji() throws(ExpressionError) -> String {
        let text = try self.text()
        let name = arguments.first?.text ?? Kansuji.Style.positional.rawValue
        guard let style = Kansuji.Style(rawValue: name) else {
            throw fail(
                "kansuji's style is 'positional' (2025 → 二千二十五) or 'digits' (2025 → 二〇二五), not '\(name)'")
        }
        var tooLong: String?
        guard let converted = Kansuji.convert(text, style: style, tooLong: &tooLong) else {
            throw fail(
                "kansuji reads numbers of up to \(Kansuji.longestPositional) digits with 万, 億, 兆 and 京; "
                    + "\(tooLong ?? "") is longer — write it digit by digit with kansuji('digits')")
        }
        return converted
    }

    func wareki() throws(ExpressionError) -> String {
        let date = try self.date()
        let style = arguments.first?.text ?? "long"
        guard style == "long" || style == "short" else {
            throw fail("wareki's style is 'long' (令和7年11月23日) or 'short' (R7.11.23), not '\(style)'")
        }
        return Self.format(date, pattern: style == "short" ? "GGGGGy.M.d" : "Gy年M月d日", calendar: .japanese)
    }

    func formattedDate() throws(ExpressionError) -> String {
        let date = try self.date()
        guard case .text(let pattern) = try argument(0, "a pattern") else {
            throw fail("date's pattern is text, e.g. date('yyyy年M月d日')")
        }
        return Self.format(date, pattern: pattern, calendar: .gregorian)
    }

    static func format(_ date: Date, pattern: String, calendar identifier: Calendar.Identifier) -> String {
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.locale = Locale(identifier: "ja_JP")
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
