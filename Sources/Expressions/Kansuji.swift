/// 算用数字 → 漢数字: the numbers of a text written with kanji, as vertical Japanese writes addresses, dates and
/// certificates (三丁目二十五番十八号, 令和七年十一月二十三日, 第十一回).
///
/// Two styles: `positional` reads a number with 十, 百, 千 and 万, 億, 兆, 京 (11 → 十一, 2025 → 二千二十五, 10000 →
/// 一万); `digits` writes each digit as it stands (2025 → 二〇二五, 0005 → 〇〇〇五), as years and postal codes are
/// often set. Other characters stay as they are; a grouping comma inside a number is dropped, a decimal point
/// becomes ・ and the decimals are written digit by digit.
enum Kansuji {
    /// How a number is written.
    enum Style: String, CaseIterable {
        /// With 十, 百, 千 and the myriad units: 二千二十五.
        case positional
        /// Digit by digit: 二〇二五.
        case digits
    }

    /// The kanji for 0 … 9.
    static let digitKanji: [Character] = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"]
    /// 10, 100, 1000 within a group of four digits.
    static let smallUnits: [Character] = ["十", "百", "千"]
    /// 10⁴, 10⁸, 10¹², 10¹⁶.
    static let largeUnits: [Character] = ["万", "億", "兆", "京"]
    /// The longest number the positional style reads (below 10²⁰, 9999京…).
    static let longestPositional = 20

    /// `text` with every number in `style`; nil when a number is too long for the positional style (its digits are
    /// returned in `tooLong`).
    static func convert(_ text: String, style: Style, tooLong: inout String?) -> String? {
        let characters = Array(text)
        var result = ""
        var index = 0
        while index < characters.count {
            guard digit(characters[index]) != nil else {
                result.append(characters[index])
                index += 1
                continue
            }
            // The whole part: digits, and commas followed by exactly three digits.
            var whole: [Int] = []
            while index < characters.count {
                if let value = digit(characters[index]) {
                    whole.append(value)
                    index += 1
                } else if isGroupingComma(at: index, in: characters) {
                    index += 1
                } else {
                    break
                }
            }
            switch style {
            case .digits:
                result += whole.map { String(digitKanji[$0]) }.joined()
            case .positional:
                guard let read = positional(whole) else {
                    tooLong = whole.map(String.init).joined()
                    return nil
                }
                result += read
            }
            // Decimals after a point, digit by digit.
            if index + 1 < characters.count, characters[index] == "." || characters[index] == "．",
                digit(characters[index + 1]) != nil
            {
                result.append("・")
                index += 1
                while index < characters.count, let value = digit(characters[index]) {
                    result.append(digitKanji[value])
                    index += 1
                }
            }
        }
        return result
    }

    /// The value of an ASCII or full-width digit.
    static func digit(_ character: Character) -> Int? {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return nil }
        switch scalar.value {
        case 0x30...0x39: return Int(scalar.value - 0x30)
        case 0xFF10...0xFF19: return Int(scalar.value - 0xFF10)
        default: return nil
        }
    }

    /// True when `characters[index]` is a comma between digits that groups thousands (`10,905`).
    static func isGroupingComma(at index: Int, in characters: [Character]) -> Bool {
        guard characters[index] == "," || characters[index] == "，", index > 0, digit(characters[index - 1]) != nil
        else { return false }
        let next = characters[(index + 1)...].prefix(4)
        return next.prefix(3).count == 3 && next.prefix(3).allSatisfy { digit($0) != nil }
            && (next.count < 4 || digit(next.last!) == nil)
    }

    /// `digits` (most significant first) read with units; nil beyond `longestPositional` significant digits.
    static func positional(_ digits: [Int]) -> String? {
        let significant = Array(digits.drop { $0 == 0 })
        guard !significant.isEmpty else { return String(digitKanji[0]) }
        guard significant.count <= longestPositional else { return nil }
        var result = ""
        // Groups of four from the right: 12345 → [1], [2, 3, 4, 5].
        let groupCount = (significant.count + 3) / 4
        for group in 0..<groupCount {
            let end = significant.count - (groupCount - 1 - group) * 4
            let start = max(0, end - 4)
            let values = Array(significant[start..<end])
            guard values.contains(where: { $0 != 0 }) else { continue }
            for (position, value) in values.enumerated() where value != 0 {
                let power = values.count - 1 - position
                // 十, 百, 千 stand alone for one of them (十一, not 一十一); a lone 1 in the ones place is 一.
                if value != 1 || power == 0 { result.append(digitKanji[value]) }
                if power > 0 { result.append(smallUnits[power - 1]) }
            }
            let large = groupCount - 1 - group
            if large > 0 { result.append(largeUnits[large - 1]) }
        }
        return result
    }
}
