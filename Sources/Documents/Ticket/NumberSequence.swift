import DrawingModule
import Expressions
import Records

/// A number made from a record's position for data that has none (`--number ticket='FN-{{index+1:06}}'`).
///
/// The pattern is text in the template language (`TextTemplate`) whose expressions read `index` (the record's 0-based
/// index) and `row` (its 1-based row): `{{ index + 1 }}`, `{{ row | pad(6) }}`, or the zero-padding shorthand
/// `{{index+1:06}}` → `000001`. The same pattern gives the same numbers in `mkpdf ticket` (`--index`, default 0) and
/// `mkpdf batch` (each record's index).
public struct NumberSequence: Sendable, Hashable {
    /// The field the number fills, e.g. `ticket`.
    public let field: String
    /// The pattern as given.
    public let pattern: String
    private let text: TextTemplate

    /// The names a pattern may read.
    private static let names: Set<String> = ["index", "row"]

    /// Parses `field=pattern`.
    /// - Throws: `NumberSequenceError` naming what is wrong.
    public init(_ assignment: String) throws(NumberSequenceError) {
        guard let equals = assignment.firstIndex(of: "="), equals > assignment.startIndex else {
            throw NumberSequenceError(text: assignment, problem: "write FIELD=PATTERN, e.g. ticket='FN-{{index+1:06}}'")
        }
        field = String(assignment[..<equals])
        pattern = String(assignment[assignment.index(after: equals)...])
        guard DataFile.isValidName(field) else {
            throw NumberSequenceError(text: assignment, problem: "\"\(field)\" is not a field name")
        }
        do {
            text = try TextTemplate(parsing: pattern)
        } catch {
            throw NumberSequenceError(text: assignment, problem: error.description)
        }
        let read = text.names.map(\.name)
        if let other = read.first(where: { !Self.names.contains($0) }) {
            throw NumberSequenceError(
                text: assignment,
                problem: "\"\(other)\" is not known here: a pattern reads index and row, e.g. {{index+1:06}} "
                    + "or {{ row | pad(6) }}")
        }
        guard !read.isEmpty else {
            throw NumberSequenceError(
                text: assignment,
                problem: "the pattern has no {{index}} or {{row}}, so every record would get the same number")
        }
        _ = try value(index: 0, row: 1)
    }

    /// The number for the record at `index` (0-based) and `row` (1-based).
    /// - Throws: `NumberSequenceError` when the pattern cannot be evaluated there (a division by zero).
    public func value(index: Int, row: Int) throws(NumberSequenceError) -> String {
        do {
            return try text.render(in: TemplateScope(["index": .int(index), "row": .int(row)]))
        } catch {
            throw NumberSequenceError(text: "\(field)=\(pattern)", problem: error.description)
        }
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

extension NumberSequenceError: Problem {
    /// `badRequest`: a `--number FIELD=PATTERN` option that cannot be used.
    public var kind: ProblemKind { .badRequest }
}
