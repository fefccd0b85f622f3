import DrawingModule

/// An element of a laid-out document's structure tree: what a part of the document is (a heading, a table cell, a
/// figure, an artifact), holding its sub-elements and the laid-out content it covers, in reading order.
///
/// Built during layout from the roles the drawing's groups carry (`StructureRole`); where a drawing says nothing,
/// a text box or a text is a paragraph, an image, barcode or chart a figure, and lines, shapes and paths artifacts.
/// A tagged PDF writes it as its structure tree; a test prints it (`outline`).
public struct StructureElement: Sendable, Hashable {
    /// A piece of laid-out content an element covers.
    public struct Content: Sendable, Hashable {
        /// What the content is.
        public enum Kind: String, Sendable, Hashable {
            /// A line of text.
            case text
            /// Ruby text set beside its base.
            case rubyText
            /// An image.
            case image
            /// A line, shape or path.
            case decoration
        }

        /// What the content is.
        public var kind: Kind
        /// The page it is on, from 1.
        public var page: Int
        /// The indices of the scopes holding the element, outwards-in: shared by every element of a scope, so a
        /// piece of content costs no array of its own.
        var scope: [Int]
        /// The element's index in its scope's elements (the page's, for a top-level one).
        var index: Int
        /// The text of a line of text.
        public var text: String?
        /// True for text set in a vertical column (縦書き): its element is written top to bottom, columns right to
        /// left (a tagged PDF's `/WritingMode /TbRl`).
        public var vertical = false

        /// The element's place: its index in the page's elements, then in each scope's, inwards.
        public var path: [Int] { scope + [index] }
    }

    /// A child: a sub-element or a piece of content.
    public enum Child: Sendable, Hashable {
        /// A sub-element.
        case element(StructureElement)
        /// Laid-out content.
        case content(Content)
    }

    /// What the element is; `nil` for the document, the root.
    public var role: StructureRole?
    /// Its sub-elements and content, in reading order.
    public var children: [Child]

    /// The tree as indented lines, one per element: its PDF structure type (`Document`, `H1`, `P`, `Table`, `TH`,
    /// `Figure`, `Artifact` …), the text it holds (shortened) and a figure's alternative text.
    public var outline: String {
        var lines: [String] = []
        func walk(_ element: StructureElement, depth: Int) {
            var line = String(repeating: "  ", count: depth) + element.typeName
            let text = element.text
            if !text.isEmpty {
                line += " \"" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "\""
            }
            if let alternative = element.role?.alternativeText { line += " alt=\"\(alternative)\"" }
            lines.append(line)
            for case .element(let child) in element.children { walk(child, depth: depth + 1) }
        }
        walk(self, depth: 0)
        return lines.joined(separator: "\n")
    }

    /// The PDF standard structure type the element is written as.
    public var typeName: String {
        guard let role else { return "Document" }
        switch role.kind {
        case .document: return "Document"
        case .section: return "Sect"
        case .heading: return "H\(min(max(role.level ?? 1, 1), 6))"
        case .paragraph: return "P"
        case .table: return "Table"
        case .tableRow: return "TR"
        case .tableHeaderCell: return "TH"
        case .tableDataCell: return "TD"
        case .list: return "L"
        case .listItem: return "LI"
        case .figure: return "Figure"
        case .form: return "Form"
        case .link: return "Link"
        case .ruby: return "Ruby"
        case .rubyBase: return "RB"
        case .rubyText: return "RT"
        case .artifact: return "Artifact"
        }
    }

    /// The text of the element's own lines of text (not its sub-elements'), in order.
    public var text: String {
        children.compactMap { child in
            if case .content(let content) = child, content.kind == .text { content.text } else { nil }
        }.joined()
    }

    /// Every element below this one (not itself), depth first, in reading order.
    public var descendants: [StructureElement] {
        children.flatMap { child -> [StructureElement] in
            if case .element(let element) = child { [element] + element.descendants } else { [] }
        }
    }
}

