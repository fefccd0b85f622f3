import DrawingModule

/// Fonts, sizes and colours of a report; colours are palette roles, so a house style changes one slot.
public struct ReportStyle: Hashable, Sendable {
    /// The role names the layout draws with; the palette must define every one it uses.
    public enum Role {
        /// Body text.
        public static let text = "text"
        /// Headers, footers and captions.
        public static let muted = "muted"
        /// Headings and the rule under a level-1 heading.
        public static let accent = "accent"
        /// Table grid lines and header/footer rules.
        public static let rule = "rule"
        /// The table header row: its fill and its text (stroke).
        public static let tableHeader = "tableHeader"
        /// Alternate body rows' fill.
        public static let zebra = "zebra"
        /// Summary rows' fill.
        public static let summary = "summary"
    }

    /// The colours, by role.
    public var palette: Palette
    /// The logical font of body text and table cells.
    public var bodyFont: String
    /// The logical font of headings, table headers and summary rows.
    public var headingFont: String
    /// Body text size in points.
    public var bodySize: Double
    /// Table cell text size in points.
    public var tableSize: Double
    /// Heading sizes for levels 1, 2 and 3.
    public var headingSizes: [Double]
    /// Baseline-to-baseline distance as a multiple of the font size.
    public var lineSpacing: Double
    /// Space after a paragraph, in points.
    public var paragraphSpacing: Double
    /// The Japanese typesetting rules of paragraphs, headings and table cells: 和欧間, trimmed punctuation, hanging.
    public var typesetting: Typesetting

    /// Creates a style; the default is a quiet navy-and-grey house style in IPAex Gothic.
    public init(
        palette: Palette = ReportStyle.defaultPalette, bodyFont: String = "gothic",
        headingFont: String = "gothic", bodySize: Double = 10, tableSize: Double = 9,
        headingSizes: [Double] = [18, 14, 12], lineSpacing: Double = 1.5, paragraphSpacing: Double = 8,
        typesetting: Typesetting = .standard
    ) {
        self.typesetting = typesetting
        self.palette = palette
        self.bodyFont = bodyFont
        self.headingFont = headingFont
        self.bodySize = bodySize
        self.tableSize = tableSize
        self.headingSizes = headingSizes
        self.lineSpacing = lineSpacing
        self.paragraphSpacing = paragraphSpacing
    }

    /// The default palette: one slot per role.
    public static let defaultPalette: Palette = {
        func hex(_ text: String) -> Color { Color(hex: text) ?? .black }
        // The roles are distinct literals and the colours valid, so this cannot fail.
        return
            (try? Palette(slots: [
                .init(role: Role.text, stroke: hex("#1F2328"), fill: .white),
                .init(role: Role.muted, stroke: hex("#6B7280"), fill: .white),
                .init(role: Role.accent, stroke: hex("#1D3A6E"), fill: hex("#1D3A6E")),
                .init(role: Role.rule, stroke: hex("#9AA3AF"), fill: .white),
                .init(role: Role.tableHeader, stroke: .white, fill: hex("#1D3A6E")),
                .init(role: Role.zebra, stroke: hex("#1F2328"), fill: hex("#EEF2F8")),
                .init(role: Role.summary, stroke: hex("#1F2328"), fill: hex("#FCEFD2"))
            ])) ?? Palette()
    }()

    /// The heading size for `level` (1…3).
    func headingSize(level: Int) -> Double {
        headingSizes.isEmpty ? bodySize : headingSizes[min(level, headingSizes.count) - 1]
    }
}
