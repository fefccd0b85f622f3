/// What a group of commands is to a reader: a heading, a table cell, a figure, a page number.
///
/// Drawing commands say where ink goes; a reader, a screen reader or a tagged PDF needs what the ink is. A group
/// given a role becomes an element of the laid-out document's structure tree, in drawing order, holding what its
/// commands draw; `artifact` marks what is not content (headers, footers, page numbers, rules and decoration).
public struct StructureRole: Codable, Hashable, Sendable {
    /// The kinds of structure element, named as PDF's standard structure types are (ISO 32000-1, 14.8.4).
    public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
        /// The whole document (`Document`): the root a laid-out document's tree starts from.
        case document
        /// A self-contained section (`Sect`).
        case section
        /// A heading; its level is `level` (1 for the title of a document or chapter).
        case heading
        /// A paragraph (`P`).
        case paragraph
        /// A table (`Table`) of rows of cells.
        case table
        /// A row of a table (`TR`).
        case tableRow
        /// A header cell (`TH`): a column's or a row's label.
        case tableHeaderCell
        /// A data cell (`TD`).
        case tableDataCell
        /// A list (`L`) of items.
        case list
        /// A list item (`LI`).
        case listItem
        /// A figure (`Figure`): an image, a chart, a barcode, with `alternativeText`.
        case figure
        /// A form field's widget area (`Form`).
        case form
        /// A link (`Link`).
        case link
        /// Text with ruby (`Ruby`): the base text (`RB`) and the ruby text (`RT`) inside it.
        case ruby
        /// The base text of ruby (`RB`).
        case rubyBase
        /// The ruby text (`RT`) set beside the base.
        case rubyText
        /// Not content: a running header or footer, a page number, a rule or decoration.
        case artifact
    }

    /// What the element is.
    public var kind: Kind
    /// A heading's level, from 1; nil for other kinds.
    public var level: Int?
    /// What a figure shows, for readers who cannot see it; nil when none is given.
    public var alternativeText: String?
    /// How many columns a table cell spans, when more than one; nil for one.
    public var columnSpan: Int?
    /// For a ruby base or ruby text: which ruby of its text box it belongs to (from 0), so a base and its reading,
    /// drawn apart (the readings after the whole text), are paired again; nil for other kinds.
    public var rubyGroup: Int?
    /// The element's language (a BCP 47 tag, `en`, `zh-Hant`) where it is not the document's: a screen reader
    /// reads an English line in English in a Japanese document; nil for the document's.
    public var language: String?

    /// Creates a role.
    public init(
        _ kind: Kind, level: Int? = nil, alternativeText: String? = nil, columnSpan: Int? = nil,
        rubyGroup: Int? = nil, language: String? = nil
    ) {
        self.kind = kind
        self.level = level
        self.alternativeText = alternativeText
        self.columnSpan = columnSpan
        self.rubyGroup = rubyGroup
        self.language = language
    }

    /// A heading of `level` (1 to 6).
    public static func heading(_ level: Int) -> StructureRole { StructureRole(.heading, level: level) }
    /// A paragraph.
    public static let paragraph = StructureRole(.paragraph)
    /// Not content.
    public static let artifact = StructureRole(.artifact)
}

extension Drawing {
    /// The commands with every group that only gives its commands a role (no clip, link or name) opened in place:
    /// what is drawn, in order, for code that looks for texts, images or rules on a page without walking the
    /// structure a report or a tagged template adds.
    public var drawnCommands: [Command] { Self.opening(commands) }

    private static func opening(_ commands: [Command]) -> [Command] {
        commands.flatMap { command -> [Command] in
            if case .group(let group) = command, group.role != nil, group.clip == nil, group.link == nil,
                group.name == nil
            {
                return opening(group.commands)
            }
            return [command]
        }
    }
}
