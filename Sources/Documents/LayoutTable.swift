import Typeset
import Drawing

/// A table with its column widths found and every cell broken into lines.
struct PreparedTable {
    struct Row {
        /// Each cell's lines.
        var cells: [[TextLine]]
        /// The lines of cells written with inline markup, set as styled runs, by column (their `cells` entry holds
        /// the same lines' text, for counting).
        var rich: [Int: [SetLine]] = [:]
        var kind: TableRow.Kind
        /// The position among body rows, for zebra stripes; nil for summary rows.
        var bodyIndex: Int?
        /// 1-based row number for messages.
        var number: Int
        var lineCount: Int { cells.map(\.count).max() ?? 1 }
    }

    var index: Int
    var table: Table
    var widths: [Double]
    var header: Row?
    var rows: [Row]
    var bodyFont: LayoutFont
    var boldFont: LayoutFont
    var lineHeight: Double

    func height(lines: Int) -> Double { Double(max(1, lines)) * lineHeight + 2 * table.padding }
    var headerHeight: Double { header.map { height(lines: $0.lineCount) } ?? 0 }
    var leadHeight: Double { headerHeight + (rows.first.map { height(lines: $0.lineCount) } ?? 0) }
    var totalWidth: Double { widths.reduce(0, +) }
}

extension LayoutEngine {
    mutating func prepareTable(_ table: Table, index: Int) throws(ReportError) -> PreparedTable {
        let size = table.size ?? style.tableSize
        guard table.padding.isFinite, table.padding >= 0 else {
            throw .invalidNumber(what: "table \(index)'s padding", value: table.padding, rule: "0 pt or more")
        }
        let bodyFont = try font(style.bodyFont, size: size)
        let boldFont = try font(style.headingFont, size: size)
        let columns = table.columns
        for (number, row) in table.rows.enumerated() where row.cells.count != columns.count {
            throw .rowShape(table: index, row: number + 1, cells: row.cells.count, columns: columns.count)
        }
        let widths = try columnWidths(table, index: index, bodyFont: bodyFont, boldFont: boldFont)
        func lines(_ text: String, column: Int, font: LayoutFont) -> [TextLine] {
            LineBreaker(font: font).lines(for: text, width: widths[column] - 2 * table.padding)
        }
        let header = table.showsHeader
            ? PreparedTable.Row(cells: columns.indices.map { lines(columns[$0].title, column: $0, font: boldFont) },
                                kind: .summary, bodyIndex: nil, number: 0)
            : nil
        var bodyCount = 0
        var rows: [PreparedTable.Row] = []
        rows.reserveCapacity(table.rows.count)
        let textColor = try slot(ReportStyle.Role.text).stroke
        for (number, row) in table.rows.enumerated() {
            let font = row.kind == .summary ? boldFont : bodyFont
            var cells = row.cells.indices.map { lines(row.cells[$0], column: $0, font: font) }
            var rich: [Int: [SetLine]] = [:]
            for (column, text) in row.cells.enumerated() where table.markup && InlineMarkup.holdsMarkup(text) {
                let spec = columns[column]
                let alignment: TextAlignment = switch spec.alignment {
                case .left, .justified: .left
                case .center: .center
                case .right: .right
                }
                let base = TextRun("", font: font.name, size: size, color: textColor)
                let location = "table \(index), row \(number + 1), column \"\(spec.title)\""
                do {
                    let set = try TextBoxSetter(fonts: fonts).lines(InlineMarkup(base: base).runs(markup: text),
                                                                    width: widths[column] - 2 * table.padding,
                                                                    alignment: alignment, field: location)
                    rich[column] = set
                    cells[column] = set.map { TextLine(text: $0.text, width: 0, endsParagraph: false, pieces: []) }
                } catch {
                    throw .font(name: font.name, reason: error.description)
                }
            }
            var bodyIndex: Int?
            if row.kind == .body {
                bodyIndex = bodyCount
                bodyCount += 1
            }
            rows.append(.init(cells: cells, rich: rich, kind: row.kind, bodyIndex: bodyIndex, number: number + 1))
        }
        return PreparedTable(index: index, table: table, widths: widths, header: header, rows: rows,
                             bodyFont: bodyFont, boldFont: boldFont, lineHeight: size * 1.4)
    }

