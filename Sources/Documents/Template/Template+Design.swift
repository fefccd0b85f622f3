import DrawingModule

/// One top-level element of a template as a designer needs it: which item of `elements:` it is, what kind, the
/// file lines that write it, and which top-level commands of the first page it made, so that the laid-out page can
/// say where those commands landed (`LaidOutPage.area(ofCommands:)`) instead of a guess from the description.
public struct DesignedElement: Sendable, Hashable {
    /// The element's index in the template's `elements:` list.
    public var index: Int
    /// The element's kind as the YAML names it (`text`, `rect`, `qr`, `for` …).
    public var kind: String
    /// The file lines that write it, from 1.
    public var lines: ClosedRange<Int>
    /// The first page's top-level commands it made (empty for an `if` whose branch drew nothing).
    public var commands: Range<Int>

    /// Creates a designed element.
    public init(index: Int, kind: String, lines: ClosedRange<Int>, commands: Range<Int>) {
        self.index = index
        self.kind = kind
        self.lines = lines
        self.commands = commands
    }
}

extension Template {
    /// The document `document(values:data:options:)` makes, with each top-level element's commands on the first
    /// page: the designer lays this document out once and reads every element's box from the result.
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
            designed.append(
                DesignedElement(
                    index: index, kind: element.kindName, lines: elementLines[index], commands: start..<commands.count))
        }
        let metadata = try metadata(given: given, scope: scope)
        guard !flow.isEmpty else {
            var document = Document(
                pages: [Drawing(size: size, background: background, palette: palette, commands: commands)],
                metadata: metadata, archive: furniture.archive, signatureField: furniture.signatureField)
            document.flattensForms = furniture.flattensForms
            return (document, designed)
        }
        let output = try flowOutput(scope: scope, metadata: metadata, options: options)
        return (try document(from: output, firstPage: commands), designed)
    }
}
