import Foundation

/// A parsed expression of the template language: `items | sum('price * qty')`, `(subtotal * 10 / 110) | round(0,
/// 'down')`, `rank == 'ゴールド' and fee > 10000`.
///
/// Parsed once when the template loads, so a syntax error or an unknown filter is found before any data is read;
/// `names` tells the loader which names must be in scope.
public struct Expression: Hashable, Sendable {
    /// The tree, each node with its Character offset for errors.
    indirect enum Node: Hashable, Sendable {
        case literal(TemplateValue, offset: Int)
        case name(String, offset: Int)
        case member(Node, String, offset: Int)
        case index(Node, Node, offset: Int)
        case unary(String, Node, offset: Int)
        case binary(String, Node, Node, offset: Int)
        case filter(String, input: Node, arguments: [Node], offset: Int)
    }

    /// The text the expression was read from.
    public let source: String
    let node: Node

    /// Parses `source`; `base` is added to every offset (the expression's place in a larger text).
    /// - Throws: `ExpressionError` at the first token that does not fit, or naming an unknown filter.
    public init(parsing source: String, base: Int = 0) throws(ExpressionError) {
        var parser = ExpressionParser(tokens: try ExpressionLexer.tokens(source, base: base))
        self.source = source
        node = try parser.parseWhole()
    }

    /// The root names the expression reads (`items` in `items | sum('price')`; not filter names, not the fields
    /// inside a `sum`/`where` argument), each with its offset, in order of first use.
    public var names: [(name: String, offset: Int)] {
        var found: [(String, Int)] = []
        var seen: Set<String> = []
        func visit(_ node: Node) {
            switch node {
            case .literal: break
            case .name(let name, let offset): if seen.insert(name).inserted { found.append((name, offset)) }
            case .member(let base, _, _): visit(base)
            case .index(let base, let key, _):
                visit(base)
                visit(key)
            case .unary(_, let operand, _): visit(operand)
            case .binary(_, let left, let right, _):
                visit(left)
                visit(right)
            case .filter(_, let input, let arguments, _):
                visit(input)
                arguments.forEach(visit)
            }
        }
        visit(node)
        return found
    }
}

/// Recursive descent over the tokens; precedence from loosest: `or`, `and`, `not`, comparison, `+ -`, `* / %`,
/// `|` filters, unary minus, `.field` and `[key]` — so `-500 | yen` is ¥-500's filter and `a * b | yen` filters `b`.
struct ExpressionParser {
    var tokens: [ExpressionToken]
    var position = 0

    init(tokens: [ExpressionToken]) { self.tokens = tokens }

    var current: ExpressionToken { tokens[position] }

    mutating func parseWhole() throws(ExpressionError) -> Expression.Node {
        if case .end = current.kind { throw ExpressionError(offset: current.offset, "the expression is empty") }
        var node = try parseOr()
        // `{{ index + 1 : 06 }}`: a width after a colon zero-pads the number, shorthand for `| pad(6)`.
        if isSymbol(":") {
            let colon = current.offset
            position += 1
            guard case .number(let width) = current.kind else {
                throw ExpressionError(
                    offset: current.offset, "a \":\" is followed by a width, e.g. {{ index + 1 : 06 }}")
            }
            node = .filter(
                "pad", input: node, arguments: [.literal(.number(width), offset: current.offset)], offset: colon)
            position += 1
        }
        guard case .end = current.kind else {
            throw ExpressionError(offset: current.offset, "unexpected \(describe(current)) after a complete expression")
        }
        return node
    }