    /// Fixed columns get their width, fitted ones their widest line (shrunk together when the sum is too wide),
    /// fractions share what is left. No column is narrower than two characters plus padding.
    private func columnWidths(_ table: Table, index: Int, bodyFont: LayoutFont,
                              boldFont: LayoutFont) throws(ReportError) -> [Double] {
        let available = page.contentWidth
        let minimum = 2 * bodyFont.size + 2 * table.padding
        var widths = [Double](repeating: 0, count: table.columns.count)
        var fixed = 0.0
        var fitted = 0.0
        var fractions = 0.0
        var natural = [Double](repeating: 0, count: table.columns.count)
        for (column, spec) in table.columns.enumerated() {
            switch spec.width {
            case .fixed(let points):
                widths[column] = max(points, minimum)
                fixed += widths[column]
            case .fraction(let share):
                fractions += max(share, 0)
            case .fit:
                var widest = table.showsHeader ? widestLine(spec.title, font: boldFont) : 0
                for row in table.fitRows ?? table.rows where row.cells.indices.contains(column) {
                    widest = max(widest, widestLine(row.cells[column], font: row.kind == .summary ? boldFont : bodyFont))
                }
                natural[column] = max(widest + 2 * table.padding, minimum)
                fitted += natural[column]
            }
        }
        let fractionColumns = table.columns.filter { if case .fraction = $0.width { true } else { false } }.count
        let reserved = Double(fractionColumns) * minimum
        guard fixed + reserved <= available + 1e-6 else {
            throw .columnsTooWide(table: index, needed: fixed + reserved, available: available)
        }
        let fitScale = fitted > 0 ? min(1, (available - fixed - reserved) / fitted) : 1
        for (column, spec) in table.columns.enumerated() {
            if case .fit = spec.width { widths[column] = max(minimum, natural[column] * fitScale) }
        }
        let left = max(0, available - fixed - widths.enumerated().filter { index, _ in
            if case .fit = table.columns[index].width { true } else { false }
        }.map(\.1).reduce(0, +))
        for (column, spec) in table.columns.enumerated() {
            if case .fraction(let share) = spec.width {
                widths[column] = fractions > 0 ? max(minimum, left * max(share, 0) / fractions) : minimum
            }
        }
        // Minimums can push the sum past the body: take the excess from the widest columns.
        var excess = widths.reduce(0, +) - available
        while excess > 1e-6 {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > minimum else {
                throw .columnsTooWide(table: index, needed: widths.reduce(0, +), available: available)
            }
            let cut = min(excess, widths[widest] - minimum)
            widths[widest] -= cut
            excess -= cut
        }
        return widths
    }

    private func widestLine(_ text: String, font: LayoutFont) -> Double {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { font.width(of: $0) }.max() ?? 0
    }

    mutating func placeTable(_ table: PreparedTable) throws(ReportError) {
        ensureRoom(min(table.leadHeight, fullHeight))
        try drawHeader(table)
        for row in table.rows {
            let height = table.height(lines: row.lineCount)
            if height > remaining + 1e-9 {
                if height <= fullHeight - table.headerHeight {
                    newPage()
                    try drawHeader(table)
                } else {
                    try placeSplitRow(row, in: table)
                    continue
                }
            }
            try drawRow(row, in: table, lines: row.cells.map { 0..<$0.count }, height: height)
        }
        y += style.paragraphSpacing
    }

