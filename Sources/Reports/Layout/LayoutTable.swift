import DrawingModule
import Support
import Typeset

/// A table with its column widths found and every cell broken into lines in its own font.
struct PreparedTable {
    /// One cell set for its width: its lines, font, alignment and colours.
    struct Cell {
        /// The first column it covers, and how many.
        var column: Int
        var span: Int
        var lines: [TextLine]
        /// The same lines set as styled runs, for a cell written with inline markup.
        var rich: [SetLine]?
        var font: LayoutFont
        var lineHeight: Double
        var alignment: ParagraphAlignment
        /// The role whose stroke colours the text, and the role whose fill paints the cell (nil: the row's fill).
        var textRole: String
        var fillRole: String?
        /// Where the cell is, for messages.
        var place: Place

        /// Where the cell is, for messages: `table 2, row 3, column "氏名"`.
        var location: String { place.description }

        var lineCount: Int { max(1, lines.count) }
    }

    /// A cell's table, row and column, spelt out only for a message: a report has a cell for every value.
    struct Place: CustomStringConvertible {
        enum Row {
            case header
            case body(Int)
            case footer(Int)
        }
        var table: Int
        var row: Row
        var column: String

        var description: String {
            let row =
                switch self.row {
                case .header: "header"
                case .body(let number): "row \(number)"
                case .footer(let number): "footer row \(number)"
                }
            return "table \(table), \(row), column \"\(column)\""
        }
    }

    struct Row {
        var cells: [Cell]
        var kind: TableRow.Kind
        /// The position among body rows, for zebra stripes; nil for summary, header and footer rows.
        var bodyIndex: Int?
        var isHeader = false
        /// The least height of the row's text: one line at the table's size.
        var minimumHeight: Double

        /// The height of the row's text: its tallest cell.
        var textHeight: Double {
            max(minimumHeight, cells.map { Double($0.lineCount) * $0.lineHeight }.max() ?? 0)
        }
    }

    /// What setting a row needs beside the engine: the table's text size, the least row height, and each text
    /// broken once per font and width (a column repeats its values row after row), forgotten past a bound.
    struct Setting {
        var size: Double
        var minimumHeight: Double
        var brokenLines: [LayoutEngine.CellText: [TextLine]] = [:]
    }

    var index: Int
    var table: Table
    var widths: [Double]
    var header: Row?
    /// The first body row, set ahead for the height a table needs to start on a page; the others are set as they
    /// are placed, so a long table never holds its set rows.
    var firstRow: Row?
    var footer: [Row]
    var setting: Setting

    func height(of row: Row) -> Double { row.textHeight + 2 * table.padding }
    var headerHeight: Double { header.map(height(of:)) ?? 0 }
    var leadHeight: Double { headerHeight + ((firstRow ?? footer.first).map(height(of:)) ?? 0) }
    /// The height of every footer row together: they go on one page.
    var footerHeight: Double { footer.map(height(of:)).reduce(0, +) }
    var totalWidth: Double { widths.reduce(0, +) }

    /// The left edge of `column`, from the table's left edge.
    func offset(ofColumn column: Int) -> Double { widths[..<column].reduce(0, +) }
    /// The width of the columns `cell` covers.
    func width(of cell: Cell) -> Double { widths[cell.column..<(cell.column + cell.span)].reduce(0, +) }
}

