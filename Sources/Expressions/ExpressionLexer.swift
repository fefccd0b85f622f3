import Foundation

/// One token of an expression, with its Character offset in the source.
struct ExpressionToken: Hashable, Sendable {
    /// What the token is.
    enum Kind: Hashable, Sendable {
        case number(Decimal)
        case text(String)
        case name(String)
        case symbol(String)
        case end
    }

    var kind: Kind
    var offset: Int
}

/// Splits an expression into tokens: numbers, 'quoted' or "quoted" text, names of any script, and symbols.
///
/// A name may hold `-` between letters or digits (`due-date`, as placeholder names always could); `a - b` with spaces
/// is a subtraction.
struct ExpressionLexer {
    static let symbols = [
        "==", "!=", "<=", ">=", "&&", "||", "+", "-", "*", "/", "%", "<", ">", "(", ")", "[", "]",
        ".", ",", "|", "!", ":"
    ]

    static func tokens(_ source: String, base: Int = 0) throws(ExpressionError) -> [ExpressionToken] {
        let characters = Array(source)
        var tokens: [ExpressionToken] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
                continue
            }
            let start = index
            if character.isASCII, character.isNumber {
                while index < characters.count, characters[index].isASCII,
                    characters[index].isNumber
                        || characters[index] == "." && index + 1 < characters.count
                            && characters[index + 1].isASCII && characters[index + 1].isNumber
                {
                    index += 1
                }
                let literal = String(characters: characters[start..<index])
                guard let value = NumberText.exact(literal) else {
                    throw ExpressionError(
                        offset: base + start,
                        Expression.tooManyDigits(literal, NumberText.significantDigits(literal)))
                }
                tokens.append(ExpressionToken(kind: .number(value), offset: base + start))
                continue
            }
            if character == "'" || character == "\"" {
                index += 1
                var text = ""
                while index < characters.count, characters[index] != character {
                    if characters[index] == "\\", index + 1 < characters.count { index += 1 }
                    text.append(characters[index])
                    index += 1
                }
                guard index < characters.count else {
                    throw ExpressionError(offset: base + start, "the text starting here is not closed by \(character)")
                }
                index += 1
                tokens.append(ExpressionToken(kind: .text(text), offset: base + start))
                continue
            }
            if isNameStart(character) {
                index += 1
                while index < characters.count {
                    let next = characters[index]
                    if isNameContinue(next) {
                        index += 1
                        continue
                    }
                    if next == "-", index + 1 < characters.count, isNameContinue(characters[index + 1]) {
                        index += 1
                        continue
                    }
                    break
                }
                tokens.append(
                    ExpressionToken(kind: .name(String(characters: characters[start..<index])), offset: base + start))
                continue
            }
            let rest = String(characters: characters[index..<min(characters.count, index + 2)])
            guard let symbol = symbols.first(where: { rest.hasPrefix($0) }) else {
                throw ExpressionError(offset: base + start, "\"\(character)\" cannot appear in an expression")
            }
            index += symbol.count
            tokens.append(ExpressionToken(kind: .symbol(symbol), offset: base + start))
        }
        tokens.append(ExpressionToken(kind: .end, offset: base + characters.count))
        return tokens
    }

    /// A letter of any script or `_` (Unicode XID_Start).
    static func isNameStart(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        return scalar.properties.isXIDStart || scalar == "_"
    }

    /// A letter, digit, mark or `_` (Unicode XID_Continue), including a character's variation selectors.
    static func isNameContinue(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy {
            $0.properties.isXIDContinue || $0 == "_" || $0.properties.isVariationSelector
        }
    }
}
