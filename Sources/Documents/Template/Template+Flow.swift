import DrawingModule
import Expressions
import Fonts
import Foundation
import Reports
import Support
import Typeset

extension Template {
    /// The flow set onto pages: the blocks evaluated with `scope` into a `Report` and laid out.
    func flowOutput(
        scope: TemplateScope, metadata: Document.Metadata,
        options: TemplateRenderOptions
    ) throws(TemplateError) -> ReportOutput {
        try flowOutput(
            try flowReport(scope: scope, metadata: metadata, options: options), scope: scope, options: options)
    }

    /// `report`, the flow's blocks, laid out with the template's header and footer on every page.
    func flowOutput(
        _ report: Report, scope: TemplateScope, options: TemplateRenderOptions
    ) throws(TemplateError) -> ReportOutput {
        // Header and footer are set for each page once the page count is known: `page` and `pages` are numbers
        // there (`{{ page > 1 and '（続き）' or '' }}`), and the first page may have its own (`firstPage:`).
        var failure: TemplateError?
        do {
            return try report.layout(fonts: options.fonts ?? .shared) { page, pages in
                do throws(TemplateError) {
                    return try self.bands(page: page, pages: pages, scope: scope)
                } catch {
                    failure = error
                    throw error
                }
            }
        } catch {
            throw failure ?? layoutFailure(error)
        }
    }

    /// A layout error as the template's: a budget as its limit, anything else as a layout problem of its kind.
    func layoutFailure(_ error: ReportError) -> TemplateError {
        if let limit = error.limitExceeded { return TemplateError(file: file, reason: .limit(limit)) }
        return TemplateError(file: file, reason: .layout(problem: error.description, kind: error.kind))
    }

    /// The flow's blocks evaluated with `scope` into a `Report`, counted against `elements-per-document`.
    func flowReport(
        scope: TemplateScope, metadata: Document.Metadata,
        options: TemplateRenderOptions
    ) throws(TemplateError) -> Report {
        var origins: [Int] = []
        return try flowReport(scope: scope, metadata: metadata, options: options, origins: &origins)
    }

    /// The flow's blocks evaluated into a `Report`, as above, and for each of the report's blocks the index of the
    /// item of `flow:` that made it (a `for` or a table with groups makes several).
    func flowReport(
        scope: TemplateScope, metadata: Document.Metadata,
        options: TemplateRenderOptions, origins: inout [Int]
    ) throws(TemplateError) -> Report {
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
        let style = ReportStyle(palette: merged, bodyFont: font, headingFont: font, typesetting: typesetting)
        var setup = PageSetup(width: size.width, height: size.height, margins: margins)
        setup.firstPageTop = furniture.firstPage?.top
        setup.firstPageBottom = furniture.firstPage?.bottom
        var report = Report(page: setup, template: PageTemplate(), style: style, metadata: metadata)
        var budget = ElementBudget(
            maximum: limits.elementsPerDocument, maximumImageBytes: limits.imageBytes, limit: "elements-per-document",
            what: "for loops and tables make the flow hold")
        budget.deadline = options.deadline
        report.deadline = options.deadline
        if let logo = furniture.headerLogo { try budget.addImage(logo, file: file, mark: nil) }
        var made: [ReportBlock] = []
        origins = []
        for (index, item) in flow.enumerated() {
            let blocks = try blocks([item], scope: scope, options: options, budget: &budget)
            made += blocks
            origins += repeatElement(index, count: blocks.count)
        }
        report.blocks = made
        return report
    }

