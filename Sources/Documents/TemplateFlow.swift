import Drawing
import Foundation
import Support
import Typeset
import Yams

/// A named value a template computes once per document (`let:`), in order.
struct TemplateLet: Hashable, Sendable {
    var name: String
    var expression: Expression
    var mark: TemplateMark?
}

/// A text of the template with the place it is written, for errors found while it renders.
struct MarkedText: Hashable, Sendable {
    var text: TextTemplate
    var mark: TemplateMark?
}

/// One block of a template's `flow:`: set inside the margins, one after another, onto new pages as needed.
indirect enum FlowBlock: Hashable, Sendable {
    case heading(MarkedText, level: Int)
    case paragraph(MarkedText, alignment: ParagraphAlignment, size: Double?, role: String, weight: FontWeight?)
    case table(FlowTable)
    case image(png: Data, width: Double?, alignment: ParagraphAlignment)
    case spacer(Double)
    case pageBreak
    case loop(variable: String, list: Expression, blocks: [FlowBlock], mark: TemplateMark?)
    case condition(test: Expression, then: [FlowBlock], otherwise: [FlowBlock], mark: TemplateMark?)
}

/// A `table` block: one row per item of a list, optionally grouped with a heading and subtotal row per group, and
/// summary rows after the body.
struct FlowTable: Hashable, Sendable {
    struct Column: Hashable, Sendable {
        var title: String
        var value: MarkedText
        var width: ColumnWidth
        var alignment: ParagraphAlignment
    }

    struct Grouping: Hashable, Sendable {
        var key: Expression
        var order: [String]
        var heading: MarkedText?
        var subtotal: [Cell]?
    }

    /// One cell of a subtotal or footer row: its text (nil: empty), the columns it covers and its own look.
    struct Cell: Hashable, Sendable {
        var text: MarkedText?
        var span: Int
        var alignment: ParagraphAlignment?
        var style: CellStyle
    }

    var rows: Expression
    var variable: String
    var columns: [Column]
    var group: Grouping?
    var footer: [[Cell]]
    var showsHeader: Bool
    var size: Double?
    var zebra: Bool
    var mark: TemplateMark?
}

/// A look named under `styles:`, which paragraphs and table cells take with `style: name`.
struct NamedStyle: Hashable, Sendable {
    var cell: CellStyle
    var alignment: ParagraphAlignment?
}

extension TemplateParser {
    /// The named styles of the template being read.
    final class StyleTable {
        var styles: [String: NamedStyle] = [:]
    }
}

/// The header and footer of a flowing document, and its metadata.
struct FlowFurniture: Hashable, Sendable {
    var title: MarkedText?
    var author: String?
    var header: MarkedText?
    var headerLogo: Data?
    var footer: MarkedText?
}

extension TemplateParser {
    static let flowKinds = ["heading", "paragraph", "table", "image", "spacer", "pageBreak", "for", "if"]

    /// `title`, `author`, `header` (text, or `{text, logo}`) and `footer`.
    func furniture(_ top: Fields, font: String) throws(TemplateError) -> FlowFurniture {
        var furniture = FlowFurniture()
        if let node = top.value("title") { furniture.title = MarkedText(text: try textTemplate(node, key: "title"), mark: mark(node)) }
        furniture.author = try top.string("author")
        names.layers.append(["page", "pages"])
        defer { names.layers.removeLast() }
        if let node = top.value("header") {
            if node.scalar != nil {
                furniture.header = MarkedText(text: try textTemplate(node, key: "header"), mark: mark(node))
            } else {
                let f = try map(node, context: "header", allowed: ["text", "logo"])
                if let textNode = f.value("text") {
                    furniture.header = MarkedText(text: try textTemplate(textNode, key: "text"), mark: mark(textNode))
                }
                if let logoNode = f.value("logo") { furniture.headerLogo = try png(logoNode, key: "logo") }
            }
        }
        if let node = top.value("footer") {
            furniture.footer = MarkedText(text: try textTemplate(node, key: "footer"), mark: mark(node))
        }
        return furniture
    }

