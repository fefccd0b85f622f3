/// An operand of a content-stream operator.
indirect enum Operand: Equatable {
    case number(Double)
    case string([UInt8])
    case name(String)
    case array([Operand])
    /// A dictionary operand (marked-content properties); its entries are not needed here.
    case dictionary
    /// A keyword inside an array, or a null standing in for a bad token.
    case other

    var isName: Bool {
        if case .name = self { return true }
        return false
    }
}

/// One operator with the operands before it.
struct ContentOperation: Equatable {
    var operator_: String
    var operands: [Operand]
}

/// Parses a content stream into operations the way qpdf's content check does, collecting the same kinds of
/// syntax errors (bad tokens, unbalanced arrays and dictionaries, unterminated inline images).
enum ContentParser {
    /// The operations and the syntax errors of `bytes`, all held at once (for small streams and tests).
    static func parse(_ bytes: [UInt8]) -> (operations: [ContentOperation], errors: [ContentSyntaxError]) {
        var operations: [ContentOperation] = []
        let outcome = parse(bytes, operatorLimit: .max) { operations.append($0) }
        return (operations, outcome.errors)
    }

    /// What a streamed parse found: the syntax errors, how many operators it saw, and whether it stopped at the limit.
    struct Outcome {
        var errors: [ContentSyntaxError]
        var operatorCount: Int
        var reachedLimit: Bool
    }

    /// Parses `bytes`, handing each operation to `visit` as soon as it is complete, so memory holds one operation's
    /// operands, not the page's; stops after `operatorLimit` operators. Errors beyond the first 100 are counted out.
    static func parse(_ bytes: [UInt8], operatorLimit: Int, visit: (ContentOperation) -> Void) -> Outcome {
        var lexer = ContentLexer(bytes)
        var errors: [ContentSyntaxError] = []
        var operatorCount = 0
        var reachedLimit = false
        var operands: [Operand] = []
        /// Open arrays and dictionaries, innermost last; a dictionary frame counts its items.
        var frames: [Frame] = []

        func add(_ operand: Operand) {
            guard let last = frames.indices.last else {
                operands.append(operand)
                return
            }
            switch frames[last] {
            case .array(var items):
                items.append(operand)
                frames[last] = .array(items)
            case .dictionary(let count, let start):
                if count % 2 == 0, !operand.isName {
                    if errors.count < 100 {
                        errors.append(
                            ContentSyntaxError(
                                offset: lexer.position, message: "expected dictionary key but found non-name object"))
                    }
                }
                frames[last] = .dictionary(count: count + 1, start: start)
            }
        }

        while let token = lexer.next() {
            switch token {
            case .number(let value): add(.number(value))
            case .string(let value): add(.string(value))
            case .name(let value): add(.name(value))
            case .arrayOpen where frames.count >= maxNesting, .dictionaryOpen where frames.count >= maxNesting:
                if errors.count < 100 {
                    errors.append(
                        ContentSyntaxError(
                            offset: lexer.position, message: "ignoring excessively deeply nested data structure"))
                }
            case .arrayOpen: frames.append(.array([]))
            case .dictionaryOpen: frames.append(.dictionary(count: 0, start: lexer.position))
            case .arrayClose:
                if case .array(let items) = frames.last {
                    frames.removeLast()
                    add(.array(items))
                } else {
                    if errors.count < 100 {
                        errors.append(
                            ContentSyntaxError(
                                offset: lexer.position, message: "treating unexpected array close token as null"))
                    }
                    add(.other)
                }
            case .dictionaryClose:
                if case .dictionary(let count, let start) = frames.last {
                    frames.removeLast()
                    if count % 2 == 1 {
                        errors.append(
                            ContentSyntaxError(
                                offset: start, message: "dictionary ended prematurely; using null as value for last key"
                            ))
                    }
                    add(.dictionary)
                } else {
                    if errors.count < 100 {
                        errors.append(
                            ContentSyntaxError(offset: lexer.position, message: "unexpected dictionary close token"))
                    }
                }
            case .keyword(let word):
                if !frames.isEmpty {
                    add(.other)
                } else {
                    guard operatorCount < operatorLimit else {
                        reachedLimit = true
                        break
                    }
                    operatorCount += 1
                    visit(ContentOperation(operator_: word, operands: operands))
                    operands.removeAll(keepingCapacity: true)
                    if word == "ID" { lexer.skipInlineImage() }
                }
            }
            if reachedLimit { break }
        }
        if !frames.isEmpty, !reachedLimit {
            errors.append(ContentSyntaxError(offset: bytes.count, message: "parse error while reading object"))
        }
        let all = (lexer.errors + errors).sorted { $0.offset < $1.offset }
        return Outcome(errors: all, operatorCount: operatorCount, reachedLimit: reachedLimit)
    }

    /// How deep arrays and dictionaries may nest, as in qpdf's parser.
    static let maxNesting = 500

    private enum Frame {
        case array([Operand])
        case dictionary(count: Int, start: Int)
    }
}
