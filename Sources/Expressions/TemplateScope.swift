import DrawingModule
import Foundation
import Support

/// The names an expression can read: the template's data, its `let` values, loop variables and built-ins.
///
/// Inner scopes (a `for` body) shadow outer names without copying them.
public struct TemplateScope: Sendable {
    private var layers: [[String: TemplateValue]]
    /// The most bytes one text an expression makes (`+` on texts, `join`) may hold: `Limits.textBytes`.
    public var maximumTextBytes = Limits().textBytes
    /// How deep an expression given as a list filter's argument (`sum('price * qty')`) may nest when it is parsed
    /// as it is evaluated: `Limits.expressionDepth`.
    public var maximumExpressionDepth = Limits().expressionDepth
    /// How many filter arguments deep the evaluation is: an argument's expression is evaluated inside the filter
    /// that took it (`map(e)` where `e` is `'xs | map(e)'` would never end).
    var argumentNesting = 0
    /// When the document must be done by: checked at each item a list filter visits (`where`, `map`, `sum` …, and
    /// so at every step of a `where` nested in a `where`); nil for no limit.
    public var deadline: Deadline?
    /// The most filter arguments evaluated one inside another. Each level may nest `maximumExpressionDepth` deep,
    /// so the top expression and two nested ones at the default depth stay inside a thread's stack
    /// (docs/security.md has the measurement).
    static let maximumArgumentNesting = 2

    /// A scope holding `values`.
    public init(_ values: [String: TemplateValue] = [:]) {
        layers = [values]
    }

    /// The value of `name`, innermost first.
    public subscript(name: String) -> TemplateValue? {
        for layer in layers.reversed() { if let value = layer[name] { return value } }
        return nil
    }

    /// Every name in scope, for did-you-mean suggestions.
    public var names: Set<String> { Set(layers.flatMap(\.keys)) }

    /// A copy with `values` added on top (a loop body's variables).
    public func adding(_ values: [String: TemplateValue]) -> TemplateScope {
        var copy = self
        copy.layers.append(values)
        return copy
    }

    /// Sets `name` in the innermost layer (a `let` value once computed).
    public mutating func set(_ name: String, _ value: TemplateValue) {
        layers[layers.count - 1][name] = value
    }
}

extension Expression {
    /// The expression's value with the names of `scope`.
    /// - Throws: `ExpressionError` at the offending part: an unknown name or field (with did-you-mean), text that is
    ///   not a number where one is needed, division by zero, a filter given the wrong kind of value.
    public func evaluate(in scope: TemplateScope) throws(ExpressionError) -> TemplateValue {
        try Self.evaluate(node, in: scope)
    }

    static func evaluate(_ node: Node, in scope: TemplateScope) throws(ExpressionError) -> TemplateValue {
        switch node {
        case .literal(let value, _):
            return value
        case .name(let name, let offset):
            guard let value = scope[name] else {
                throw ExpressionError(
                    offset: offset, "unknown name `\(name)`",
                    suggestion: NearestName.suggest(for: name, among: scope.names))
            }
            return value
        case .member(let base, let field, let offset):
            return try member(try evaluate(base, in: scope), field, offset: offset)
        case .index(let base, let key, let offset):
            let container = try evaluate(base, in: scope)
            let keyValue = try evaluate(key, in: scope)
            if case .list(let list) = container, let number = keyValue.numberValue {
                let index = NSDecimalNumber(decimal: number).intValue
                guard Decimal(index) == number, list.indices.contains(index) else {
                    throw ExpressionError(
                        offset: offset,
                        "no item [\(TemplateValue.plain(number))] in a list of \(list.count) (the first is [0])")
                }
                return list[index]
            }
            guard let field = keyValue.text else {
                throw ExpressionError(offset: offset, "\(keyValue.kindDescription) cannot name a field")
            }
            return try member(container, field, offset: offset)
        case .unary(let symbol, let operand, let offset):
            let value = try evaluate(operand, in: scope)
            if symbol == "not" { return .bool(!value.isTruthy) }
            return .number(-(try number(value, offset: offset, role: "the operand of -")))
        case .binary(let symbol, let leftNode, let rightNode, let offset):
            let left = try evaluate(leftNode, in: scope)
            switch symbol {
            case "and": return left.isTruthy ? try evaluate(rightNode, in: scope) : left
            case "or": return left.isTruthy ? left : try evaluate(rightNode, in: scope)
            default: break
            }
            let right = try evaluate(rightNode, in: scope)
            if symbol == "+", case .text(let a) = left, case .text(let b) = right {
                try checkText(bytes: a.utf8.count + b.utf8.count, in: scope, offset: offset)
            }
            return try binary(symbol, left, right, offset: offset)
        case .filter(let name, let inputNode, let argumentNodes, let offset):
            let input = try evaluate(inputNode, in: scope)
            return try Filters.apply(name, to: input, arguments: argumentNodes, scope: scope, offset: offset)
        }
    }

    /// Refuses a text of `bytes` bytes before it is made, when that is over the scope's `maximumTextBytes`.
    /// - Throws: `ExpressionError` with the `text-bytes` limit.
    static func checkText(bytes: Int, in scope: TemplateScope, offset: Int) throws(ExpressionError) {
        guard bytes > scope.maximumTextBytes else { return }
        let limit = LimitExceeded(
            limit: "text-bytes", what: "the expression makes a text of", value: bytes,
            maximum: scope.maximumTextBytes, unit: "bytes")
        throw ExpressionError(offset: offset, limit.description, limit: limit)
    }