    /// The bytes of a PNG file named relative to the template's folder.
    func png(_ node: Node, key: String) throws(TemplateError) -> Data {
        let path = try scalar(node, key: key)
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseURL.appendingPathComponent(path)
        do {
            return try Data(contentsOf: url)
        } catch {
            throw self.error(node, .image(path: url.path, reason: error.localizedDescription))
        }
    }

    func flowBlocks(_ list: Node, key: String, font: String) throws(TemplateError) -> [FlowBlock] {
        guard case .sequence(let sequence) = list else {
            throw error(list, .badValue(key: key, value: describe(list), expected: "a list of blocks, each "
                + "\"- kind: {…}\" (" + Self.flowKinds.joined(separator: ", ") + ")"))
        }
        var blocks: [FlowBlock] = []
        for item in sequence { blocks.append(try flowBlock(item, font: font)) }
        return blocks
    }

    private func flowBlock(_ item: Node, font: String) throws(TemplateError) -> FlowBlock {
        if item.scalar?.string == "pageBreak" { return .pageBreak }
        guard case .mapping(let mapping) = item, mapping.count == 1, let (kindNode, body) = mapping.first.map({ ($0.key, $0.value) }),
              let kind = kindNode.scalar?.string else {
            throw error(item, .badValue(key: "flow", value: describe(item), expected: "each block is one key naming "
                + "its kind with its settings, e.g. \"- paragraph: {text: …}\""))
        }
        switch kind {
        case "heading":
            if body.scalar != nil { return .heading(MarkedText(text: try textTemplate(body, key: "heading"), mark: mark(body)), level: 1) }
            let f = try map(body, context: "heading", allowed: ["text", "level"])
            guard let textNode = f.value("text") else { throw error(body, .missingKey(key: "text", context: "heading")) }
            return .heading(MarkedText(text: try textTemplate(textNode, key: "text"), mark: mark(textNode)),
                            level: try f.integer("level", default: 1, range: 1...3))
        case "paragraph":
            if body.scalar != nil {
                return .paragraph(MarkedText(text: try textTemplate(body, key: "paragraph"), mark: mark(body)),
                                  alignment: .left, size: nil, role: ReportStyle.Role.text, weight: nil)
            }
            let f = try map(body, context: "paragraph", allowed: ["text", "style", "align", "size", "role", "weight"])
            guard let textNode = f.value("text") else { throw error(body, .missingKey(key: "text", context: "paragraph")) }
            let named = try namedStyle(f)
            if let named, named.cell.fill != nil, let node = f.value("style") {
                throw error(node, .badValue(key: "style", value: "a style with fill", expected: "a style without "
                    + "fill: a paragraph has no background (fill is for table cells)"))
            }
            let own = try cellStyle(f)
            return .paragraph(MarkedText(text: try textTemplate(textNode, key: "text"), mark: mark(textNode)),
                              alignment: try f.value("align").map { _ throws(TemplateError) in
                                  try f.choice("align", default: ParagraphAlignment.left) } ?? named?.alignment ?? .left,
                              size: own.size ?? named?.cell.size,
                              role: own.role ?? named?.cell.role ?? ReportStyle.Role.text,
                              weight: own.weight ?? named?.cell.weight)
        case "table":
            return .table(try table(body))
        case "image":
            let f = try map(body, context: "image", allowed: ["file", "width", "align"])
            guard let fileNode = f.value("file") else { throw error(body, .missingKey(key: "file", context: "image")) }
            return .image(png: try png(fileNode, key: "file"),
                          width: try f.value("width").map { _ throws(TemplateError) in try length(f, "width") },
                          alignment: try f.choice("align", default: ParagraphAlignment.left))
        case "spacer":
            let text = try scalar(body, key: "spacer")
            guard let height = Paper.length(parsing: text), height >= 0 else {
                throw error(body, .badValue(key: "spacer", value: "\"\(text)\"", expected: "a length such as 12 or 5mm"))
            }
            return .spacer(height)
        case "pageBreak":
            return .pageBreak
        case "for":
            let f = try map(body, context: "for", allowed: ["each", "in", "flow"])
            let (variable, list) = try loopHead(f, body: body)
            guard let bodyNode = f.value("flow") else { throw error(body, .missingKey(key: "flow", context: "for")) }
            names.layers.append([variable, "loop"])
            defer { names.layers.removeLast() }
            return .loop(variable: variable, list: list, blocks: try flowBlocks(bodyNode, key: "flow", font: font),
                         mark: mark(body))
        case "if":
            let f = try map(body, context: "if", allowed: ["test", "then", "else"])
            guard let testNode = f.value("test") else { throw error(body, .missingKey(key: "test", context: "if")) }
            guard let thenNode = f.value("then") else { throw error(body, .missingKey(key: "then", context: "if")) }
            return .condition(test: try expression(testNode, key: "test"),
                              then: try flowBlocks(thenNode, key: "then", font: font),
                              otherwise: try f.value("else").map { node throws(TemplateError) in
                                  try flowBlocks(node, key: "else", font: font) } ?? [],
                              mark: mark(body))
        default:
            throw error(kindNode, .unknownElement(name: kind, known: Self.flowKinds))
        }
    }

