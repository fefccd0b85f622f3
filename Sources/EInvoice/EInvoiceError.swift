import DrawingModule
import Foundation

/// Why an invoice's data cannot be written as an e-invoice: the field at fault, the line it is on, the rule it
/// breaks and how to fix the data.
///
/// The same data prints the invoice, so a refused e-invoice refuses the document too: a 登録番号 the tax office
/// would not accept, or a tax that a rounding made differ from its rate, fails before anything is written.
public struct EInvoiceError: Error, Hashable, Sendable {
    /// The mapping's field, as the template's `einvoice:` names it (`seller.registration`, `taxes[2].tax`).
    public var field: String
    /// The line (`line 3`) or tax breakdown the field belongs to, when it belongs to one.
    public var record: String?
    /// The rule broken, by its identifier in the rule set (`ibr-jp-04`), when one names it.
    public var rule: String?
    /// What is wrong.
    public var problem: String
    /// How to fix the data.
    public var fix: String

    /// Creates an error naming `field`.
    public init(field: String, record: String? = nil, rule: String? = nil, problem: String, fix: String) {
        self.field = field
        self.record = record
        self.rule = rule
        self.problem = problem
        self.fix = fix
    }
}

extension EInvoiceError: CustomStringConvertible, LocalizedError, Problem {
    /// `einvoice field seller.registration (ibr-jp-04): … Fix: …`.
    public var description: String {
        var place = "einvoice field \(field)"
        if let record { place += " (\(record))" }
        if let rule { place += " [\(rule)]" }
        return "\(place): \(problem). Fix: \(fix)"
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }

    /// `badData`: the template's data breaks a rule of the invoice, not the template's syntax.
    public var kind: ProblemKind { .badData }

    /// The field and record.
    public var place: ProblemPlace { ProblemPlace(record: record, field: field) }
}
