import DrawingModule
import Expressions
import Foundation
import Records

extension Template {
    /// The rows of `table` as the template language reads them: a list of records keyed by column name, each
    /// remembering its file and line for errors.
    public static func records(_ table: CSVTable) -> TemplateValue {
        .list(
            table.rows.indices.map { index in
                var record = TemplateRecord(Array(zip(table.columns, table.rows[index].map { TemplateValue.text($0) })))
                record.origin = "\(table.source) line \(table.lines[index])"
                return .record(record)
            })
    }

    /// The template `mkpdf report` uses without `--template`: a heading with the title, then every column of
    /// `columns` in file order, page numbers in the footer; rendered within `limits`.
    public static func listing(
        columns: [String], title: String, limits: Limits = Limits()
    ) throws(TemplateError) -> Template {
        func quoted(_ text: String) -> String {
            "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        func field(_ name: String) -> String {
            "{{ row[" + quoted(name).replacingOccurrences(of: "'", with: "\\'") + "] }}"
        }
        let columnList = columns.map { "{\"title\": \(quoted($0)), \"value\": \(quoted(field($0)))}" }
            .joined(separator: ", ")
        let json = """
            {"page": "a4", "title": \(quoted(title)), "data": {"rows": []}, "header": "{{title}}",
             "footer": "{{page}} / {{pages}}", "flow": [{"heading": "{{title}}"},
             {"table": {"rows": "rows", "columns": [\(columnList)]}}]}
            """
        return try Template(yaml: json, file: "(every column)", limits: limits)
    }
}