    private func table(_ body: Node) throws(TemplateError) -> FlowTable {
        let f = try map(body, context: "table", allowed: ["rows", "each", "columns", "group", "footer", "header", "size",
                                                          "zebra"])
        guard let rowsNode = f.value("rows") else { throw error(body, .missingKey(key: "rows", context: "table")) }
        let rows = try expression(rowsNode, key: "rows")
        let variable = try f.string("each") ?? "row"
        guard TemplateParser.isValidName(variable) else {
            throw error(f.value("each"), .badValue(key: "each", value: "\"\(variable)\"", expected: "a name, e.g. item"))
        }
        guard let columnsNode = f.value("columns"), case .sequence(let columnNodes) = columnsNode, !columnNodes.isEmpty else {
            throw error(f.value("columns") ?? body, .missingKey(key: "columns", context: "table (a list of "
                + "{title, value, width, align})"))
        }
        names.layers.append([variable, "loop"])
        var columns: [FlowTable.Column] = []
        for node in columnNodes {
            let c = try map(node, context: "column", allowed: ["title", "value", "width", "align"])
            guard let titleNode = c.value("title") else { throw error(node, .missingKey(key: "title", context: "column")) }
            let title = try scalar(titleNode, key: "title")
            if columns.contains(where: { $0.title == title }) {
                throw error(titleNode, .badValue(key: "title", value: "\"\(title)\"", expected: "column titles name "
                    + "the columns of summary rows, so each must be different"))
            }
            guard let valueNode = c.value("value") else { throw error(node, .missingKey(key: "value", context: "column")) }
            columns.append(.init(title: title, value: MarkedText(text: try textTemplate(valueNode, key: "value"),
                                                                  mark: mark(valueNode)),
                                 width: try columnWidth(c), alignment: try c.choice("align", default: ParagraphAlignment.left)))
        }
        var group: FlowTable.Grouping?
        if let groupNode = f.value("group") {
            let g = try map(groupNode, context: "group", allowed: ["by", "order", "heading", "subtotal"])
            guard let byNode = g.value("by") else { throw error(groupNode, .missingKey(key: "by", context: "group")) }
            let key = try expression(byNode, key: "by")
            var order: [String] = []
            if let orderNode = g.value("order") {
                guard case .sequence(let items) = orderNode else {
                    throw error(orderNode, .badValue(key: "order", value: describe(orderNode), expected: "a list of group keys"))
                }
                for item in items { order.append(try scalar(item, key: "order")) }
            }
            names.layers.removeLast()
            names.layers.append(["group"])
            group = .init(key: key, order: order,
                          heading: try g.value("heading").map { node throws(TemplateError) in
                              MarkedText(text: try textTemplate(node, key: "heading"), mark: mark(node)) },
                          subtotal: try g.value("subtotal").map { node throws(TemplateError) in
                              try summaryRow(node, columns: columns, key: "subtotal") })
        }
        names.layers.removeLast()
        var footer: [[FlowTable.Cell]] = []
        if let footerNode = f.value("footer") {
            guard case .sequence(let items) = footerNode else {
                throw error(footerNode, .badValue(key: "footer", value: describe(footerNode),
                                                  expected: "a list of rows, each {column title: cell} or {cells: [...]}"))
            }
            for item in items { footer.append(try summaryRow(item, columns: columns, key: "footer")) }
        }
        return FlowTable(rows: rows, variable: variable, columns: columns, group: group, footer: footer,
                         showsHeader: try f.choice("header", default: Switch.yes) == .yes,
                         size: try f.value("size").map { _ throws(TemplateError) in try f.number("size", positive: true) },
                         zebra: try f.choice("zebra", default: Switch.yes) == .yes, mark: mark(body))
    }

