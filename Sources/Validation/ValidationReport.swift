/// The result of validating one PDF: what was found and what the file holds. Codable for `--json`.
public struct ValidationReport: Codable, Sendable, Equatable {
    /// The file as it was named to the validator.
    public var file: String
    /// Everything the rules found, structural findings first, then in page order.
    public var findings: [Finding]
    /// What the file holds.
    public var inspection: Inspection

    /// Makes a report.
    public init(file: String, findings: [Finding], inspection: Inspection) {
        self.file = file
        self.findings = findings
        self.inspection = inspection
    }

    /// The findings of error severity: empty exactly when the file is valid.
    public var errors: [Finding] { findings.filter { $0.severity == .error } }
    /// The findings of warning severity.
    public var warnings: [Finding] { findings.filter { $0.severity == .warning } }
    /// Whether no finding is an error: the file is intact and holds what was expected.
    public var isValid: Bool { errors.isEmpty }
    /// Whether qpdf found the structure damaged, i.e. whether `qpdf --check` would exit non-zero.
    public var isDamaged: Bool { findings.contains { $0.rule.isStructural } }
    /// The findings of one rule, for tests that look for a particular one.
    public func findings(_ rule: Rule) -> [Finding] { findings.filter { $0.rule == rule } }

    private enum CodingKeys: String, CodingKey { case file, valid, damaged, findings, inspection }

    /// Decodes a report written by `encode(to:)`; the derived `valid` and `damaged` keys are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        file = try container.decode(String.self, forKey: .file)
        findings = try container.decode([Finding].self, forKey: .findings)
        inspection = try container.decode(Inspection.self, forKey: .inspection)
    }

    /// Encodes the report with `valid` and `damaged` spelled out, so JSON readers need not recompute them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(isValid, forKey: .valid)
        try container.encode(isDamaged, forKey: .damaged)
        try container.encode(findings, forKey: .findings)
        try container.encode(inspection, forKey: .inspection)
    }
}