    /// The header and footer of page `page` of `pages`, their expressions evaluated with both as numbers.
    func bands(page: Int, pages: Int, scope: TemplateScope) throws(TemplateError) -> PageTemplate {
        let scope = scope.adding(["page": .int(page), "pages": .int(pages)])
        let first = page == 1 ? furniture.firstPage : nil
        var header: [PageTemplate.Item] = []
        if let logo = furniture.headerLogo, first?.header == nil {
            header.append(.image(data: logo, height: 28, alignment: .right))
        }
        if let text = first?.header ?? furniture.header {
            let string = try self.text(text, scope: scope)
            if !string.isEmpty {
                header.append(.text(string, alignment: .left, size: 9))
                header.append(.rule(width: 0.5))
            }
        }
        var footer: [PageTemplate.Item] = []
        if let text = first?.footer ?? furniture.footer {
            let string = try self.text(text, scope: scope)
            if !string.isEmpty { footer = [.rule(width: 0.5), .text(string, alignment: .right, size: 8)] }
        }
        return PageTemplate(header: header, footer: footer)
    }

    private func blocks(
        _ flow: [FlowBlock], scope: TemplateScope,
        options: TemplateRenderOptions, budget: inout ElementBudget
    ) throws(TemplateError) -> [ReportBlock] {
        var blocks: [ReportBlock] = []
        for block in flow {
            switch block {
            case .loop, .condition: break
            default: try budget.add(1, file: file, mark: nil)
            }
            switch block {
            case .heading(let text, let level, let name):
                // A name that comes out empty for a record names nothing, as an element's `name:` does.
                let destination = try name.map { text throws(TemplateError) in
                    try self.text(text, scope: scope).trimmingCharacters(in: .whitespaces)
                }
                blocks.append(
                    .heading(
                        Heading(
                            try self.text(text, scope: scope), level: level,
                            name: destination?.isEmpty == false ? destination : nil)))
            case .paragraph(let text, let alignment, let size, let role, let weight):
                let string = try self.text(text, scope: scope)
                let markup = text.text.isLiteral && InlineMarkup.holdsMarkup(string)
                var face: String?
                if let weight {
                    do {
                        face = try (options.fonts ?? .shared).fontName(family: font, weight: weight)
                    } catch {
                        throw TemplateError(
                            file: file, line: text.mark?.line, column: text.mark?.column,
                            reason: .font(name: font, reason: error.description))
                    }
                }
                blocks.append(
                    .paragraph(
                        Paragraph(
                            string, alignment: alignment, font: face, size: size,
                            colorRole: role, markup: markup)))
            case .table(let table):
                blocks += try tables(table, scope: scope, options: options, budget: &budget)
            case .image(let data, let width, let alignment, let access):
                try budget.addImage(data, file: file, mark: nil)
                var image = ReportImage(data: data, width: width, alignment: alignment)
                image.source = access.mark
                if access.decorative {
                    image.role = .artifact
                } else if let alternative = access.alternative {
                    image.role = StructureRole(.figure, alternativeText: try text(alternative, scope: scope))
                }
                blocks.append(.image(image))
            case .chart(var element, let alignment):
                // Laid out (and checked) here at the width it gets, so a chart that does not fit names its line.
                let content = size.width - margins.left - margins.right
                let body = size.height - margins.top - margins.bottom
                let wanted = element.command.rect.size
                element.command.rect = Rect(
                    x: 0, y: 0, width: wanted.width == 0 ? content : min(wanted.width, content), height: wanted.height)
                guard wanted.height <= body else {
                    throw TemplateError(
                        file: file, line: element.mark?.line, column: element.mark?.column,
                        reason: .layout(
                            problem: ReportError.chartTooTall(
                                location: "the chart", height: wanted.height, available: body
                            ).description))
                }
                let command = try chartCommand(element, scope: scope, base: .zero, options: options, budget: &budget)
                blocks.append(.chart(ReportChart(command, alignment: alignment)))
            case .spacer(let height):
                blocks.append(.spacer(Spacer(height: height)))
            case .pageBreak:
                blocks.append(.pageBreak)
            case .contents(let title, let depth):
                let title = try title.map { text throws(TemplateError) in try self.text(text, scope: scope) }
                blocks.append(.tableOfContents(TableOfContents(title: title, depth: depth)))
            case .loop(let variable, let list, let body, let mark):
                let items = try items(list, scope: scope, mark: mark)
                for (index, item) in items.enumerated() {
                    try budget.checkDeadline(file: file, mark: mark)
                    blocks += try self.blocks(
                        body,
                        scope: scope.adding([
                            variable: item,
                            "loop": Self.loopRecord(index, count: items.count)
                        ]),
                        options: options, budget: &budget)
                }
            case .condition(let test, let then, let otherwise, let mark):
                try budget.checkDeadline(file: file, mark: mark)
                blocks += try self.blocks(
                    evaluate(test, scope: scope, mark: mark).isTruthy ? then : otherwise,
                    scope: scope, options: options, budget: &budget)
            }
        }
        return blocks
    }

