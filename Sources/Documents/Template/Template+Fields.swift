import DrawingModule
import Expressions
import Foundation

extension Template {
    /// The form field of a `field:` element with `scope`, moved by `base`: its name and value filled from data, a
    /// check box ticked when its `checked:` test is true, options from a list in the data.
    /// - Throws: `TemplateError` at the element's name for a name another field of the document has (naming where
    ///   that one is), a value that is not one of the options, a character the font lacks, or a value that fails.
    func formField(
        _ element: TemplateElement.Field, scope: TemplateScope, base: Point,
        options renderOptions: TemplateRenderOptions,
        budget: inout ElementBudget
    ) throws(TemplateError) -> Drawing.Command.FormField {
        func failure(_ key: String, _ value: String, _ expected: String) -> TemplateError {
            TemplateError(
                file: file, line: element.mark?.line, column: element.mark?.column,
                reason: .badValue(key: key, value: value, expected: expected))
        }
        var field = element.command
        field.name = try pieces(element.name, scope: scope, mark: element.mark).map(\.text).joined()
            .trimmingCharacters(in: .whitespaces)
        let place = "\(file)" + (element.mark.map { ":\($0.line):\($0.column)" } ?? "")
        if let first = budget.fieldNames[field.name] {
            throw failure(
                "name", "\"\(field.name)\"",
                "the field at \(first) has that name already; give each field its own name (a radio group is one "
                    + "field with several options)")
        }
        budget.fieldNames[field.name] = place
        if let label = element.label {
            field.label = try pieces(label, scope: scope, mark: element.mark).map(\.text).joined()
        }
        var shown: [(field: String?, text: String)] = []
        if let value = element.value {
            let pieces = try pieces(value, scope: scope, mark: element.mark)
            shown += pieces
            let text = pieces.map(\.text).joined()
            field.value = text.isEmpty ? nil : text
        }
        if let checked = element.checked {
            field.value =
                try evaluate(checked, scope: scope, mark: element.mark).isTruthy
                ? Drawing.Command.FormField.checkedValue : nil
        }
        if let list = element.optionList {
            field.options = try items(list, scope: scope, mark: element.mark).map { .init($0.text ?? "") }
        }
        shown += field.options.map { (nil, $0.value) }
        field = field.moved(by: base)
        if let (member, reason) = field.firstProblem {
            throw failure(member, "as given", reason)
        }
        if let fonts = renderOptions.fonts {
            try checkCoverage(shown, font: field.font, mark: element.mark, fonts: fonts)
        }
        return field
    }
}

extension Drawing.Command.FormField {
    /// The field moved `offset` right and down, its buttons with it.
    fileprivate func moved(by offset: Point) -> Self {
        guard offset.x != 0 || offset.y != 0,
            case .formField(let moved) = Drawing.Command.formField(self).moved(x: offset.x, y: offset.y)
        else { return self }
        return moved
    }
}
