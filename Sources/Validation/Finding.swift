/// How much a finding matters: errors make a file invalid (`mkpdf validate` exits 1), warnings only inform.
public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    /// Worth knowing; the file is still valid.
    case warning
    /// The file is damaged or does not hold what was expected.
    case error

    /// Orders warnings before errors, so the worst of a list is its maximum.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs == .warning && rhs == .error }
}

/// One thing a validation found: which rule, how bad, what it says and, when it is about one page, where.
public struct Finding: Codable, Sendable, Equatable, CustomStringConvertible {
    /// The rule that produced it; its raw value is the stable id shown in reports and JSON.
    public var rule: Rule
    /// How much it matters.
    public var severity: Severity
    /// What was found, where, and how to fix it.
    public var message: String
    /// The 1-based page the finding is about, when it is about one page.
    public var page: Int?

    /// Makes a finding; rules and tests build them, readers only read them.
    public init(rule: Rule, severity: Severity, message: String, page: Int? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.page = page
    }

    /// One line: `error [structure.damaged] page 2: …`.
    public var description: String {
        let place = page.map { "page \($0): " } ?? ""
        return "\(severity.rawValue) [\(rule.rawValue)] \(place)\(message)"
    }
}
