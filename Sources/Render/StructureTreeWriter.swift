import DrawingModule
import Haru

/// Writes a laid-out document's structure tree into its PDF: a tagged PDF that claims PDF/UA-1 (`Document.pdfua`).
///
/// Layout has decided what every piece of content is (`LaidOutDocument.structure`); the writer only numbers it. Before
/// a page is drawn it hands the page's target a `PageMarks`, which finds, for each element drawn, the structure
/// element its content belongs to (or that it is an artifact) and opens marked content for it — one sequence for
/// consecutive content of one element, so a QR code's modules stay one path. Once every page is drawn, the tree is
/// written with each content piece as the sequence (page, MCID) it was drawn into, the parent tree mapping back.
///
/// Headers, footers and page numbers (text in an artifact) are `/Pagination` artifacts; rules, frames, fills and
/// backgrounds `/Layout` ones. Ruby is `/Ruby` of its base `/RB` and reading `/RT`, where the base is in the text:
/// layout marks each ruby's commands with its group (`StructureRole.rubyGroup`), and the reading, drawn after the
/// whole text, is paired with its base here.
final class StructureTreeWriter {
    /// The laid-out tree, whose elements are numbered in depth-first order (the root 0).
    private let structure: StructureElement
    /// For each page (from 0): the mark of each content piece, by its path.
    private let pageLookups: [[[Int]: PageMarks.Mark]]
    /// The PDF structure type of each element, by number.
    private let types: [String]
    /// The marks of each page drawn so far, by page number from 1.
    private var drawnPages: [Int: PageMarks] = [:]
    /// The tables that continue the table before them onto a later page (a report's table broken by pages): written
    /// as rows of that table.
    private let continuations: Set<Int>
    /// The header rows a continued table repeats at the top of each later page: pagination artifacts, as the
    /// running header is.
    private let repeatedHeaders: Set<Int>

    /// A writer for `laidOut`'s tree.
    init(_ laidOut: LaidOutDocument) {
        // Made once from what layout recorded (reading `LaidOutDocument.structure` makes it again).
        let structure = laidOut.structure
        self.structure = structure
        var lookups = Array(repeating: [[Int]: PageMarks.Mark](), count: laidOut.pages.count)
        var types: [String] = []
        var continuations: Set<Int> = []
        var repeatedHeaders: Set<Int> = []
        func walk(_ element: StructureElement, artifact: Bool) {
            let id = types.count
            types.append(element.typeName)
            let inArtifact = artifact || element.role?.kind == .artifact
            // The last page of the table just before, while nothing but artifacts came after it.
            var tableEnd: Int?
            for child in element.children {
                switch child {
                case .element(let sub):
                    let subID = types.count
                    let pages = Self.pages(of: sub)
                    var repeated = false
                    if sub.role?.kind == .table, let end = tableEnd, let pages, pages.first > end {
                        continuations.insert(subID)
                        // Its first row, of header cells only, is the header repeated.
                        if case .element(let row)? = sub.children.first(where: {
                            if case .element = $0 { true } else { false }
                        }),
                            row.role?.kind == .tableRow,
                            row.children.allSatisfy({ child in
                                if case .element(let cell) = child {
                                    cell.role?.kind == .tableHeaderCell || cell.role?.kind == .artifact
                                } else {
                                    false
                                }
                            })
                        {
                            repeatedHeaders.insert(subID + 1)
                            repeated = true
                        }
                    }
                    walk(sub, artifact: inArtifact, repeatedHeader: repeated)
                    if sub.role?.kind == .table {
                        tableEnd = pages?.last ?? tableEnd
                    } else if sub.role?.kind != .artifact, pages != nil {
                        tableEnd = nil
                    }
                case .content(let content):
                    guard lookups.indices.contains(content.page - 1) else { continue }
                    lookups[content.page - 1][content.path] = Self.mark(
                        of: content, element: id, kind: element.role?.kind, artifact: inArtifact)
                    tableEnd = nil
                }
            }
        }
        /// A continued table's walk: its first row's content marked as a pagination artifact when it is the header
        /// repeated.
        func walk(_ table: StructureElement, artifact: Bool, repeatedHeader: Bool) {
            guard repeatedHeader else { return walk(table, artifact: artifact) }
            types.append(table.typeName)
            var first = true
            for child in table.children {
                if case .element(let sub) = child {
                    walk(sub, artifact: artifact || first)
                    first = false
                }
            }
        }
        walk(structure, artifact: false)
        pageLookups = lookups
        self.types = types
        self.continuations = continuations
        self.repeatedHeaders = repeatedHeaders
    }