    /// A table block as report tables: one per group (after its heading) or one in all, the summary rows after the
    /// body, every table fitted to all rows so the columns line up.
    private func tables(
        _ table: FlowTable, scope: TemplateScope,
        options: TemplateRenderOptions, budget: inout ElementBudget
    ) throws(TemplateError) -> [ReportBlock] {
        let items = try items(table.rows, scope: scope, mark: table.mark)
        let (cells, overflow) = items.count.multipliedReportingOverflow(by: max(1, table.columns.count))
        try budget.add(overflow ? Int.max : cells, file: file, mark: table.mark)
        let columns = table.columns.map { TableColumn($0.title, width: $0.width, alignment: $0.alignment) }
        var rowScopes: [TemplateScope] = []
        var bodyRows: [TableRow] = []
        var covered: Set<UTF8Text> = []
        for (index, item) in items.enumerated() {
            try budget.checkDeadline(file: file, mark: table.mark)
            let rowScope = scope.adding([table.variable: item, "loop": Self.loopRecord(index, count: items.count)])
            var cells: [String] = []
            for column in table.columns {
                do {
                    let pieces = try pieces(column.value.text, scope: rowScope, mark: column.value.mark)
                    if let fonts = options.fonts {
                        // A table repeats its values (names, ranks, prefectures): each text is checked once.
                        for piece in pieces where !covered.contains(UTF8Text(piece.text)) {
                            try checkCoverage([piece], font: font, mark: column.value.mark, fonts: fonts)
                            covered.insert(UTF8Text(piece.text))
                        }
                    }
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
                try budget.checkDeadline(file: file, mark: table.mark)
                let key = try evaluate(group.key, scope: rowScopes[index], mark: table.mark)
                let text = key.text ?? ""
                if members[text] == nil {
                    order.append(text)
                    keys[text] = key
                }
                members[text, default: []].append(index)
            }
            let preferred = group.order.filter { members[$0] != nil }
            for key in preferred + order.filter({ !preferred.contains($0) }) {
                try budget.checkDeadline(file: file, mark: table.mark)
                let indices = members[key] ?? []
                let record = TemplateValue.record(
                    TemplateRecord([
                        ("key", keys[key] ?? .text(key)), ("rows", .list(indices.map { items[$0] })),
                        ("count", .int(indices.count))
                    ]))
                let groupScope = scope.adding(["group": record])
                var rows = indices.map { bodyRows[$0] }
                if let subtotal = group.subtotal { rows.append(try summary(subtotal, scope: groupScope)) }
                sections.append(
                    (
                        try group.heading.map { text throws(TemplateError) in
                            try self.text(text, scope: groupScope)
                        }, rows
                    ))
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
            return [
                .table(
                    Table(
                        columns: columns, rows: bodyRows, footer: footer, size: table.size, zebraRole: zebra,
                        showsHeader: table.showsHeader, fitRows: fitRows))
            ]
        }
        for section in sections {
            if let heading = section.heading { blocks.append(.heading(Heading(heading, level: 2))) }
            blocks.append(
                .table(
                    Table(
                        columns: columns, rows: section.rows, size: table.size, zebraRole: zebra,
                        showsHeader: table.showsHeader, fitRows: fitRows)))
        }
        if !footer.isEmpty {
            blocks.append(
                .table(
                    Table(
                        columns: columns, rows: [], footer: footer, size: table.size, zebraRole: zebra,
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