/// Builds the structure tree as layout walks the commands: roles open and close elements; content lands in the
/// innermost open element, or in a default element (a paragraph, an artifact) when that element only groups others.
final class StructureBuilder {
    /// An element being built.
    private final class Node {
        let role: StructureRole?
        var children: [StructureElement.Child] = []
        /// Made by default (a text box's paragraph, a rule's artifact), not by a role in the drawing.
        let isDefault: Bool

        init(role: StructureRole?, isDefault: Bool) {
            self.role = role
            self.isDefault = isDefault
        }

        /// True when the element groups other elements rather than holding content: default elements open inside it.
        var groups: Bool {
            switch role?.kind {
            case nil, .document, .section, .table, .tableRow, .list, .form: true
            default: false
            }
        }

        var element: StructureElement { StructureElement(role: role, children: children) }

        /// A node of its own with the same role and children so far.
        func copy() -> Node {
            let node = Node(role: role, isDefault: isDefault)
            node.children = children
            return node
        }
    }

    private var stack = [Node(role: nil, isDefault: false)]
    /// For each `open`, whether it pushed a node (a default one inside an element that holds content does not).
    private var pushed: [Bool] = []
    /// The artifact the last decorations went into, while nothing else came after them.
    private var openArtifact: Node?

    /// A builder of its own in this one's state, which goes on apart from it (a kept beginning's tree, given to
    /// each page that begins alike).
    func copy() -> StructureBuilder {
        let copy = StructureBuilder()
        copy.stack = stack.map { $0.copy() }
        copy.pushed = pushed
        copy.openArtifact = openArtifact?.copy()
        return copy
    }

    /// Starts a page: decorations do not run on into the next page's artifact.
    func beginPage(_ number: Int) {
        closeArtifact()
    }

    /// Opens an element of `role`; with `defaultOnly`, only where the innermost element groups others (a text box
    /// inside a table cell adds no paragraph of its own).
    func open(_ role: StructureRole, defaultOnly: Bool = false) {
        closeArtifact()
        guard !defaultOnly || stack[stack.count - 1].groups else {
            pushed.append(false)
            return
        }
        stack.append(Node(role: role, isDefault: defaultOnly))
        pushed.append(true)
    }

    /// Closes the element the matching `open` opened.
    func close(defaultOnly: Bool = false) {
        closeArtifact()
        guard pushed.removeLast(), stack.count > 1 else { return }
        let node = stack.removeLast()
        // A default element that got no content (an empty text box) is left out.
        if node.isDefault && node.children.isEmpty { return }
        stack[stack.count - 1].children.append(.element(node.element))
    }

    /// Adds `content` to the innermost element; where that only groups others, text becomes a paragraph of its own
    /// and decorations an artifact (consecutive ones together).
    func add(_ content: StructureElement.Content) {
        let top = stack[stack.count - 1]
        // Rules and fills inside a paragraph or a cell are decoration still; inside a figure they are its picture.
        if content.kind == .decoration, !top.groups, top.role?.kind != .figure, top.role?.kind != .artifact {
            top.children.append(.element(StructureElement(role: .artifact, children: [.content(content)])))
            return
        }
        guard top.groups else {
            top.children.append(.content(content))
            return
        }
        switch content.kind {
        case .decoration:
            if openArtifact == nil {
                let artifact = Node(role: .artifact, isDefault: true)
                openArtifact = artifact
            }
            openArtifact?.children.append(.content(content))
        case .text, .rubyText:
            closeArtifact()
            top.children.append(
                .element(StructureElement(role: .paragraph, children: [.content(content)])))
        case .image:
            closeArtifact()
            top.children.append(
                .element(StructureElement(role: StructureRole(.figure), children: [.content(content)])))
        }
    }

    /// Puts the artifact being filled into its element.
    private func closeArtifact() {
        guard let artifact = openArtifact else { return }
        openArtifact = nil
        stack[stack.count - 1].children.append(.element(artifact.element))
    }

    /// The tree, every open element closed.
    func finished() -> StructureElement {
        closeArtifact()
        while stack.count > 1 {
            let node = stack.removeLast()
            stack[stack.count - 1].children.append(.element(node.element))
        }
        return stack[0].element
    }
}
