import Drawing
import Fonts
import Foundation

extension ReportTemplate {
    /// The report for `table`: a title heading, then one section per group (heading, table, subtotal row) or a
    /// single table, the header and footer of the template.
    ///
    /// Every column the template names is checked against the CSV first, and every field against the body font,
    /// so a bad input fails naming its CSV row and line rather than a table cell deep in the layout.
    /// - Parameters:
    ///   - table: the CSV records, one table row each.
    ///   - title: overrides the template's title; without either the CSV file's name is the title.
    ///   - style: fonts, sizes and colours of the report.
    ///   - fonts: the fonts the body text is checked against.
    /// - Throws: `ReportTemplateError`.
    public func report(for table: CSVTable, title: String? = nil, style: ReportStyle = ReportStyle(),
                       fonts: FontRegistry = .shared) throws(ReportTemplateError) -> Report {
        let templateName = file?.path ?? "(built-in)"
        func index(of column: String, key: String) throws(ReportTemplateError) -> Int {
            guard let index = table.columnIndex(named: column) else {
                throw .missingColumn(template: templateName, key: key, column: column, csv: table.source,
                                     available: table.columns)
            }
            return index
        }
        let columns = columns ?? table.columns.map { Column(column: $0) }
        var sources: [Int] = []
        for (number, column) in columns.enumerated() {
            sources.append(try index(of: column.column, key: "columns[\(number)].column"))
        }
        let groupIndex = try group.map { grouping throws(ReportTemplateError) in
            try index(of: grouping.column, key: "group.column")
        }
        let sortIndex = try sort.map { column throws(ReportTemplateError) in try index(of: column, key: "sort") }
        try checkGlyphs(table, columns: Set(sources + [groupIndex].compactMap { $0 }), font: style.bodyFont,
                        fonts: fonts)

        // Numbers are checked for every summed or formatted column up front.
        var numbers: [Int: [Int]] = [:]
        for (number, column) in columns.enumerated() where column.sum == true || column.format != nil {
            let source = sources[number]
            var values: [Int] = []
            for (row, fields) in table.rows.enumerated() {
                guard let value = Self.number(fields[source]) else {
                    throw .notANumber(csv: table.source, row: row + 1, line: table.lines[row], column: column.column,
                                      value: fields[source])
                }
                values.append(value)
            }
            numbers[source] = values
        }

        var order = Array(table.rows.indices)
        if let sortIndex {
            let keys = table.rows.map { $0[sortIndex] }
            let numeric = keys.compactMap(Self.number)
            if numeric.count == keys.count {
                order.sort { (numeric[$0], $0) < (numeric[$1], $1) }
            } else {
                order.sort { (keys[$0], $0) < (keys[$1], $1) }
            }
        }

        let tableColumns = columns.map { column in
            TableColumn(column.title ?? column.column, width: column.width.flatMap(Self.columnWidth) ?? .fit,
                        alignment: column.align ?? .left)
        }
        func cells(_ row: Int) -> [String] {
            columns.indices.map { number in
                let source = sources[number]
                let text = table.rows[row][source]
                return numbers[source].map { Self.format($0[row], as: columns[number].format) } ?? text
            }
        }
        func summary(_ label: String, rows: [Int]) -> TableRow {
            var values = [String](repeating: "", count: columns.count)
            values[0] = label
            for (number, column) in columns.enumerated() where column.sum == true {
                let total = rows.reduce(0) { $0 + (numbers[sources[number]]?[$1] ?? 0) }
                values[number] = Self.format(total, as: column.format ?? "number")
            }
            return TableRow(values, kind: .summary)
        }

        let reportTitle = title ?? self.title ?? URL(fileURLWithPath: table.source).deletingPathExtension()
            .lastPathComponent
        var report = Report(page: page.flatMap(Self.pageSetup) ?? .a4, template: try pageTemplate(), style: style,
                            metadata: Document.Metadata(title: reportTitle, author: author, subject: subtitle,
                                                        creator: "mkpdf report"))
        report.append(Heading(reportTitle, level: 1))
        if let subtitle { report.append(Paragraph(subtitle, colorRole: ReportStyle.Role.muted)) }
        report.append(Paragraph("\(table.rows.count) 件（\(table.source)）", size: 8, colorRole: ReportStyle.Role.muted))
        if let intro {
            report.append(Paragraph(intro, alignment: .justified, markup: InlineMarkup.holdsMarkup(intro)))
        }

        // Sections first, so every table can be fitted to all rows and summaries and the columns line up.
        var sections: [(heading: String?, rows: [TableRow])] = []
        if let grouping = group, let groupIndex {
            var groups: [String: [Int]] = [:]
            var seen: [String] = []
            for row in order {
                let key = table.rows[row][groupIndex]
                if groups[key] == nil { seen.append(key) }
                groups[key, default: []].append(row)
            }
            let preferred = (grouping.order ?? []).filter { groups[$0] != nil }
            for key in preferred + seen.filter({ !preferred.contains($0) }) {
                let rows = groups[key] ?? []
                let values = ["group": key, "count": "\(rows.count)"]
                let label = LayoutEngine.fill(grouping.subtotal ?? "小計 {{count}}", values)
                sections.append((LayoutEngine.fill(grouping.heading ?? "{{group}}", values),
                                 rows.map { TableRow(cells($0)) } + [summary(label, rows: rows)]))
            }
        } else {
            sections.append((nil, order.map { TableRow(cells($0)) }))
        }
        let totalRow = total.map { summary(LayoutEngine.fill($0, ["count": "\(table.rows.count)"]), rows: order) }
        let fitRows = sections.flatMap(\.rows) + [totalRow].compactMap { $0 }
        for section in sections {
            if let heading = section.heading { report.append(Heading(heading, level: 2)) }
            report.append(Table(columns: tableColumns, rows: section.rows, fitRows: fitRows))
        }
        if let totalRow {
            report.append(Table(columns: tableColumns, rows: [totalRow], showsHeader: false, fitRows: fitRows))
        }
        return report
    }

