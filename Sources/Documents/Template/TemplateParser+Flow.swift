import DrawingModule
import Foundation
import Records
import Reports
import Support
import Typeset
import Yams

extension TemplateParser {
    /// The named styles of the template being read.
    final class StyleTable {
        var styles: [String: NamedStyle] = [:]
        /// The template's `typesetting:` rules: its flow's, and the default of its text boxes.
        var typesetting = Typesetting.standard
    }
}

/// The header and footer of a flowing document, and its metadata.
extension TemplateParser {
    static let flowKinds = [
        "heading", "paragraph", "table", "image", "chart", "spacer", "pageBreak", "toc", "for", "if"
    ]

    /// `signature: {page, x, y, w, h}`: where a signed PDF shows its signature field, placed like an element (points,
    /// top-left origin; `page` from 1, default 1). Unsigned output ignores it.
    func signatureField(_ top: Fields) throws(TemplateError) -> Document.SignatureField? {
        guard let node = top.value("signature") else { return nil }
        let f = try map(node, context: "signature", allowed: ["page", "x", "y", "w", "h"])
        return Document.SignatureField(
            page: try f.integer("page", default: 1, range: 1...Int(Int32.max)),
            rect: Rect(
                x: try f.number("x"), y: try f.number("y"), width: try f.number("w", positive: true),
                height: try f.number("h", positive: true)))
    }