    /// A summary row, in either form: column title → cell (columns not named stay empty; a cell's span covers the
    /// columns to its right, which may then not be named), or `cells:` a list of cells, left to right, covering
    /// every column once. A cell is a text, or `{text, span, align, weight, size, role, fill}`.
    private func summaryRow(_ node: Node, columns: [FlowTable.Column], key: String) throws(TemplateError) -> [FlowTable.Cell] {
        let titles = columns.map(\.title)
        let positional = !titles.contains("cells")
        let f = try map(node, context: key + " row (column titles" + (positional ? ", or cells)" : ")"),
                        allowed: titles + (positional ? ["cells"] : []))
        if positional, let cellsNode = f.value("cells") {
            if let other = f.pairs.first(where: { $0.0 != "cells" }) {
                throw error(other.1, .badValue(key: other.0, value: "a column title beside cells", expected: "either "
                    + "cells: [...] or cells by column title, not both"))
            }
            guard case .sequence(let items) = cellsNode else {
                throw error(cellsNode, .badValue(key: "cells", value: describe(cellsNode), expected: "a list of cells, "
                    + "each a text or {text, span, align, weight, size, role, fill}"))
            }
            var cells: [FlowTable.Cell] = []
            for item in items { cells.append(try cell(item, key: "cells", columns: columns.count)) }
            let covered = cells.reduce(0) { $0 + $1.span }
            guard covered == columns.count else {
                throw error(cellsNode, .badValue(key: "cells", value: "cells covering \(covered) columns",
                                                 expected: "cells covering the table's \(columns.count) columns (a "
                                                     + "cell's span counts the columns it covers)"))
            }
            return cells
        }
        var cells: [FlowTable.Cell] = []
        var column = 0
        while column < columns.count {
            guard let value = f.value(titles[column]) else {
                cells.append(.init(text: nil, span: 1, alignment: nil, style: .plain))
                column += 1
                continue
            }
            let cell = try cell(value, key: titles[column], columns: columns.count - column)
            for covered in (column + 1)..<(column + cell.span) {
                if let pair = f.pairs.first(where: { $0.0 == titles[covered] }) {
                    throw error(pair.1, .badValue(key: titles[covered], value: "a cell", expected: "nothing: the "
                        + "column is covered by the span of \"\(titles[column])\""))
                }
            }
            cells.append(cell)
            column += cell.span
        }
        return cells
    }