    /// Header (logo, title text, rule) and footer (rule, page numbers).
    private func pageTemplate() throws(ReportTemplateError) -> PageTemplate {
        var header: [PageTemplate.Item] = []
        if let logo {
            let base = file?.deletingLastPathComponent() ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let url = URL(fileURLWithPath: logo, relativeTo: base).standardizedFileURL
            do {
                header.append(.image(png: try Data(contentsOf: url), height: 28, alignment: .right))
            } catch {
                throw .logo(path: url.path, reason: (error as NSError).localizedDescription)
            }
        }
        header.append(.text(self.header ?? "{{title}}", alignment: .left, size: 9))
        header.append(.rule(width: 0.5))
        let footer: [PageTemplate.Item] = [.rule(width: 0.5),
                                           .text(self.footer ?? "{{page}} / {{pages}}", alignment: .right, size: 8)]
        return PageTemplate(header: header, footer: footer)
    }

    /// Fails on the first field of the used columns that no font of the body font's fallback chain can draw.
    private func checkGlyphs(_ table: CSVTable, columns: Set<Int>, font: String,
                             fonts: FontRegistry) throws(ReportTemplateError) {
        guard let chain = try? fonts.chain(named: font) else { return }  // the layout reports the font itself
        for (row, fields) in table.rows.enumerated() {
            for column in columns.sorted() {
                let coverage = FontCoverage(of: fields[column].filter { $0 != "\n" }, chain: chain)
                if let missing = coverage.missing.first {
                    throw .missingCharacter(csv: table.source, row: row + 1, line: table.lines[row],
                                            column: table.columns[column], character: String(missing.scalar),
                                            codePoint: missing.codePoint, font: font, tried: coverage.tried)
                }
            }
        }
    }

    /// `12000`, `12,000`, `¥12,000`, `￥12,000`, `-500` → the integer; nil for anything else.
    static func number(_ text: String) -> Int? {
        let cleaned = text.trimmingCharacters(in: .whitespaces)
            .filter { $0 != "," && $0 != "¥" && $0 != "￥" && $0 != "円" }
        return Int(cleaned)
    }

    /// `12000` → `¥12,000` (`yen`) or `12,000` (anything else).
    static func format(_ value: Int, as format: String?) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        let sign = value < 0 ? "-" : ""
        return format == "yen" ? sign + "¥" + grouped : sign + grouped
    }
}
