import DrawingModule
import Support

/// Where in a document a command sits: its page and its path through groups and parts, as JSON would name it.
///
/// Errors carry one so a problem in a thousand-element drawing points at the element (`page 1, commands[12]`).
/// Every command laid out gets a location but almost none is ever shown, so a location is its last step (a list
/// and an index) after a chain of steps shared with every location beside it, and the path is spelled out only
/// when `path` is read: a command's location costs no allocation and no copy of its parents' text, a list of
/// commands one step for its parent (`flattened`). Spelling every command's path out cost more than laying out
/// most commands (BENCHMARKS.md, seventeenth session).
public struct RenderLocation: Hashable, Sendable, CustomStringConvertible {
    /// The page, counting from 1 as people do.
    public var page: Int
    /// The steps of the path before `leaf`; nil for none.
    private var step: Step?
    /// The command's list and its index in it, not yet made a step.
    private var leaf: (component: String, index: Int)?
    /// The template element the command (or the text box or barcode holding it) came from, when its description
    /// names one (`SourcePlace`): a note for whoever reports the error, not part of the location's identity.
    public var source: SourcePlace?

    /// One step of a path and the steps above it, shared by every location below it.
    private final class Step: Sendable {
        /// What the step adds to its parent's path.
        enum Piece {
            /// Text written as it is (a whole path given to `init(page:path:)`, or `.drawing` after a part).
            case text(String)
            /// Element `index` of the list `component`, written `component[index]` after a `.` when a path precedes.
            case element(component: String, index: Int)
        }

        let parent: Step?
        let piece: Piece

        init(parent: Step?, piece: Piece) {
            self.parent = parent
            self.piece = piece
        }

        /// The path down to and including this step.
        var spelled: String {
            var steps: [Step] = []
            var next: Step? = self
            while let step = next {
                steps.append(step)
                next = step.parent
            }
            var path = ""
            for step in steps.reversed() {
                switch step.piece {
                case .text(let text): path += text
                case .element(let component, let index):
                    if !path.isEmpty { path += "." }
                    path += component + "[" + String(index) + "]"
                }
            }
            return path
        }
    }

    /// The path of the command inside the page's drawing, like `commands[5].drawing.commands[2]`; empty for the
    /// page itself.
    public var path: String {
        get {
            let base = step?.spelled ?? ""
            guard let leaf else { return base }
            return (base.isEmpty ? "" : base + ".") + leaf.component + "[" + String(leaf.index) + "]"
        }
        set {
            step = newValue.isEmpty ? nil : Step(parent: nil, piece: .text(newValue))
            leaf = nil
        }
    }

    /// Creates a location.
    public init(page: Int, path: String = "") {
        self.init(page: page, step: path.isEmpty ? nil : Step(parent: nil, piece: .text(path)))
    }

    /// A location of `page` whose path is `step` and no source.
    private init(page: Int, step: Step?) {
        self.page = page
        self.step = step
        self.leaf = nil
    }

    /// The steps down to and including `leaf`.
    private var steps: Step? {
        guard let leaf else { return step }
        return Step(parent: step, piece: .element(component: leaf.component, index: leaf.index))
    }

    /// The same place with its last step made a shared one: the locations of a list's commands appended to it
    /// share it instead of each making it again.
    package var flattened: RenderLocation {
        guard leaf != nil else { return self }
        var flat = self
        flat.step = steps
        flat.leaf = nil
        return flat
    }

    /// `page 1, commands[12]`, or `page 1` for the page itself.
    public var description: String {
        let path = self.path
        return path.isEmpty ? "page \(page)" : "page \(page), \(path)"
    }

    /// The location of element `index` of the command list at `component` below this one, from the same source.
    package func appending(_ component: String, index: Int) -> RenderLocation {
        var next = self
        next.step = steps
        next.leaf = (component, index)
        return next
    }

    /// The same path with `suffix` written after it (`.drawing`, `.appearance`) and no source: where the commands
    /// of a group, a part or a field's appearance start, each naming its own source.
    package func below(_ suffix: String = "") -> RenderLocation {
        let steps = steps
        return RenderLocation(page: page, step: suffix.isEmpty ? steps : Step(parent: steps, piece: .text(suffix)))
    }

    /// Equal when page and spelled-out path are; locations sharing their steps are compared by their last ones
    /// without spelling either out.
    public static func == (lhs: RenderLocation, rhs: RenderLocation) -> Bool {
        guard lhs.page == rhs.page else { return false }
        if lhs.step === rhs.step {
            switch (lhs.leaf, rhs.leaf) {
            case (nil, nil): return true
            case let (left?, right?): return left.index == right.index && left.component == right.component
            default: break
            }
        }
        return lhs.path == rhs.path
    }

    /// Hashes the page and the spelled-out path, so locations equal by `==` hash alike however they were made.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(page)
        hasher.combine(path)
    }
}
