import Typeset

/// How wide a table column is.
public enum ColumnWidth: Hashable, Sendable {
    /// Exactly this many points.
    case fixed(Double)
    /// A share of the width left after fixed and fitted columns, in proportion to the other fractions.
    case fraction(Double)
    /// As wide as its widest cell (header included) on one line, shrunk with the other fitted columns when the
    /// table would otherwise be wider than the page.
    case fit
}

/// One column of a table: its title, width and alignment.
public struct TableColumn: Hashable, Sendable {
    /// The header cell's text.
    public var title: String
    /// How the width is found.
    public var width: ColumnWidth
    /// Placement of the text in its cells (the header too).
    public var alignment: ParagraphAlignment

    /// Creates a column.
    public init(_ title: String, width: ColumnWidth = .fit, alignment: ParagraphAlignment = .left) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }
}

/// One body row of a table.
public struct TableRow: Hashable, Sendable {
    /// What the row is, which decides its fill and font.
    public enum Kind: String, Hashable, Sendable {
        /// A data row; alternate ones are filled with the zebra colour.
        case body
        /// A summary row (subtotal, total), filled with the subtotal colour and drawn in the heading font.
        case summary
    }

    /// The cell texts, one per column; a newline forces a line break inside the cell.
    public var cells: [String]
    /// Data or summary.
    public var kind: Kind

    /// Creates a row.
    public init(_ cells: [String], kind: Kind = .body) {
        self.cells = cells
        self.kind = kind
    }
}

/// A table whose header row is repeated on every page it spans; rows are kept whole unless a row is taller than a
/// page, which is then split between its lines.
public struct Table: Hashable, Sendable {
    /// The columns, left to right.
    public var columns: [TableColumn]
    /// The body rows, top to bottom.
    public var rows: [TableRow]
    /// The font size of cell text; nil uses the style's table size.
    public var size: Double?
    /// Space between a cell's edges and its text, in points.
    public var padding: Double
    /// The palette role alternate body rows are filled with, or nil for no zebra stripes.
    public var zebraRole: String?
    /// Whether the header row is drawn (and repeated).
    public var showsHeader: Bool
    /// The rows fitted columns are measured against instead of `rows`: give several tables the same rows here
    /// (every group's, say) and their columns line up from table to table.
    public var fitRows: [TableRow]?
    /// True when body cells hold inline markup (`**bold**`, `<u>…</u>`, ruby `｜漢字《かんじ》`) to be set as styled
    /// runs; false (the default, and always for data read from CSV) keeps every cell plain text.
    public var markup: Bool

    /// Creates a table.
    public init(columns: [TableColumn], rows: [TableRow], size: Double? = nil, padding: Double = 4,
                zebraRole: String? = ReportStyle.Role.zebra, showsHeader: Bool = true, fitRows: [TableRow]? = nil,
                markup: Bool = false) {
        self.markup = markup
        self.columns = columns
        self.rows = rows
        self.size = size
        self.padding = padding
        self.zebraRole = zebraRole
        self.showsHeader = showsHeader
        self.fitRows = fitRows
    }

    /// Creates a table of plain body rows.
    public init(columns: [TableColumn], rows: [[String]], size: Double? = nil, padding: Double = 4,
                zebraRole: String? = ReportStyle.Role.zebra, showsHeader: Bool = true, markup: Bool = false) {
        self.init(columns: columns, rows: rows.map { TableRow($0) }, size: size, padding: padding,
                  zebraRole: zebraRole, showsHeader: showsHeader, markup: markup)
    }
}