    /// A cell of a summary row: a text, or `{text, span, align, weight, size, role, fill}`; `span` may cover at most
    /// `columns` columns (those from the cell's own to the last).
    private func cell(_ node: Node, key: String, columns: Int) throws(TemplateError) -> FlowTable.Cell {
        if node.scalar != nil {
            return .init(text: MarkedText(text: try textTemplate(node, key: key), mark: mark(node)), span: 1,
                         alignment: nil, style: .plain)
        }
        let c = try map(node, context: "cell", allowed: ["text", "span", "style", "align", "weight", "size", "role",
                                                         "fill"])
        guard let textNode = c.value("text") else { throw error(node, .missingKey(key: "text", context: "cell")) }
        let named = try namedStyle(c)
        return .init(text: MarkedText(text: try textTemplate(textNode, key: "text"), mark: mark(textNode)),
                     span: try c.integer("span", default: 1, range: 1...max(1, columns)),
                     alignment: try c.value("align").map { _ throws(TemplateError) in
                         try c.choice("align", default: ParagraphAlignment.left) } ?? named?.alignment,
                     style: (named?.cell ?? .plain).overridden(by: try cellStyle(c)))
    }

    /// The look keys written on a cell or paragraph itself: `weight`, `size`, `role`, `fill`.
    private func cellStyle(_ f: Fields) throws(TemplateError) -> CellStyle {
        CellStyle(
            weight: try f.value("weight").map { _ throws(TemplateError) in try f.choice("weight", default: FontWeight.regular) },
            size: try f.value("size").map { _ throws(TemplateError) in try f.number("size", positive: true) },
            role: try f.string("role"), fill: try f.string("fill"))
    }

    /// The keys a named style of `styles:` may hold.
    static let styleKeys = ["size", "weight", "role", "fill", "align"]

    /// Reads `styles:`: named looks (`total: {size: 11, weight: bold, align: right}`) that table cells and paragraphs
    /// take with `style: total`, their own keys over the style's.
    func readStyles(_ node: Node?) throws(TemplateError) {
        guard let node else { return }
        for (name, keyNode, value) in try map(node, context: "styles", allowed: nil).pairs {
            guard TemplateParser.isValidName(name) else {
                throw error(keyNode, .badValue(key: "styles", value: "\"\(name)\"", expected: "a style name: a letter, "
                    + "then letters, digits, _ or -"))
            }
            let f = try map(value, context: "style \"\(name)\"", allowed: Self.styleKeys)
            styleTable.styles[name] = NamedStyle(
                cell: try cellStyle(f),
                alignment: try f.value("align").map { _ throws(TemplateError) in
                    try f.choice("align", default: ParagraphAlignment.left) })
        }
    }

    /// The named style a `style:` key names, nil without the key; an unknown name is an error with the nearest one.
    private func namedStyle(_ f: Fields) throws(TemplateError) -> NamedStyle? {
        guard let node = f.value("style") else { return nil }
        let name = try scalar(node, key: "style")
        guard let style = styleTable.styles[name] else {
            let known = styleTable.styles.keys.sorted()
            throw error(node, .badValue(key: "style", value: "\"\(name)\"", expected: known.isEmpty
                ? "a style named under styles: (the template has none)"
                : "a style named under styles:" + NearestName.hint(for: name, among: known) + " (there are: "
                    + known.joined(separator: ", ") + ")"))
        }
        return style
    }

    /// `fit`, a length (`80`, `30mm`) or a share of the rest (`1fr`).
    private func columnWidth(_ c: Fields) throws(TemplateError) -> ColumnWidth {
        guard let node = c.value("width") else { return .fit }
        let text = try scalar(node, key: "width")
        if text == "fit" { return .fit }
        if text.hasSuffix("fr"), let share = Double(text.dropLast(2)), share > 0 { return .fraction(share) }
        if let points = Paper.length(parsing: text), points > 0 { return .fixed(points) }
        throw error(node, .badValue(key: "width", value: "\"\(text)\"", expected: "fit, a length (80, 30mm) or a "
            + "share of the remaining width (1fr, 2fr)"))
    }
}

