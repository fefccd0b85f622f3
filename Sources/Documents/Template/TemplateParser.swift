import DrawingModule
import Expressions
import Foundation
import Records
import Reports
import Support
import Yams

/// Reads template YAML through Yams' node API (not Codable) so every value keeps its line and column for errors.
struct TemplateParser {
    /// The file name errors carry.
    let file: String
    /// The folder `image: {file: …}` paths are relative to.
    let baseURL: URL
    /// The templates being read that this one is a part of, by path, so a part never includes itself.
    var opening: [String] = []
    /// The root, the limits and the parts loaded so far, shared with the parts this template includes.
    let loading: TemplateLoading

    /// Everything a template holds once read.
    struct Contents: Sendable {
        var size: Size
        var background: Color?
        var palette: Palette
        var defaults: [String: String]
        var data: [String: TemplateValue] = [:]
        /// The types `data:` declares, by input name (`DataType`); an input given by example has none.
        var types: [String: DataType] = [:]
        var lets: [TemplateLet] = []
        var elements: [TemplateElement]
        /// The lines each top-level element spans in the file, in `elements`' order.
        var elementLines: [ClosedRange<Int>] = []
        var flow: [FlowBlock] = []
        var furniture = FlowFurniture()
        var margins = PageSetup.Margins(all: Paper.points(millimetres: 15))
        var placeholderNames: [String]
        var literals: [String: String] = [:]
        /// `patterns:`: the rules given values of the inputs must match.
        var patterns: [InputPattern] = []
        var font = "gothic"
        var typesetting = Typesetting.standard
        /// `grid:`, the step the designer snaps positions and sizes to, in points; nil when not given.
        var grid: Double?
        /// The lines each item of `flow:` spans in the file, in `flow`'s order.
        var flowLines: [ClosedRange<Int>] = []
        /// `einvoice:`: where the e-invoice's fields come from.
        var eInvoice: EInvoiceMapping?
    }

    static let topKeys = [
        "name", "description", "title", "author", "subject", "keywords", "page", "size", "margins", "background",
        "font",
        "data", "placeholders", "let", "palette", "styles", "elements", "flow", "header", "footer",
        "firstPage", "literals", "patterns", "pdfa", "attach", "signature", "flatten", "typesetting", "pdfua",
        "grid", "einvoice"
    ]
    static let elementKinds = [
        "line", "rect", "circle", "ellipse", "text", "image", "qr", "barcode", "chart", "part", "for", "if", "field"
    ]
    /// Keys of the report templates read before the one language; such a file is refused with how to convert it.
    static let oldReportKeys = ["columns", "group", "intro", "subtitle", "sort", "total", "logo"]
    /// Names every expression may read without declaring them.
    static let builtInNames = ["today", "title"]

    /// The names in scope while the template is read: declared data, `let` values so far, loop variables.
    final class NameScope {
        var layers: [Set<String>] = [Set(TemplateParser.builtInNames)]
        var all: Set<String> { layers.reduce(into: Set<String>()) { $0.formUnion($1) } }
        func contains(_ name: String) -> Bool { layers.contains { $0.contains(name) } }
    }

    let names = NameScope()
    let styleTable = StyleTable()

    func parse(_ yaml: String) throws(TemplateError) -> Contents {
        let root: Node
        do {
            // Resolver.basic: plain scalars keep Yams' implicit tag, and this parser reads every value by its text
            // and style (Bool.construct, NSNull.construct … see templateValue), never by a resolved tag. Yams'
            // default resolver matches each key against seven NSRegularExpressions, and compiling the first one
            // starts ICU's regex engine, a large share of a one-shot `mkpdf ticket`'s start-up. One
            // difference: keys equal as text are duplicates even when one is quoted (`1:` and `"1":`), an error
            // where the default resolver kept both and one of them silently won.
            guard let node = try YAMLData.compose(yaml) else {
                throw error(nil, .missingKey(key: "page", context: "the template (it is empty)"))
            }
            root = node
        } catch let failure as TemplateError {
            throw failure
        } catch {
            throw syntaxError(error)
        }
        try checkShape(root)
        if case .mapping(let mapping) = root, mapping["flow"] == nil,
            let old = mapping.pairsInPlace.map(\.key).first(where: { key in
                Self.oldReportKeys.contains(key.scalar?.string ?? "")
            })
        {
            throw error(
                old,
                .oldForm(
                    what:
                        "\"\(old.scalar?.string ?? "")\" belongs to the old report template form, which mkpdf no longer reads",
                    conversion:
                        "write the report as a flow: a `table` block under `flow:` with `rows: rows`, `columns` "
                        + "({title, value: \"{{row.列}}\"}), `group: {by, heading, subtotal}` and `footer` rows; see "
                        + "docs/templates.md, \"Converting an old report template\", and Templates/report.yaml"))
        }
        let top = try map(root, context: "the template", allowed: Self.topKeys)
        let size = try pageSize(top, root: root)
        let background = try top.value("background").flatMap { node throws(TemplateError) in
            try color(node, key: "background")
        }
        let font = try top.string("font") ?? "gothic"
        if top.value("data") != nil, let node = top.value("placeholders") {
            throw error(
                node,
                .badValue(
                    key: "placeholders", value: "given with data:",
                    expected: "declare every "
                        + "input once, under data: (placeholders: is its older name)"))
        }
        let (declared, types) = try data(
            top.value("data") ?? top.value("placeholders"),
            textOnly: top.value("placeholders") != nil)
        names.layers[0].formUnion(declared.keys)
        let lets = try letValues(top.value("let"))
        let palette = try self.palette(top.value("palette"))
        try readStyles(top.value("styles"))
        if let node = top.value("typesetting") {
            let f = try map(node, context: "typesetting", allowed: ["autospace", "trim", "hang"])
            styleTable.typesetting = try typesetting(f, default: .standard)
        }
        var elements: [TemplateElement] = []
        var elementLines: [ClosedRange<Int>] = []
        if let list = top.value("elements") {
            elements = try self.elements(list, key: "elements", palette: palette, font: font)
            elementLines = Self.lines(ofItems: list)
        }
        var literals: [String: String] = [:]
        if let node = top.value("literals") {
            for (key, _, value) in try map(node, context: "literals", allowed: ["true", "false", "null"]).pairs {
                literals[key] = try scalar(value, key: key)
            }
        }
        var defaults: [String: String] = [:]
        for (name, value) in declared { if let text = value.text, value != .null { defaults[name] = text } }
        var contents = Contents(
            size: size, background: background, palette: palette, defaults: defaults,
            data: declared, lets: lets, elements: elements,
            placeholderNames: declared.keys.sorted(), literals: literals)
        contents.font = font
        contents.types = types
        contents.patterns = try patterns(top.value("patterns"), declared: declared)
        contents.typesetting = styleTable.typesetting
        contents.elementLines = elementLines
        if let node = top.value("grid") {
            let grid = try length(top, "grid")
            guard grid > 0 else {
                throw error(node, .badValue(key: "grid", value: "0", expected: "a length above 0, such as 8 or 1mm"))
            }
            contents.grid = grid
        }
        if let node = top.value("margins") { contents.margins = try margins(node) }
        contents.furniture = try furniture(top, font: font)
        if let node = top.value("flow") {
            contents.flow = try flowBlocks(node, key: "flow", palette: palette, font: font)
            contents.flowLines = Self.lines(ofItems: node)
        }
        contents.eInvoice = try eInvoiceMapping(top.value("einvoice"))
        return contents
    }

