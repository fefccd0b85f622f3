import Foundation

/// Folders handed to a lookup that should find its file before it needs them: each one the lookup works out is
/// recorded by name, so a test can assert which were read.
public final class FolderReads {
    /// The names of the folders worked out, in order.
    public private(set) var names: [String] = []

    /// Creates an empty record.
    public init() {}

    /// A folder that does not exist, recorded as read.
    public func folder(_ name: String) -> URL {
        names.append(name)
        return URL(fileURLWithPath: "/nonexistent/" + name)
    }
}