    private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }
    private func isWord(_ word: String) -> Bool { current.kind == .name(word) }

    private mutating func parseOr() throws(ExpressionError) -> Expression.Node {
        var left = try parseAnd()
        while isWord("or") || isSymbol("||") {
            let offset = current.offset
            position += 1
            left = .binary("or", left, try parseAnd(), offset: offset)
        }
        return left
    }

    private mutating func parseAnd() throws(ExpressionError) -> Expression.Node {
        var left = try parseNot()
        while isWord("and") || isSymbol("&&") {
            let offset = current.offset
            position += 1
            left = .binary("and", left, try parseNot(), offset: offset)
        }
        return left
    }

    private mutating func parseNot() throws(ExpressionError) -> Expression.Node {
        if isWord("not") || isSymbol("!") {
            let offset = current.offset
            position += 1
            return .unary("not", try parseNot(), offset: offset)
        }
        return try parseComparison()
    }

    private mutating func parseComparison() throws(ExpressionError) -> Expression.Node {
        let left = try parseAdditive()
        for symbol in ["==", "!=", "<=", ">=", "<", ">"] where isSymbol(symbol) {
            let offset = current.offset
            position += 1
            return .binary(symbol, left, try parseAdditive(), offset: offset)
        }
        return left
    }

    private mutating func parseAdditive() throws(ExpressionError) -> Expression.Node {
        var left = try parseMultiplicative()
        while isSymbol("+") || isSymbol("-") {
            guard case .symbol(let symbol) = current.kind else { break }
            let offset = current.offset
            position += 1
            left = .binary(symbol, left, try parseMultiplicative(), offset: offset)
        }
        return left
    }

    private mutating func parseMultiplicative() throws(ExpressionError) -> Expression.Node {
        var left = try parseFiltered()
        while isSymbol("*") || isSymbol("/") || isSymbol("%") {
            guard case .symbol(let symbol) = current.kind else { break }
            let offset = current.offset
            position += 1
            left = .binary(symbol, left, try parseFiltered(), offset: offset)
        }
        return left
    }

    private mutating func parseUnary() throws(ExpressionError) -> Expression.Node {
        if isSymbol("-") {
            let offset = current.offset
            position += 1
            return .unary("-", try parseUnary(), offset: offset)
        }
        return try parsePostfix()
    }

    private mutating func parseFiltered() throws(ExpressionError) -> Expression.Node {
        var node = try parseUnary()
        while isSymbol("|") {
            position += 1
            guard case .name(let name) = current.kind else {
                throw ExpressionError(offset: current.offset, "a filter name must follow \"|\", e.g. | yen")
            }
            let offset = current.offset
            position += 1
            try Filters.check(name, offset: offset)
            node = .filter(name, input: node, arguments: try parseArguments(), offset: offset)
        }
        return node
    }

    private mutating func parseArguments() throws(ExpressionError) -> [Expression.Node] {
        guard isSymbol("(") else { return [] }
        position += 1
        var arguments: [Expression.Node] = []
        if isSymbol(")") {
            position += 1
            return arguments
        }
        while true {
            arguments.append(try parseOr())
            if isSymbol(",") {
                position += 1
                continue
            }
            guard isSymbol(")") else {
                throw ExpressionError(
                    offset: current.offset, "expected \",\" or \")\" in the arguments, found \(describe(current))")
            }
            position += 1
            return arguments
        }
    }

    private mutating func parsePostfix() throws(ExpressionError) -> Expression.Node {
        var node = try parsePrimary()
        while true {
            if isSymbol(".") {
                position += 1
                guard case .name(let field) = current.kind else {
                    throw ExpressionError(offset: current.offset, "a field name must follow \".\"")
                }
                node = .member(node, field, offset: current.offset)
                position += 1
            } else if isSymbol("[") {
                let offset = current.offset
                position += 1
                let key = try parseOr()
                guard isSymbol("]") else {
                    throw ExpressionError(offset: current.offset, "\"[\" is not closed by \"]\"")
                }
                position += 1
                node = .index(node, key, offset: offset)
            } else {
                return node
            }
        }
    }

    private mutating func parsePrimary() throws(ExpressionError) -> Expression.Node {
        let token = current
        switch token.kind {
        case .number(let value):
            position += 1
            return .literal(.number(value), offset: token.offset)
        case .text(let text):
            position += 1
            return .literal(.text(text), offset: token.offset)
        case .name(let name):
            position += 1
            switch name {
            case "true": return .literal(.bool(true), offset: token.offset)
            case "false": return .literal(.bool(false), offset: token.offset)
            case "null": return .literal(.null, offset: token.offset)
            default: break
            }
            if isSymbol("("), Filters.names.contains(name) {
                let arguments = try parseArguments()
                guard let input = arguments.first else {
                    throw ExpressionError(
                        offset: token.offset,
                        "\(name)(…) needs the value as its first argument, "
                            + "e.g. \(name)(items) or items | \(name)")
                }
                return .filter(name, input: input, arguments: Array(arguments.dropFirst()), offset: token.offset)
            }
            return .name(name, offset: token.offset)
        case .symbol("("):
            position += 1
            let inner = try parseOr()
            guard isSymbol(")") else { throw ExpressionError(offset: current.offset, "\"(\" is not closed by \")\"") }
            position += 1
            return inner
        default:
            throw ExpressionError(offset: token.offset, "expected a value, a name or \"(\", found \(describe(token))")
        }
    }

    private func describe(_ token: ExpressionToken) -> String {
        switch token.kind {
        case .number(let value): "the number \(TemplateValue.plain(value))"
        case .text(let text): "the text '\(text)'"
        case .name(let name): "the name \(name)"
        case .symbol(let symbol): "\"\(symbol)\""
        case .end: "the end"
        }
    }
}