extension LayoutEngine {
    mutating func prepareTable(_ table: Table, index: Int) throws(ReportError) -> PreparedTable {
        let size = table.size ?? style.tableSize
        guard table.padding.isFinite, table.padding >= 0 else {
            throw .invalidNumber(what: "table \(index)'s padding", value: table.padding, rule: "0 pt or more")
        }
        let columns = table.columns
        let allRows = table.rows + table.footer
        for (number, row) in allRows.enumerated() {
            if number % 1024 == 0 { try checkDeadline() }
            for (position, cell) in row.cells.enumerated() where cell.span < 1 {
                let label =
                    number < table.rows.count ? "row \(number + 1)" : "footer row \(number - table.rows.count + 1)"
                throw .invalidNumber(
                    what: "table \(index), \(label), cell \(position + 1)'s span",
                    value: Double(cell.span), rule: "a whole number of columns, 1 or more")
            }
            let covered = row.cells.reduce(0) { $0 + $1.span }
            if covered != columns.count {
                throw .rowShape(table: index, row: number + 1, cells: covered, columns: columns.count)
            }
        }
        let widths = try columnWidths(table, index: index, size: size)
        var prepared = PreparedTable(
            index: index, table: table, widths: widths, header: nil, firstRow: nil, footer: [],
            setting: .init(size: size, minimumHeight: size * Self.lineSpacing))
        if table.showsHeader {
            let titles = TableRow(columns.map(\.title), kind: .summary)
            var cells: [PreparedTable.Cell] = []
            for (column, spec) in titles.cells.enumerated() {
                cells.append(
                    try setCell(
                        spec, column: column, row: titles, isHeader: true,
                        place: .init(table: index, row: .header, column: columns[column].title), in: &prepared))
            }
            prepared.header = .init(
                cells: cells, kind: .summary, bodyIndex: nil, isHeader: true,
                minimumHeight: prepared.setting.minimumHeight)
        }
        if let first = table.rows.first {
            prepared.firstRow = try setRow(
                first, place: .body(1), bodyIndex: first.kind == .body ? 0 : nil, in: &prepared)
        }
        for (number, spec) in table.footer.enumerated() {
            prepared.footer.append(try setRow(spec, place: .footer(number + 1), bodyIndex: nil, in: &prepared))
        }
        return prepared
    }

    /// The most broken texts a table remembers (`PreparedTable.Setting.brokenLines`) before forgetting them.
    static let keptBrokenTexts = 4096

    /// Sets one cell of `table`: its font from the row's kind and the styles, its lines broken across its width.
    mutating func setCell(
        _ cell: TableCell, column: Int, row: TableRow, isHeader: Bool, place: PreparedTable.Place,
        in table: inout PreparedTable
    ) throws(ReportError) -> PreparedTable.Cell {
        let columns = table.table.columns
        let look = row.style.overridden(by: cell.style)
        let font = try cellFont(
            look, emphasised: isHeader || row.kind == .summary, size: look.size ?? table.setting.size)
        let width = table.widths[column..<(column + cell.span)].reduce(0, +) - 2 * table.table.padding
        let alignment = cell.alignment ?? columns[column].alignment
        let textRole = look.role ?? (isHeader ? ReportStyle.Role.tableHeader : ReportStyle.Role.text)
        let key = CellText(
            text: cell.text, font: font.name, size: font.size, width: width, justified: alignment == .justified)
        var lines: [TextLine]
        if !key.justified,
            let unbroken = measuredWidths[CellText(text: cell.text, font: font.name, size: font.size, width: 0)]?
                .unbroken, unbroken.minimumWidth <= width
        {
            lines = [unbroken.line]
        } else if let known = table.setting.brokenLines[key] {
            lines = known
        } else {
            lines = LineBreaker(font: font, typesetting: style.typesetting).lines(
                for: cell.text, width: width, justified: key.justified)
            if table.setting.brokenLines.count >= Self.keptBrokenTexts { table.setting.brokenLines.removeAll() }
            table.setting.brokenLines[key] = lines
        }
        var rich: [SetLine]?
        if table.table.markup && !isHeader && InlineMarkup.holdsMarkup(cell.text) {
            let aligned = alignment.textAlignment
            let base = TextRun("", font: font.name, size: font.size, color: try slot(textRole).stroke)
            do {
                let set = try markupSetter().lines(
                    InlineMarkup(base: base).runs(markup: cell.text),
                    width: width, alignment: aligned, typesetting: style.typesetting, field: place.description)
                rich = set
                lines = set.map { TextLine(text: $0.text, width: 0, endsParagraph: false) }
            } catch {
                throw Self.failure(setting: error, font: font.name)
            }
        }
        return .init(
            column: column, span: cell.span, lines: lines, rich: rich, font: font,
            lineHeight: font.size * Self.lineSpacing, alignment: alignment, textRole: textRole,
            fillRole: look.fill, place: place)
    }

    /// Sets one row of `table` (the `bodyIndex`th body row, for zebra stripes).
    mutating func setRow(
        _ row: TableRow, place: PreparedTable.Place.Row, bodyIndex: Int?, in table: inout PreparedTable
    ) throws(ReportError) -> PreparedTable.Row {
        var cells: [PreparedTable.Cell] = []
        var column = 0
        for spec in row.cells {
            cells.append(
                try setCell(
                    spec, column: column, row: row, isHeader: false,
                    place: .init(table: table.index, row: place, column: table.table.columns[column].title),
                    in: &table))
            column += spec.span
        }
        return .init(
            cells: cells, kind: row.kind, bodyIndex: bodyIndex, minimumHeight: table.setting.minimumHeight)
    }