    /// The first and last page of an element's content, or nil for an element without content.
    private static func pages(of element: StructureElement) -> (first: Int, last: Int)? {
        var found: (first: Int, last: Int)?
        for child in element.children {
            let pages: (first: Int, last: Int)?
            switch child {
            case .element(let sub): pages = Self.pages(of: sub)
            case .content(let content): pages = (content.page, content.page)
            }
            guard let pages else { continue }
            found = (min(found?.first ?? pages.first, pages.first), max(found?.last ?? pages.last, pages.last))
        }
        return found
    }

    /// How a content piece of element `id` (of `kind`) is marked: ruby text is its `/RT`'s content when layout
    /// paired it with its base, else decoration.
    private static func mark(
        of content: StructureElement.Content, element id: Int, kind: StructureRole.Kind?, artifact: Bool
    ) -> PageMarks.Mark {
        if artifact { return .artifact(content.kind == .text ? .pagination : .layout) }
        if content.kind == .rubyText, kind != .rubyText { return .artifact(.layout) }
        return .element(id)
    }

    /// Makes `pdf` a tagged PDF (PDF/UA-1 claimed in its XMP when `universalAccess`), its language stated
    /// (`language`, else ja-JP) and its title shown: call before its first page.
    /// - Throws: `RenderError.accessibility` for a document without a title, which PDF/UA-1 wants.
    func begin(_ pdf: PDFDocument, title: String?, language: String?, universalAccess: Bool) throws {
        guard title != nil else {
            throw RenderError.accessibility(
                location: nil, element: "the document", reason: "it has no title and no text to take one from",
                fix: "give the template a title: (or the document metadata a title)")
        }
        try pdf.setTagged(universalAccess: universalAccess)
        try pdf.setLanguage(language.flatMap { $0 == "ja" ? nil : $0 } ?? "ja-JP")
        try pdf.setDisplaysTitle(true)
    }

    /// The marks of page `number` (from 1), for its target.
    func marks(forPage number: Int) -> PageMarks {
        let marks = PageMarks(
            lookup: pageLookups.indices.contains(number - 1) ? pageLookups[number - 1] : [:], types: types)
        drawnPages[number] = marks
        return marks
    }

