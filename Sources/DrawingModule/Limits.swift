import Support

/// The budgets a template and its data are held to, so a template or data file from a stranger cannot exhaust the
/// stack, memory or time: each is checked before the work it bounds, and going over one is an error naming the
/// limit, the value and how to raise it (a `LimitExceeded` inside the module's own error type).
///
/// Every sample template and data file passes the defaults with room to spare; docs/security.md lists them. Raise
/// one for a trusted input (`limits.csvColumns = 50_000`; on the command line `--limit csv-columns=50000`).
public struct Limits: Hashable, Sendable {
    /// How deep a `{{ }}` expression may nest (parentheses, unary `-` and `not`, operator and filter chains);
    /// parsing and evaluation recurse no deeper than this. Default 200.
    public var expressionDepth = 200
    /// How many bytes one text an expression makes (`a + b` on texts, `join`) may hold, so `let` values that double a
    /// text cannot grow without end — and the text an element is filled with (a value from data), checked before it
    /// is measured or set. Default 1 MiB.
    public var textBytes = 1 << 20
    /// How many bytes a template file (or a part's) may hold, checked before it is read. Default 4 MiB.
    public var templateBytes = 4 << 20
    /// How many YAML nodes a template may hold once its aliases (`*name`) are expanded. Default 100,000.
    public var yamlNodes = 100_000
    /// How deep lists of elements or flow blocks may nest: `elements:` or `flow:` is 1, each `for` or `if` body one
    /// more, counted on through parts. Reading a level takes much stack (docs/security.md has the
    /// measurement). Default 32.
    public var elementDepth = 32
    /// How deep parts may include parts (`part: {file:}` inside a part). Default 8.
    public var partDepth = 8
    /// How many parts one template may load in all, counting every part of every part. Default 1,000.
    public var partCount = 1_000
    /// How many drawing commands one page may hold after `for`, `repeat` and parts are expanded. Default 20,000
    /// (docs/security.md has what larger pages cost).
    public var elementsPerPage = 20_000
    /// How many blocks and table cells a flow may make, and drawing commands a document may hold over all its pages.
    /// Default 200,000 (a table of 20,000 rows × 10 columns; docs/security.md has what more cost).
    public var elementsPerDocument = 200_000
    /// How many columns a CSV header or row may have. Default 10,000.
    public var csvColumns = 10_000
    /// How many bytes one CSV field may hold. Default 1 MiB.
    public var csvFieldBytes = 1 << 20
    /// How many bytes one JSON line (a batch record) may hold. Default 1 MiB.
    public var jsonLineBytes = 1 << 20
    /// How many bytes the RGBA raster of one PNG page may take (width × height × 4). Default 512 MiB.
    public var rasterBytes = 512 << 20
    /// How many bytes the images of one page (or of a whole flow) may decode to (width × height × 4 each, read
    /// from their headers before any is decoded); an image file may not be larger either. Default 128 MiB: 32
    /// megapixels, e.g. three A4 photos at 300 dpi (docs/security.md has what a larger image costs).
    public var imageBytes = 128 << 20
    /// How many seconds one document (a template filled, laid out and rendered) may take; past it the document fails
    /// with this limit and a batch goes on with the next record. Default 300.
    public var jobSeconds = 300
    /// How many bytes a data file read whole may hold (`--data` for `render` and `ticket`, a YAML or JSON list of
    /// records for `batch`), checked before it is read. Default 64 MiB.
    public var dataFileBytes = 64 << 20

    /// How many categories (items of its `rows` list) one chart may draw, checked before any value is read: each
    /// category is a label and a bar or point per series to measure and place. Default 1,000 (a chart's box
    /// refuses far fewer: at least 4 pt each).
    public var chartCategories = 1_000
    /// How many series one chart may draw, checked when the template is read. Default 50.
    public var chartSeries = 50

    /// How many bytes of a report's data file buy one more element of `elementsPerDocument`
    /// (`growing(forDataBytes:)`): a table cell shows a value, and a value with its separator takes at least this.
    public static let dataBytesPerElement = 8

