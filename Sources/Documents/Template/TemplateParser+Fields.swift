import DrawingModule
import Expressions
import Foundation
import Records
import Yams

extension TemplateElement {
    /// A `field:` element: a fillable form field whose name, value and options may come from data.
    struct Field: Hashable, Sendable {
        var type: Drawing.Command.FormField.FieldType
        var name: TextTemplate
        /// What a screen reader says the field is (`label:`), filled from data as the name is; nil for the name.
        var label: TextTemplate?
        /// The field (everything but what comes from data), its rectangle relative to the element's base.
        var command: Drawing.Command.FormField
        /// A text, combo, list or radio field's value (`value:`).
        var value: TextTemplate?
        /// A check box's `checked:` test.
        var checked: Expression?
        /// A combo or list box's options as an expression giving a list (`options: prefectures`); nil when the
        /// options are written out (in `command`).
        var optionList: Expression?
        var mark: TemplateMark?
    }
}

extension TemplateParser {
    /// The YAML names of the field types, as `type:` takes them.
    static let fieldTypes: [String: Drawing.Command.FormField.FieldType] = [
        "text": .text, "checkbox": .checkBox, "radio": .radio, "combo": .comboBox, "list": .listBox
    ]

    /// `field: {type, name, x, y, w, h, value | checked, options, …}`: a form field (see docs/templates.md, "Form
    /// fields").
    func formField(_ body: Node, palette: Palette, font: String) throws(TemplateError) -> TemplateElement {
        let f = try map(
            body, context: "field",
            allowed: [
                "type", "name", "x", "y", "w", "h", "value", "checked", "options", "multiline", "font", "size",
                "align", "role", "textRole", "width", "readOnly", "required", "maxLength", "typing", "label"
            ])
        guard let typeNode = f.value("type") else { throw error(body, .missingKey(key: "type", context: "field")) }
        let typeName = try scalar(typeNode, key: "type")
        guard let type = Self.fieldTypes[typeName] else {
            throw error(
                typeNode,
                .badValue(
                    key: "type", value: "\"\(typeName)\"",
                    expected: "one of " + Self.fieldTypes.keys.sorted().joined(separator: ", ")))
        }
        guard let nameNode = f.value("name") else { throw error(body, .missingKey(key: "name", context: "field")) }
        let name = try textTemplate(nameNode, key: "name")
        let isButton = type == .checkBox || type == .radio
        if type == .checkBox, let node = f.value("value") {
            throw error(node, .badValue(key: "value", value: "given to a check box", expected: "tick it with checked:"))
        }
        if type != .checkBox, let node = f.value("checked") {
            throw error(
                node, .badValue(key: "checked", value: "given to a \(typeName) field", expected: "give it a value:"))
        }
        let size = try f.number("size", default: isButton ? 12 : 10, positive: true)
        var field = Drawing.Command.FormField(
            type: type, name: "", rect: .init(x: 0, y: 0, width: 0, height: 0), font: try f.string("font") ?? font,
            size: size)
        if type == .radio {
            // Each button is placed by its option; w and h (default: the size) are every button's.
            if let node = f.value("x") ?? f.value("y") {
                throw error(node, .badValue(key: "x", value: "given to a radio group", expected: "place each option"))
            }
            field.rect = Rect(
                x: 0, y: 0, width: try f.number("w", default: size, positive: true),
                height: try f.number("h", default: size, positive: true))
        } else {
            let defaultHeight = type == .checkBox ? size : nil
            field.rect = Rect(
                x: try f.number("x"), y: try f.number("y"),
                width: try f.number("w", default: defaultHeight, positive: true),
                height: try f.number("h", default: defaultHeight ?? size * 1.6, positive: true))
        }
        var optionList: Expression?
        if let node = f.value("options") {
            guard type != .text, type != .checkBox else {
                throw error(
                    node, .badValue(key: "options", value: "given to a \(typeName) field", expected: "leave them out"))
            }
            if node.scalar != nil, type != .radio {
                optionList = try expression(node, key: "options")
            } else {
                field.options = try fieldOptions(node, radio: type == .radio, size: field.rect.size)
            }
        } else if type != .text, type != .checkBox {
            throw error(body, .missingKey(key: "options", context: "\(typeName) field"))
        }
        if type == .radio, let union = Rect.union(field.options.compactMap(\.rect)) {
            field.rect = union
        }
        if let node = f.value("role") {
            let role = try scalar(node, key: "role")
            guard let slot = palette.slot(named: role) else {
                throw error(node, .unknownRole(role: role, known: palette.roles))
            }
            field.borderColor = slot.stroke
            field.background = slot.fill
        }
        if let node = f.value("textRole") {
            let role = try scalar(node, key: "textRole")
            guard let slot = palette.slot(named: role) else {
                throw error(node, .unknownRole(role: role, known: palette.roles))
            }
            field.textColor = slot.stroke
        }
        field.borderWidth = try f.number("width", default: 1, nonNegative: true)
        field.multiline = try f.choice("multiline", default: Switch.no) == .yes
        if field.multiline, type != .text {
            throw error(
                f.value("multiline"),
                .badValue(key: "multiline", value: "given to a \(typeName) field", expected: "only text fields wrap"))
        }
        field.alignment = try f.choice("align", default: TextAlignment.left)
        field.readOnly = try f.choice("readOnly", default: Switch.no) == .yes
        field.required = try f.choice("required", default: Switch.no) == .yes
        field.typing = try f.choice("typing", default: Drawing.Command.FormField.Typing.kana)
        if f.value("maxLength") != nil {
            guard type == .text else {
                throw error(
                    f.value("maxLength"),
                    .badValue(key: "maxLength", value: "given to a \(typeName) field", expected: "leave it out"))
            }
            field.maxLength = try f.integer("maxLength", range: 1...100_000)
        }
        return .field(
            .init(
                type: type, name: name,
                label: try f.value("label").map { node throws(TemplateError) in try textTemplate(node, key: "label") },
                command: field,
                value: try f.value("value").map { node throws(TemplateError) in try textTemplate(node, key: "value") },
                checked: try f.value("checked").map { node throws(TemplateError) in
                    try expression(node, key: "checked")
                },
                optionList: optionList, mark: mark(nameNode)))
    }

    /// `options:` written out: texts (a combo or list box), or `{value, x, y}` mappings (radio buttons, each
    /// `size` unless it gives its own `w` and `h`).
    private func fieldOptions(_ node: Node, radio: Bool, size: Size) throws(TemplateError)
        -> [Drawing.Command.FormField.Option]
    {
        guard case .sequence(let items) = node, !items.isEmpty else {
            throw error(
                node,
                .badValue(
                    key: "options", value: node.described,
                    expected: radio
                        ? "a list of buttons, each {value, x, y}" : "a list of texts, or an expression giving one"))
        }
        var options: [Drawing.Command.FormField.Option] = []
        for item in items {
            guard radio else {
                options.append(.init(try scalar(item, key: "options")))
                continue
            }
            let o = try map(item, context: "radio option", allowed: ["value", "x", "y", "w", "h"])
            guard let valueNode = o.value("value") else {
                throw error(item, .missingKey(key: "value", context: "radio option"))
            }
            options.append(
                .init(
                    try scalar(valueNode, key: "value"),
                    rect: Rect(
                        x: try o.number("x"), y: try o.number("y"),
                        width: try o.number("w", default: size.width, positive: true),
                        height: try o.number("h", default: size.height, positive: true))))
        }
        return options
    }
}
