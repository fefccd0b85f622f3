import DrawingModule
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

/// How one cell (or every cell of a row) looks, over its row's defaults: each nil keeps what the row has — the
/// heading font in header and summary rows, the body font elsewhere, the table's size, the text role, no fill.
public struct CellStyle: Hashable, Sendable {
    /// `.bold` sets the cell in the body font's bold face (`gothic` → `gothic-bold` of Fonts/fonts.json; a family
    /// without one is an error, never a faked bold); `.regular` in the body font itself.
    public var weight: FontWeight?
    /// The font size in points.
    public var size: Double?
    /// The palette role whose stroke colours the text.
    public var role: String?
    /// The palette role whose fill paints the cell's background, over the row's fill.
    public var fill: String?

    /// Creates a style; every setting left out keeps the row's.
    public init(weight: FontWeight? = nil, size: Double? = nil, role: String? = nil, fill: String? = nil) {
        self.weight = weight
        self.size = size
        self.role = role
        self.fill = fill
    }

    /// No setting of its own: the row's look.
    public static let plain = CellStyle()

    /// This style with every setting `other` has taken from `other`.
    public func overridden(by other: CellStyle) -> CellStyle {
        CellStyle(
            weight: other.weight ?? weight, size: other.size ?? size, role: other.role ?? role,
            fill: other.fill ?? fill)
    }
}

/// One cell of a row: its text, how many columns it covers, and its own alignment and style.
public struct TableCell: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The text; a newline forces a line break, and long text wraps with the kinsoku rules.
    public var text: String
    /// How many columns the cell covers, from its own to the right (1 or more): its text is set and aligned
    /// across their summed width.
    public var span: Int
    /// Placement of the text in the cell; nil takes the alignment of the first column it covers.
    public var alignment: ParagraphAlignment?
    /// The cell's look over its row's.
    public var style: CellStyle

    /// Creates a cell.
    public init(_ text: String, span: Int = 1, alignment: ParagraphAlignment? = nil, style: CellStyle = .plain) {
        self.text = text
        self.span = span
        self.alignment = alignment
        self.style = style
    }

    /// A plain one-column cell.
    public init(stringLiteral value: String) {
        self.init(value)
    }
}

/// One row of a table.
public struct TableRow: Hashable, Sendable {
    /// What the row is, which decides its fill and font.
    public enum Kind: String, Hashable, Sendable {
        /// A data row; alternate ones are filled with the zebra colour.
        case body
        /// A summary row — a subtotal among the body rows, or a total in the table's `footer` — filled with the
        /// summary colour and drawn in the heading font.
        case summary
    }

    /// The cells, left to right; their spans add up to the table's column count.
    public var cells: [TableCell]
    /// Data or summary.
    public var kind: Kind
    /// The look of every cell of the row, under each cell's own style.
    public var style: CellStyle

    /// Creates a row of one-column plain cells, one text per column; a newline forces a line break in a cell.
    public init(_ cells: [String], kind: Kind = .body, style: CellStyle = .plain) {
        self.init(cells: cells.map { TableCell($0) }, kind: kind, style: style)
    }

    /// Creates a row of cells that may span columns and carry their own style and alignment.
    public init(cells: [TableCell], kind: Kind = .body, style: CellStyle = .plain) {
        self.cells = cells
        self.kind = kind
        self.style = style
    }

    /// The cells' texts, left to right.
    public var texts: [String] { cells.map(\.text) }
}

/// A table whose header row is repeated on every page it spans; rows are kept whole unless a row is taller than a
/// page, which is then split between its lines. Body rows may hold subtotal (`.summary`) rows; `footer` rows (totals,
/// tax lines) follow the body, kept together on one page. Cells may span columns and carry their own style.
public struct Table: Hashable, Sendable {
    /// The columns, left to right.
    public var columns: [TableColumn]
    /// The body rows, top to bottom.
    public var rows: [TableRow]
    /// Rows after the body — totals, tax lines — drawn once, together, as summary rows unless given another kind.
    public var footer: [TableRow]
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
    public init(
        columns: [TableColumn], rows: [TableRow], footer: [TableRow] = [], size: Double? = nil,
        padding: Double = 4, zebraRole: String? = ReportStyle.Role.zebra, showsHeader: Bool = true,
        fitRows: [TableRow]? = nil, markup: Bool = false
    ) {
        self.markup = markup
        self.columns = columns
        self.rows = rows
        self.footer = footer
        self.size = size
        self.padding = padding
        self.zebraRole = zebraRole
        self.showsHeader = showsHeader
        self.fitRows = fitRows
    }

    /// Creates a table of plain body rows.
    public init(
        columns: [TableColumn], rows: [[String]], size: Double? = nil, padding: Double = 4,
        zebraRole: String? = ReportStyle.Role.zebra, showsHeader: Bool = true, markup: Bool = false
    ) {
        self.init(
            columns: columns, rows: rows.map { TableRow($0) }, size: size, padding: padding,
            zebraRole: zebraRole, showsHeader: showsHeader, markup: markup)
    }
}