    /// Writes the tree into `pdf`, whose pages in order are `pages`: each element with the sequences its content
    /// was drawn into, elements that hold nothing drawn left out; `links` are the link annotations made
    /// (`PDFResources.writeLinks`), each with its page (from 1) and its mark's path, for their `/Link` elements.
    func write(into pdf: PDFDocument, pages: [PDFPage], links: [TaggedLink]) throws {
        var annotations: [Int: [[Int]: [TaggedLink]]] = [:]
        for link in links { annotations[link.page, default: [:]][link.path, default: []].append(link) }
        var next = 0
        func build(_ element: StructureElement) -> PDFStructureElement? {
            let id = next
            next += 1
            var kids: [PDFStructureElement.Kid] = []
            // The ruby group of each kid that is a ruby's base or reading.
            var rubyGroups: [Int: Int] = [:]
            var last: (page: Int, mcid: Int)?
            var vertical = false
            for child in element.children {
                switch child {
                case .element(let sub):
                    let subID = next
                    guard let built = build(sub) else { continue }
                    if let group = sub.role?.rubyGroup, sub.role?.kind == .rubyBase || sub.role?.kind == .rubyText {
                        // A base or reading drawn in pieces (a character each, a column each) is one element.
                        if let previous = kids.indices.last, rubyGroups[previous] == group,
                            case .element(var joined) = kids[previous], joined.type == built.type
                        {
                            joined.kids += built.kids
                            kids[previous] = .element(joined)
                        } else {
                            rubyGroups[kids.count] = group
                            kids.append(.element(built))
                        }
                        vertical =
                            vertical
                            || sub.children.contains { child in
                                if case .content(let content) = child { content.vertical } else { false }
                            }
                        continue
                    }
                    // A table continued from the page before is more rows of that table.
                    if continuations.contains(subID), case .element(var table)? = kids.last, table.type == "Table" {
                        table.kids += built.kids
                        kids[kids.count - 1] = .element(table)
                    } else {
                        kids.append(.element(built))
                    }
                case .content(let content):
                    guard let mcid = drawnPages[content.page]?.drawn[content.path],
                        last.map({ $0 != (content.page - 1, mcid) }) ?? true
                    else { continue }
                    kids.append(.content(page: content.page - 1, mcid: mcid))
                    last = (content.page - 1, mcid)
                    vertical = vertical || content.vertical
                }
            }
            var linkTarget: String?
            if element.role?.kind == .link, let first = Self.firstContent(of: element),
                let marks = annotations[first.page]
            {
                // The link's mark is the element after its group's scope (`DocumentLayout`): the innermost scope
                // holding the content whose next element made an annotation.
                for length in stride(from: first.path.count - 1, to: 0, by: -1) {
                    var mark = Array(first.path.prefix(length))
                    mark[length - 1] += 1
                    if let made = marks[mark] {
                        kids += made.map { .annotation($0.annotation) }
                        linkTarget = made.first?.target
                        break
                    }
                }
            }
            if element.role?.kind == .form, let first = Self.firstContent(of: element),
                let made = drawnPages[first.page]?.annotations[Array(first.path.dropLast())]
            {
                // A field's widgets: the field is what its /Form element holds.
                kids += made.map { .annotation($0) }
            }
            kids = Self.pairingRuby(kids, groups: rubyGroups)
            kids = kids.map { kid in
                guard case .element(let table) = kid, table.type == "Table", !Self.holdsHeaderCell(table) else {
                    return kid
                }
                return .element(Self.layoutTable(table))
            }
            // An artifact's content was marked as such, and its elements hold nothing a reader is given; a header
            // repeated on a later page is pagination.
            if element.role?.kind == .artifact || repeatedHeaders.contains(id) { return nil }
            // A cell is kept empty: every row of a table has all its columns.
            let isCell = element.role?.kind == .tableDataCell || element.role?.kind == .tableHeaderCell
            guard !kids.isEmpty || element.role == nil || isCell else { return nil }
            var written = PDFStructureElement(
                type: types[id], alternativeText: element.role?.alternativeText, language: element.role?.language,
                kids: kids)
            // A link that draws no text (a rule, a shape) is told by where it goes.
            if element.role?.kind == .link, Self.firstText(of: element) == nil { written.alternativeText = linkTarget }
            if element.role?.kind == .tableHeaderCell {
                written.attributes.append(.init(owner: "Table", key: "Scope", value: .name("Column")))
            }
            if let span = element.role?.columnSpan, span > 1 {
                written.attributes.append(.init(owner: "Table", key: "ColSpan", value: .integer(span)))
            }
            if vertical {
                written.attributes.append(.init(owner: "Layout", key: "WritingMode", value: .name("TbRl")))
            }
            if element.role?.kind == .listItem, !kids.isEmpty {
                // A list item's content is its body (`LBody`): PDF/UA wants an item of a label and/or a body.
                written.kids = [.element(PDFStructureElement(type: "LBody", kids: kids))]
            }
            return written
        }
        guard let root = build(structure) else { return }
        try pdf.writeStructureTree(root, pages: pages)
    }

