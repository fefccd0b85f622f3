import ArgumentParser
import Documents
import DrawingModule
import EInvoice
import Fonts
import Foundation
import Render

/// What `mkpdf ticket` and `mkpdf render` share: `--set key=value` values, and loading a template or a description
/// file as the document to draw.
enum TemplateOutput {
    /// `["venue=東京", "email=a@b"]` → `["venue": "東京", "email": "a@b"]`; the value may hold `=`.
    static func values(from assignments: [String]) throws -> [String: String] {
        var values: [String: String] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals > assignment.startIndex else {
                throw ValidationError("--set \(assignment): write key=value, e.g. --set venue=東京ドーム")
            }
            let key = String(assignment[..<equals])
            guard values[key] == nil else { throw ValidationError("--set \(key)=… is given twice") }
            values[key] = String(assignment[assignment.index(after: equals)...])
        }
        return values
    }

    /// The document `mkpdf render` draws from `url`, and the template it filled: a YAML template (`.yaml`, `.yml`)
    /// filled with `assignments` (`key=value`, glyph coverage checked; text boxes and barcodes left to the layout
    /// that renders it, `Template.render(_:options:)`), else whatever `DescriptionFile.load` reads, with no
    /// template; `--set` on a non-template input is refused rather than ignored. The template is read with
    /// `safety`'s root and limits; `context` is what the command's documents share (nil: nothing kept).
    static func load(
        _ url: URL, assignments: [String], data: [String: TemplateValue] = [:], safety: SafetyOptions,
        scale: RasterScale, deadline: Deadline? = nil, context: RenderContext? = nil, eInvoice: EInvoiceFormat? = nil
    ) throws -> (document: Document, template: Template?) {
        guard ["yaml", "yml"].contains(url.pathExtension.lowercased()) else {
            if let eInvoice {
                throw ValidationError(
                    "--einvoice \(eInvoice.rawValue) writes the e-invoice a template's einvoice: maps; \(url.path) is "
                        + "not a template (.yaml)")
            }
            guard assignments.isEmpty, data.isEmpty else {
                throw ValidationError(
                    "--set and --data fill a YAML template; \(url.path) is not one (.yaml)")
            }
            return (try DescriptionFile.load(url, limits: try safety.limits(), deadline: deadline), nil)
        }
        let template = try Template(contentsOf: url, root: safety.rootURL, limits: try safety.limits())
        var options = TemplateRenderOptions(
            pixelsPerPoint: scale.factor, fonts: .shared, deadline: deadline, setsLayout: false, context: context)
        options.eInvoice = eInvoice
        let given = try values(from: assignments)
        return (
            try template.document(values: given, data: data.filter { given[$0.key] == nil }, options: options),
            template
        )
    }

    /// The records `--data FILE` names: one mapping, or a list of them (one document each); one empty record when
    /// no file is given.
    static func records(_ path: String?, safety: SafetyOptions) throws -> [[String: TemplateValue]] {
        guard let path else { return [[:]] }
        return try DataFile.records(contentsOf: URL(fileURLWithPath: path), limits: try safety.limits())
    }
}
