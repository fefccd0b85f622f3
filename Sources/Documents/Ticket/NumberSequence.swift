/// A number made from a record's position for data that has none (`--number ticket='FN-{{index+1:06}}'`).
///
/// The pattern is text with placeholders: `{{index}}` (the record's 0-based index), `{{row}}` (its 1-based row), an
/// offset `{{index+1}}` or `{{index-1}}`, and a zero-padded width `{{index+1:06}}` → `000001`. The same pattern gives
/// the same numbers in `mkpdf ticket` (`--index`, default 0) and `mkpdf batch` (each record's index).
public struct NumberSequence: Sendable, Hashable {
    /// The field the number fills, e.g. `ticket`.
    public let field: String
    /// The pattern as given.
    public let pattern: String
    private let parts: [Part]

    private enum Part: Sendable, Hashable {
        case literal(String)
        case counter(fromRow: Bool, offset: Int, width: Int)
    }

    /// Parses `field=pattern`.
    /// - Throws: `NumberSequenceError` naming what is wrong.
    public init(_ assignment: String) throws(NumberSequenceError) {
        guard let equals = assignment.firstIndex(of: "="), equals > assignment.startIndex else {
            throw NumberSequenceError(text: assignment, problem: "write FIELD=PATTERN, e.g. ticket='FN-{{index+1:06}}'")
        }
        field = String(assignment[..<equals])
        pattern = String(assignment[assignment.index(after: equals)...])
        guard TemplateParser.isValidName(field) else {
            throw NumberSequenceError(text: assignment, problem: "\"\(field)\" is not a field name")
        }
        var parts: [Part] = []
        var rest = Substring(pattern)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { parts.append(.literal(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw NumberSequenceError(text: assignment, problem: "a \"{{\" is not closed by \"}}\"")
            }
            parts.append(try Self.counter(rest[open.upperBound..<close.lowerBound], in: assignment))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        guard parts.contains(where: { if case .counter = $0 { true } else { false } }) else {
            throw NumberSequenceError(
                text: assignment,
                problem: "the pattern has no {{index}} or {{row}}, so every "
                    + "record would get the same number")
        }
        self.parts = parts
    }

    /// `index+1:06` → a counter.
    private static func counter(_ spec: Substring, in text: String) throws(NumberSequenceError) -> Part {
        let pieces = spec.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        var expression = Substring(pieces[0])
        let fromRow: Bool
        if expression.hasPrefix("index") {
            fromRow = false
            expression = expression.dropFirst(5)
        } else if expression.hasPrefix("row") {
            fromRow = true
            expression = expression.dropFirst(3)
        } else {
            throw NumberSequenceError(
                text: text,
                problem: "\"{{\(spec)}}\": use {{index}}, {{row}}, "
                    + "{{index+1}} or {{index+1:06}}")
        }
        var offset = 0
        if !expression.isEmpty {
            guard let sign = expression.first, sign == "+" || sign == "-", let value = Int(expression.dropFirst()),
                value >= 0
            else {
                throw NumberSequenceError(text: text, problem: "\"{{\(spec)}}\": an offset is +N or -N, e.g. index+1")
            }
            offset = sign == "+" ? value : -value
        }
        var width = 0
        if pieces.count == 2 {
            guard let value = Int(pieces[1]), value >= 0, value <= 32, pieces[1].hasPrefix("0") || value == 0 else {
                throw NumberSequenceError(text: text, problem: "\"{{\(spec)}}\": a width is :0N, e.g. :06")
            }
            width = value
        } else if pieces.count > 2 {
            throw NumberSequenceError(text: text, problem: "\"{{\(spec)}}\" has more than one \":\"")
        }
        return .counter(fromRow: fromRow, offset: offset, width: width)
    }

    /// The number for the record at `index` (0-based) and `row` (1-based).
    public func value(index: Int, row: Int) -> String {
        parts.map { part in
            switch part {
            case .literal(let text): return text
            case .counter(let fromRow, let offset, let width):
                let number = (fromRow ? row : index) + offset
                let digits = String(abs(number))
                let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
                return number < 0 ? "-" + padded : padded
            }
        }.joined()
    }
}

/// Why a `--number` pattern cannot be used.
public struct NumberSequenceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `FIELD=PATTERN` given.
    public var text: String
    /// What is wrong and how to write it.
    public var problem: String
    /// `--number ticket=…: problem`.
    public var description: String { "--number \(text): \(problem)" }
}