    /// `kids` with each ruby's base (`RB`) and reading (`RT`), told by their group, put together in a `Ruby` where
    /// the base is: the reading is drawn after the whole text, and read right after its base.
    private static func pairingRuby(
        _ kids: [PDFStructureElement.Kid], groups: [Int: Int]
    ) -> [PDFStructureElement.Kid] {
        guard !groups.isEmpty else { return kids }
        var readings: [Int: PDFStructureElement] = [:]
        for (index, group) in groups {
            if case .element(let reading) = kids[index], reading.type == "RT" { readings[group] = reading }
        }
        var paired: Set<Int> = []
        var result: [PDFStructureElement.Kid] = []
        for (index, kid) in kids.enumerated() {
            guard let group = groups[index], case .element(let element) = kid else {
                result.append(kid)
                continue
            }
            if element.type == "RB", let reading = readings[group] {
                result.append(.element(PDFStructureElement(type: "Ruby", kids: [.element(element), .element(reading)])))
                paired.insert(group)
            } else if element.type == "RT", paired.contains(group) {
                continue
            } else {
                result.append(kid)
            }
        }
        return result
    }

    /// The first line of text of `element` or of an element below it.
    private static func firstText(of element: StructureElement) -> String? {
        for child in element.children {
            switch child {
            case .content(let content) where content.kind == .text: return content.text
            case .content: continue
            case .element(let sub): if let found = firstText(of: sub) { return found }
            }
        }
        return nil
    }

    /// The first content piece of `element` or of an element below it.
    private static func firstContent(of element: StructureElement) -> StructureElement.Content? {
        for child in element.children {
            switch child {
            case .content(let content): return content
            case .element(let sub): if let found = firstContent(of: sub) { return found }
            }
        }
        return nil
    }

    /// True when `element` or an element below it is a header cell.
    private static func holdsHeaderCell(_ element: PDFStructureElement) -> Bool {
        element.type == "TH"
            || element.kids.contains { kid in
                if case .element(let sub) = kid { holdsHeaderCell(sub) } else { false }
            }
    }

    /// A table without header cells (a report's total row standing alone) is laid out in rows, not data a reader
    /// navigates by its headers: written as a `Div` of rows, each a `Div` of its cells' paragraphs, empty cells left
    /// out.
    private static func layoutTable(_ element: PDFStructureElement) -> PDFStructureElement {
        var written = element
        written.attributes = []
        switch element.type {
        case "Table", "TR": written.type = "Div"
        case "TD": written.type = "P"
        default: break
        }
        written.kids = element.kids.compactMap { kid in
            guard case .element(let sub) = kid else { return kid }
            if sub.type == "TD", sub.kids.isEmpty { return nil }
            return .element(layoutTable(sub))
        }
        return written
    }

    /// The error for PDF/UA with libHaru's CID fonts, which leave gothic and mincho out of the file.
    static let cidProblem = RenderError.accessibility(
        location: nil, element: "font mode cid",
        reason: "PDF/UA wants every font embedded, and the cid mode leaves gothic and mincho out",
        fix: "use the embedded font mode (leave out --font-mode cid), or write the PDF untagged (--no-pdfua)")

    /// The first thing in `laidOut` that breaks PDF/UA-1: a figure (an image, a barcode, a chart, a part given a
    /// figure's role) with no alternative text that is not marked decorative, named with its place.
    static func firstProblem(in laidOut: LaidOutDocument) -> RenderError? {
        func search(_ element: StructureElement) -> RenderError? {
            if element.role?.kind == .artifact { return nil }
            if element.role?.kind == .figure, element.role?.alternativeText?.isEmpty ?? true {
                let first = element.children.lazy.compactMap { child -> StructureElement.Content? in
                    if case .content(let content) = child { content } else { nil }
                }.first
                return .accessibility(
                    location: first.flatMap { location(of: $0, in: laidOut) }, element: "an image",
                    reason: "a PDF/UA document gives every image, chart, barcode and part either alternative text "
                        + "or marks it decorative",
                    fix: "give the element alt: \"what it shows\", or decorative: true when it only decorates")
            }
            for case .element(let sub) in element.children {
                if let problem = search(sub) { return problem }
            }
            return nil
        }
        return search(laidOut.structure)
    }

