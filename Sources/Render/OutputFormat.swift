import Foundation

/// What a document is rendered to: the one list of output formats, for every command and the batch.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    /// A vector PDF through libHaru.
    case pdf
    /// A PNG through cairo, one file per page.
    case png

    /// The format a file name's extension names (`.pdf`, `.png`, any case), or nil.
    public init?(path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }
}
