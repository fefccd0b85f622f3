import DrawingModule
import Foundation

/// A rule a template gives one of its text inputs (`patterns: {member: "^[A-Za-z0-9-]{1,32}$"}`): a given value must
/// match the regular expression as a whole.
///
/// The rule lives in the template, not in a command, so that every face that fills the template — `render`,
/// `ticket`, `batch`, `serve` and the Swift API — refuses the same value with the same words. Templates may come from
/// strangers, so a pattern is bounded: no quantified group (`(ab)+`, `(a|b)*`: the shapes whose matching can take
/// exponential time) and at most `maximumQuantifiers` quantifiers, and a value longer than `maximumValueLength`
/// characters is refused before it is matched.
struct InputPattern: Sendable {
    /// The longest value matched against a pattern.
    static let maximumValueLength = 256
    /// The most quantifiers (`*`, `+`, `?`, `{m,n}`) one pattern may hold.
    static let maximumQuantifiers = 8

    /// The input it applies to.
    let name: String
    /// The expression as the template writes it.
    let source: String
    /// Where the template writes it.
    let mark: TemplateMark?
    /// The compiled expression. `Regex` is not declared `Sendable`; it is an immutable value whose lazily lowered
    /// program is published atomically (as `TicketRules` relies on).
    nonisolated(unsafe) let regex: Regex<AnyRegexOutput>

    /// Compiles `source`; the reason it cannot be used otherwise.
    static func make(name: String, source: String, mark: TemplateMark?) -> Result<InputPattern, PatternProblem> {
        if let problem = boundProblem(source) { return .failure(PatternProblem(reason: problem)) }
        do {
            let regex = try Regex(source)
            return .success(InputPattern(name: name, source: source, mark: mark, regex: regex))
        } catch {
            return .failure(PatternProblem(reason: "it is not a regular expression (\(error))"))
        }
    }

    /// Why the value given for the input does not pass, or nil when it does.
    func problem(with value: String) -> String? {
        let count = value.count
        if count > Self.maximumValueLength {
            return "it is \(count) characters long; a value with a pattern is at most \(Self.maximumValueLength)"
        }
        let matches = (try? regex.wholeMatch(in: value)) != nil
        return matches ? nil : "it does not match the pattern \(source)"
    }

    /// Why `source` is not a bounded pattern: a quantified group, or too many quantifiers; nil when it is.
    static func boundProblem(_ source: String) -> String? {
        var quantifiers = 0
        var escaped = false
        var inClass = false
        var previous: Character = " "
        for character in source {
            defer { previous = escaped ? " " : character }
            if escaped {
                escaped = false
                continue
            }
            switch character {
            case "\\": escaped = true
            case "[": inClass = true
            case "]": inClass = false
            case "*", "+", "?", "{":
                // Inside a class these are characters; `(?:` and `(?<name>` open groups, so a `?` right after `(`
                // is not a quantifier.
                if inClass || (character == "?" && previous == "(") { continue }
                if previous == ")" {
                    return "it repeats a group (\")\(character)\"), which can take exponential time to match; "
                        + "repeat single characters or classes instead"
                }
                if character == "?" && "*+?}".contains(previous) { continue } // a lazy or possessive mark
                quantifiers += 1
            default: break
            }
        }
        return quantifiers > maximumQuantifiers
            ? "it has \(quantifiers) quantifiers; a pattern may have at most \(maximumQuantifiers)" : nil
    }
}

/// Why a template's pattern cannot be used.
struct PatternProblem: Error {
    /// The words after "the pattern …: ".
    let reason: String
}

extension PatternProblem: Problem {
    /// `badTemplate`: the template's own pattern cannot be used.
    var kind: ProblemKind { .badTemplate }
}