    /// The place of the laid-out element a content piece is.
    private static func location(of content: StructureElement.Content, in laidOut: LaidOutDocument) -> RenderLocation? {
        guard laidOut.pages.indices.contains(content.page - 1) else { return nil }
        var elements = ArraySlice(laidOut.pages[content.page - 1].elements)
        var path = content.path[...]
        while let index = path.popFirst() {
            guard elements.indices.contains(index) else { return nil }
            let element = elements[index]
            if path.isEmpty {
                switch element {
                case .line(_, let location), .shape(_, _, let location), .path(_, let location),
                    .image(_, _, let location), .mark(_, _, _, let location):
                    return location
                case .text(let run): return run.location
                case .scope(let scope): return scope.location
                case .formField(let field): return field.location
                }
            }
            switch element {
            case .scope(let scope): elements = ArraySlice(scope.elements)
            case .formField(let field): elements = ArraySlice(field.appearance)
            default: return nil
            }
        }
        return nil
    }
}

/// The marked content of one page of a tagged PDF as its target draws it: which structure element (or artifact)
/// each element's content belongs to, found by its path, the sequence open, and what each sequence numbered.
final class PageMarks {
    /// What a drawn piece of content is marked as.
    enum Mark: Hashable {
        /// Content of the structure element numbered so.
        case element(Int)
        /// An artifact of a kind.
        case artifact(ArtifactKind)
    }

    /// The kinds of artifact (`/Type` of `/Artifact`).
    enum ArtifactKind: String, Hashable {
        /// Running headers, footers and page numbers.
        case pagination = "Pagination"
        /// Rules, frames, fills, backgrounds.
        case layout = "Layout"
    }

    /// The mark of each content piece, by path.
    private let lookup: [[Int]: Mark]
    /// The structure types, by element number (the tags sequences are opened with).
    private let types: [String]
    /// The path of the element being drawn: its index in each open scope, outwards-in.
    private var path: [Int] = [0]
    /// Whether the element being drawn has had its sequence recorded.
    private var recorded = false
    /// What the element being drawn is marked as.
    private(set) var pending: Mark = .artifact(.layout)
    /// The sequence open on the page, or nil.
    var open: Mark?
    /// The element each sequence (MCID) belongs to, in order.
    private(set) var owners: [Int] = []
    /// The sequence each content piece was drawn into, by path.
    private(set) var drawn: [[Int]: Int] = [:]
    /// The widget annotations of each form field made, by the field's path.
    private(set) var annotations: [[Int]: [PDFAnnotation]] = [:]

    init(lookup: [[Int]: Mark], types: [String]) {
        self.lookup = lookup
        self.types = types
    }

    /// Element `index` of the open scope is drawn next.
    func willPaint(elementAt index: Int) {
        path[path.count - 1] = index
        pending = lookup[path] ?? .artifact(.layout)
        recorded = false
    }

    /// A background is painted next: never content.
    func paintsBackground() {
        pending = .artifact(.layout)
        recorded = true
    }

    /// The element being drawn opens a scope: its elements are drawn next.
    func enterScope() { path.append(0) }

    /// The innermost scope is closed.
    func leaveScope() {
        path.removeLast()
        pending = .artifact(.layout)
        recorded = true
    }

    /// The path of the element being drawn.
    var elementPath: [Int] { path }

    /// The tag a sequence of element `id` is opened with.
    func tag(of id: Int) -> String { types.indices.contains(id) ? types[id] : "Span" }

    /// A new sequence's number, belonging to element `id`.
    func number(for id: Int) -> Int {
        owners.append(id)
        return owners.count - 1
    }

    /// Records the widget annotations of the form field being drawn.
    func recordAnnotations(_ made: [PDFAnnotation]) {
        annotations[path, default: []] += made
    }

    /// Records that the element being drawn went into the open sequence.
    func recordDrawn() {
        guard !recorded else { return }
        recorded = true
        if case .element = open { drawn[path] = owners.count - 1 }
    }
}
