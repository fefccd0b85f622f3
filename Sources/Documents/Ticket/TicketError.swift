import DrawingModule
import Fonts
import Foundation
import Support

/// Why a ticket's numbers or template were refused.
public enum TicketError: Error, Hashable, Sendable {
    /// A member or ticket number does not match the pattern or cannot be part of a file name.
    case invalidNumber(field: String, value: String, pattern: String?, problem: String)
    /// The configured pattern is not a valid regular expression.
    case badPattern(pattern: String, reason: String)
    /// No ticket template was found.
    case templateNotFound(tried: [String])
}

extension TicketError: CustomStringConvertible, LocalizedError {
    /// What was refused, why, and how to fix it.
    public var description: String {
        switch self {
        case .invalidNumber(let field, let value, let pattern, let problem):
            let shown = value.unicodeScalars.map {
                $0.properties.generalCategory == .control
                    ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0)
            }.joined()
            var text = "the \(field) number \"\(shown)\" is refused: \(problem)"
            if let pattern, problem == Self.mismatch { text += " \(pattern)" }
            let custom = pattern.map { $0 != TicketRules.defaultPattern } ?? false
            return text
                + (custom
                    ? ". Fix: give a value matching \(pattern ?? "")"
                    : ". Fix: give 1 to 32 letters, digits and '-' (e.g. GCG-40167)")
        case .badPattern(let pattern, let reason):
            return ErrorText.wrapping(
                "the number pattern \"\(pattern)\" is not a valid regular expression", reason,
                fix: "correct it, or leave it out to use \(TicketRules.defaultPattern)")
        case .templateNotFound(let tried):
            return "no ticket template found; tried " + tried.joined(separator: ", ")
                + ". Fix: give --template PATH, set MKPDF_TICKET_TEMPLATE, or copy the repository's "
                + "Templates/ticket.yaml to one of those places"
        }
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }

    /// The problem text for a value the pattern rejects.
    static let mismatch = "it does not match the pattern"
}

extension TicketError: DataFailure {
    /// `badData` for a number the rules refuse, `badRequest` for a pattern that is not a regular expression,
    /// `notFound` when no ticket template is found.
    public var kind: ProblemKind {
        switch self {
        case .invalidNumber: .badData
        case .badPattern: .badRequest
        case .templateNotFound: .notFound
        }
    }

    /// `member` or `ticket` as the field, for a number the rules refuse.
    public var place: ProblemPlace {
        if case .invalidNumber(let field, _, _, _) = self { ProblemPlace(field: field) } else { ProblemPlace() }
    }

    /// Never a glyph: the rules check numbers, not fonts.
    public var missingGlyph: MissingGlyph? { nil }
}