    /// A row taller than a page: as many of its lines as fit on each page, the header repeated above each part.
    private mutating func placeSplitRow(_ row: PreparedTable.Row, in table: PreparedTable) throws(ReportError) {
        var starts = [Int](repeating: 0, count: row.cells.count)
        while zip(starts, row.cells).contains(where: { $0 < $1.count }) {
            var fitting = Int(((remaining - 2 * table.table.padding) / table.lineHeight + 1e-9).rounded(.down))
            if fitting < 1 {
                newPage()
                try drawHeader(table)
                fitting = max(1, Int(((remaining - 2 * table.table.padding) / table.lineHeight + 1e-9).rounded(.down)))
            }
            let ranges = zip(starts, row.cells).map { start, lines in start..<min(lines.count, start + fitting) }
            let taken = ranges.map(\.count).max() ?? 1
            try drawRow(row, in: table, lines: ranges, height: table.height(lines: taken))
            starts = ranges.map(\.upperBound)
            if zip(starts, row.cells).contains(where: { $0 < $1.count }) {
                newPage()
                try drawHeader(table)
            }
        }
    }

    private mutating func drawHeader(_ table: PreparedTable) throws(ReportError) {
        guard let header = table.header else { return }
        try drawRow(header, in: table, lines: header.cells.map { 0..<$0.count }, height: table.headerHeight,
                    isHeader: true)
    }

    /// Draws the given lines of each cell of `row` in a band `height` high at `y`, then moves `y` below it.
    private mutating func drawRow(_ row: PreparedTable.Row, in table: PreparedTable, lines: [Range<Int>],
                                  height: Double, isHeader: Bool = false) throws(ReportError) {
        let left = page.margins.left
        let padding = table.table.padding
        let fillRole: String? = isHeader ? ReportStyle.Role.tableHeader
            : row.kind == .summary ? ReportStyle.Role.summary
            : row.bodyIndex.map { $0 % 2 == 1 ? table.table.zebraRole : nil } ?? nil
        var commands: [Drawing.Command] = []
        if let fillRole {
            let fill = try slot(fillRole)
            commands.append(.rect(.init(rect: Rect(x: left, y: y, width: table.totalWidth, height: height),
                                        paint: .fill, lineWidth: 0, stroke: fill.stroke, fill: fill.fill,
                                        slot: .role(fillRole))))
        }
        let font = isHeader || row.kind == .summary ? table.boldFont : table.bodyFont
        let textRole = isHeader ? ReportStyle.Role.tableHeader : ReportStyle.Role.text
        let inset = (table.lineHeight - font.glyphHeight) / 2
        var x = left
        for (column, cellLines) in row.cells.enumerated() {
            let width = table.widths[column]
            let cell = Rect(x: x, y: y, width: width, height: height)
            let spec = table.table.columns[column]
            let alignment: ParagraphAlignment = spec.alignment == .justified ? .left : spec.alignment
            for (offset, lineIndex) in lines[column].enumerated() {
                if let set = row.rich[column]?[lineIndex] {
                    let top = y + padding + Double(offset) * table.lineHeight + (table.lineHeight - set.height) / 2
                    commands += set.commands.map { $0.moved(x: x + padding, y: top) }
                    placed.append(PlacedText(pageIndex: pageIndex, text: set.text,
                                             frame: Rect(x: x + padding, y: top, width: width - 2 * padding,
                                                         height: set.height),
                                             container: cell, region: .cell))
                    continue
                }
                let top = y + padding + Double(offset) * table.lineHeight + inset
                try drawLine(cellLines[lineIndex], font: font, alignment: alignment, x: x + padding, top: top,
                             boxWidth: width - 2 * padding, role: textRole, container: cell, region: .cell,
                             location: isHeader ? "table \(table.index), header, column \"\(spec.title)\""
                                 : "table \(table.index), row \(row.number), column \"\(spec.title)\"",
                             into: &commands)
            }
            x += width
        }
        let rule = try slot(ReportStyle.Role.rule).stroke
        commands.append(.line(.init(color: rule, width: isHeader ? 0.75 : 0.25, from: Point(x: left, y: y + height),
                                    to: Point(x: left + table.totalWidth, y: y + height),
                                    slot: .role(ReportStyle.Role.rule))))
        pages[pageIndex] += commands
        y += height
        atPageTop = false
    }
}
