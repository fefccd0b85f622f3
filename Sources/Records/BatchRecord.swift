import Expressions

/// One input record: its position, the row it came from, and its fields by name.
///
/// Errors and the manifest name a record by `row` (what a person finds in the file), shards and resume by `index`
/// (what is stable whatever the file's layout).
public struct BatchRecord: Sendable, Hashable {
    /// The 0-based position among the data records (header and blank lines not counted); shards use it.
    public var index: Int
    /// The 1-based data row of a CSV file (the header is not a row), or the 1-based line of a JSONL file.
    public var row: Int
    /// Field values by column name (CSV) or key (JSONL).
    public var fields: [String: String]
    /// Fields whose value is a list or a record (JSON arrays and objects, a group's `rows`), for a template that
    /// declares them in `data:`.
    public var data: [String: TemplateValue] = [:]
    /// Fields whose value was a JSON literal (`true`, `false`, `null`) rather than text, by field; the template's
    /// `literals:` says how each prints, or the record fails naming the field.
    public var literals: [String: String] = [:]
    /// For a group of records (`--group-by`): the fields whose value is not the same in every record of the group,
    /// with the first two rows that differ; a template that reads such a field outside `rows` fails the group.
    public var varying: [String: Variation] = [:]
    /// For a group of records (`--group-by`): the field and the value the group shares (`number INV-0001`), which a
    /// failure names beside the row.
    public var group: String?
    /// Why the record cannot be used as read (a CSV row with the wrong number of fields, a JSON line that is not an
    /// object of strings), or nil.
    public var problem: RecordFailure?
    /// A CSV record's column names in the input's order (after `--map`), shared by every row: a group's `rows` keep
    /// it, so a document's own lines are written back with the input's header (`attach: [{generate: rows}]`).
    public var columns: [String] = []
    /// The input's own name of each column `--map` renamed, by its new name.
    public var headings: [String: String] = [:]

    /// Creates a record.
    public init(index: Int, row: Int, fields: [String: String], problem: RecordFailure? = nil) {
        self.index = index
        self.row = row
        self.fields = fields
        self.problem = problem
    }
}

/// Two rows of one group that give a field different values: the group's first row and the first row that differs.
public struct Variation: Sendable, Hashable {
    /// The group's first row.
    public var firstRow: Int
    /// Its value.
    public var firstValue: String
    /// The first row with another value.
    public var otherRow: Int
    /// That value.
    public var otherValue: String

    /// Records that `otherRow` gives `otherValue` where the group's first row gave `firstValue`.
    public init(firstRow: Int, firstValue: String, otherRow: Int, otherValue: String) {
        self.firstRow = firstRow
        self.firstValue = firstValue
        self.otherRow = otherRow
        self.otherValue = otherValue
    }
}