    /// These limits for a document made from a data file of `bytes` bytes (`mkpdf report --data`):
    /// `elementsPerDocument` grown by one element per `dataBytesPerElement` bytes, so a local user's long list is
    /// not refused by a budget meant for strangers' templates, while what a template makes of little data (a `for`
    /// inside a `for`, a large table in its own `data:`) is held to the limit as given.
    public func growing(forDataBytes bytes: Int) -> Limits {
        var grown = self
        let (sum, overflow) = elementsPerDocument.addingReportingOverflow(max(0, bytes) / Self.dataBytesPerElement)
        grown.elementsPerDocument = overflow ? Int.max : sum
        return grown
    }

    /// A deadline of `jobSeconds` from now, for one document.
    public func deadline() -> Deadline { Deadline(seconds: jobSeconds) }

    /// The defaults.
    public init() {}

    /// Every limit by its `--limit` name, with its property, in the order docs/security.md lists them.
    public static let all: [(name: String, property: WritableKeyPath<Limits, Int> & Sendable)] = [
        ("expression-depth", \.expressionDepth), ("text-bytes", \.textBytes), ("template-bytes", \.templateBytes),
        ("yaml-nodes", \.yamlNodes),
        ("element-depth", \.elementDepth),
        ("part-depth", \.partDepth),
        ("part-count", \.partCount), ("elements-per-page", \.elementsPerPage),
        ("elements-per-document", \.elementsPerDocument), ("csv-columns", \.csvColumns),
        ("csv-field-bytes", \.csvFieldBytes), ("json-line-bytes", \.jsonLineBytes), ("raster-bytes", \.rasterBytes),
        ("image-bytes", \.imageBytes), ("job-seconds", \.jobSeconds), ("data-file-bytes", \.dataFileBytes),
        ("chart-categories", \.chartCategories), ("chart-series", \.chartSeries)
    ]

    /// The value of the limit named `name` (`csv-columns`), or nil for a name that is not a limit.
    public subscript(name: String) -> Int? {
        get { Self.all.first { $0.name == name }.map { self[keyPath: $0.property] } }
        set {
            guard let newValue, let entry = Self.all.first(where: { $0.name == name }) else { return }
            self[keyPath: entry.property] = newValue
        }
    }

    /// Sets a limit from `NAME=N` (`csv-columns=50000`; `N` may use `_` between digits, or a `K`, `M` or `G`
    /// suffix for binary kilo, mega, giga).
    /// - Throws: `LimitSettingError` for an unknown name (with the nearest one) or a value that is not a positive
    ///   whole number.
    public mutating func set(_ setting: String) throws(LimitSettingError) {
        guard let equals = setting.firstIndex(of: "=") else {
            throw LimitSettingError(setting: setting, reason: "write NAME=N, e.g. csv-columns=50000")
        }
        let name = String(setting[..<equals])
        let names = Self.all.map(\.name)
        guard names.contains(name) else {
            throw LimitSettingError(
                setting: setting,
                reason: "there is no limit \"\(name)\"\(NearestName.hint(for: name, among: names)); the limits are "
                    + names.joined(separator: ", "))
        }
        var digits = setting[setting.index(after: equals)...].filter { $0 != "_" }
        var factor = 1
        if let last = digits.last, let power = ["K": 1, "M": 2, "G": 3][String(last).uppercased()] {
            factor = 1 << (10 * power)
            digits.removeLast()
        }
        guard let number = Int(digits), number > 0, number <= Int.max / factor else {
            throw LimitSettingError(setting: setting, reason: "the value must be a positive whole number, e.g. 50000")
        }
        self[name] = number * factor
    }
}

/// A `--limit NAME=N` setting that cannot be used: the setting and why.
public struct LimitSettingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The setting as given.
    public var setting: String
    /// Why it cannot be used, with what to write instead.
    public var reason: String

    /// Creates the error for `setting`.
    public init(setting: String, reason: String) {
        self.setting = setting
        self.reason = reason
    }

    /// `--limit SETTING: reason`.
    public var description: String { "--limit \(setting): \(reason)" }
}

extension LimitSettingError: Problem {
    /// `badRequest`: a `--limit NAME=N` option that names no limit or gives no usable number.
    public var kind: ProblemKind { .badRequest }
}