    /// `pdfa: 1b | 2b | 3b | 2a | 3a` and `attach:`, a list of files (a path, or `{file, relationship, mimeType,
    /// description}`) read inside the root; attachments need part 3 (`pdfa: 3b` or `3a`). A `file` with `{{ }}` and
    /// a `{generate: rows | record | einvoice, name, format}` are made for each document (`generated`).
    func archive(_ top: Fields, generated: inout [DocumentAttachment]) throws(TemplateError) -> Document.Archive? {
        var level: Document.Archive.Level?
        if let node = top.value("pdfa") {
            let text = try scalar(node, key: "pdfa")
            guard let found = Document.Archive.Level(rawValue: text.lowercased()) else {
                throw error(node, .badValue(key: "pdfa", value: text, expected: "1b, 2b, 3b, 2a or 3a"))
            }
            level = found
        }
        guard let list = top.value("attach") else { return level.map { Document.Archive(level: $0) } }
        guard case .sequence(let items) = list else {
            throw error(list, .badValue(key: "attach", value: "not a list", expected: "a list of files"))
        }
        if let level, !level.carriesAttachments {
            throw error(
                list,
                .badValue(
                    key: "attach", value: "given with pdfa: \(level.rawValue)",
                    expected: "pdfa: 3b or 3a, the PDF/A part that carries attached files"))
        }
        var files: [Document.Archive.Attachment] = []
        for item in items {
            var path: String
            var fields: Fields?
            if item.scalar != nil {
                path = try scalar(item, key: "attach")
            } else {
                let f = try map(item, context: "attach", allowed: DocumentAttachment.keys)
                if let made = try documentAttachment(f, item: item) {
                    generated.append(made)
                    continue
                }
                guard let fileNode = f.value("file") else {
                    throw error(item, .missingKey(key: "file", context: "attach"))
                }
                path = try scalar(fileNode, key: "file")
                fields = f
            }
            if path.contains("{{") {
                generated.append(
                    DocumentAttachment(
                        content: .file(
                            try textTemplate(
                                item.scalar != nil ? item : fields?.value("file") ?? item,
                                key: "file"), base: baseURL.path, root: loading.root),
                        name: nil, relationship: try relationship(fields) ?? .data,
                        mimeType: try fields?.string("mimeType"), description: try fields?.string("description"),
                        mark: mark(item)))
                continue
            }
            let url = try resolve(item, path: path, element: "attach")
            try loading.checkFile(
                url, node: item, parser: self, element: "attach", maximum: loading.limits.dataFileBytes,
                limit: "data-file-bytes")
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw self.error(
                    item,
                    .badValue(key: "attach", value: path, expected: "a readable file (\(error.localizedDescription))"))
            }
            let name = url.lastPathComponent
            var file = Document.Archive.Attachment(
                name: name, data: data, mimeType: Document.Archive.Attachment.mimeType(forName: name))
            if let fields {
                if let relationship = try relationship(fields) { file.relationship = relationship }
                file.mimeType = try fields.string("mimeType") ?? file.mimeType
                file.description = try fields.string("description")
            }
            files.append(file)
        }
        return Document.Archive(level: level ?? .a3b, attachments: files)
    }

    /// An attachment's `relationship:`, or nil when it names none.
    func relationship(_ fields: Fields?) throws(TemplateError) -> Document.Archive.Attachment.Relationship? {
        guard let node = fields?.value("relationship") else { return nil }
        let text = try scalar(node, key: "relationship")
        guard let relationship = Document.Archive.Attachment.Relationship(rawValue: text) else {
            throw error(
                node,
                .badValue(
                    key: "relationship", value: text,
                    expected: Document.Archive.Attachment.Relationship.allCases.map(\.rawValue)
                        .joined(separator: ", ")))
        }
        return relationship
    }

    /// `title`, `author`, `subject`, `keywords` (text templates), `header` (text, or `{text, logo}`) and `footer`.
    func furniture(_ top: Fields, font: String) throws(TemplateError) -> FlowFurniture {
        var furniture = FlowFurniture()
        if let node = top.value("title") {
            furniture.title = MarkedText(text: try textTemplate(node, key: "title"), mark: mark(node))
        }
        for (key, path) in [("author", \FlowFurniture.author), ("subject", \.subject), ("keywords", \.keywords)] {
            if let node = top.value(key) {
                furniture[keyPath: path] = MarkedText(text: try textTemplate(node, key: key), mark: mark(node))
            }
        }
        furniture.archive = try archive(top, generated: &furniture.generatedAttachments)
        if !furniture.generatedAttachments.isEmpty, furniture.archive == nil {
            furniture.archive = Document.Archive(level: .a3b)
        }
        furniture.signatureField = try signatureField(top)
        furniture.flattensForms = try top.choice("flatten", default: Switch.no) == .yes
        furniture.pdfua = try top.choice("pdfua", default: Switch.no) == .yes
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
                if let logoNode = f.value("logo") {
                    furniture.headerLogo = try imageData(logoNode, key: "logo", element: "header.logo")
                }
            }
        }
        if let node = top.value("footer") {
            furniture.footer = MarkedText(text: try textTemplate(node, key: "footer"), mark: mark(node))
        }
        if let node = top.value("firstPage") {
            let f = try map(node, context: "firstPage", allowed: ["header", "footer", "margins"])
            var first = FlowFurniture.FirstPage()
            if let header = f.value("header") {
                first.header = MarkedText(text: try textTemplate(header, key: "header"), mark: mark(header))
            }
            if let footer = f.value("footer") {
                first.footer = MarkedText(text: try textTemplate(footer, key: "footer"), mark: mark(footer))
            }
            if let marginsNode = f.value("margins") {
                let m = try map(marginsNode, context: "firstPage.margins", allowed: ["top", "bottom"])
                if m.value("top") != nil { first.top = try length(m, "top") }
                if m.value("bottom") != nil { first.bottom = try length(m, "bottom") }
            }
            furniture.firstPage = first
        }
        return furniture
    }

    func flowBlocks(_ list: Node, key: String, palette: Palette, font: String) throws(TemplateError) -> [FlowBlock] {
        try loading.enter(list, parser: self)
        defer { loading.leave() }
        guard case .sequence(let sequence) = list else {
            throw error(
                list,
                .badValue(
                    key: key, value: list.described,
                    expected: "a list of blocks, each "
                        + "\"- kind: {…}\" (" + Self.flowKinds.joined(separator: ", ") + ")"))
        }
        var blocks: [FlowBlock] = []
        for item in sequence { blocks.append(try flowBlock(item, palette: palette, font: font)) }
        return blocks
    }

    private func flowBlock(_ item: Node, palette: Palette, font: String) throws(TemplateError) -> FlowBlock {
        if item.scalar?.string == "pageBreak" { return .pageBreak }
        let (kindNode, kind, body) = try kindAndBody(
            item, key: "flow",
            example: "each block is one key naming its kind with its settings, "
                + "e.g. \"- paragraph: {text: …}\"")
        switch kind {
        case "heading":
            if body.scalar != nil {
                return .heading(
                    MarkedText(text: try textTemplate(body, key: "heading"), mark: mark(body)), level: 1, name: nil)
            }
            let f = try map(body, context: "heading", allowed: ["text", "level", "name"])
            guard let textNode = f.value("text") else {
                throw error(body, .missingKey(key: "text", context: "heading"))
            }
            return .heading(
                MarkedText(text: try textTemplate(textNode, key: "text"), mark: mark(textNode)),
                level: try f.integer("level", default: 1, range: 1...3),
                name: try f.value("name").map { node throws(TemplateError) in
                    MarkedText(text: try textTemplate(node, key: "name"), mark: mark(node))
                })
        case "paragraph":
            if body.scalar != nil {
                return .paragraph(
                    MarkedText(
                        text: try markupTextTemplate(body, key: "paragraph", whenLiteral: true), mark: mark(body)),
                    alignment: .automatic, size: nil, role: ReportStyle.Role.text, weight: nil)
            }
            let f = try map(body, context: "paragraph", allowed: ["text", "style", "align", "size", "role", "weight"])
            guard let textNode = f.value("text") else {
                throw error(body, .missingKey(key: "text", context: "paragraph"))
            }
            let named = try namedStyle(f)
            if let named, named.cell.fill != nil, let node = f.value("style") {
                throw error(
                    node,
                    .badValue(
                        key: "style", value: "a style with fill",
                        expected: "a style without "
                            + "fill: a paragraph has no background (fill is for table cells)"))
            }
            let own = try cellStyle(f)
            return .paragraph(
                MarkedText(
                    text: try markupTextTemplate(textNode, key: "text", whenLiteral: true), mark: mark(textNode)),
                alignment: try f.value("align").map { _ throws(TemplateError) in
                    try f.choice("align", default: ParagraphAlignment.automatic)
                } ?? named?.alignment ?? .automatic,
                size: own.size ?? named?.cell.size,
                role: own.role ?? named?.cell.role ?? ReportStyle.Role.text,
                weight: own.weight ?? named?.cell.weight)
        case "table":
            return .table(try table(body))
        case "image":
            let f = try map(body, context: "image", allowed: ["file", "width", "align", "alt", "decorative"])
            guard let fileNode = f.value("file") else { throw error(body, .missingKey(key: "file", context: "image")) }
            var access = ImageAccess(mark: mark(body))
            access.decorative = try f.choice("decorative", default: Switch.no) == .yes
            if let node = f.value("alt") {
                guard !access.decorative else {
                    throw error(
                        node,
                        .badValue(
                            key: "alt", value: "given with decorative: true",
                            expected: "alt: for what a reader is told, or decorative: true for what a reader skips"))
                }
                access.alternative = MarkedText(text: try textTemplate(node, key: "alt"), mark: mark(node))
            }
            return .image(
                data: try imageData(fileNode, key: "file", element: "image"),
                width: try f.value("width").map { _ throws(TemplateError) in try length(f, "width") },
                alignment: try f.choice("align", default: ParagraphAlignment.left), access: access)
        case "chart":
            let (chart, alignment) = try flowChart(body, palette: palette, font: font)
            return .chart(chart, alignment: alignment)
        case "spacer":
            let text = try scalar(body, key: "spacer")
            guard let height = Paper.length(parsing: text), height >= 0, height <= Self.largestNumber else {
                throw error(
                    body,
                    .badValue(
                        key: "spacer", value: "\"\(text)\"",
                        expected: "a length such as 12 or 5mm, at most \(Int(Self.largestNumber)) pt"))
            }
            return .spacer(height)
        case "pageBreak":
            return .pageBreak
        case "toc":
            let f = try map(body, context: "toc", allowed: ["title", "depth"])
            return .contents(
                title: try f.value("title").map { node throws(TemplateError) in
                    MarkedText(text: try textTemplate(node, key: "title"), mark: mark(node))
                },
                depth: try f.integer("depth", default: 2, range: 1...3))
        case "for":
            let f = try map(body, context: "for", allowed: ["each", "in", "flow"])
            let (variable, list) = try loopHead(f, body: body)
            guard let bodyNode = f.value("flow") else { throw error(body, .missingKey(key: "flow", context: "for")) }
            names.layers.append([variable, "loop"])
            defer { names.layers.removeLast() }
            return .loop(
                variable: variable, list: list,
                blocks: try flowBlocks(bodyNode, key: "flow", palette: palette, font: font),
                mark: mark(body))
        case "if":
            let f = try map(body, context: "if", allowed: ["test", "then", "else"])
            guard let testNode = f.value("test") else { throw error(body, .missingKey(key: "test", context: "if")) }
            guard let thenNode = f.value("then") else { throw error(body, .missingKey(key: "then", context: "if")) }
            return .condition(
                test: try expression(testNode, key: "test"),
                then: try flowBlocks(thenNode, key: "then", palette: palette, font: font),
                otherwise: try f.value("else").map { node throws(TemplateError) in
                    try flowBlocks(node, key: "else", palette: palette, font: font)
                } ?? [],
                mark: mark(body))
        default:
            throw error(kindNode, .unknownElement(name: kind, known: Self.flowKinds))
        }
    }

    private func table(_ body: Node) throws(TemplateError) -> FlowTable {
        let f = try map(
            body, context: "table",
            allowed: [
                "rows", "each", "columns", "group", "footer", "header", "size",
                "zebra"
            ])
        guard let rowsNode = f.value("rows") else { throw error(body, .missingKey(key: "rows", context: "table")) }
        let rows = try expression(rowsNode, key: "rows")
        let variable = try f.string("each") ?? "row"
        guard DataFile.isValidName(variable) else {
            throw error(
                f.value("each"), .badValue(key: "each", value: "\"\(variable)\"", expected: "a name, e.g. item"))
        }
        guard let columnsNode = f.value("columns"), case .sequence(let columnNodes) = columnsNode, !columnNodes.isEmpty
        else {
            throw error(
                f.value("columns") ?? body,
                .missingKey(
                    key: "columns",
                    context: "table (a list of "
                        + "{title, value, width, align})"))
        }
        names.layers.append([variable, "loop"])
        var columns: [FlowTable.Column] = []
        for node in columnNodes {
            let c = try map(node, context: "column", allowed: ["title", "value", "width", "align"])
            guard let titleNode = c.value("title") else {
                throw error(node, .missingKey(key: "title", context: "column"))
            }
            let title = try scalar(titleNode, key: "title")
            if columns.contains(where: { $0.title == title }) {
                throw error(
                    titleNode,
                    .badValue(
                        key: "title", value: "\"\(title)\"",
                        expected: "column titles name "
                            + "the columns of summary rows, so each must be different"))
            }
            guard let valueNode = c.value("value") else {
                throw error(node, .missingKey(key: "value", context: "column"))
            }
            columns.append(
                .init(
                    title: title,
                    value: MarkedText(
                        text: try textTemplate(valueNode, key: "value"),
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
                    throw error(
                        orderNode, .badValue(key: "order", value: orderNode.described, expected: "a list of group keys")
                    )
                }
                for item in items { order.append(try scalar(item, key: "order")) }
            }
            names.layers.removeLast()
            names.layers.append(["group"])
            group = .init(
                key: key, order: order,
                heading: try g.value("heading").map { node throws(TemplateError) in
                    MarkedText(text: try textTemplate(node, key: "heading"), mark: mark(node))
                },
                subtotal: try g.value("subtotal").map { node throws(TemplateError) in
                    try summaryRow(node, columns: columns, key: "subtotal")
                })
        }
        names.layers.removeLast()
        var footer: [[FlowTable.Cell]] = []
        if let footerNode = f.value("footer") {
            guard case .sequence(let items) = footerNode else {
                throw error(
                    footerNode,
                    .badValue(
                        key: "footer", value: footerNode.described,
                        expected: "a list of rows, each {column title: cell} or {cells: [...]}"))
            }
            for item in items { footer.append(try summaryRow(item, columns: columns, key: "footer")) }
        }
        return FlowTable(
            rows: rows, variable: variable, columns: columns, group: group, footer: footer,
            showsHeader: try f.choice("header", default: Switch.yes) == .yes,
            size: try f.value("size").map { _ throws(TemplateError) in try f.number("size", positive: true) },
            zebra: try f.choice("zebra", default: Switch.yes) == .yes, mark: mark(body))
    }

    /// A summary row, in either form: column title → cell (columns not named stay empty; a cell's span covers the
    /// columns to its right, which may then not be named), or `cells:` a list of cells, left to right, covering
    /// every column once. A cell is a text, or `{text, span, align, weight, size, role, fill}`.
    private func summaryRow(_ node: Node, columns: [FlowTable.Column], key: String) throws(TemplateError) -> [FlowTable
        .Cell]
    {
        let titles = columns.map(\.title)
        let positional = !titles.contains("cells")
        let f = try map(
            node, context: key + " row (column titles" + (positional ? ", or cells)" : ")"),
            allowed: titles + (positional ? ["cells"] : []))
        if positional, let cellsNode = f.value("cells") {
            if let other = f.pairs.first(where: { $0.0 != "cells" }) {
                throw error(
                    other.1,
                    .badValue(
                        key: other.0, value: "a column title beside cells",
                        expected: "either "
                            + "cells: [...] or cells by column title, not both"))
            }
            guard case .sequence(let items) = cellsNode else {
                throw error(
                    cellsNode,
                    .badValue(
                        key: "cells", value: cellsNode.described,
                        expected: "a list of cells, "
                            + "each a text or {text, span, align, weight, size, role, fill}"))
            }
            var cells: [FlowTable.Cell] = []
            for item in items { cells.append(try cell(item, key: "cells", columns: columns.count)) }
            let covered = cells.reduce(0) { $0 + $1.span }
            guard covered == columns.count else {
                throw error(
                    cellsNode,
                    .badValue(
                        key: "cells", value: "cells covering \(covered) columns",
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
                    throw error(
                        pair.1,
                        .badValue(
                            key: titles[covered], value: "a cell",
                            expected: "nothing: the "
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
            return .init(
                text: MarkedText(text: try textTemplate(node, key: key), mark: mark(node)), span: 1,
                alignment: nil, style: .plain)
        }
        let c = try map(
            node, context: "cell",
            allowed: [
                "text", "span", "style", "align", "weight", "size", "role",
                "fill"
            ])
        guard let textNode = c.value("text") else { throw error(node, .missingKey(key: "text", context: "cell")) }
        let named = try namedStyle(c)
        return .init(
            text: MarkedText(text: try textTemplate(textNode, key: "text"), mark: mark(textNode)),
            span: try c.integer("span", default: 1, range: 1...max(1, columns)),
            alignment: try c.value("align").map { _ throws(TemplateError) in
                try c.choice("align", default: ParagraphAlignment.left)
            } ?? named?.alignment,
            style: (named?.cell ?? .plain).overridden(by: try cellStyle(c)))
    }

    /// The look keys written on a cell or paragraph itself: `weight`, `size`, `role`, `fill`.
    private func cellStyle(_ f: Fields) throws(TemplateError) -> CellStyle {
        CellStyle(
            weight: try f.value("weight").map { _ throws(TemplateError) in
                try f.choice("weight", default: FontWeight.regular)
            },
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
            guard DataFile.isValidName(name) else {
                throw error(
                    keyNode,
                    .badValue(
                        key: "styles", value: "\"\(name)\"",
                        expected: "a style name: a letter, "
                            + "then letters, digits, _ or -"))
            }
            let f = try map(value, context: "style \"\(name)\"", allowed: Self.styleKeys)
            styleTable.styles[name] = NamedStyle(
                cell: try cellStyle(f),
                alignment: try f.value("align").map { _ throws(TemplateError) in
                    try f.choice("align", default: ParagraphAlignment.left)
                })
        }
    }

    /// The named style a `style:` key names, nil without the key; an unknown name is an error with the nearest one.
    private func namedStyle(_ f: Fields) throws(TemplateError) -> NamedStyle? {
        guard let node = f.value("style") else { return nil }
        let name = try scalar(node, key: "style")
        guard let style = styleTable.styles[name] else {
            let known = styleTable.styles.keys.sorted()
            throw error(
                node,
                .badValue(
                    key: "style", value: "\"\(name)\"",
                    expected: known.isEmpty
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
        if text.hasSuffix("fr"), let share = Double(text.dropLast(2)), share >= Self.smallestPositiveNumber,
            share <= Self.largestNumber
        {
            return .fraction(share)
        }
        if let points = Paper.length(parsing: text), points > 0, points <= Self.largestNumber { return .fixed(points) }
        throw error(
            node,
            .badValue(
                key: "width", value: "\"\(text)\"",
                expected: "fit, a length (80, 30mm) or a "
                    + "share of the remaining width (1fr, 2fr), at most \(Int(Self.largestNumber))"))
    }
}
