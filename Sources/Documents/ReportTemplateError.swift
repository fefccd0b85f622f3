import Drawing
import Foundation

/// Why a report template could not be read or applied to a CSV file: the file (and line), what is wrong, the fix.
public enum ReportTemplateError: Error, Hashable, Sendable {
    /// The template file cannot be read.
    case unreadable(path: String, reason: String)
    /// The YAML is malformed or a value has the wrong form; `line` when Yams gives one.
    case yaml(file: String, line: Int?, reason: String)
    /// The template names a column the CSV file does not have.
    case missingColumn(template: String, key: String, column: String, csv: String, available: [String])
    /// A column the template sums or formats as a number holds something else.
    case notANumber(csv: String, row: Int, line: Int, column: String, value: String)
    /// A field holds a character no font of the report's font's fallback chain (`tried`) can draw.
    case missingCharacter(csv: String, row: Int, line: Int, column: String, character: String, codePoint: String,
                          font: String, tried: [String])
    /// The logo file cannot be read.
    case logo(path: String, reason: String)
}

extension ReportTemplateError: CustomStringConvertible, LocalizedError {
    /// What is wrong, where, and how to fix it.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return ErrorText.wrapping("cannot read report template \(path)", reason,
                                      fix: "check the path given to --template")
        case .yaml(let file, let line, let reason):
            return ErrorText.wrapping("report template \(file)\(line.map { ":\($0)" } ?? "")", reason,
                                      fix: "correct the template (see Templates/report.yaml for every key)")
        case .missingColumn(let template, let key, let column, let csv, let available):
            return "report template \(template): \(key) names column \"\(column)\", which \(csv) does not have (its "
                + "columns: \(available.joined(separator: ", "))). Fix: rename the column in the template or the CSV"
        case .notANumber(let csv, let row, let line, let column, let value):
            return "\(csv) row \(row) (line \(line)), column \"\(column)\": \"\(value)\" is not a number, but the "
                + "template sums or formats it as one. Fix: write digits only (¥ and commas are allowed)"
        case .missingCharacter(let csv, let row, let line, let column, let character, let codePoint, let font,
                               let tried):
            return "\(csv) row \(row) (line \(line)), column \"\(column)\": no font of \"\(font)\" has a glyph for "
                + "\"\(character)\" (\(codePoint)) (tried \(tried.joined(separator: ", "))). Fix: replace the character (e.g. 吉 for 𠮷) or set "
                + "MKPDF_FONT_\(font.uppercased()) to a font that has it"
        case .logo(let path, let reason):
            return ErrorText.wrapping("cannot read the template's logo \(path)", reason,
                                      fix: "give a PNG path relative to the template")
        }
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}
