/// Where in a document a command sits: its page and its path through groups and parts, as JSON would name it.
///
/// Errors carry one so a problem in a thousand-element drawing points at the element (`page 1, commands[12]`).
public struct RenderLocation: Hashable, Sendable, CustomStringConvertible {
    /// The page, counting from 1 as people do.
    public var page: Int
    /// The path of the command inside the page's drawing, like `commands[5].drawing.commands[2]`; empty for the
    /// page itself.
    public var path: String

    /// Creates a location.
    public init(page: Int, path: String = "") {
        self.page = page
        self.path = path
    }

    /// `page 1, commands[12]`, or `page 1` for the page itself.
    public var description: String { path.isEmpty ? "page \(page)" : "page \(page), \(path)" }

    /// The location of element `index` of the command list at `component` below this one.
    func appending(_ component: String, index: Int) -> RenderLocation {
        RenderLocation(page: page, path: (path.isEmpty ? "" : path + ".") + "\(component)[\(index)]")
    }
}
