/// Where in a description a command came from: the line and column of a template's element.
///
/// A template hands its text boxes and barcodes to layout unchecked, each marked with its element's place, so an
/// error layout finds (text that does not fit, data a barcode cannot encode) names the template's line and column,
/// as one found while filling the template would.
public struct SourcePlace: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a place.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `LINE:COLUMN`, as an error names a place in a file (`invoice.yaml:12:5`).
    public var description: String { "\(line):\(column)" }
}