    /// Line height of table text as a multiple of its size.
    static var lineSpacing: Double { 1.4 }

    /// The face a cell is set in: the heading font for header and summary rows and the body font elsewhere,
    /// unless the style asks for a weight — bold is the body font's bold face, regular the body font.
    private mutating func cellFont(_ look: CellStyle, emphasised: Bool, size: Double) throws(ReportError) -> LayoutFont
    {
        let name: String
        switch look.weight {
        case nil:
            name = emphasised ? style.headingFont : style.bodyFont
        case .regular:
            name = style.bodyFont
        case .bold:
            do {
                name = try fonts.fontName(family: style.bodyFont, weight: .bold)
            } catch {
                throw .font(name: style.bodyFont + "-bold", reason: error.description)
            }
        }
        return try font(name, size: size)
    }

    /// Fixed columns get their width, fitted ones their widest line (shrunk together when the sum is too wide),
    /// fractions share what is left. No column is narrower than two characters plus padding. Cells spanning
    /// several columns do not widen fitted columns.
    private mutating func columnWidths(_ table: Table, index: Int, size: Double) throws(ReportError) -> [Double] {
        let fit = ColumnFit(
            columns: table.columns, rows: table.fitRows ?? (table.rows + table.footer), size: size,
            padding: table.padding, showsHeader: table.showsHeader)
        if let last = lastColumnWidths, last.fit == fit { return last.widths }
        let widths = try fittedColumnWidths(table, index: index, size: size)
        lastColumnWidths = (fit, widths)
        return widths
    }

    /// What a table's column widths are found from, besides the page and the style: the tables of a grouped
    /// listing share it (their `fitRows`, one array, compared by identity first).
    struct ColumnFit: Equatable {
        var columns: [TableColumn]
        var rows: [TableRow]
        var size: Double
        var padding: Double
        var showsHeader: Bool
    }