    // MARK: Sections

    /// `patterns: {member: "^[A-Za-z0-9-]{1,32}$"}`: a regular expression for each named text input, which the value
    /// given for it must match as a whole (`InputPattern`).
    func patterns(_ node: Node?, declared: [String: TemplateValue]) throws(TemplateError) -> [InputPattern] {
        guard let node else { return [] }
        var patterns: [InputPattern] = []
        for (name, keyNode, value) in try map(node, context: "patterns", allowed: nil).pairs {
            guard declared[name] != nil else {
                throw error(keyNode, .unknownPlaceholder(name: name, known: declared.keys.sorted()))
            }
            let source = try scalar(value, key: name)
            switch InputPattern.make(name: name, source: source, mark: mark(value)) {
            case .success(let pattern): patterns.append(pattern)
            case .failure(let problem):
                throw error(
                    value,
                    .badValue(
                        key: "patterns.\(name)", value: "\"\(source)\"",
                        expected: "a bounded regular expression: \(problem.reason)"))
            }
        }
        return patterns
    }

    /// `page: a4`, `page: {size: a5, orientation: landscape}`, `page: {width: 100mm, height: 148mm}`, or the older
    /// `size: {width, height}` in points.
    private func pageSize(_ top: Fields, root: Node) throws(TemplateError) -> Size {
        if let pageNode = top.value("page"), let sizeNode = top.value("size") {
            _ = pageNode
            throw error(
                sizeNode,
                .badValue(
                    key: "size", value: "given with page:",
                    expected: "give the page once: "
                        + "page: a4, or page: {width: 400pt, height: 150pt}"))
        }
        if let node = top.value("page") {
            if let text = node.scalar?.string {
                do { return try Paper.size(parsing: text) } catch {
                    throw self.error(
                        node,
                        .badValue(
                            key: "page", value: "\"\(text)\"",
                            expected: error.description + NearestName.hint(for: text, among: Paper.names)))
                }
            }
            let fields = try map(node, context: "page", allowed: ["size", "orientation", "width", "height"])
            if let sizeNode = fields.value("size") {
                let name = try scalar(sizeNode, key: "size")
                guard let paper = Paper.named(name) else {
                    throw error(
                        sizeNode,
                        .badValue(
                            key: "size", value: "\"\(name)\"",
                            expected: PaperError(text: name).description
                                + NearestName.hint(for: name, among: Paper.names)))
                }
                return paper.size(try fields.choice("orientation", default: Paper.Orientation.portrait))
            }
            return Size(width: try length(fields, "width"), height: try length(fields, "height"))
        }
        guard let sizeNode = top.value("size") else {
            throw error(
                root,
                .missingKey(key: "page", context: "the template (e.g. page: a4, or size: {width: 400, height: 150})"))
        }
        let sizeMap = try map(sizeNode, context: "size", allowed: ["width", "height"])
        return Size(
            width: try sizeMap.number("width", positive: true), height: try sizeMap.number("height", positive: true))
    }

    /// The largest magnitude a number or length of a template may have: a million points (353 m, 70 times the largest
    /// PDF page side), far inside what the integers and coordinates made from it hold.
    static let largestNumber = 1_000_000.0
    /// The smallest value of a number that must be greater than 0 (a size, a module, a line height): 0.001.
    static let smallestPositiveNumber = 0.001

    /// A length key: `12`, `12pt`, `10mm`, `1.5cm`, 0 or more and at most `largestNumber` points.
    func length(_ fields: Fields, _ key: String, default fallback: Double? = nil) throws(TemplateError) -> Double {
        guard let node = fields.value(key) else {
            if let fallback { return fallback }
            throw error(fields.node, .missingKey(key: key, context: fields.context))
        }
        let text = try scalar(node, key: key)
        guard let value = Paper.length(parsing: text), value >= 0, value <= Self.largestNumber else {
            throw error(
                node,
                .badValue(
                    key: key, value: "\"\(text)\"",
                    expected: "a length such as 12 (points), 12pt, 10mm or 1.5cm, at most "
                        + "\(Int(Self.largestNumber)) pt"))
        }
        return value
    }

    private func margins(_ node: Node) throws(TemplateError) -> PageSetup.Margins {
        if let text = node.scalar?.string {
            guard let value = Paper.length(parsing: text), value >= 0, value <= Self.largestNumber else {
                throw error(
                    node,
                    .badValue(
                        key: "margins", value: "\"\(text)\"",
                        expected: "a length such as 15mm, or {top, right, bottom, left}, at most "
                            + "\(Int(Self.largestNumber)) pt"))
            }
            return PageSetup.Margins(all: value)
        }
        let f = try map(node, context: "margins", allowed: ["top", "right", "bottom", "left"])
        let fallback = Paper.points(millimetres: 15)
        return PageSetup.Margins(
            top: try length(f, "top", default: fallback), left: try length(f, "left", default: fallback),
            bottom: try length(f, "bottom", default: fallback), right: try length(f, "right", default: fallback))
    }

