import DrawingModule
import Foundation

/// Text with `{{ expression }}` parts: `"{{customer}} 様"`, `"合計 {{ total | yen }}"`, parsed once when the
/// template loads.
///
/// Kept as segments so a missing value, or a character no font has, is traced to the part (the field) that brought
/// it in. A literal `{{` is written as an expression holding the text: `{{ '{{' }}`.
public struct TextTemplate: Hashable, Sendable {
    /// One piece of the text.
    public enum Segment: Hashable, Sendable {
        /// Text written in the template itself.
        case literal(String)
        /// `{{ … }}`: replaced by the expression's value.
        case expression(Expression)
    }

    /// The pieces in order.
    public var segments: [Segment]

    /// Text with no expressions.
    public init(literal text: String) {
        segments = text.isEmpty ? [] : [.literal(text)]
    }

    /// Parses `text`; each `{{ … }}` must hold one expression, nested no deeper than `maximumDepth`.
    /// - Throws: `ExpressionError` with the Character offset in `text` of the unclosed `{{` or the bad part.
    public init(parsing text: String, maximumDepth: Int = Limits().expressionDepth) throws(ExpressionError) {
        var segments: [Segment] = []
        let characters = Array(text)
        var literal = ""
        var index = 0
        while index < characters.count {
            guard characters[index] == "{", index + 1 < characters.count, characters[index + 1] == "{" else {
                literal.append(characters[index])
                index += 1
                continue
            }
            let open = index
            var close = index + 2
            var quote: Character?
            while close + 1 < characters.count {
                let character = characters[close]
                if let open = quote {
                    if character == open { quote = nil }
                } else if character == "'" || character == "\"" {
                    quote = character
                } else if character == "}", characters[close + 1] == "}" {
                    break
                }
                close += 1
            }
            guard close + 1 < characters.count else {
                throw ExpressionError(offset: open, "\"{{\" is not closed by \"}}\"")
            }
            if !literal.isEmpty {
                segments.append(.literal(literal))
                literal = ""
            }
            let source = String(characters: characters[(open + 2)..<close])
            segments.append(.expression(try Expression(parsing: source, base: open + 2, maximumDepth: maximumDepth)))
            index = close + 2
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        self.segments = segments
    }

    /// The root names the text reads, with their Character offsets, in order of first use.
    public var names: [(name: String, offset: Int)] {
        var seen: Set<String> = []
        var found: [(String, Int)] = []
        for case .expression(let expression) in segments {
            for entry in expression.names where seen.insert(entry.name).inserted { found.append(entry) }
        }
        return found
    }

    /// True when the text has no `{{ … }}` part.
    public var isLiteral: Bool { !segments.contains { if case .expression = $0 { true } else { false } } }

    /// Each segment's text with `scope`, paired with the field it came from (nil for the template's own text).
    /// - Throws: `ExpressionError` from the first part that fails, or for a part whose value is a list or record.
    public func pieces(in scope: TemplateScope) throws(ExpressionError) -> [(field: String?, text: String)] {
        // Labelled as returned: an unlabelled array would be converted element by element on return.
        var pieces: [(field: String?, text: String)] = []
        pieces.reserveCapacity(segments.count)
        for segment in segments {
            switch segment {
            case .literal(let text):
                pieces.append((field: nil, text: text))
            case .expression(let expression):
                let value = try expression.evaluate(in: scope)
                guard let text = value.text else {
                    throw ExpressionError(
                        offset: expression.names.first?.offset ?? 0,
                        "{{\(expression.source)}} is \(value.kindDescription), which does not print "
                            + "as text: use a filter such as | count, | join(', ') or | first")
                }
                pieces.append((field: expression.field, text: text))
            }
        }
        return pieces
    }

    /// The text with every part replaced by its value.
    public func render(in scope: TemplateScope) throws(ExpressionError) -> String {
        try pieces(in: scope).map(\.text).joined()
    }
}

extension Expression {
    /// The name when the expression is only a name (`{{member}}`), else nil.
    public var bareName: String? {
        if case .name(let name, _) = node { return name }
        return nil
    }
}
