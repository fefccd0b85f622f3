import DrawingModule
import Support

/// Why an expression could not be read or evaluated, and where in its source text.
///
/// `offset` counts Characters from the start of the source given to `Expression(parsing:)` or
/// `TextTemplate(parsing:)`; the template reader adds the file, line and column of that source.
public struct ExpressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Characters from the start of the source to the part that failed.
    public var offset: Int
    /// What is wrong, in a sentence.
    public var message: String
    /// The nearest valid name, when the problem is an unknown one.
    public var suggestion: String?
    /// The budget the expression went over (`expression-depth`), when that is the problem.
    public var limit: LimitExceeded?

    /// Creates an error at `offset`.
    public init(offset: Int, _ message: String, suggestion: String? = nil, limit: LimitExceeded? = nil) {
        self.offset = offset
        self.message = message
        self.suggestion = suggestion
        self.limit = limit
    }

    /// The message with its did-you-mean, e.g. "unknown name `totl` (did you mean `total`?)".
    public var description: String {
        message + (suggestion.map { " (did you mean `\($0)`?)" } ?? "")
    }
}

extension ExpressionError: Problem {
    /// The budget's kind when the expression went over one, else `badTemplate`: the expression cannot be read.
    public var kind: ProblemKind { limit?.kind ?? .badTemplate }
    /// The budget the expression went over.
    public var limitExceeded: LimitExceeded? { limit }
}
