import Foundation

/// A template string split into literal text and `{{name}}` placeholders, parsed once when the template loads.
///
/// Kept as segments rather than re-scanned at render time so a missing value, and a character the font lacks, can be
/// traced back to the placeholder (the field) that brought it in.
public struct PlaceholderText: Hashable, Sendable {
    /// One piece of the string.
    public enum Segment: Hashable, Sendable {
        /// Text written in the template itself.
        case literal(String)
        /// `{{name}}`: replaced by the value given for `name` (or the template's default).
        case placeholder(String)
    }

    /// The pieces in order.
    public var segments: [Segment]

    /// Text with no placeholders: one literal segment.
    init(literal text: String) {
        segments = [.literal(text)]
    }

    /// Parses `text`; `{{ name }}` may have spaces inside the braces, and a name is a Unicode identifier (`isValidName`).
    /// - Throws: the reason as text (the caller adds file, line and column) for an unclosed `{{` or a bad name.
    public init(parsing text: String) throws(PlaceholderSyntaxError) {
        var segments: [Segment] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            if open.lowerBound > rest.startIndex { segments.append(.literal(String(rest[..<open.lowerBound]))) }
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                throw PlaceholderSyntaxError(text: text, problem: "\"{{\" is not closed by \"}}\"")
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard Self.isValidName(name) else {
                throw PlaceholderSyntaxError(
                    text: text,
                    problem: "\"{{\(rest[open.upperBound..<close.lowerBound])}}\" is not a placeholder name "
                        + "(letters of any script, digits, _ and -, starting with a letter, e.g. {{member}} or {{会員番号}})")
            }
            segments.append(.placeholder(name))
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { segments.append(.literal(String(rest))) }
        self.segments = segments
    }

    /// The placeholder names used, in order of first use.
    public var names: [String] {
        var seen: Set<String> = []
        return segments.compactMap { segment in
            if case .placeholder(let name) = segment, seen.insert(name).inserted { return name }
            return nil
        }
    }

    /// The string with every placeholder replaced; nil for the first name `value(for:)` has no value for.
    func filled(_ value: (String) -> String?) -> Result<String, MissingName> {
        var result = ""
        for segment in segments {
            switch segment {
            case .literal(let text): result += text
            case .placeholder(let name):
                guard let text = value(name) else { return .failure(MissingName(name: name)) }
                result += text
            }
        }
        return .success(result)
    }

    /// The name `filled(_:)` found no value for.
    struct MissingName: Error {
        var name: String
    }

    /// True for `member`, `ticket_no`, `e-mail`, `会員番号`: a Unicode identifier (a letter or `_` first, then
    /// letters, digits, marks, `_` — Unicode's XID_Start/XID_Continue, so any language's column names work), plus `-`.
    public static func isValidName<S: StringProtocol>(_ name: S) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isXIDStart || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.properties.isXIDContinue || $0 == "-" }
    }
}

/// Why a template string's placeholders could not be read.
public struct PlaceholderSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The whole string.
    public var text: String
    /// What is wrong with it.
    public var problem: String
    /// `"{{name" in "…": "{{" is not closed by "}}"`.
    public var description: String { "in \"\(text)\": \(problem)" }
}