    /// `data:` (values of any shape: text, numbers, lists, records; null declares an input every document must give;
    /// a declaration `{type: …}` gives the input a type, `declaration(_:name:)`) or the older `placeholders:` (text
    /// only): the defaults and the declared types.
    private func data(
        _ node: Node?, textOnly: Bool
    ) throws(TemplateError) -> (values: [String: TemplateValue], types: [String: DataType]) {
        guard let node else { return ([:], [:]) }
        let key = textOnly ? "placeholders" : "data"
        let entries = try map(node, context: key, allowed: nil)
        var values: [String: TemplateValue] = [:]
        var types: [String: DataType] = [:]
        for (name, keyNode, value) in entries.pairs {
            guard DataFile.isValidName(name) else {
                throw error(
                    keyNode,
                    .badValue(
                        key: key, value: "\"\(name)\"",
                        expected: "a name is letters (any script), digits, _ and -, starting "
                            + "with a letter, e.g. member or 会員番号"))
            }
            if textOnly, let scalar = value.scalar, scalar.style == .plain,
                ["", "null", "~", "Null", "NULL"].contains(scalar.string)
            {
                values[name] = .null
            } else if !textOnly, let declaration = try declaration(value, name: name) {
                values[name] = declaration.default
                types[name] = declaration.type
            } else {
                values[name] = textOnly ? .text(try self.scalar(value, key: name)) : try templateValue(value)
            }
        }
        return (values, types)
    }

    /// The keys a type declaration may hold.
    static let declarationKeys = ["type", "default", "scale", "plain", "fields"]

    /// The type and default of `node` when it declares one — a mapping whose `type:` names a type (`DataType.names`)
    /// and whose other keys are declaration keys — else nil: the value is an example (a record that happens to have
    /// a `type` field stays a record). Without `default:` a list defaults to an empty one and any other type is an
    /// input every document must give.
    /// - Throws: `TemplateError` for a misspelt type or key, a key the type does not take, or a default that does
    ///   not read as the type.
    private func declaration(_ node: Node, name: String) throws(TemplateError) -> (
        type: DataType, default: TemplateValue
    )? {
        guard case .mapping(let mapping) = node, let typeNode = mapping["type"], let typeName = typeNode.scalar?.string
        else { return nil }
        let keys = mapping.keys.compactMap { $0.scalar?.string }
        guard DataType.names.contains(typeName) else {
            if let near = NearestName.suggest(for: typeName, among: DataType.names) {
                throw error(
                    typeNode,
                    .badValue(
                        key: "type", value: "\"\(typeName)\"",
                        expected: "a type: \(DataType.names.joined(separator: ", ")) (did you mean `\(near)`?)"))
            }
            return nil
        }
        for key in keys where !Self.declarationKeys.contains(key) {
            guard NearestName.suggest(for: key, among: Self.declarationKeys) != nil else { return nil }
            let keyNode = mapping.keys.first { $0.scalar?.string == key }
            throw error(
                keyNode, .unknownKey(key: key, context: "the declaration of \(name)", known: Self.declarationKeys))
        }
        let type = try dataType(node, name: name)
        guard let defaultNode = mapping["default"] else {
            if case .list = type { return (type, .list([])) }
            return (type, .null)
        }
        let given = try templateValue(defaultNode)
        do {
            return (type, try type.read(given))
        } catch {
            throw self.error(
                defaultNode,
                .badValue(
                    key: "default", value: error.value,
                    expected: "the default of \(name) must read as \(error.type): \(error.problem); \(error.fix)"))
        }
    }

    /// The type `node` declares: a type's name (`money`, in a list's `fields:`) or a mapping with `type:` and the
    /// keys that type takes (`scale:` for decimal, `plain:` for percent, `fields:` for list).
    private func dataType(_ node: Node, name: String) throws(TemplateError) -> DataType {
        let context = "the declaration of \(name)"
        let typeName: String
        var f: Fields?
        if let scalar = node.scalar {
            typeName = scalar.string
        } else {
            let fields = try map(node, context: context, allowed: Self.declarationKeys)
            guard let given = try fields.string("type") else {
                throw error(node, .missingKey(key: "type", context: context))
            }
            typeName = given
            f = fields
        }
        func only(_ key: String, for type: String) throws(TemplateError) {
            if let node = f?.value(key), typeName != type {
                throw error(
                    node,
                    .badValue(key: key, value: "given for \(typeName)", expected: "only a \(type) takes \(key):"))
            }
        }
        try only("scale", for: "decimal")
        try only("plain", for: "percent")
        try only("fields", for: "list")
        switch typeName {
        case "text": return .text
        case "integer": return .integer
        case "decimal":
            guard let f, f.value("scale") != nil else { return .decimal(scale: nil) }
            return .decimal(scale: try f.integer("scale", range: 0...20))
        case "money": return .money
        case "percent":
            guard let f, f.value("plain") != nil else { return .percent(plain: nil) }
            return .percent(plain: try f.choice("plain", default: DataType.PercentPlain.points))
        case "date": return .date
        case "boolean": return .boolean
        case "list":
            guard let node = f?.value("fields") else { return .list(fields: []) }
            var fields: [DataType.Field] = []
            for (field, _, value) in try map(node, context: "fields of \(name)", allowed: nil).pairs {
                fields.append(DataType.Field(name: field, type: try dataType(value, name: "\(name).\(field)")))
            }
            return .list(fields: fields)
        default:
            throw error(
                node,
                .badValue(
                    key: "type", value: "\"\(typeName)\"",
                    expected: "a type: \(DataType.names.joined(separator: ", "))"
                        + NearestName.hint(for: typeName, among: DataType.names)))
        }
    }

    /// A YAML value as a template value (`YAMLData.value(_:)`), a failure placed where its node is.
    func templateValue(_ node: Node) throws(TemplateError) -> TemplateValue {
        do {
            return try YAMLData.value(node)
        } catch {
            throw TemplateError(
                file: file, line: error.line, column: error.column,
                reason: .badValue(key: "data", value: error.value, expected: error.expected))
        }
    }

    /// `let:` — named values computed in order, each an expression that may use the ones before it.
    private func letValues(_ node: Node?) throws(TemplateError) -> [TemplateLet] {
        guard let node else { return [] }
        var lets: [TemplateLet] = []
        for (name, keyNode, value) in try map(node, context: "let", allowed: nil).pairs {
            guard DataFile.isValidName(name), !names.contains(name) else {
                throw error(
                    keyNode,
                    .badValue(
                        key: "let", value: "\"\(name)\"",
                        expected: names.contains(name)
                            ? "the name is already declared under data: or let:; choose another"
                            : "a name is letters (any script), digits, _ and -, starting with a letter"))
            }
            lets.append(TemplateLet(name: name, expression: try expression(value, key: name), mark: mark(value)))
            names.layers[0].insert(name)
        }
        return lets
    }

