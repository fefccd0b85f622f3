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

/// A structure tree as layout records it: flat arrays an element and a link at a time, made into nested
/// `StructureElement`s only when someone reads the tree (`element`). Laying out a report records tens of thousands of
/// cells; nesting each into its row's array of enums as it closed cost more than the cells' text.
struct StructureTree: Sendable, Hashable {
    /// An element: its role (`nil` for the root) and whether layout made it by default.
    struct Node: Sendable, Hashable {
        var role: StructureRole?
        var isDefault: Bool
        /// How many children have been linked to it.
        var children = 0

        /// True when the element groups other elements rather than holding content: default elements open inside it.
        var groups: Bool {
            switch role?.kind {
            case nil, .document, .section, .table, .tableRow, .list, .form: true
            default: false
            }
        }
    }

    /// A child linked to its parent: `child` is a node's index, or, when negative, `-1 - i` for `contents[i]`.
    struct Link: Sendable, Hashable {
        var parent: Int
        var child: Int
    }

    /// The elements, the root first.
    var nodes = [Node(role: nil, isDefault: false)]
    /// The content pieces.
    var contents: [StructureElement.Content] = []
    /// Each parent's children, in the order they were linked: a parent's children in reading order.
    var links: [Link] = []

    /// Adds an element not yet linked to a parent, and gives its index.
    mutating func node(_ role: StructureRole?, isDefault: Bool = false) -> Int {
        nodes.append(Node(role: role, isDefault: isDefault))
        return nodes.count - 1
    }

    /// Makes node `child` the next child of `parent`.
    mutating func link(_ child: Int, to parent: Int) {
        links.append(Link(parent: parent, child: child))
        nodes[parent].children += 1
    }

    /// Makes `content` the next child of `parent`.
    mutating func link(_ content: StructureElement.Content, to parent: Int) {
        contents.append(content)
        link(-contents.count, to: parent)
    }

    /// The tree from the root, nested.
    var element: StructureElement {
        var children = [[Int]](repeating: [], count: nodes.count)
        for link in links { children[link.parent].append(link.child) }
        func make(_ index: Int) -> StructureElement {
            StructureElement(
                role: nodes[index].role,
                children: children[index].map { child in
                    child < 0 ? .content(contents[-1 - child]) : .element(make(child))
                })
        }
        return make(0)
    }
}

/// Builds the structure tree as layout walks the commands: roles open and close elements; content lands in the
/// innermost open element, or in a default element (a paragraph, an artifact) when that element only groups others.
/// A value, so a copy (a kept beginning's tree, given to each page that begins alike) goes on apart from it.
struct StructureBuilder {
    private(set) var tree = StructureTree()
    /// The open elements, the root first.
    private var stack: [Int] = [0]
    /// For each `open`, whether it pushed a node (a default one inside an element that holds content does not).
    private var pushed: [Bool] = []
    /// The artifact the last decorations went into, while nothing else came after them; not yet linked.
    private var openArtifact: Int?

    /// True when element `node` groups other elements rather than holding content: default elements open inside it.
    private func groups(_ node: Int) -> Bool { tree.nodes[node].groups }

    /// Starts a page: decorations do not run on into the next page's artifact.
    mutating func beginPage(_ number: Int) {
        closeArtifact()
    }

    /// Opens an element of `role`; with `defaultOnly`, only where the innermost element groups others (a text box
    /// inside a table cell adds no paragraph of its own).
    mutating func open(_ role: StructureRole, defaultOnly: Bool = false) {
        closeArtifact()
        guard !defaultOnly || groups(stack[stack.count - 1]) else {
            pushed.append(false)
            return
        }
        stack.append(tree.node(role, isDefault: defaultOnly))
        pushed.append(true)
    }

    /// Closes the element the matching `open` opened.
    mutating func close(defaultOnly: Bool = false) {
        closeArtifact()
        guard pushed.removeLast(), stack.count > 1 else { return }
        let node = stack.removeLast()
        // A default element that got no content (an empty text box) is left out.
        if tree.nodes[node].isDefault && tree.nodes[node].children == 0 { return }
        tree.link(node, to: stack[stack.count - 1])
    }

    /// Adds `content` to the innermost element; where that only groups others, text becomes a paragraph of its own
    /// and decorations an artifact (consecutive ones together).
    mutating func add(_ content: StructureElement.Content) {
        let top = stack[stack.count - 1]
        let grouping = groups(top)
        let kind = tree.nodes[top].role?.kind
        // Rules and fills inside a paragraph or a cell are decoration still; inside a figure they are its picture.
        if content.kind == .decoration, !grouping, kind != .figure, kind != .artifact {
            wrap(content, in: .artifact, under: top)
            return
        }
        guard grouping else {
            tree.link(content, to: top)
            return
        }
        switch content.kind {
        case .decoration:
            let artifact = openArtifact ?? tree.node(.artifact, isDefault: true)
            openArtifact = artifact
            tree.link(content, to: artifact)
        case .text, .rubyText:
            closeArtifact()
            wrap(content, in: .paragraph, under: top)
        case .image:
            closeArtifact()
            wrap(content, in: StructureRole(.figure), under: top)
        }
    }

    /// Links `content` under `parent` in an element of `role` of its own.
    private mutating func wrap(_ content: StructureElement.Content, in role: StructureRole, under parent: Int) {
        let node = tree.node(role)
        tree.link(content, to: node)
        tree.link(node, to: parent)
    }

    /// Puts the artifact being filled into its element.
    private mutating func closeArtifact() {
        guard let artifact = openArtifact else { return }
        openArtifact = nil
        tree.link(artifact, to: stack[stack.count - 1])
    }

    /// The tree, every open element closed.
    mutating func finished() -> StructureTree {
        closeArtifact()
        while stack.count > 1 {
            let node = stack.removeLast()
            tree.link(node, to: stack[stack.count - 1])
        }
        return tree
    }
}
