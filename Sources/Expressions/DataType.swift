import Foundation

/// The type a template declares for a data field (`data: {rate: {type: percent}}`), and the reading of a value as it.
///
/// Data given untyped is text that converts where a number is wanted, so a 税率 column exported as `8%` compares
/// unequal to 8 and an invoice adds up to ¥0 without a word. A declared field is read once, before layout, in the
/// forms offices write (`NumberText`, `DateText`, Excel's serial dates), and a value that does not read as its type
/// fails its record naming the value, the type and how to fix the data: nothing is drawn from a value that did not
/// parse.
public indirect enum DataType: Hashable, Sendable {
    /// Any text; a number or a boolean as it prints.
    case text
    /// A whole number.
    case integer
    /// A number with at most `scale` decimals (any, when nil).
    case decimal(scale: Int?)
    /// Japanese yen: a whole number, with or without ¥, ￥ or 円.
    case money
    /// A percentage held as its number of percent (`8%` is 8); `plain` says what a number without `%` means.
    case percent(plain: PercentPlain?)
    /// A day, held as `yyyy-MM-dd`.
    case date
    /// `true` or `false`.
    case boolean
    /// A list of records whose named fields have types of their own (other fields are kept as given).
    case list(fields: [Field])

    /// What a percent field's number without `%` means: Excel's stored fraction (`0.08` is 8%) or the points
    /// themselves (`8` is 8%). Without it such a number is refused, as it could be either.
    public enum PercentPlain: String, CaseIterable, Hashable, Sendable {
        /// `0.08` is 8%.
        case fraction
        /// `8` is 8%.
        case points
    }

    /// A named field of a list's records and its type.
    public struct Field: Hashable, Sendable {
        /// The field's name.
        public var name: String
        /// Its type.
        public var type: DataType

        /// A field `name` of `type`.
        public init(name: String, type: DataType) {
            self.name = name
            self.type = type
        }
    }

    /// The names a declaration's `type:` takes.
    public static let names = ["text", "integer", "decimal", "money", "percent", "date", "boolean", "list"]

    /// The type as a message names it: `percent (plain: points)`, `decimal (scale 2)`.
    public var description: String {
        switch self {
        case .text: "text"
        case .integer: "integer"
        case .decimal(let scale): scale.map { "decimal (scale \($0))" } ?? "decimal"
        case .money: "money (whole yen)"
        case .percent(let plain): plain.map { "percent (plain: \($0.rawValue))" } ?? "percent"
        case .date: "date"
        case .boolean: "boolean"
        case .list: "list of records"
        }
    }

    /// Why a value is not of its declared type: the field, the value as given, the type, what is wrong and how to
    /// fix the data, and for an item of a list its position and the record it came from.
    public struct Mismatch: Error, Hashable, Sendable {
        /// The declared field (the list's, for an item's field).
        public var field: String
        /// For an item of a list: the item's field.
        public var itemField: String?
        /// For an item of a list: its 1-based position.
        public var item: Int?
        /// For an item of a list: where it came from (`row 12` of a grouped CSV).
        public var origin: String?
        /// The value as given: text quoted and shortened, a number or boolean as it prints, else what it is.
        public var value: String
        /// The declared type (`DataType.description`).
        public var type: String
        /// What is wrong with the value.
        public var problem: String
        /// How to fix the data.
        public var fix: String
    }

    /// `value` read as this type: numbers exact, a percent as its points, a date as `yyyy-MM-dd`, a boolean as
    /// itself; null and empty text stay null (no value, never 0) for every type but text.
    /// - Throws: `Mismatch` (its `field` empty, for the caller to fill) for a value that does not read as the type.
    public func read(_ value: TemplateValue) throws(Mismatch) -> TemplateValue {
        if case .null = value { return .null }
        if case .text(let text) = value, text.trimmingCharacters(in: .whitespaces).isEmpty, self != .text {
            return .null
        }
        switch self {
        case .text:
            guard let text = value.text else { throw refuse(value, "it is not text", "give text") }
            return .text(text)
        case .integer, .decimal, .money, .percent:
            return .number(try number(value))
        case .date:
            return .text(try date(value))
        case .boolean:
            return .bool(try boolean(value))
        case .list(let fields):
            guard case .list(let items) = value else {
                throw refuse(value, "it is not a list", "give a list of records (a JSON array of objects)")
            }
            var read: [TemplateValue] = []
            read.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                guard case .record(var record) = item else {
                    var mismatch = refuse(item, "the item is not a record", "give each item as an object of fields")
                    mismatch.item = index + 1
                    throw mismatch
                }
                for field in fields {
                    guard let given = record[field.name] else { continue }
                    do {
                        record[field.name] = try field.type.read(given)
                    } catch {
                        var mismatch = error
                        mismatch.itemField = field.name
                        mismatch.item = index + 1
                        mismatch.origin = record.origin
                        throw mismatch
                    }
                }
                read.append(.record(record))
            }
            return .list(read)
        }
    }

    /// A refusal of `value` for this type.
    private func refuse(_ value: TemplateValue, _ problem: String, _ fix: String) -> Mismatch {
        let shown: String
        switch value {
        case .text(let text): shown = "\"" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "\""
        case .number, .bool: shown = value.text ?? value.kindDescription
        default: shown = value.kindDescription
        }
        return Mismatch(field: "", value: shown, type: description, problem: problem, fix: fix)
    }

    /// A number of a numeric type: read in the office forms, checked against the type's marks and decimals.
    private func number(_ value: TemplateValue) throws(Mismatch) -> Decimal {
        let number: Decimal
        var marks = NumberText.Marks()
        switch value {
        case .number(let given):
            number = given
        case .text(let text):
            switch NumberText.read(text, office: true) {
            case .number(let read, let written):
                number = read
                marks = written
            case .tooManyDigits(let digits):
                throw refuse(
                    value,
                    "it has \(digits) significant digits, and numbers are computed exactly to "
                        + "\(NumberText.maximumDigits), so it is refused rather than rounded",
                    "give the amount in fewer digits (or larger units)")
            case .notANumber:
                throw refuse(value, "it is not a number in any form mkpdf reads", numberForms)
            }
        default:
            throw refuse(value, "it is not a number", numberForms)
        }
        switch self {
        case .percent(let plain):
            if marks.currency {
                throw refuse(value, "it is an amount of money, not a percent", "write the rate, e.g. 8% or 10%")
            }
            if marks.percent { return number }
            switch plain {
            case .points: return number
            case .fraction:
                do {
                    return try NumberText.exactly(number, "*", 100)
                } catch {
                    throw refuse(value, "it has too many digits", "give fewer decimals")
                }
            case nil:
                throw refuse(
                    value,
                    "a number without % could be a fraction (0.08 = 8%) or points (8 = 8%)",
                    "write it with % (8%), or declare which is meant: {type: percent, plain: fraction} or "
                        + "{type: percent, plain: points}")
            }
        default:
            if marks.percent {
                throw refuse(
                    value, "it is a percent, and the field is declared \(description)",
                    "write the number without % (8% as 8), or declare the field {type: percent}")
            }
        }
        let places = Filters.places(number)
        switch self {
        case .integer:
            if marks.currency {
                throw refuse(
                    value, "it is an amount of money, and the field is declared integer",
                    "write the number without ¥ or 円, or declare the field {type: money}")
            }
            if places > 0 { throw refuse(value, "it has decimals", "write a whole number") }
        case .money:
            if places > 0 {
                throw refuse(
                    value, "money is whole yen, and it has decimals",
                    "round the amount to whole yen in the data, or declare the field {type: decimal, scale: N}")
            }
        case .decimal(let scale?):
            if marks.currency {
                throw refuse(
                    value, "it is an amount of money, and the field is declared \(description)",
                    "write the number without ¥ or 円, or declare the field {type: money}")
            }
            if places > scale {
                throw refuse(
                    value, "it has \(places) decimals, more than the scale of \(scale)",
                    "give at most \(scale) decimals, or declare a larger scale")
            }
        case .decimal(nil):
            if marks.currency {
                throw refuse(
                    value, "it is an amount of money, and the field is declared decimal",
                    "write the number without ¥ or 円, or declare the field {type: money}")
            }
        default:
            break
        }
        return number
    }

    /// The forms a message for text that is no number lists.
    private var numberForms: String {
        switch self {
        case .money: "write an amount as 2400, 2,400, ¥2,400, ￥2,400, 2,400円, -2,400, △2,400, ▲2,400 or (2,400)"
        case .percent: "write a rate as 8%, ８％ or 8.5%"
        default: "write a number as 1200, 1,200, 12.5 or -3 (full-width digits, △ or ▲ for minus are read too)"
        }
    }

    /// A day as `yyyy-MM-dd`: a date as offices write one (`DateText`), or Excel's serial number of a day.
    private func date(_ value: TemplateValue) throws(Mismatch) -> String {
        var serial: Decimal?
        switch value {
        case .number(let number):
            serial = number
        case .text(let text):
            if let day = DateText.day(text) { return Self.iso(day) }
            let trimmed = NumberText.halfWidth(text).trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, trimmed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) {
                serial = TemplateValue.number(reading: trimmed)
            }
        default:
            break
        }
        guard let serial else {
            throw refuse(
                value, "it is not a date",
                "write the date as \(DateText.forms), with the year first (or as Excel's serial number of the day)")
        }
        let days = NSDecimalNumber(decimal: Filters.round(serial, 0, .down)).intValue
        guard Self.serials.contains(days) else {
            throw refuse(
                value,
                "as Excel's serial number of a day it is outside \(Self.serials.lowerBound)–"
                    + "\(Self.serials.upperBound) (1900-03-01 to 9999-12-31; Excel counts a 1900-02-29 that never was, "
                    + "so earlier serials are ambiguous)",
                "write the date as \(DateText.forms)")
        }
        return Self.iso(Self.day(serial: days))
    }

    /// The serial numbers read as days: from 1900-03-01, the first after the day Excel counts that never was.
    static let serials = 61...2_958_465

    /// The day of Excel's serial number `serial` (1900 date system: serial 61 is 1900-03-01).
    static func day(serial: Int) -> DateText.Day {
        // Days since 1970-01-01, then the civil date (Howard Hinnant's days_from_civil inverse).
        let z = serial - 25569 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return DateText.Day(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// `2025-11-08`.
    static func iso(_ day: DateText.Day) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(day.year)-\(two(day.month))-\(two(day.day))"
    }

    /// A boolean as offices write one: `true`/`false` in any case (Excel's `TRUE`/`FALSE`), `1`/`0`, `はい`/`いいえ`.
    private func boolean(_ value: TemplateValue) throws(Mismatch) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .number(let number) where number == 0 || number == 1: return number == 1
        case .text(let text):
            switch NumberText.halfWidth(text).trimmingCharacters(in: .whitespaces).lowercased() {
            case "true", "1", "はい": return true
            case "false", "0", "いいえ": return false
            default: break
            }
        default: break
        }
        throw refuse(value, "it is not true or false", "write true or false (TRUE, FALSE, 1, 0, はい or いいえ)")
    }
}