extension Template {
    /// The flow set onto pages: the blocks evaluated with `scope` into a `Report` and laid out.
    func flowOutput(scope: TemplateScope, metadata: Document.Metadata,
                    options: TemplateRenderOptions) throws(TemplateError) -> ReportOutput {
        var merged = ReportStyle.defaultPalette
        for role in palette.roles {
            guard let slot = palette.slot(named: role) else { continue }
            if merged.slot(named: role) != nil {
                try? merged.setStroke(.role(role), slot.stroke)
                try? merged.setFill(.role(role), slot.fill)
            } else {
                _ = try? merged.addSlot(role: role, stroke: slot.stroke, fill: slot.fill)
            }
        }
        let style = ReportStyle(palette: merged, bodyFont: font, headingFont: font)
        var header: [PageTemplate.Item] = []
        if let logo = furniture.headerLogo { header.append(.image(png: logo, height: 28, alignment: .right)) }
        let furnitureScope = scope.adding(["page": .text("{{page}}"), "pages": .text("{{pages}}")])
        if let text = furniture.header {
            header.append(.text(try self.text(text, scope: furnitureScope), alignment: .left, size: 9))
            header.append(.rule(width: 0.5))
        }
        var footer: [PageTemplate.Item] = []
        if let text = furniture.footer {
            footer = [.rule(width: 0.5), .text(try self.text(text, scope: furnitureScope), alignment: .right, size: 8)]
        }
        var report = Report(page: PageSetup(width: size.width, height: size.height, margins: margins),
                            template: PageTemplate(header: header, footer: footer), style: style, metadata: metadata)
        report.blocks = try blocks(flow, scope: scope, options: options)
        do {
            return try report.layout(fonts: options.fonts ?? .shared)
        } catch {
            throw TemplateError(file: file, reason: .layout(problem: error.description))
        }
    }

    private func blocks(_ flow: [FlowBlock], scope: TemplateScope,
                        options: TemplateRenderOptions) throws(TemplateError) -> [ReportBlock] {
        var blocks: [ReportBlock] = []
        for block in flow {
            switch block {
            case .heading(let text, let level):
                blocks.append(.heading(Heading(try self.text(text, scope: scope), level: level)))
            case .paragraph(let text, let alignment, let size, let role, let weight):
                let string = try self.text(text, scope: scope)
                let markup = text.text.isLiteral && InlineMarkup.holdsMarkup(string)
                var face: String?
                if let weight {
                    do {
                        face = try (options.fonts ?? .shared).fontName(family: font, weight: weight)
                    } catch {
                        throw TemplateError(file: file, line: text.mark?.line, column: text.mark?.column,
                                            reason: .font(name: font, reason: error.description))
                    }
                }
                blocks.append(.paragraph(Paragraph(string, alignment: alignment, font: face, size: size,
                                                   colorRole: role, markup: markup)))
            case .table(let table):
                blocks += try tables(table, scope: scope, options: options)
            case .image(let png, let width, let alignment):
                blocks.append(.image(ReportImage(png: png, width: width, alignment: alignment)))
            case .spacer(let height):
                blocks.append(.spacer(Spacer(height: height)))
            case .pageBreak:
                blocks.append(.pageBreak)
            case .loop(let variable, let list, let body, let mark):
                let items = try items(list, scope: scope, mark: mark)
                for (index, item) in items.enumerated() {
                    blocks += try self.blocks(body, scope: scope.adding([variable: item,
                                                                         "loop": Self.loopRecord(index, count: items.count)]),
                                              options: options)
                }
            case .condition(let test, let then, let otherwise, let mark):
                blocks += try self.blocks(evaluate(test, scope: scope, mark: mark).isTruthy ? then : otherwise,
                                          scope: scope, options: options)
            }
        }
        return blocks
    }

