import DrawingModule
import Foundation
import Support

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
    /// What errors call the data this expression shows: its name when it is a bare name, else its source trimmed.
    /// Found once here, as a table evaluates the same expression for every row.
    public let field: String

    /// Parses `source`; `base` is added to every offset (the expression's place in a larger text).
    ///
    /// The tree may nest no deeper than `maximumDepth` (`Limits.expressionDepth`, 200 by default): parentheses,
    /// unary `-` and `not`, and chains of operators or filters each count a level, so neither parsing nor evaluation
    /// can run out of stack whatever the source.
    /// - Throws: `ExpressionError` at the first token that does not fit, naming an unknown filter, or at the token
    ///   that nests deeper than `maximumDepth` (its `limit` set).
    public init(
        parsing source: String, base: Int = 0, maximumDepth: Int = Limits().expressionDepth
    ) throws(ExpressionError) {
        var parser = ExpressionParser(
            tokens: try ExpressionLexer.tokens(source, base: base), maximumDepth: maximumDepth)
        self.source = source
        node = try parser.parseWhole()
        if case .name(let name, _) = node {
            field = name
        } else {
            field = source.trimmingCharacters(in: .whitespaces)
        }
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
///
/// Two counts keep the stack bounded: `nesting`, the recursion on the way down (each `(`, argument list, `[key]`,
/// unary `-` and `not`), and each node's depth in the tree on the way up (a chain `1+1+…` or `x | floor | floor …`
/// builds a tree as deep as it is long, which evaluation, hashing and destruction then recurse through). Both stop at
/// `maximumDepth`.
struct ExpressionParser {
    /// A node and its depth in the tree (a literal or a name is 1).
    typealias Parsed = (node: Expression.Node, depth: Int)

    var tokens: [ExpressionToken]
    var position = 0
    let maximumDepth: Int
    private var nesting = 0

    init(tokens: [ExpressionToken], maximumDepth: Int) {
        self.tokens = tokens
        self.maximumDepth = maximumDepth
    }

    var current: ExpressionToken { tokens[position] }

    mutating func parseWhole() throws(ExpressionError) -> Expression.Node {
        if case .end = current.kind { throw ExpressionError(offset: current.offset, "the expression is empty") }
        var parsed = try parseOr()
        // `{{ index + 1 : 06 }}`: a width after a colon zero-pads the number, shorthand for `| pad(6)`.
        if isSymbol(":") {
            let colon = current.offset
            position += 1
            guard case .number(let width) = current.kind else {
                throw ExpressionError(
                    offset: current.offset, "a \":\" is followed by a width, e.g. {{ index + 1 : 06 }}")
            }
            parsed = try make(
                .filter(
                    "pad", input: parsed.node, arguments: [.literal(.number(width), offset: current.offset)],
                    offset: colon), parsed.depth, 0)
            position += 1
        }
        guard case .end = current.kind else {
            throw ExpressionError(offset: current.offset, "unexpected \(describe(current)) after a complete expression")
        }
        return parsed.node
    }

    /// `node` with its depth: one more than its deepest child's.
    /// - Throws: `ExpressionError` with the limit when that is deeper than `maximumDepth`.
    private func make(_ node: Expression.Node, _ children: Int...) throws(ExpressionError) -> Parsed {
        try make(node, children)
    }

    /// One more level of recursion on the way down.
    /// - Throws: `ExpressionError` with the limit past `maximumDepth`.
    private mutating func descend() throws(ExpressionError) {
        nesting += 1
        if nesting > maximumDepth { throw tooDeep(nesting) }
    }

    private func tooDeep(_ depth: Int) -> ExpressionError {
        let limit = LimitExceeded(
            limit: "expression-depth", what: "the expression nests", value: depth, maximum: maximumDepth,
            unit: "levels deep")
        return ExpressionError(offset: current.offset, limit.description, limit: limit)
    }

    private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }
    private func isWord(_ word: String) -> Bool { current.kind == .name(word) }

    private mutating func parseOr() throws(ExpressionError) -> Parsed {
        try descend()
        defer { nesting -= 1 }
        var left = try parseAnd()
        while isWord("or") || isSymbol("||") {
            let offset = current.offset
            position += 1
            let right = try parseAnd()
            left = try make(.binary("or", left.node, right.node, offset: offset), left.depth, right.depth)
        }
        return left
    }

    private mutating func parseAnd() throws(ExpressionError) -> Parsed {
        var left = try parseNot()
        while isWord("and") || isSymbol("&&") {
            let offset = current.offset
            position += 1
            let right = try parseNot()
            left = try make(.binary("and", left.node, right.node, offset: offset), left.depth, right.depth)
        }
        return left
    }

    private mutating func parseNot() throws(ExpressionError) -> Parsed {
        if isWord("not") || isSymbol("!") {
            let offset = current.offset
            position += 1
            try descend()
            defer { nesting -= 1 }
            let operand = try parseNot()
            return try make(.unary("not", operand.node, offset: offset), operand.depth)
        }
        return try parseComparison()
    }

    private mutating func parseComparison() throws(ExpressionError) -> Parsed {
        let left = try parseAdditive()
        for symbol in ["==", "!=", "<=", ">=", "<", ">"] where isSymbol(symbol) {
            let offset = current.offset
            position += 1
            let right = try parseAdditive()
            return try make(.binary(symbol, left.node, right.node, offset: offset), left.depth, right.depth)
        }
        return left
    }

    private mutating func parseAdditive() throws(ExpressionError) -> Parsed {
        var left = try parseMultiplicative()
        while isSymbol("+") || isSymbol("-") {
            guard case .symbol(let symbol) = current.kind else { break }
            let offset = current.offset
            position += 1
            let right = try parseMultiplicative()
            left = try make(.binary(symbol, left.node, right.node, offset: offset), left.depth, right.depth)
        }
        return left
    }

    private mutating func parseMultiplicative() throws(ExpressionError) -> Parsed {
        var left = try parseFiltered()
        while isSymbol("*") || isSymbol("/") || isSymbol("%") {
            guard case .symbol(let symbol) = current.kind else { break }
            let offset = current.offset
            position += 1
            let right = try parseFiltered()
            left = try make(.binary(symbol, left.node, right.node, offset: offset), left.depth, right.depth)
        }
        return left
    }

    private mutating func parseUnary() throws(ExpressionError) -> Parsed {
        if isSymbol("-") {
            let offset = current.offset
            position += 1
            try descend()
            defer { nesting -= 1 }
            let operand = try parseUnary()
            return try make(.unary("-", operand.node, offset: offset), operand.depth)
        }
        return try parsePostfix()
    }

    private mutating func parseFiltered() throws(ExpressionError) -> Parsed {
        var parsed = try parseUnary()
        while isSymbol("|") {
            position += 1
            guard case .name(let name) = current.kind else {
                throw ExpressionError(offset: current.offset, "a filter name must follow \"|\", e.g. | yen")
            }
            let offset = current.offset
            position += 1
            try Filters.check(name, offset: offset)
            let arguments = try parseArguments()
            parsed = try make(
                .filter(name, input: parsed.node, arguments: arguments.map(\.node), offset: offset),
                [parsed.depth] + arguments.map(\.depth))
        }
        return parsed
    }

    /// `make` with the children's depths as a list.
    private func make(_ node: Expression.Node, _ children: [Int]) throws(ExpressionError) -> Parsed {
        let depth = 1 + (children.max() ?? 0)
        if depth > maximumDepth { throw tooDeep(depth) }
        return (node, depth)
    }

    private mutating func parseArguments() throws(ExpressionError) -> [Parsed] {
        guard isSymbol("(") else { return [] }
        position += 1
        var arguments: [Parsed] = []
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

    private mutating func parsePostfix() throws(ExpressionError) -> Parsed {
        var parsed = try parsePrimary()
        while true {
            if isSymbol(".") {
                position += 1
                guard case .name(let field) = current.kind else {
                    throw ExpressionError(offset: current.offset, "a field name must follow \".\"")
                }
                parsed = try make(.member(parsed.node, field, offset: current.offset), parsed.depth)
                position += 1
            } else if isSymbol("[") {
                let offset = current.offset
                position += 1
                let key = try parseOr()
                guard isSymbol("]") else {
                    throw ExpressionError(offset: current.offset, "\"[\" is not closed by \"]\"")
                }
                position += 1
                parsed = try make(.index(parsed.node, key.node, offset: offset), parsed.depth, key.depth)
            } else {
                return parsed
            }
        }
    }

    private mutating func parsePrimary() throws(ExpressionError) -> Parsed {
        let token = current
        switch token.kind {
        case .number(let value):
            position += 1
            return (.literal(.number(value), offset: token.offset), 1)
        case .text(let text):
            position += 1
            return (.literal(.text(text), offset: token.offset), 1)
        case .name(let name):
            position += 1
            switch name {
            case "true": return (.literal(.bool(true), offset: token.offset), 1)
            case "false": return (.literal(.bool(false), offset: token.offset), 1)
            case "null": return (.literal(.null, offset: token.offset), 1)
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
                return try make(
                    .filter(
                        name, input: input.node, arguments: arguments.dropFirst().map(\.node), offset: token.offset),
                    arguments.map(\.depth))
            }
            return (.name(name, offset: token.offset), 1)
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
