import Foundation

/// A day written as offices write it, read into year, month and day: ISO `2025-11-08`, Excel's default export
/// `2025/11/8` (with or without a time after it, `2025/11/8 0:00`), `2025.11.8`, `2025年11月8日`, and 和暦 as
/// `令和7年11月8日`, `令和元年5月1日` or `R7.11.8` (M, T, S, H, R and their kanji names).
///
/// 和暦 goes through Foundation's Japanese calendar, which also refuses a day its era did not have (`H31.5.1`, the
/// first day of 令和). Digits may be full-width (`２０２５／１１／８`), as an IME types them.
enum DateText {
    /// A day of the Gregorian calendar.
    struct Day: Equatable {
        var year: Int
        var month: Int
        var day: Int
    }

    /// The eras `wareki` reads, by their letter and name, with Foundation's era number (ICU's Japanese calendar).
    static let eras: [(letter: Character, name: String, number: Int)] = [
        ("M", "明治", 232), ("T", "大正", 233), ("S", "昭和", 234), ("H", "平成", 235), ("R", "令和", 236)
    ]

    /// The forms the message for text that is no date lists.
    static let forms = "2025-11-08, 2025/11/8, 2025年11月8日, 令和7年11月8日 or R7.11.8"

    /// The day `text` writes, or nil when it writes none (or a day no calendar has: 2025-02-30, H31.5.1).
    static func day(_ text: String) -> Day? {
        let text = halfWidth(text.trimmingCharacters(in: .whitespaces))
        for era in eras {
            for prefix in [String(era.letter), String(era.letter).lowercased(), era.name]
            where text.hasPrefix(prefix) {
                let rest = text.dropFirst(prefix.count)
                // 元年 is the first year: its month and day follow the 年.
                let numbers =
                    rest.hasPrefix("元年")
                    ? [1] + numbers(rest.dropFirst(2), limit: 2) : numbers(rest, limit: 3)
                guard numbers.count == 3 else { return nil }
                return japanese(era: era.number, year: numbers[0], month: numbers[1], day: numbers[2])
            }
        }
        let numbers = numbers(text[...], limit: 3)
        guard numbers.count == 3, (1000...9999).contains(numbers[0]) else { return nil }
        return gregorian(year: numbers[0], month: numbers[1], day: numbers[2])
    }

    /// The first `limit` runs of digits of `text` when they are separated by one of `-/.年月日` and what follows
    /// them is nothing or a time (`T09:30`, ` 0:00`); otherwise fewer, which no caller accepts.
    private static func numbers(_ text: Substring, limit: Int) -> [Int] {
        var numbers: [Int] = []
        var current = ""
        var index = text.startIndex
        while index < text.endIndex, numbers.count < limit {
            let character = text[index]
            if character.isASCII, character.isNumber {
                guard current.count < 4 else { return [] }
                current.append(character)
            } else if "-/.年月日".contains(character), !current.isEmpty {
                numbers.append(Int(current) ?? 0)
                current = ""
            } else {
                break
            }
            index = text.index(after: index)
        }
        if !current.isEmpty, numbers.count < limit {
            numbers.append(Int(current) ?? 0)
        }
        let rest = text[index...]
        let time = (rest.first == "T" || rest.first == " ") && rest.dropFirst().first?.isNumber == true
        guard rest.isEmpty || time else { return [] }
        return numbers
    }

    private static func gregorian(year: Int, month: Int, day: Int) -> Day? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day)
        guard (1...12).contains(month), (1...31).contains(day), components.isValidDate(in: calendar) else {
            return nil
        }
        return Day(year: year, month: month, day: day)
    }

    private static func japanese(era: Int, year: Int, month: Int, day: Int) -> Day? {
        guard (1...99).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var japanese = Calendar(identifier: .japanese)
        japanese.timeZone = TimeZone(identifier: "UTC")!
        guard let date = japanese.date(from: DateComponents(era: era, year: year, month: month, day: day)) else {
            return nil
        }
        // A day past the era's end comes back in the next era: refused, as the era never had it.
        let back = japanese.dateComponents([.era, .year, .month, .day], from: date)
        guard back.era == era, back.year == year, back.month == month, back.day == day else { return nil }
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = japanese.timeZone
        let day = gregorian.dateComponents([.year, .month, .day], from: date)
        guard let y = day.year, let m = day.month, let d = day.day else { return nil }
        return Day(year: y, month: m, day: d)
    }

    /// Full-width digits and separators (`２０２５／１１／８`) as their ASCII forms.
    private static func halfWidth(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    (0xFF0D...0xFF5A).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFEE0)! : scalar
                }))
    }
}
