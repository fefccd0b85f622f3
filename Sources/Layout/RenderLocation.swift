import DrawingModule
import Support

/// Where in a document a command sits: its page and its path through groups and parts, as JSON would name it.
///
/// Errors carry one so a problem in a thousand-element drawing points at the element (`page 1, commands[12]`).
/// Every command drawn gets a location but almost none is ever shown, so the last step of the path is kept as a
/// name and an index and spelled out only when `path` is read (callgrind: building the text for every command cost
/// more than drawing a QR module).
public struct RenderLocation: Hashable, Sendable, CustomStringConvertible {
    /// The page, counting from 1 as people do.
    public var page: Int
    /// The path down to the list holding the command, spelled out.
    private var base: String
    /// The command's list and its index in it, not yet spelled out.
    private var leaf: (component: String, index: Int)?
    /// The template element the command (or the text box or barcode holding it) came from, when its description
    /// names one (`SourcePlace`): a note for whoever reports the error, not part of the location's identity.
    public var source: SourcePlace?

    /// The path of the command inside the page's drawing, like `commands[5].drawing.commands[2]`; empty for the
    /// page itself.
    public var path: String {
        get {
            guard let leaf else { return base }
            return (base.isEmpty ? "" : base + ".") + leaf.component + "[" + String(leaf.index) + "]"
        }
        set {
            base = newValue
            leaf = nil
        }
    }

    /// Creates a location.
    public init(page: Int, path: String = "") {
        self.page = page
        self.base = path
        self.leaf = nil
    }

    /// `page 1, commands[12]`, or `page 1` for the page itself.
    public var description: String {
        let path = self.path
        return path.isEmpty ? "page \(page)" : "page \(page), \(path)"
    }

    /// The same place with its path written out: appending to it copies that text instead of writing it again.
    package var flattened: RenderLocation {
        guard leaf != nil else { return self }
        var flat = RenderLocation(page: page, path: path)
        flat.source = source
        return flat
    }

    /// The location of element `index` of the command list at `component` below this one.
    package func appending(_ component: String, index: Int) -> RenderLocation {
        var next = RenderLocation(page: page, path: path)
        next.leaf = (component, index)
        next.source = source
        return next
    }

    /// Equal when page and spelled-out path are; two locations built the same way are compared piece by piece,
    /// without spelling either out.
    public static func == (lhs: RenderLocation, rhs: RenderLocation) -> Bool {
        guard lhs.page == rhs.page else { return false }
        switch (lhs.leaf, rhs.leaf) {
        case (nil, nil):
            return lhs.base == rhs.base
        case let (left?, right?) where lhs.base == rhs.base:
            return left.index == right.index && left.component == right.component
        default:
            return lhs.path == rhs.path
        }
    }

    /// Hashes the page and the bytes of the spelled-out path, fed piece by piece so the path is never built: the
    /// same bytes in pieces hash as they do whole, so locations equal by `==` hash alike however they were made.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(page)
        func feed(_ text: String) { hasher.combine(utf8: text) }
        feed(base)
        if let leaf {
            if !base.isEmpty { feed(".") }
            feed(leaf.component)
            feed("[")
            feed(String(leaf.index))
            feed("]")
        }
    }
}