    static func member(_ value: TemplateValue, _ field: String, offset: Int) throws(ExpressionError) -> TemplateValue {
        guard case .record(let record) = value else {
            throw ExpressionError(offset: offset, "\(value.kindDescription) has no field `\(field)`")
        }
        guard let found = record[field] else {
            throw ExpressionError(
                offset: offset, "no field `\(field)` in \(value.kindDescription)",
                suggestion: NearestName.suggest(for: field, among: record.keys))
        }
        return found
    }

    static func number(_ value: TemplateValue, offset: Int, role: String) throws(ExpressionError) -> Decimal {
        guard let number = value.numberValue else {
            if case .text(let text) = value, case .tooManyDigits(let digits) = NumberText.read(text) {
                throw ExpressionError(offset: offset, tooManyDigits(text, digits))
            }
            throw ExpressionError(offset: offset, "\(role) must be a number, not \(value.kindDescription)")
        }
        return number
    }

    /// The message for a number of `digits` significant digits, more than are computed exactly.
    static func tooManyDigits(_ text: String, _ digits: Int) -> String {
        let shown = text.count > 60 ? String(text.prefix(28)) + "…" + String(text.suffix(28)) : text
        return "the number \(shown) has \(digits) significant digits, and numbers are computed exactly to "
            + "\(NumberText.maximumDigits); it is refused rather than rounded. Fix: give the value in smaller units or "
            + "fewer digits, or print it as text without computing with it"
    }

    /// `a + b`, `a - b` or `a * b` exactly, or the error naming the operation whose result needs more digits.
    static func exactly(_ a: Decimal, _ symbol: String, _ b: Decimal, offset: Int) throws(ExpressionError) -> Decimal {
        do {
            return try NumberText.exactly(a, symbol, b)
        } catch {
            throw ExpressionError(offset: offset, inexact(error))
        }
    }

    /// The message for an operation whose exact result needs more than `NumberText.maximumDigits` digits.
    static func inexact(_ error: NumberText.Inexact) -> String {
        let operation =
            error.operation.count > 120
            ? String(error.operation.prefix(58)) + "…" + String(error.operation.suffix(58)) : error.operation
        return "\(operation) needs more than \(NumberText.maximumDigits) significant digits (or, for a quotient, "
            + "leaves fewer than \(NumberText.quotientPlaces) decimals), and numbers are computed exactly; the result is "
            + "refused rather than rounded. Fix: compute in smaller units, or round the values first"
    }

    static func binary(
        _ symbol: String, _ left: TemplateValue, _ right: TemplateValue,
        offset: Int
    ) throws(ExpressionError) -> TemplateValue {
        switch symbol {
        case "==": return .bool(equal(left, right))
        case "!=": return .bool(!equal(left, right))
        case "<", "<=", ">", ">=":
            let order: ComparisonResult
            if let a = left.numberValue, let b = right.numberValue {
                order = a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
            } else if let a = left.text, let b = right.text {
                order = a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
            } else {
                throw ExpressionError(
                    offset: offset, "cannot compare \(left.kindDescription) with \(right.kindDescription)")
            }
            switch symbol {
            case "<": return .bool(order == .orderedAscending)
            case "<=": return .bool(order != .orderedDescending)
            case ">": return .bool(order == .orderedDescending)
            default: return .bool(order != .orderedAscending)
            }
        case "+" where left.numberValue == nil || right.numberValue == nil:
            // A number too long to compute with is refused as one, not joined as text to a number.
            for side in [left, right] {
                if case .text(let text) = side, case .tooManyDigits(let digits) = NumberText.read(text) {
                    throw ExpressionError(offset: offset, tooManyDigits(text, digits))
                }
            }
            guard let a = left.text, let b = right.text else {
                throw ExpressionError(offset: offset, "cannot add \(left.kindDescription) and \(right.kindDescription)")
            }
            if case .text = left, case .text = right { return .text(a + b) }
            throw ExpressionError(
                offset: offset,
                "+ needs two numbers (or two texts to join), not "
                    + "\(left.kindDescription) and \(right.kindDescription)")
        default:
            let a = try number(left, offset: offset, role: "the left side of \(symbol)")
            let b = try number(right, offset: offset, role: "the right side of \(symbol)")
            switch symbol {
            case "+", "-", "*": return .number(try exactly(a, symbol, b, offset: offset))
            default:
                guard !b.isZero else { throw ExpressionError(offset: offset, "division by zero") }
                var quotient: Decimal
                do {
                    quotient = try NumberText.divided(a, by: b)
                } catch {
                    throw ExpressionError(offset: offset, inexact(error))
                }
                if symbol == "/" { return .number(quotient) }
                var truncated = Decimal()
                NSDecimalRound(&truncated, &quotient, 0, quotient < 0 ? .up : .down)
                let multiple = try exactly(truncated, "*", b, offset: offset)
                return .number(try exactly(a, "-", multiple, offset: offset))
            }
        }
    }

    /// Equal numbers (also as numeric text: "1,200" == 1200), else equal texts, else equal values.
    static func equal(_ left: TemplateValue, _ right: TemplateValue) -> Bool {
        if case .number = left, let b = right.numberValue { return left.numberValue == b }
        if case .number = right, let a = left.numberValue { return a == right.numberValue }
        if let a = left.text, let b = right.text { return a == b }
        return left == right
    }
}
