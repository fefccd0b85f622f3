import DrawingModule

/// One element or flow block of a template as a designer needs it: which item of `elements:` or `flow:` it is, what
/// kind, the file lines that write it, and which top-level commands of which pages it made, so that the laid-out
/// pages can say where those commands landed (`LaidOutPage.area(ofCommands:)`) instead of a guess from the
/// description.
public struct DesignedElement: Sendable, Hashable {
    /// The list of the template an item is in.
    public enum List: String, Sendable, Hashable {
        /// `elements:`, drawn on the first page.
        case elements
        /// `flow:`, set onto as many pages as it needs.
        case flow
    }

    /// Where on one page an item's commands are.
    public struct Place: Sendable, Hashable {
        /// The page, from 1.
        public var page: Int
        /// The page's top-level commands the item made there.
        public var commands: Range<Int>

        /// Creates a place.
        public init(page: Int, commands: Range<Int>) {
            self.page = page
            self.commands = commands
        }
    }

    /// The list the item is in.
    public var list: List
    /// The item's index in its list.
    public var index: Int
    /// The item's kind as the YAML names it (`text`, `rect`, `qr`, `for`, `table`, `paragraph` …).
    public var kind: String
    /// The file lines that write it, from 1.
    public var lines: ClosedRange<Int>
    /// Where its commands are, page by page (none for an `if` whose branch drew nothing).
    public var places: [Place]

    /// Creates a designed element.
    public init(list: List, index: Int, kind: String, lines: ClosedRange<Int>, places: [Place]) {
        self.list = list
        self.index = index
        self.kind = kind
        self.lines = lines
        self.places = places
    }
}

extension Template {
    /// The document `document(values:data:options:)` makes, with the commands each item of `elements:` and `flow:`
    /// made: the designer lays this document out once and reads every item's box from the result.
    ///
    /// Every element is made for these values (none taken from the fixed elements' cache, which holds stretches of
    /// elements as one), counted against the page's element budget as rendering counts them.
    /// - Throws: `TemplateError`, as `document(values:data:options:)`.
    public func designDocument(
        values given: [String: String] = [:], data given2: [String: TemplateValue] = [:],
        options: TemplateRenderOptions = TemplateRenderOptions()
    ) throws(TemplateError) -> (document: Document, elements: [DesignedElement]) {
        let scope = try scope(values: given, data: given2, deadline: options.deadline)
        var budget = ElementBudget(maximum: limits.elementsPerPage, maximumImageBytes: limits.imageBytes)
        budget.deadline = options.deadline
        var commands: [Drawing.Command] = []
        var designed: [DesignedElement] = []
        for (index, element) in elements.enumerated() {
            let start = commands.count
            try draw(element, scope: scope, base: Point(x: 0, y: 0), options: options, into: &commands, budget: &budget)
            let places =
                start < commands.count ? [DesignedElement.Place(page: 1, commands: start..<commands.count)] : []
            designed.append(
                DesignedElement(
                    list: .elements, index: index, kind: element.kindName, lines: elementLines[index], places: places))
        }
        let metadata = try metadata(given: given, scope: scope)
        guard !flow.isEmpty else {
            var document = Document(
                pages: [Drawing(size: size, background: background, palette: palette, commands: commands)],
                metadata: metadata, archive: furniture.archive, signatureField: furniture.signatureField)
            document.flattensForms = furniture.flattensForms
            document.pdfua = furniture.pdfua
            return (document, designed)
        }
        var origins: [Int] = []
        let report = try flowReport(scope: scope, metadata: metadata, options: options, origins: &origins)
        let output = try flowOutput(report, scope: scope, options: options)
        var places = [[DesignedElement.Place]](repeating: [], count: flow.count)
        for placed in output.placedBlocks where origins.indices.contains(placed.block) {
            // The first page draws the positioned elements' commands before the flow's.
            let shift = placed.page == 0 ? commands.count : 0
            let range = (placed.commands.lowerBound + shift)..<(placed.commands.upperBound + shift)
            let item = origins[placed.block]
            if let last = places[item].last, last.page == placed.page + 1, last.commands.upperBound == range.lowerBound
            {
                places[item][places[item].count - 1].commands = last.commands.lowerBound..<range.upperBound
            } else {
                places[item].append(DesignedElement.Place(page: placed.page + 1, commands: range))
            }
        }
        for (index, block) in flow.enumerated() {
            designed.append(
                DesignedElement(
                    list: .flow, index: index, kind: block.kindName, lines: flowLines[index], places: places[index]))
        }
        return (try document(from: output, firstPage: commands), designed)
    }
}

extension FlowBlock {
    /// The YAML name of the block's kind.
    var kindName: String {
        switch self {
        case .heading: "heading"
        case .paragraph: "paragraph"
        case .table: "table"
        case .image: "image"
        case .chart: "chart"
        case .spacer: "spacer"
        case .pageBreak: "pageBreak"
        case .contents: "toc"
        case .loop: "for"
        case .condition: "if"
        }
    }
}