    /// `columnWidths(_:index:size:)`, found afresh.
    private mutating func fittedColumnWidths(
        _ table: Table, index: Int, size: Double
    ) throws(ReportError) -> [Double] {
        let available = page.contentWidth
        let bodyFont = try font(style.bodyFont, size: size)
        let minimum = 2 * bodyFont.size + 2 * table.padding
        var widths = [Double](repeating: 0, count: table.columns.count)
        var fixed = 0.0
        var fitted = 0.0
        var fractions = 0.0
        var natural = [Double](repeating: 0, count: table.columns.count)
        let measuredRows = table.fitRows ?? (table.rows + table.footer)
        for (column, spec) in table.columns.enumerated() {
            switch spec.width {
            case .fixed(let points):
                widths[column] = max(points, minimum)
                fixed += widths[column]
            case .fraction(let share):
                fractions += max(share, 0)
            case .fit:
                var widest = 0.0
                if table.showsHeader {
                    widest = widestLine(spec.title, font: try cellFont(.plain, emphasised: true, size: size))
                }
                for (number, row) in measuredRows.enumerated() {
                    if number % 64 == 0 { try checkDeadline() }
                    var start = 0
                    for cell in row.cells {
                        defer { start += cell.span }
                        guard start == column, cell.span == 1 else { continue }
                        let look = row.style.overridden(by: cell.style)
                        let font = try cellFont(look, emphasised: row.kind == .summary, size: look.size ?? size)
                        widest = max(widest, measuredWidth(cell.text, font: font))
                    }
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
        let left = max(
            0,
            available - fixed
                - widths.enumerated().filter { index, _ in
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

    /// The width of the longest line of `text` in `font`, measured once per report: the tables of a grouped
    /// listing measure the same rows (`fitRows`) for their columns to line up, and a column repeats its values.
    /// A text measured once set on one line, the line kept for cells wide enough to set it whole.
    private mutating func measuredWidth(_ text: String, font: LayoutFont) -> Double {
        let key = CellText(text: text, font: font.name, size: font.size, width: 0)
        if let known = measuredWidths[key] { return known.widest }
        let measured: MeasuredText
        if let unbroken = LineBreaker(font: font, typesetting: style.typesetting).unbrokenLine(for: text) {
            measured = MeasuredText(widest: unbroken.line.width, unbroken: unbroken)
        } else {
            measured = MeasuredText(widest: widestLine(text, font: font), unbroken: nil)
        }
        measuredWidths[key] = measured
        return measured.widest
    }

    /// A cell text's widest line, and its one line when it has no line break (`LineBreaker.unbrokenLine(for:)`).
    struct MeasuredText {
        var widest: Double
        var unbroken: (line: TextLine, minimumWidth: Double)?
    }

    /// A cell's text in a font (by logical name and size) set in a width: what its lines and widths depend on.
    ///
    /// Texts and fonts are told apart by their UTF-8 bytes, through a digest of them taken once (`utf8Digest`): a
    /// report looks a cache up for every cell, and a lookup compares its key with every key it probes.
    struct CellText: Hashable {
        let text: String
        let font: String
        let size: Double
        let width: Double
        let justified: Bool
        private let digest: UInt64

        init(text: String, font: String, size: Double, width: Double, justified: Bool = false) {
            self.text = text
            self.font = font
            self.size = size
            self.width = width
            self.justified = justified
            digest = font.utf8Digest(continuing: text.utf8Digest())
        }

        static func == (left: CellText, right: CellText) -> Bool {
            left.digest == right.digest && left.size == right.size && left.width == right.width
                && left.justified == right.justified && left.text.hasSameUTF8(as: right.text)
                && left.font.hasSameUTF8(as: right.font)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(digest)
            hasher.combine(size)
            hasher.combine(width)
            hasher.combine(justified)
        }
    }

    /// The width of the longest line of `text` set on one line each, with the spacing rules it will be set with.
    private func widestLine(_ text: String, font: LayoutFont) -> Double {
        LineBreaker(font: font, typesetting: style.typesetting).lines(for: text, width: .infinity).map(\.width).max()
            ?? 0
    }

    mutating func placeTable(_ prepared: PreparedTable) throws(ReportError) {
        var table = prepared
        try ensureRoom(min(table.leadHeight, fullHeight))
        openSpan(.role(StructureRole(.table)))
        defer { closeSpan() }
        try drawHeader(table)
        var bodyCount = 0
        for (index, spec) in table.table.rows.enumerated() {
            if index % 64 == 0, let deadline = report.deadline, deadline.hasPassed { throw .limit(deadline.exceeded) }
            let bodyIndex = spec.kind == .body ? bodyCount : nil
            if spec.kind == .body { bodyCount += 1 }
            let row =
                index == 0 && table.firstRow != nil
                ? table.firstRow!
                : try setRow(spec, place: .body(index + 1), bodyIndex: bodyIndex, in: &table)
            try placeRow(row, in: table)
        }
        if !table.footer.isEmpty {
            // The footer goes on one page when one page can hold it with the header.
            let needed = table.footerHeight
            if needed > remaining + 1e-9 && needed <= fullHeight - table.headerHeight && !atPageTop {
                try newPage()
                try drawHeader(table)
            }
            for row in table.footer {
                try placeRow(row, in: table)
            }
        }
        y += style.paragraphSpacing
    }

    /// Places a row whole, on a new page under the repeated header when it does not fit the rest of this one.
    private mutating func placeRow(_ row: PreparedTable.Row, in table: PreparedTable) throws(ReportError) {
        let height = table.height(of: row)
        if height > remaining + 1e-9 {
            if height <= fullHeight - table.headerHeight {
                try newPage()
                try drawHeader(table)
            } else {
                try placeSplitRow(row, in: table)
                return
            }
        }
        try drawRow(row, in: table, lines: row.cells.map { 0..<$0.lines.count }, height: height)
    }

    /// A row taller than a page: as many of each cell's lines as fit on each page, the header repeated above each
    /// part.
    private mutating func placeSplitRow(_ row: PreparedTable.Row, in table: PreparedTable) throws(ReportError) {
        let padding = table.table.padding
        var starts = [Int](repeating: 0, count: row.cells.count)
        func pending() -> Bool { zip(starts, row.cells).contains { $0 < $1.lines.count } }
        func fitting(_ cell: PreparedTable.Cell) -> Int {
            Int(roundedClamping: (remaining - 2 * padding) / cell.lineHeight + 1e-9, .down)
        }
        while pending() {
            let waiting = row.cells.indices.filter { starts[$0] < row.cells[$0].lines.count }
            if waiting.contains(where: { fitting(row.cells[$0]) < 1 }) {
                try newPage()
                try drawHeader(table)
            }
            let ranges = row.cells.indices.map { index in
                let cell = row.cells[index]
                return starts[index]..<min(cell.lines.count, starts[index] + max(1, fitting(cell)))
            }
            let textHeight = zip(ranges, row.cells).map { Double($0.count) * $1.lineHeight }.max() ?? 0
            try drawRow(row, in: table, lines: ranges, height: max(row.minimumHeight, textHeight) + 2 * padding)
            starts = ranges.map(\.upperBound)
            if pending() {
                try newPage()
                try drawHeader(table)
            }
        }
    }

    private mutating func drawHeader(_ table: PreparedTable) throws(ReportError) {
        guard let header = table.header else { return }
        try drawRow(header, in: table, lines: header.cells.map { 0..<$0.lines.count }, height: table.headerHeight)
    }

    /// Draws the given lines of each cell of `row` in a band `height` high at `y`, then moves `y` below it.
    private mutating func drawRow(
        _ row: PreparedTable.Row, in table: PreparedTable, lines: [Range<Int>],
        height: Double
    ) throws(ReportError) {
        let left = page.margins.left
        let padding = table.table.padding
        let fillRole: String? =
            row.isHeader
            ? ReportStyle.Role.tableHeader
            : row.kind == .summary
                ? ReportStyle.Role.summary
                : row.bodyIndex.map { $0 % 2 == 1 ? table.table.zebraRole : nil } ?? nil
        var commands: [Drawing.Command] = []
        func fill(_ role: String, _ rect: Rect) throws(ReportError) {
            let slot = try slot(role)
            commands.append(
                .rect(
                    .init(
                        rect: rect, paint: .fill, lineWidth: 0, stroke: slot.stroke, fill: slot.fill,
                        slot: .role(role))))
        }
        if let fillRole {
            try fill(fillRole, Rect(x: left, y: y, width: table.totalWidth, height: height))
        }
        for (index, cell) in row.cells.enumerated() {
            // Each cell's fill and lines are its element of the row: a header row's cells are header cells.
            let cellStart = commands.count
            defer {
                let cellCommands = Array(commands[cellStart...])
                commands.replaceSubrange(
                    cellStart...,
                    with: [
                        .group(
                            .init(
                                commands: cellCommands,
                                role: StructureRole(
                                    row.isHeader ? .tableHeaderCell : .tableDataCell,
                                    columnSpan: cell.span > 1 ? cell.span : nil)))
                    ])
            }
            let x = left + table.offset(ofColumn: cell.column)
            let width = table.width(of: cell)
            let frame = Rect(x: x, y: y, width: width, height: height)
            if let role = cell.fillRole { try fill(role, frame) }
            let alignment: ParagraphAlignment = cell.alignment == .justified ? .left : cell.alignment
            let inset = (cell.lineHeight - cell.font.glyphHeight) / 2
            for (offset, lineIndex) in lines[index].enumerated() {
                if let set = cell.rich?[lineIndex] {
                    let top = y + padding + Double(offset) * cell.lineHeight + (cell.lineHeight - set.height) / 2
                    commands += set.commands.map { $0.moved(x: x + padding, y: top) }
                    record(
                        PlacedText(
                            pageIndex: pageIndex, text: set.text,
                            frame: Rect(
                                x: x + padding, y: top, width: width - 2 * padding,
                                height: set.height),
                            container: frame, region: .cell))
                    continue
                }
                let top = y + padding + Double(offset) * cell.lineHeight + inset
                try drawLine(
                    cell.lines[lineIndex], font: cell.font, alignment: alignment, x: x + padding, top: top,
                    boxWidth: width - 2 * padding, role: cell.textRole, container: frame, region: .cell,
                    location: cell.location, into: &commands)
            }
        }
        let rule = try slot(ReportStyle.Role.rule).stroke
        commands.append(
            .line(
                .init(
                    color: rule, width: row.isHeader ? 0.75 : 0.25, from: Point(x: left, y: y + height),
                    to: Point(x: left + table.totalWidth, y: y + height),
                    slot: .role(ReportStyle.Role.rule))))
        pages[pageIndex].append(.group(.init(commands: commands, role: StructureRole(.tableRow))))
        y += height
        atPageTop = false
    }
}
