import DrawingModule
import Records
import Yams

extension TemplateParser {
    /// The keys of a chart besides where it stands.
    private static let chartKeys = [
        "kind", "role", "roles", "rows", "each", "label", "series", "font", "size", "legend", "values", "valueTitle",
        "labels"
    ]

    /// `chart: {kind, x, y, w, h, role, roles, rows, each, label, series: [{name, value}], font, size, legend,
    /// values, valueTitle}`: one category per item of `rows`, its label and each series' value read from the item.
    func chart(_ body: Node, palette: Palette, font: String) throws(TemplateError) -> TemplateElement.Chart {
        let f = try map(body, context: "chart", allowed: ["x", "y", "w", "h"] + Self.chartKeys)
        return try chart(body, f, rect: try rect(f), palette: palette, font: font)
    }

    /// The `chart` flow block: the element's keys with `{width, height, align}` for `{x, y, w, h}`; `width`
    /// defaults to the content width (0 here, filled in when the flow is set).
    func flowChart(
        _ body: Node, palette: Palette, font: String
    ) throws(TemplateError) -> (TemplateElement.Chart, ParagraphAlignment) {
        let f = try map(body, context: "chart", allowed: ["width", "height", "align"] + Self.chartKeys)
        let width = try f.value("width").map { _ throws(TemplateError) in try length(f, "width") } ?? 0
        let height = try length(f, "height")
        for key in ["width", "height"] {
            if let node = f.value(key), (key == "width" ? width : height) == 0 {
                throw error(node, .badValue(key: key, value: "0", expected: "a length greater than 0, e.g. 60mm"))
            }
        }
        let rect = Rect(x: 0, y: 0, width: width, height: height)
        return (
            try chart(body, f, rect: rect, palette: palette, font: font),
            try f.choice("align", default: ParagraphAlignment.left)
        )
    }

    private func chart(
        _ body: Node, _ f: Fields, rect: Rect, palette: Palette, font: String
    ) throws(TemplateError) -> TemplateElement.Chart {
        func required(_ key: String, _ what: String) throws(TemplateError) -> Node {
            guard let node = f.value(key) else { throw error(body, .missingKey(key: key, context: "chart (\(what))")) }
            return node
        }
        func slot(_ node: Node, key: String) throws(TemplateError) -> Palette.Slot {
            let role = try scalar(node, key: key)
            guard let slot = palette.slot(named: role) else {
                throw error(node, .unknownRole(role: role, known: palette.roles))
            }
            return slot
        }
        let kindNode = try required("kind", "bar, stacked, line or pie")
        let kind = try f.choice("kind", default: Drawing.Command.Chart.Style.bar)
        let roleNode = try required("role", "the colour role of text and axes")
        let text = try slot(roleNode, key: "role")
        let rolesNode = try required("roles", "a list of colour roles, one per series or pie category")
        guard case .sequence(let roleNodes) = rolesNode, !roleNodes.isEmpty else {
            throw error(
                rolesNode, .badValue(key: "roles", value: rolesNode.described, expected: "a list of colour roles"))
        }
        var colors: [Color] = []
        for node in roleNodes { colors.append(try slot(node, key: "roles").fill) }
        let rows = try expression(try required("rows", "the list to chart, one category per item"), key: "rows")
        let variable = try f.string("each") ?? "row"
        guard DataFile.isValidName(variable) else {
            throw error(f.value("each"), .badValue(key: "each", value: "\"\(variable)\"", expected: "a name, e.g. row"))
        }
        let seriesNode = try required("series", "a list of {name, value}")
        guard case .sequence(let seriesNodes) = seriesNode, !seriesNodes.isEmpty else {
            throw error(
                seriesNode,
                .badValue(key: "series", value: seriesNode.described, expected: "a list of {name, value}"))
        }
        let limit = loading.limits.chartSeries
        guard seriesNodes.count <= limit else {
            throw error(
                seriesNode,
                .limit(
                    LimitExceeded(
                        limit: "chart-series", what: "the chart draws", value: seriesNodes.count, maximum: limit,
                        unit: "series")))
        }
        if kind == .pie, seriesNodes.count != 1 {
            throw error(
                seriesNode,
                .badValue(
                    key: "series", value: "a list of \(seriesNodes.count)", expected: "a pie draws exactly one series"))
        }
        let labelNode = try required("label", "the category label of a row, e.g. \"{{row.月}}\"")
        let title = try f.value("valueTitle").map { node throws(TemplateError) in
            MarkedText(text: try textTemplate(node, key: "valueTitle"), mark: mark(node))
        }
        var series: [TemplateElement.Chart.Series] = []
        // The series' names are read outside the rows (one name per series); label and values once per row.
        var seriesNames: [MarkedText] = []
        for node in seriesNodes {
            let s = try map(node, context: "series", allowed: ["name", "value"])
            guard let nameNode = s.value("name") else { throw error(node, .missingKey(key: "name", context: "series")) }
            seriesNames.append(MarkedText(text: try textTemplate(nameNode, key: "name"), mark: mark(nameNode)))
        }
        names.layers.append([variable, "loop"])
        defer { names.layers.removeLast() }
        let label = MarkedText(text: try textTemplate(labelNode, key: "label"), mark: mark(labelNode))
        for (node, name) in zip(seriesNodes, seriesNames) {
            let s = try map(node, context: "series", allowed: ["name", "value"])
            guard let valueNode = s.value("value") else {
                throw error(node, .missingKey(key: "value", context: "series"))
            }
            series.append(
                .init(
                    name: name,
                    value: MarkedText(text: try textTemplate(valueNode, key: "value"), mark: mark(valueNode))))
        }
        var values: Bool?
        if f.value("values") != nil { values = try f.choice("values", default: Switch.yes) == .yes }
        let labels = try f.value("labels").map { node throws(TemplateError) in try categoryLabels(node) }
        let command = Drawing.Command.Chart(
            style: kind, rect: rect, categories: [], series: [], colors: colors, textColor: text.stroke,
            font: try f.string("font") ?? font, size: try f.number("size", default: 9, positive: true),
            legend: try f.choice("legend", default: Switch.yes) == .yes, values: values,
            slot: .role(try scalar(roleNode, key: "role")), labels: labels)
        return .init(
            command: command, rows: rows, variable: variable, label: label, series: series, valueTitle: title,
            mark: mark(kindNode))
    }

    /// `labels: rotate`, `labels: level`, or `labels: {rotate: yes, every: N}`: what a chart does with category
    /// labels too many to stand level.
    private func categoryLabels(_ node: Node) throws(TemplateError) -> Drawing.Command.Chart.CategoryLabels {
        let expected = "rotate, level, or {rotate: yes, every: N} (every N-th category labelled)"
        if let text = node.scalar?.string {
            switch text {
            case "rotate": return .init(rotate: true)
            case "level": return .level
            default: throw error(node, .badValue(key: "labels", value: "\"\(text)\"", expected: expected))
            }
        }
        let f = try map(node, context: "labels", allowed: ["rotate", "every"])
        return .init(
            rotate: try f.choice("rotate", default: Switch.no) == .yes,
            every: try f.integer(
                "every", default: 1, range: 1...Drawing.Command.Chart.CategoryLabels.largestEvery))
    }
}