    private func palette(_ node: Node?) throws(TemplateError) -> Palette {
        guard let node else { return Palette() }
        let roles = try map(node, context: "palette", allowed: nil)
        var palette = Palette()
        for (role, keyNode, value) in roles.pairs {
            let entry = try map(value, context: "palette role \"\(role)\"", allowed: ["stroke", "fill"])
            let stroke = try entry.value("stroke").flatMap { node throws(TemplateError) in
                try color(node, key: "stroke")
            }
            let fill = try entry.value("fill").flatMap { node throws(TemplateError) in try color(node, key: "fill") }
            do {
                try palette.addSlot(role: role, stroke: stroke ?? .black, fill: fill ?? .white)
            } catch {
                throw self.error(
                    keyNode, .badValue(key: "palette", value: "role \"\(role)\"", expected: error.description))
            }
        }
        return palette
    }

    // MARK: Elements

    /// The lines each item of a sequence spans: from its first line to the last line any node inside it starts on.
    static func lines(ofItems list: Node) -> [ClosedRange<Int>] {
        func last(_ node: Node) -> Int {
            var line = node.startMark?.line ?? 0
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping.pairsInPlace { line = max(line, last(key), last(value)) }
            case .sequence(let sequence):
                for item in sequence { line = max(line, last(item)) }
            default: break
            }
            return line
        }
        guard case .sequence(let items) = list else { return [] }
        return items.map { item in
            let first = item.startMark?.line ?? 0
            return first...max(first, last(item))
        }
    }

    /// A list of elements (`elements:`, a `for` body, an `if` branch).
    func elements(_ list: Node, key: String, palette: Palette, font: String) throws(TemplateError) -> [TemplateElement]
    {
        try loading.enter(list, parser: self)
        defer { loading.leave() }
        guard case .sequence(let sequence) = list else {
            throw error(
                list,
                .badValue(
                    key: key, value: list.described,
                    expected: "a list of elements, each "
                        + "\"- kind: {…}\""))
        }
        var elements: [TemplateElement] = []
        for item in sequence { elements.append(try element(item, palette: palette, font: font)) }
        return elements
    }

    /// `for: {each: item, in: items, dx, dy, elements: [...]}`: the body once per item, moved by (dx, dy) each time.
    private func elementLoop(_ body: Node, palette: Palette, font: String) throws(TemplateError) -> TemplateElement {
        let f = try map(body, context: "for", allowed: ["each", "in", "dx", "dy", "elements"])
        let (variable, list) = try loopHead(f, body: body)
        guard let bodyNode = f.value("elements") else {
            throw error(body, .missingKey(key: "elements", context: "for"))
        }
        names.layers.append([variable, "loop"])
        defer { names.layers.removeLast() }
        return .loop(
            .init(
                variable: variable, list: list,
                step: Point(x: try f.number("dx", default: 0), y: try f.number("dy", default: 0)),
                elements: try elements(bodyNode, key: "elements", palette: palette, font: font), mark: mark(body)))
    }

    /// The `each` name and the `in` list of a `for`.
    func loopHead(_ f: Fields, body: Node) throws(TemplateError) -> (String, Expression) {
        guard let eachNode = f.value("each") else { throw error(body, .missingKey(key: "each", context: "for")) }
        let variable = try scalar(eachNode, key: "each")
        guard DataFile.isValidName(variable) else {
            throw error(eachNode, .badValue(key: "each", value: "\"\(variable)\"", expected: "a name, e.g. item"))
        }
        guard let inNode = f.value("in") else { throw error(body, .missingKey(key: "in", context: "for")) }
        return (variable, try expression(inNode, key: "in"))
    }

    private func elementCondition(_ body: Node, palette: Palette, font: String) throws(TemplateError) -> TemplateElement
    {
        let f = try map(body, context: "if", allowed: ["test", "then", "else"])
        guard let testNode = f.value("test") else { throw error(body, .missingKey(key: "test", context: "if")) }
        guard let thenNode = f.value("then") else { throw error(body, .missingKey(key: "then", context: "if")) }
        return .condition(
            .init(
                test: try expression(testNode, key: "test"),
                then: try elements(thenNode, key: "then", palette: palette, font: font),
                otherwise: try f.value("else").map { node throws(TemplateError) in
                    try elements(node, key: "else", palette: palette, font: font)
                } ?? [],
                mark: mark(body)))
    }

    /// An element or flow block: a mapping with one key naming its kind, the key's value its settings.
    func kindAndBody(_ item: Node, key: String, example: String) throws(TemplateError) -> (Node, String, Node) {
        guard case .mapping(let mapping) = item, mapping.count == 1,
            let (kindNode, body) = mapping.first.map({ ($0.key, $0.value) }),
            let kind = kindNode.scalar?.string
        else {
            throw error(item, .badValue(key: key, value: item.described, expected: example))
        }
        return (kindNode, kind, body)
    }

    private func element(_ item: Node, palette: Palette, font: String) throws(TemplateError) -> TemplateElement {
        let (kindNode, kind, body) = try kindAndBody(
            item, key: "elements",
            example: "each element is one key naming its kind with its settings, "
                + "e.g. \"- line: {role: main, x1: 0, y1: 0, x2: 10, y2: 10}\"")
        func slot(_ fields: Fields) throws(TemplateError) -> (Palette.Slot, String) {
            guard let roleNode = fields.value("role") else {
                throw error(body, .missingKey(key: "role", context: kind))
            }
            let role = try scalar(roleNode, key: "role")
            guard let slot = palette.slot(named: role) else {
                throw error(roleNode, .unknownRole(role: role, known: palette.roles))
            }
            return (slot, role)
        }
        // A field's `name:` is its field name, not a link target. `alt:` and `decorative:` belong to what a reader
        // is shown as a figure: images, charts, codes and parts.
        let wrapping =
            ["image", "chart", "qr", "barcode", "part"].contains(kind)
            ? ["link", "name", "alt", "decorative"] : ["link", "name"]
        if kind != "for", kind != "if", kind != "field", case .mapping(let mapping) = body,
            mapping.pairsInPlace.contains(where: { wrapping.contains($0.key.scalar?.string ?? "") })
        {
            // `link:` and `name:` belong to every drawn element: taken off here, the rest read as the kind says.
            let rest = Node.mapping(
                Node.Mapping(
                    mapping.filter { !wrapping.contains($0.key.scalar?.string ?? "") }.map { ($0.key, $0.value) },
                    mapping.tag, mapping.style,
                    mapping.mark))
            let inner = try element(Node.mapping(Node.Mapping([(kindNode, rest)])), palette: palette, font: font)
            func marked(_ key: String) throws(TemplateError) -> MarkedText? {
                guard let node = mapping.first(where: { $0.key.scalar?.string == key })?.value else { return nil }
                return MarkedText(text: try textTemplate(node, key: key), mark: mark(node))
            }
            var decorative = false
            if let node = mapping.first(where: { $0.key.scalar?.string == "decorative" })?.value {
                let text = try scalar(node, key: "decorative")
                guard let choice = Switch(rawValue: text) else {
                    throw error(node, .badValue(key: "decorative", value: text, expected: "true or false"))
                }
                decorative = choice == .yes
            }
            let alternative = try marked("alt")
            if decorative, alternative != nil,
                let node = mapping.first(where: { $0.key.scalar?.string == "alt" })?.value
            {
                throw error(
                    node,
                    .badValue(
                        key: "alt", value: "given with decorative: true",
                        expected: "alt: for what a reader is told, or decorative: true for what a reader skips"))
            }
            return .linked(
                .init(
                    element: [inner], link: try marked("link"), name: try marked("name"), alternative: alternative,
                    decorative: decorative))
        }
        switch kind {
        case "for":
            return try elementLoop(body, palette: palette, font: font)
        case "if":
            return try elementCondition(body, palette: palette, font: font)
        case "line":
            let f = try map(body, context: "line", allowed: ["role", "width", "x1", "y1", "x2", "y2", "cap", "repeat"])
            let (slot, role) = try slot(f)
            return .line(
                .init(
                    slot: slot, role: role, width: try f.number("width", default: 1, nonNegative: true),
                    from: Point(x: try f.number("x1"), y: try f.number("y1")),
                    to: Point(x: try f.number("x2"), y: try f.number("y2")),
                    cap: try f.choice("cap", default: LineCap.butt), repetition: try repetition(f)))
        case "rect", "circle", "ellipse":
            let f = try map(body, context: kind, allowed: ["role", "paint", "width", "x", "y", "w", "h", "repeat"])
            let (slot, role) = try slot(f)
            return .shape(
                .init(
                    isEllipse: kind != "rect", slot: slot, role: role,
                    paint: try f.choice("paint", default: Paint.both),
                    lineWidth: try f.number("width", default: 1, nonNegative: true),
                    rect: try rect(f), repetition: try repetition(f)))
        case "text":
            let f = try map(
                body, context: "text",
                allowed: [
                    "role", "text", "font", "size", "x", "y", "w", "align",
                    "repeat", "h", "valign", "fit", "minSize", "lineHeight",
                    "letterSpacing", "rotate", "writing", "weight",
                    "underline", "palt", "across", "words", "autospace", "trim", "hang", "tag", "lang"
                ])
            let (slot, role) = try slot(f)
            guard let textNode = f.value("text") else { throw error(body, .missingKey(key: "text", context: "text")) }
            let boxWidth = try f.value("w").map { _ throws(TemplateError) in try f.number("w", nonNegative: true) }
            let size = try f.number("size", positive: true)
            return .text(
                .init(
                    slot: slot, role: role, text: try markupTextTemplate(textNode, key: "text"),
                    font: try f.string("font") ?? font, size: size,
                    origin: Point(x: try f.number("x"), y: try f.number("y")), boxWidth: boxWidth,
                    alignment: try f.choice("align", default: TextAlignment.automatic),
                    repetition: try repetition(f), mark: mark(textNode),
                    box: try textBox(f, size: size, hasWidth: boxWidth != nil),
                    weight: try f.choice("weight", default: FontWeight.regular),
                    underline: try f.choice("underline", default: Switch.no) == .yes,
                    tag: try textRole(f))
            )
        case "part":
            return try part(body)
        case "field":
            return try formField(body, palette: palette, font: font)
        case "chart":
            return .chart(try chart(body, palette: palette, font: font))
        case "image":
            let f = try map(body, context: "image", allowed: ["file", "x", "y", "w", "h"])
            guard let fileNode = f.value("file") else { throw error(body, .missingKey(key: "file", context: "image")) }
            let data = try imageData(fileNode, key: "file", element: "image")
            return .image(.init(data: data, rect: try rect(f), mark: mark(body)))
        case "qr", "barcode":
            let isQR = kind == "qr"
            let dataKey = isQR ? "payload" : "data"
            let keys =
                isQR
                ? ["role", "light", "payload", "x", "y", "size", "quiet", "level", "eci", "module"]
                : [
                    "role", "light", "kind", "data", "x", "y", "w", "h", "text", "quiet", "module", "level", "eci",
                    "check", "font"
                ]
            let f = try map(body, context: kind, allowed: keys)
            let (slot, role) = try slot(f)
            var light: Color?
            if let lightNode = f.value("light") {
                let lightRole = try scalar(lightNode, key: "light")
                guard let lightSlot = palette.slot(named: lightRole) else {
                    throw error(lightNode, .unknownRole(role: lightRole, known: palette.roles))
                }
                light = lightSlot.fill
            }
            guard let dataNode = f.value(dataKey) else { throw error(body, .missingKey(key: dataKey, context: kind)) }
            let symbology: Drawing.Command.Barcode.Symbology
            let box: Rect
            if isQR {
                symbology = .qr
                let side = try f.number("size", positive: true)
                box = Rect(x: try f.number("x"), y: try f.number("y"), width: side, height: side)
            } else {
                guard f.value("kind") != nil else { throw error(body, .missingKey(key: "kind", context: kind)) }
                symbology = try f.choice("kind", default: Drawing.Command.Barcode.Symbology.qr)
                box = try rect(f)
            }
            var options = Drawing.Command.Barcode.Options(font: try f.string("font") ?? font)
            if isQR { options.quietZone = 2 }
            if f.value("quiet") != nil { options.quietZone = try f.integer("quiet", range: 0...100) }
            if f.value("module") != nil { options.moduleWidth = try f.number("module", positive: true) }
            options.errorCorrection = try f.string("level")
            if f.value("eci") != nil { options.eci = try f.integer("eci", range: 0...999_999) }
            if f.value("check") != nil {
                options.checkDigit = try f.choice("check", default: Drawing.Command.Barcode.CheckDigit.compute)
            }
            if let textNode = f.value("text") {
                let text = try scalar(textNode, key: "text")
                switch text {
                case "true", "yes", "on": options.humanReadable = true
                case "false", "no", "off": options.humanReadable = false
                default: throw error(textNode, .badValue(key: "text", value: "\"\(text)\"", expected: "true or false"))
                }
            }
            let command = Drawing.Command.Barcode(
                symbology: symbology, data: "", rect: box, dark: slot.fill,
                light: light, options: options, slot: .role(role))
            return .barcode(
                .init(
                    command: command, data: try textTemplate(dataNode, key: dataKey), element: kind,
                    dataKey: dataKey, mark: mark(dataNode)))
        default:
            throw error(kindNode, .unknownElement(name: kind, known: Self.elementKinds))
        }
    }

    /// `part: {file, x, y, w, h, rotate, data}`: another template drawn into the rectangle, its inputs given by
    /// `data` (each a text with `{{…}}` from this template's names).
    private func part(_ body: Node) throws(TemplateError) -> TemplateElement {
        let f = try map(body, context: "part", allowed: ["file", "x", "y", "w", "h", "rotate", "data"])
        guard let fileNode = f.value("file") else { throw error(body, .missingKey(key: "file", context: "part")) }
        let path = try scalar(fileNode, key: "file")
        let url = try resolve(fileNode, path: path, element: "part")
        guard !opening.contains(url.path) else {
            throw error(
                fileNode,
                .badValue(
                    key: "file", value: "\"\(path)\"",
                    expected: "a part may not include "
                        + "itself or a template that includes it (" + (opening + [url.path]).joined(separator: " → ")
                        + ")"))
        }
        let part = loading.part
        guard part.depth <= loading.limits.partDepth else {
            throw error(
                fileNode,
                .limit(
                    LimitExceeded(
                        limit: "part-depth", what: "parts include parts", value: part.depth,
                        maximum: loading.limits.partDepth, unit: "levels deep")))
        }
        try loading.checkFile(
            url, node: fileNode, parser: self, element: "part", maximum: loading.limits.templateBytes,
            limit: "template-bytes")
        loading.counts.parts += 1
        guard loading.counts.parts <= loading.limits.partCount else {
            throw error(
                fileNode,
                .limit(
                    LimitExceeded(
                        limit: "part-count", what: "the template and its parts load", value: loading.counts.parts,
                        maximum: loading.limits.partCount, unit: "parts")))
        }
        let template = try Template(contentsOf: url, name: path, opening: opening, loading: part)
        guard !template.isFlowing else {
            throw error(
                fileNode,
                .badValue(
                    key: "file", value: "\"\(path)\"",
                    expected: "a part is one page of "
                        + "positioned elements; this template has a flow"))
        }
        var values: [(String, MarkedText)] = []
        if let dataNode = f.value("data") {
            let known = template.placeholderNames
            for (name, _, value) in try map(dataNode, context: "part data (the inputs of \(path))", allowed: known)
                .pairs
            {
                values.append((name, MarkedText(text: try textTemplate(value, key: name), mark: mark(value))))
            }
        }
        return .part(
            .init(
                template: template, file: path, rect: try rect(f), rotation: try f.number("rotate", default: 0),
                values: values, mark: mark(body)))
    }

    /// A text's structure role: its `tag:` (a paragraph when only `lang:` is given), with the language `lang:` names
    /// (a BCP 47 tag: `en`, `en-US`, `zh-Hant`); nil when it has neither.
    func textRole(_ f: Fields) throws(TemplateError) -> StructureRole? {
        var role = try f.value("tag").map { _ throws(TemplateError) in try f.choice("tag", default: Tag.p).role }
        guard let node = f.value("lang") else { return role }
        let language = try scalar(node, key: "lang")
        let subtags = language.split(separator: "-", omittingEmptySubsequences: false)
        let valid =
            (2...3).contains(subtags[0].count) && subtags[0].allSatisfy { $0.isASCII && $0.isLetter }
            && subtags.dropFirst().allSatisfy { part in
                (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            }
        guard valid else {
            throw error(
                node,
                .badValue(
                    key: "lang", value: "\"\(language)\"", expected: "a language tag such as en, en-US or zh-Hant"))
        }
        role = role ?? .paragraph
        role?.language = language
        return role
    }

    /// What a text is to a reader (`tag:`), named as PDF's structure types are: a heading of a level, a paragraph,
    /// or an artifact (a running header, a page number, decoration) that a reader skips.
    enum Tag: String, CaseIterable {
        case h1 = "H1", h2 = "H2", h3 = "H3", h4 = "H4", h5 = "H5", h6 = "H6"
        case p = "P"
        case artifact = "Artifact"

        /// The role the tag gives the text's commands.
        var role: StructureRole {
            switch self {
            case .h1: .heading(1)
            case .h2: .heading(2)
            case .h3: .heading(3)
            case .h4: .heading(4)
            case .h5: .heading(5)
            case .h6: .heading(6)
            case .p: .paragraph
            case .artifact: .artifact
            }
        }
    }

    /// `yes`/`no` for flags (YAML's true/false read as text).
    enum Switch: String, CaseIterable {
        case yes, no
        init?(rawValue: String) {
            switch rawValue {
            case "yes", "true", "on": self = .yes
            case "no", "false", "off": self = .no
            default: return nil
            }
        }
    }

    /// The box settings of a text with a height (`h`): a text box with a fit policy.
    private func textBox(_ f: Fields, size: Double, hasWidth: Bool) throws(TemplateError) -> TemplateElement.Box? {
        let boxKeys = [
            "valign", "fit", "minSize", "lineHeight", "letterSpacing", "rotate", "writing", "weight",
            "underline", "palt", "across", "words", "autospace", "trim", "hang"
        ]
        guard f.value("h") != nil else {
            if let key = boxKeys.first(where: { f.value($0) != nil }) {
                throw error(f.value(key), .missingKey(key: "h", context: "text with \"\(key)\" (a text box)"))
            }
            return nil
        }
        guard hasWidth else { throw error(f.node, .missingKey(key: "w", context: "text box")) }
        var fit = FitPolicy.dataDefault
        if let node = f.value("fit") {
            let words: [(String, Node)]
            if case .sequence(let items) = node {
                words = try items.map { item throws(TemplateError) in (try scalar(item, key: "fit"), item) }
            } else {
                let text = try scalar(node, key: "fit")
                words = text.split(whereSeparator: { $0 == "," || $0 == " " }).map { (String($0), node) }
            }
            fit = []
            for (word, wordNode) in words {
                guard let policy = FitPolicy(rawValue: word) else {
                    throw error(
                        wordNode,
                        .badValue(
                            key: "fit", value: "\"\(word)\"",
                            expected: "a list of "
                                + FitPolicy.allCases.map(\.rawValue).joined(separator: ", ") + ", tried in order"))
                }
                fit.append(policy)
            }
        }
        let minimum = try f.number("minSize", default: size * 0.6, positive: true)
        return .init(
            height: try f.number("h", nonNegative: true),
            verticalAlignment: try f.choice("valign", default: VerticalAlignment.top), fit: fit,
            minimumSize: minimum, lineHeight: try f.number("lineHeight", default: 1.2, positive: true),
            letterSpacing: try f.number("letterSpacing", default: 0),
            rotation: try f.number("rotate", default: 0),
            writingMode: try f.choice("writing", default: WritingMode.horizontal),
            proportional: try f.choice("palt", default: Switch.no) == .yes,
            verticalWords: VerticalWords(
                across: try f.integer("across", default: 2, range: 0...VerticalWords.mostAcross),
                longer: try f.choice("words", default: VerticalWordOrientation.turned)),
            typesetting: try typesetting(f, default: styleTable.typesetting))
    }

    /// The typesetting rules `f` states (`autospace`: ems of 和欧間, or `no`; `trim`, `hang`: yes or no), the rest
    /// from `fallback`.
    private func typesetting(_ f: Fields, default fallback: Typesetting) throws(TemplateError) -> Typesetting {
        var rules = fallback
        if let node = f.value("autospace") {
            let text = try scalar(node, key: "autospace")
            if let flag = Switch(rawValue: text) {
                rules.autospace = flag == .yes ? Typesetting.standard.autospace : 0
            } else {
                rules.autospace = try f.number("autospace", nonNegative: true)
                if rules.autospace > Typesetting.largestAutospace {
                    throw error(
                        node,
                        .badValue(
                            key: "autospace", value: text,
                            expected:
                                "a fraction of an em from 0 to \(Typesetting.largestAutospace) (0.25 is a quarter em), or no"
                        ))
                }
            }
        }
        if f.value("trim") != nil { rules.trim = try f.choice("trim", default: Switch.yes) == .yes }
        if f.value("hang") != nil { rules.hang = try f.choice("hang", default: Switch.no) == .yes }
        return rules
    }

    func rect(_ f: Fields) throws(TemplateError) -> Rect {
        Rect(
            x: try f.number("x"), y: try f.number("y"), width: try f.number("w", nonNegative: true),
            height: try f.number("h", nonNegative: true))
    }

    private func repetition(_ f: Fields) throws(TemplateError) -> TemplateElement.Repetition {
        guard let node = f.value("repeat") else { return .init() }
        let r = try map(node, context: "repeat", allowed: ["count", "dx", "dy"])
        return .init(
            count: try r.integer("count", range: 1...10_000), dx: try r.number("dx", default: 0),
            dy: try r.number("dy", default: 0))
    }

    // MARK: Values

    /// A mapping's entries with its context, checked against the keys it may hold.
    struct Fields {
        let parser: TemplateParser
        let node: Node
        let context: String
        let pairs: [(String, Node, Node)]
        /// The names of `pairs`, in order, searched by `value(_:)`: searching `pairs` copied every (name, key,
        /// value) it passed, nodes and all.
        let names: [String]

        func value(_ key: String) -> Node? { names.firstIndex(of: key).map { pairs[$0].2 } }

        func string(_ key: String) throws(TemplateError) -> String? {
            try value(key).map { node throws(TemplateError) in try parser.scalar(node, key: key) }
        }

        func number(
            _ key: String, default fallback: Double? = nil, positive: Bool = false,
            nonNegative: Bool = false
        ) throws(TemplateError) -> Double {
            guard let node = value(key) else {
                if let fallback { return fallback }
                throw parser.error(self.node, .missingKey(key: key, context: context))
            }
            let text = try parser.scalar(node, key: key)
            // Trimmed only when the text as written is not a number: Foundation trims through NSString and UTF-16,
            // and a template has a hundred numbers.
            guard let number = Double(text) ?? Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite
            else {
                throw parser.error(node, .badNumber(key: key, value: text))
            }
            // Every number of a template is a length, a size, an angle or a factor: one past a million (or a
            // positive one below a thousandth) is a mistake or an attack, and would overflow the integers and
            // coordinates made from it later.
            guard number.magnitude <= TemplateParser.largestNumber else {
                throw parser.error(
                    node,
                    .badValue(
                        key: key, value: text,
                        expected: "a number from -\(Int(TemplateParser.largestNumber)) to "
                            + "\(Int(TemplateParser.largestNumber))"))
            }
            if positive, !(number > 0) {
                throw parser.error(node, .badValue(key: key, value: text, expected: "it must be greater than 0"))
            }
            if positive, number < TemplateParser.smallestPositiveNumber {
                throw parser.error(
                    node,
                    .badValue(
                        key: key, value: text,
                        expected: "it must be at least \(TemplateParser.smallestPositiveNumber)"))
            }
            if nonNegative, number < 0 {
                throw parser.error(node, .badValue(key: key, value: text, expected: "it must be 0 or more"))
            }
            return number
        }

        func integer(_ key: String, default fallback: Int? = nil, range: ClosedRange<Int>) throws(TemplateError) -> Int
        {
            guard let node = value(key) else {
                if let fallback { return fallback }
                throw parser.error(self.node, .missingKey(key: key, context: context))
            }
            let text = try parser.scalar(node, key: key)
            guard let number = Int(text) ?? Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw parser.error(node, .badNumber(key: key, value: text))
            }
            guard range.contains(number) else {
                throw parser.error(
                    node,
                    .badValue(
                        key: key, value: text,
                        expected: "a whole number from \(range.lowerBound) to \(range.upperBound)"))
            }
            return number
        }

        func choice<T: RawRepresentable & CaseIterable>(_ key: String, default fallback: T) throws(TemplateError) -> T
        where T.RawValue == String {
            guard let node = value(key) else { return fallback }
            let text = try parser.scalar(node, key: key)
            guard let result = T(rawValue: text) else {
                throw parser.error(
                    node,
                    .badValue(
                        key: key, value: "\"\(text)\"",
                        expected: "one of "
                            + T.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            return result
        }
    }

    /// The entries of `node`, which must be a mapping with string keys from `allowed` (nil: any key).
    func map(_ node: Node, context: String, allowed: [String]?) throws(TemplateError) -> Fields {
        guard case .mapping(let mapping) = node else {
            throw error(node, .badValue(key: context, value: node.described, expected: "a mapping of keys to values"))
        }
        var pairs: [(String, Node, Node)] = []
        var names: [String] = []
        pairs.reserveCapacity(mapping.count)
        names.reserveCapacity(mapping.count)
        for (key, value) in mapping.pairsInPlace {
            guard let name = key.scalar?.string else {
                throw error(key, .badValue(key: context, value: key.described, expected: "keys are plain names"))
            }
            if let allowed, !allowed.contains(name) {
                throw error(key, .unknownKey(key: name, context: context, known: allowed))
            }
            pairs.append((name, key, value))
            names.append(name)
        }
        return Fields(parser: self, node: node, context: context, pairs: pairs, names: names)
    }

    func scalar(_ node: Node, key: String) throws(TemplateError) -> String {
        guard let scalar = node.scalar else {
            throw error(node, .badValue(key: key, value: node.described, expected: "a single value (text or number)"))
        }
        return scalar.string
    }

    /// A text with `{{ … }}` parts; every name it reads must be in scope here.
    func textTemplate(_ node: Node, key: String) throws(TemplateError) -> TextTemplate {
        let text = try scalar(node, key: key)
        let template: TextTemplate
        do {
            template = try TextTemplate(parsing: text, maximumDepth: loading.limits.expressionDepth)
        } catch {
            throw expressionError(error, node: node, source: text)
        }
        for (name, offset) in template.names where !names.contains(name) {
            throw positioned(node, source: text, offset: offset, .unknownName(name: name, known: names.all.sorted()))
        }
        return template
    }

    /// A text whose own words are read as inline markup (a text element's; a paragraph's, `whenLiteral`, only when
    /// it has no `{{…}}`): `textTemplate(_:key:)`, with every ruby reading and link address it opens closed, since
    /// an unclosed one would be drawn as the markup it was written as.
    /// - Throws: `TemplateError` at the opening's line and column.
    func markupTextTemplate(_ node: Node, key: String, whenLiteral: Bool = false) throws(TemplateError)
        -> TextTemplate
    {
        let template = try textTemplate(node, key: key)
        if whenLiteral && !template.isLiteral { return template }
        let pieces: [(field: String?, text: String)] = template.segments.map { segment in
            switch segment {
            case .literal(let text): (nil, text)
            case .expression: ("value", "")
            }
        }
        guard let open = InlineMarkup(base: TextRun("", size: 1)).unclosed(pieces),
            case .literal(let text) = template.segments[open.piece]
        else { return template }
        let source = try scalar(node, key: key)
        // The literal piece as written, found in the text: the opening's offset in the whole text.
        let start = source.range(of: text).map { source.distance(from: source.startIndex, to: $0.lowerBound) } ?? 0
        throw positioned(
            node, source: source, offset: start + open.offset,
            .badValue(
                key: key, value: open.opening + "…",
                expected: "markup opened here is never closed: write \(open.closing) after "
                    + (open.closing == "》"
                        ? "the reading (｜東京《とうきょう》)" : "the address (<a href=\"https://…\">…</a>)")
                    + ", or write the character another way (a full-width ｜ with no 《 after it is plain text)"))
    }

    /// A bare expression (`in:`, `test:`, `let:` values); every name it reads must be in scope here.
    func expression(_ node: Node, key: String) throws(TemplateError) -> Expression {
        let text = try scalar(node, key: key)
        let expression: Expression
        do {
            expression = try Expression(parsing: text, maximumDepth: loading.limits.expressionDepth)
        } catch {
            throw expressionError(error, node: node, source: text)
        }
        for (name, offset) in expression.names where !names.contains(name) {
            throw positioned(node, source: text, offset: offset, .unknownName(name: name, known: names.all.sorted()))
        }
        return expression
    }

    /// The error for an expression that cannot be read: the budget it went over (`expression-depth`), so its kind
    /// is the limit's, or what is wrong with it.
    func expressionError(_ failure: ExpressionError, node: Node, source: String) -> TemplateError {
        positioned(
            node, source: source, offset: failure.offset,
            failure.limit.map { .limit($0) } ?? .expression(problem: failure.description))
    }

    /// An error at the character `offset` of a scalar's text: its line and column in the file (one past the quote
    /// of a quoted scalar; on the following lines for a block scalar).
    func positioned(_ node: Node, source: String, offset: Int, _ reason: TemplateError.Reason) -> TemplateError {
        guard let start = mark(node) else { return error(node, reason) }
        let prefix = source.prefix(offset)
        let quoted = node.scalar.map { $0.style == .singleQuoted || $0.style == .doubleQuoted } ?? false
        let block = node.scalar.map { $0.style == .literal || $0.style == .folded } ?? false
        let newlines = prefix.filter { $0 == "\n" }.count
        if block {
            let column =
                prefix.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.unicodeScalars.count }
                ?? 0
            return TemplateError(
                file: file, line: start.line + 1 + newlines, column: start.column + 2 + column,
                reason: reason)
        }
        if newlines > 0 {
            let column =
                prefix.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.unicodeScalars.count }
                ?? 0
            return TemplateError(file: file, line: start.line + newlines, column: column + 1, reason: reason)
        }
        return TemplateError(
            file: file, line: start.line,
            column: start.column + (quoted ? 1 : 0) + prefix.unicodeScalars.count, reason: reason)
    }

    private func color(_ node: Node, key: String) throws(TemplateError) -> Color? {
        let text = try scalar(node, key: key)
        if key == "background", text == "none" { return nil }
        guard let color = Color(hex: text) else {
            throw error(
                node,
                .badValue(
                    key: key, value: "\"\(text)\"",
                    expected: "write a colour as \"#RRGGBB\" or "
                        + "\"#RRGGBBAA\" (quoted: YAML reads an unquoted # as a comment)"))
        }
        return color
    }

    // MARK: Errors

    func mark(_ node: Node) -> TemplateMark? {
        node.startMark.map { TemplateMark(line: $0.line, column: $0.column) }
    }

    func error(_ node: Node?, _ reason: TemplateError.Reason) -> TemplateError {
        let place = node.flatMap(mark)
        return TemplateError(file: file, line: place?.line, column: place?.column, reason: reason)
    }

    /// Yams' parse failures, with libyaml's mark as the line and column.
    func syntaxError(_ error: any Error) -> TemplateError {
        let syntax = YAMLData.syntaxProblem(error)
        return TemplateError(
            file: file, line: syntax.line, column: syntax.column, reason: .syntax(problem: syntax.problem))
    }
}