    /// A table block as report tables: one per group (after its heading) or one in all, the summary rows after the
    /// body, every table fitted to all rows so the columns line up.
    private func tables(_ table: FlowTable, scope: TemplateScope,
                        options: TemplateRenderOptions) throws(TemplateError) -> [ReportBlock] {
        let items = try items(table.rows, scope: scope, mark: table.mark)
        let columns = table.columns.map { TableColumn($0.title, width: $0.width, alignment: $0.alignment) }
        var rowScopes: [TemplateScope] = []
        var bodyRows: [TableRow] = []
        for (index, item) in items.enumerated() {
            let rowScope = scope.adding([table.variable: item, "loop": Self.loopRecord(index, count: items.count)])
            var cells: [String] = []
            for column in table.columns {
                do {
                    let pieces = try pieces(column.value.text, scope: rowScope, mark: column.value.mark)
                    if let fonts = options.fonts { try checkCoverage(pieces, font: font, mark: column.value.mark, fonts: fonts) }
                    cells.append(pieces.map(\.text).joined())
                } catch {
                    if case .record(let record) = item, let origin = record.origin {
                        var located = error
                        located.record = "row \(index + 1), \(origin)"
                        throw located
                    }
                    throw error.inRow(index + 1, of: table.rows.source)
                }
            }
            rowScopes.append(rowScope)
            bodyRows.append(TableRow(cells))
        }
        func summary(_ row: [FlowTable.Cell], scope: TemplateScope) throws(TemplateError) -> TableRow {
            var cells: [TableCell] = []
            for cell in row {
                let text = try cell.text.map { text throws(TemplateError) in try self.text(text, scope: scope) } ?? ""
                cells.append(TableCell(text, span: cell.span, alignment: cell.alignment, style: cell.style))
            }
            return TableRow(cells: cells, kind: .summary)
        }
        var sections: [(heading: String?, rows: [TableRow])] = []
        if let group = table.group {
            var order: [String] = []
            var members: [String: [Int]] = [:]
            var keys: [String: TemplateValue] = [:]
            for index in items.indices {
                let key = try evaluate(group.key, scope: rowScopes[index], mark: table.mark)
                let text = key.text ?? ""
                if members[text] == nil { order.append(text); keys[text] = key }
                members[text, default: []].append(index)
            }
            let preferred = group.order.filter { members[$0] != nil }
            for key in preferred + order.filter({ !preferred.contains($0) }) {
                let indices = members[key] ?? []
                let record = TemplateValue.record(TemplateRecord([
                    ("key", keys[key] ?? .text(key)), ("rows", .list(indices.map { items[$0] })),
                    ("count", .int(indices.count)),
                ]))
                let groupScope = scope.adding(["group": record])
                var rows = indices.map { bodyRows[$0] }
                if let subtotal = group.subtotal { rows.append(try summary(subtotal, scope: groupScope)) }
                sections.append((try group.heading.map { text throws(TemplateError) in
                    try self.text(text, scope: groupScope) }, rows))
            }
        } else {
            sections.append((nil, bodyRows))
        }
        var footer: [TableRow] = []
        for row in table.footer { footer.append(try summary(row, scope: scope)) }
        let fitRows = sections.flatMap(\.rows) + footer
        let zebra = table.zebra ? ReportStyle.Role.zebra : nil
        var blocks: [ReportBlock] = []
        if table.group == nil {
            return [.table(Table(columns: columns, rows: bodyRows, footer: footer, size: table.size, zebraRole: zebra,
                                 showsHeader: table.showsHeader, fitRows: fitRows))]
        }
        for section in sections {
            if let heading = section.heading { blocks.append(.heading(Heading(heading, level: 2))) }
            blocks.append(.table(Table(columns: columns, rows: section.rows, size: table.size, zebraRole: zebra,
                                       showsHeader: table.showsHeader, fitRows: fitRows)))
        }
        if !footer.isEmpty {
            blocks.append(.table(Table(columns: columns, rows: [], footer: footer, size: table.size, zebraRole: zebra,
                                       showsHeader: false, fitRows: fitRows)))
        }
        return blocks
    }
}

extension TemplateError {
    /// The same error, said to come from row `row` (1-based) of the list `source`.
    func inRow(_ row: Int, of source: String) -> TemplateError {
        var copy = self
        copy.record = "row \(row) of `\(source)`"
        return copy
    }
}
