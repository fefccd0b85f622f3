import Barcodes
import DrawingModule
import EInvoice
import Expressions
import Fonts
import Foundation
import Layout
import Records
import Reports
import Support
import Typeset

/// A document described as data (`Templates/ticket.yaml`, `Templates/receipt.yaml`): the page, a palette by role,
/// the data it takes with defaults, values it computes (`let:`), positioned `elements`, and a `flow` of headings,
/// paragraphs and tables set inside the margins onto as many pages as they need.
///
/// Loading checks everything that does not depend on values — syntax, every key (with the nearest valid one for a
/// misspelling), numbers, roles, every expression and every name it reads; rendering checks the rest (missing
/// values, glyphs, text that does not fit, every barcode). docs/templates.md is the reference.
///
/// ```yaml
/// page: a5                       # or {size: a5, orientation: landscape}, {width: 400pt, height: 150pt}
/// font: gothic
/// data: {customer: 山田 太郎, items: [{name: コーヒー豆, price: 1200, qty: 2}]}
/// let: {subtotal: "items | sum('price * qty')"}
/// palette: {ink: {stroke: "#1A1A1A"}}
/// elements:
///   - text: {role: ink, text: "{{customer}} 様", size: 16, x: 40, y: 40, w: 200, h: 20}
///   - for: {each: item, in: items, dy: 16, elements: [{text: {role: ink, text: "{{item.name}}", size: 10, x: 40, y: 80}}]}
/// flow:
///   - table: {rows: items, each: item, columns: [{title: 品名, value: "{{item.name}}"}]}
/// ```
public struct Template: Sendable {
    /// The file name errors carry.
    public let file: String
    /// The page size in points.
    public let size: Size
    /// The page colour, or nil for a transparent page.
    public let background: Color?
    /// The colours by role, as declared.
    public let palette: Palette
    /// The placeholder defaults declared under `placeholders:`.
    public let defaults: [String: String]
    /// Every placeholder the template declares or uses, sorted: the names `render(values:)` accepts.
    public let placeholderNames: [String]
    /// How data values that are not text print (`literals: {"true": はい, "false": いいえ, "null": ""}`), by the
    /// JSON literal; a literal the template does not list is refused rather than printed as `1` or a default.
    public let literals: [String: String]
    /// `patterns:`: what a given value of an input must match, checked by every face that fills the template.
    let patterns: [InputPattern]
    /// The elements in drawing order.
    let elements: [TemplateElement]
    /// The file lines of each top-level element, in `elements`' order.
    let elementLines: [ClosedRange<Int>]
    /// Every declared input (`data:` or `placeholders:`) with its default; null for one each document must give.
    public let data: [String: TemplateValue]
    /// The types `data:` declares (`{type: money}`), by input: a value given for one is read as its type before
    /// layout, or the document fails naming it.
    public let types: [String: DataType]
    /// The computed values, in order.
    let lets: [TemplateLet]
    /// The flowing blocks; empty for a one-page positioned template.
    let flow: [FlowBlock]
    /// The file lines of each item of `flow:`, in `flow`'s order.
    let flowLines: [ClosedRange<Int>]
    /// Title, author, header and footer of a flowing document.
    let furniture: FlowFurniture
    /// The flow's margins.
    let margins: PageSetup.Margins
    /// The template's default logical font.
    let font: String
    /// The template's Japanese typesetting rules (`typesetting:`), for its flow and the default of its text boxes.
    let typesetting: Typesetting
    /// The budgets it was loaded with, which rendering keeps to as well.
    public let limits: Limits
    /// The step a designer snaps positions and sizes to (`grid:`), in points; nil when the template names none.
    public let grid: Double?
    /// This load of the template, which its fixed elements' commands are cached under (`drawElements`).
    let identity = TemplateIdentity()
    /// The elements in stretches of fixed ones and others (`drawElements`).
    let stretches: [ElementStretch]
    /// `einvoice:`: how the e-invoice is read from the same values the pages print, or nil.
    let eInvoice: EInvoiceMapping?

    /// True when the template declares an `einvoice:` mapping, so `--einvoice` can write its data.
    public var declaresEInvoice: Bool { eInvoice != nil }

    /// The files its `attach:` names by a fixed path, read when it loaded: the same for every document.
    public var fixedAttachments: [Document.Archive.Attachment] { furniture.archive?.attachments ?? [] }

    /// True when the template has a `flow` (its document may have several pages).
    public var isFlowing: Bool { !flow.isEmpty }

    /// Reads a template from YAML text; `file` names it in errors, `baseURL` is where image and part paths are
    /// resolved.
    ///
    /// Every file the template names must resolve, after symlinks, inside `root` (`baseURL` when nil; a root of `/`
    /// allows any file), and the template is held to `limits` while it loads and renders.
    /// - Throws: `TemplateError` with line and column for a syntax error, unknown key, element or role, bad number,
    ///   a file outside the root or a limit gone over.
    public init(
        yaml: String, file: String = "<string>",
        baseURL: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath), root: URL? = nil,
        limits: Limits = Limits()
    ) throws(TemplateError) {
        guard yaml.utf8.count <= limits.templateBytes else {
            throw TemplateError(
                file: file,
                reason: .limit(
                    LimitExceeded(
                        limit: "template-bytes", what: "the template holds", value: yaml.utf8.count,
                        maximum: limits.templateBytes, unit: "bytes")))
        }
        try self.init(
            yaml: yaml, file: file, baseURL: baseURL, opening: [],
            loading: TemplateLoading(root: root ?? baseURL, limits: limits))
    }

    /// Reads a template as a part of the templates in `opening` (their paths), which it may not include again.
    init(yaml: String, file: String, baseURL: URL, opening: [String], loading: TemplateLoading) throws(TemplateError) {
        let contents = try TemplateParser(file: file, baseURL: baseURL, opening: opening, loading: loading).parse(yaml)
        self.file = file
        size = contents.size
        background = contents.background
        palette = contents.palette
        defaults = contents.defaults
        placeholderNames = contents.placeholderNames
        literals = contents.literals
        patterns = contents.patterns
        elements = contents.elements
        stretches = ElementStretch.stretches(of: contents.elements)
        elementLines = contents.elementLines
        data = contents.data
        types = contents.types
        lets = contents.lets
        flow = contents.flow
        flowLines = contents.flowLines
        furniture = contents.furniture
        margins = contents.margins
        font = contents.font
        typesetting = contents.typesetting
        grid = contents.grid
        eInvoice = contents.eInvoice
        limits = loading.limits
    }

    /// Reads a template file (YAML; JSON is YAML too); image and part paths are relative to its folder.
    ///
    /// Every file it names must resolve, after symlinks, inside `root` (the template's own folder when nil; a root
    /// of `/` allows any file), and the template is held to `limits` while it loads and renders.
    /// - Throws: `TemplateError`: unreadable file, or any problem `init(yaml:file:baseURL:root:limits:)` reports.
    public init(contentsOf url: URL, root: URL? = nil, limits: Limits = Limits()) throws(TemplateError) {
        let name = url.isFileURL ? url.relativePath : url.absoluteString
        try self.init(
            contentsOf: url, name: name, opening: [],
            loading: TemplateLoading(root: root ?? url.deletingLastPathComponent(), limits: limits))
    }

    /// Reads a template file as a part of the templates in `opening`; `name` is how errors name it.
    init(contentsOf url: URL, name: String, opening: [String], loading: TemplateLoading) throws(TemplateError) {
        if let size = TemplateLoading.regularFileSize(url.path), size > loading.limits.templateBytes {
            throw TemplateError(
                file: name,
                reason: .limit(
                    LimitExceeded(
                        limit: "template-bytes", what: "the template file holds", value: size,
                        maximum: loading.limits.templateBytes, unit: "bytes")))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TemplateError(file: name, reason: .unreadable(reason: Self.reason(error)))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TemplateError(file: name, reason: .notATemplate(kind: "the file is not UTF-8 text"))
        }
        try self.init(
            yaml: text, file: name, baseURL: url.deletingLastPathComponent(),
            opening: opening + [TemplateLoading.realPath(url.path) ?? url.standardizedFileURL.path], loading: loading)
    }

    /// The defaults overlaid with `given`: what each placeholder will be filled with.
    /// - Throws: `TemplateError` for a name the template does not know or a value with a control character.
    public func values(merging given: [String: String]) throws(TemplateError) -> [String: String] {
        for name in given.keys.sorted()
        where !placeholderNames.contains(name) && !TemplateParser.builtInNames.contains(name) {
            throw TemplateError(file: file, reason: .unknownPlaceholder(name: name, known: placeholderNames))
        }
        let merged = defaults.merging(given) { _, new in new }
        // The first name in order with a control character in its value, found without sorting every value.
        var first: (name: String, scalar: Unicode.Scalar)?
        for (name, value) in merged where first.map({ name < $0.name }) ?? true {
            if let bad = value.unicodeScalars.first(where: Self.isControl) { first = (name, bad) }
        }
        if let (name, bad) = first {
            let code = String(bad.value, radix: 16, uppercase: true)
            throw TemplateError(
                file: file,
                reason: .invalidValue(
                    placeholder: name,
                    reason: "holds the control character U+" + String(repeating: "0", count: max(0, 4 - code.count))
                        + code + (bad == "\n" ? " (a line break)" : "")))
        }
        return merged
    }

    /// The one page of a positioned template, with every `{{…}}` filled from `values` (falling back to the defaults).
    /// - Throws: `TemplateError` naming the line of the element for a value that is missing, a character the font
    ///   lacks (when `options.fonts` is set: with the field it came from), text that does not fit, or a barcode that
    ///   cannot be made; and for a template with a `flow`, whose pages come from `document(values:data:options:)`.
    public func render(
        values given: [String: String] = [:], data: [String: TemplateValue] = [:],
        options: TemplateRenderOptions = TemplateRenderOptions()
    ) throws(TemplateError) -> Drawing {
        guard flow.isEmpty else {
            throw TemplateError(
                file: file,
                reason: .badValue(
                    key: "flow", value: "a flowing document",
                    expected: "one page; a template with a flow makes a document: call document(values:data:options:)"))
        }
        var budget = ElementBudget(maximum: limits.elementsPerPage, maximumImageBytes: limits.imageBytes)
        budget.deadline = options.deadline
        return try drawing(values: given, data: data, options: options, budget: &budget)
    }

    /// The one page with `values` and `data`, its commands (and those of its parts) counted against `budget`.
    func drawing(
        values given: [String: String], data: [String: TemplateValue] = [:], options: TemplateRenderOptions,
        budget: inout ElementBudget
    ) throws(TemplateError) -> Drawing {
        let scope = try scope(values: given, data: data, deadline: options.deadline)
        var commands: [Drawing.Command] = []
        try drawElements(scope: scope, options: options, into: &commands, budget: &budget)
        return Drawing(size: size, background: background, palette: palette, commands: commands)
    }

    /// Every page of the template: a positioned template's one page, or the flow set onto as many pages as it needs
    /// with the elements drawn on the first. `data` gives inputs of any shape (a CSV's `rows`); `values` text ones.
    /// - Throws: `TemplateError` as `render` does, and for the flow: a list that is not one, a row that fails
    ///   (naming its number), a page too small for a table.
    public func document(
        values given: [String: String] = [:], data given2: [String: TemplateValue] = [:],
        options: TemplateRenderOptions = TemplateRenderOptions()
    ) throws(TemplateError) -> Document {
        let (scope, commands, metadata) = try positioned(values: given, data: given2, options: options)
        // The e-invoice is read from the scope the pages are filled from, before any page is laid out: data that
        // breaks its rules fails the document, print and XML alike.
        let invoice = try options.eInvoice.map { format throws(TemplateError) in
            (format, Self.xml(format, for: try invoiceData(scope: scope)))
        }
        var document: Document
        if flow.isEmpty {
            document = Document(
                pages: [Drawing(size: size, background: background, palette: palette, commands: commands)],
                metadata: metadata, archive: furniture.archive, signatureField: furniture.signatureField)
            document.flattensForms = furniture.flattensForms
            document.pdfua = furniture.pdfua
        } else {
            document = try self.document(
                from: try flowOutput(scope: scope, metadata: metadata, options: options), firstPage: commands)
        }
        if let (format, xml) = invoice { document = Self.attaching(format, xml: xml, to: document) }
        if !furniture.generatedAttachments.isEmpty {
            document = try attachingGenerated(to: document, scope: scope, given: given, given2: given2)
        }
        return document
    }

    /// The template's scope, its positioned elements (a flow's first page draws them beneath the flow) and its
    /// metadata, filled from `given` and `given2`: what a held and a streamed document both begin with.
    func positioned(
        values given: [String: String], data given2: [String: TemplateValue], options: TemplateRenderOptions
    ) throws(TemplateError) -> (scope: TemplateScope, commands: [Drawing.Command], metadata: Document.Metadata) {
        let scope = try scope(values: given, data: given2, deadline: options.deadline)
        var commands: [Drawing.Command] = []
        var budget = ElementBudget(maximum: limits.elementsPerPage, maximumImageBytes: limits.imageBytes)
        budget.deadline = options.deadline
        try drawElements(scope: scope, options: options, into: &commands, budget: &budget)
        return (scope, commands, try metadata(given: given, scope: scope))
    }

    /// Refuses a document whose pages hold `total` elements, past the `elements-per-document` budget.
    func checkElementsPerDocument(_ total: Int) throws(TemplateError) {
        guard total <= limits.elementsPerDocument else {
            throw TemplateError(
                file: file,
                reason: .limit(
                    LimitExceeded(
                        limit: "elements-per-document", what: "the document's pages hold", value: total,
                        maximum: limits.elementsPerDocument, unit: "elements")))
        }
    }

    /// The document of a laid-out flow, the positioned elements `commands` drawn on its first page beneath it.
    /// - Throws: `TemplateError` for the `elements-per-document` budget.
    func document(from output: ReportOutput, firstPage commands: [Drawing.Command]) throws(TemplateError) -> Document {
        try checkElementsPerDocument(output.pages.reduce(commands.count) { $0 + $1.commands.count })
        var pages = output.pages
        pages[0].commands = commands + pages[0].commands
        if let background { for index in pages.indices { pages[index].background = background } }
        var document = Document(
            pages: pages, metadata: output.metadata, outline: output.outline, archive: furniture.archive,
            signatureField: furniture.signatureField)
        document.flattensForms = furniture.flattensForms
        document.pdfua = furniture.pdfua
        return document
    }

    /// The names every expression reads: the defaults, `data` and then `values` over them, `today`, and the `let`
    /// values computed in order, `deadline` checked by their list filters.
    func scope(
        values given: [String: String], data given2: [String: TemplateValue], deadline: Deadline? = nil
    ) throws(TemplateError) -> TemplateScope {
        let texts = try values(merging: given)
        try checkPatterns(given: given, data: given2)
        for name in given2.keys.sorted() where data[name] == nil {
            throw TemplateError(file: file, reason: .unknownPlaceholder(name: name, known: placeholderNames))
        }
        var values: [String: TemplateValue] = [:]
        // Room for the inputs, `today` and `title` at once: grown entry by entry, the table is rebuilt three times.
        values.reserveCapacity(data.count + given2.count + 2)
        for (name, value) in data where value != .null { values[name] = value }
        for (name, value) in given2.sorted(by: { $0.key < $1.key }) {
            // A declared list or record takes only a list or record; data of another shape names the declaration.
            if let declared = data[name], let kind = Self.shape(declared), kind != Self.shape(value), value != .null {
                throw TemplateError(
                    file: file, reason: .dataShape(input: name, given: value.kindDescription, declared: kind))
            }
            values[name] = try typed(value, name: name)
        }
        // A value given as text replaces the default; an untouched default keeps its type (a `false` stays false).
        for name in given.keys.sorted() {
            guard let text = texts[name] else { continue }
            if let declared = data[name], let kind = Self.shape(declared) {
                throw TemplateError(
                    file: file,
                    reason: .dataShape(input: name, given: "the text \(ErrorText.quoted(text))", declared: kind))
            }
            values[name] = try typed(.text(text), name: name)
        }
        values["today"] = .text(given["today"] ?? Self.today())
        if given["title"] == nil, let title = furniture.title, title.text.isLiteral,
            let text = try? title.text.render(in: TemplateScope())
        {
            values["title"] = .text(text)
        }
        var scope = TemplateScope(values)
        scope.maximumTextBytes = limits.textBytes
        scope.maximumExpressionDepth = limits.expressionDepth
        scope.deadline = deadline
        for value in lets {
            do {
                scope.set(value.name, try value.expression.evaluate(in: scope))
            } catch {
                throw failure(error, expression: value.expression, mark: value.mark, scope: scope)
            }
        }
        if given["title"] == nil, let title = furniture.title, !title.text.isLiteral {
            scope.set("title", .text(try text(title, scope: scope)))
        }
        return scope
    }

    /// `value` given for the input `name`, read as the type `data:` declares for it (as given when none).
    /// - Throws: `TemplateError.Reason.data` with `DataError.notOfType` naming the field, the value and the type.
    func typed(_ value: TemplateValue, name: String) throws(TemplateError) -> TemplateValue {
        guard let type = types[name] else { return value }
        do {
            return try type.read(value)
        } catch {
            var mismatch = error
            mismatch.field = name
            throw TemplateError(file: file, reason: .data(.notOfType(mismatch)))
        }
    }

    /// Checks every given value that has a pattern (`patterns:`); a default the template gives itself is not checked.
    /// - Throws: `TemplateError.Reason.patternMismatch` naming the input, at the pattern's line.
    func checkPatterns(given: [String: String], data: [String: TemplateValue]) throws(TemplateError) {
        for pattern in patterns {
            let value: String
            if let text = given[pattern.name] {
                value = text
            } else if case .text(let text)? = data[pattern.name] {
                value = text
            } else {
                continue
            }
            if let problem = pattern.problem(with: value) {
                throw TemplateError(
                    file: file, line: pattern.mark?.line, column: pattern.mark?.column,
                    reason: .patternMismatch(input: pattern.name, value: ErrorText.quoted(value), problem: problem))
            }
        }
    }

    /// "a list" or "a record" for a value of that shape, else nil (text, numbers and booleans convert freely).
    static func shape(_ value: TemplateValue) -> String? {
        switch value {
        case .list: "a list"
        case .record: "a record"
        default: nil
        }
    }

    /// Today's date as `yyyy-MM-dd` in the local time zone (`TZ`, else the system's), from the C library's
    /// calendar: every render sets `today`, and Foundation's Calendar with `String(format:)` is costly to set up on
    /// first use.
    ///
    /// Made once a second: a batch renders many records in one, and the calendar reads the time zone every time.
    static func today() -> String {
        var now = time(nil)
        if let kept = todayLock.withLock({ lastToday }), kept.second == now { return kept.text }
        var local = tm()
        guard localtime_r(&now, &local) != nil else { return "1970-01-01" }
        func digits(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let text =
            digits(local.tm_year + 1900, 4) + "-" + digits(local.tm_mon + 1, 2) + "-" + digits(local.tm_mday, 2)
        todayLock.withLock { lastToday = (now, text) }
        return text
    }

    /// The date `today()` made last and the second it was made in, behind `todayLock`.
    nonisolated(unsafe) private static var lastToday: (second: time_t, text: String)?
    private static let todayLock = NSLock()

    /// The error for an expression that failed: a missing value when it names a declared input without one.
    func failure(
        _ error: ExpressionError, expression: Expression?, mark: TemplateMark?,
        scope: TemplateScope
    ) -> TemplateError {
        if let limit = error.limit {
            return TemplateError(file: file, line: mark?.line, column: mark?.column, reason: .limit(limit))
        }
        if let name = expression?.names.first(where: { scope[$0.name] == nil })?.name,
            data[name] != nil || name == "title"
        {
            return TemplateError(
                file: file, line: mark?.line, column: mark?.column, reason: .missingValue(placeholder: name))
        }
        return TemplateError(
            file: file, line: mark?.line, column: mark?.column,
            reason: .evaluation(problem: error.description))
    }

    /// The document information: `title` (a `title` value given wins), `author`, `subject` and `keywords`, each
    /// filled with `scope` as the page's texts are, so `author: "{{shop}}"` prints the shop's name, not the braces.
    func metadata(given: [String: String], scope: TemplateScope) throws(TemplateError) -> Document.Metadata {
        func filled(_ text: MarkedText?) throws(TemplateError) -> String? {
            guard let text else { return nil }
            return try self.text(text, scope: scope)
        }
        var metadata = Document.Metadata(author: try filled(furniture.author), creator: "mkpdf")
        metadata.title = given["title"]
        if metadata.title == nil { metadata.title = try filled(furniture.title) }
        metadata.subject = try filled(furniture.subject)
        metadata.keywords = try filled(furniture.keywords)
        return metadata
    }

    /// The text of `text` with `scope`.
    func text(_ text: MarkedText, scope: TemplateScope) throws(TemplateError) -> String {
        try pieces(text.text, scope: scope, mark: text.mark).map(\.text).joined()
    }

    /// Each part of `text` with `scope`, with the field it came from.
    func pieces(
        _ text: TextTemplate, scope: TemplateScope,
        mark: TemplateMark?
    ) throws(TemplateError) -> [(field: String?, text: String)] {
        let pieces: [(field: String?, text: String)]
        do {
            pieces = try text.pieces(in: scope)
        } catch {
            let failed = text.segments.compactMap { segment -> Expression? in
                if case .expression(let expression) = segment,
                    expression.names.contains(where: { scope[$0.name] == nil })
                {
                    return expression
                }
                return nil
            }.first
            throw failure(error, expression: failed, mark: mark, scope: scope)
        }
        // A value from data is a text an expression makes too: held to text-bytes before anything measures, sets or
        // quotes it (a 10.5 MB value took 18 s to be found too long for its box).
        let bytes = pieces.reduce(0) { $0 + $1.text.utf8.count }
        guard bytes <= scope.maximumTextBytes else {
            throw TemplateError(
                file: file, line: mark?.line, column: mark?.column,
                reason: .limit(
                    LimitExceeded(
                        limit: "text-bytes",
                        what: "the text " + (pieces.compactMap(\.field).first.map { "{{\($0)}} fills " } ?? "")
                            + "holds", value: bytes, maximum: scope.maximumTextBytes, unit: "bytes")))
        }
        return pieces
    }

    /// The value of `expression` with `scope`.
    func evaluate(_ expression: Expression, scope: TemplateScope, mark: TemplateMark?) throws(TemplateError)
        -> TemplateValue
    {
        do {
            return try expression.evaluate(in: scope)
        } catch {
            throw failure(error, expression: expression, mark: mark, scope: scope)
        }
    }

    /// The items of a `for` list.
    func items(_ expression: Expression, scope: TemplateScope, mark: TemplateMark?) throws(TemplateError)
        -> [TemplateValue]
    {
        let value = try evaluate(expression, scope: scope, mark: mark)
        switch value {
        case .list(let items): return items
        case .null: return []
        default:
            throw TemplateError(
                file: file, line: mark?.line, column: mark?.column,
                reason: .evaluation(
                    problem: "`\(expression.source)` is \(value.kindDescription), not a list to repeat over"))
        }
    }

    /// `loop`: the 1-based index, first, last and count of a repetition.
    static func loopRecord(_ index: Int, count: Int) -> TemplateValue {
        .record(
            TemplateRecord([
                ("index", .int(index + 1)), ("first", .bool(index == 0)),
                ("last", .bool(index == count - 1)), ("count", .int(count))
            ]))
    }

    /// Appends the commands of `elements`, moved by `base`, each counted against `budget` before it is made.
    private func draw(
        _ elements: [TemplateElement], scope: TemplateScope, base: Point, options: TemplateRenderOptions,
        into commands: inout [Drawing.Command], budget: inout ElementBudget
    ) throws(TemplateError) {
        for element in elements {
            try draw(element, scope: scope, base: base, options: options, into: &commands, budget: &budget)
        }
    }

    /// Appends the commands of `element`, moved by `base`, counted against `budget` before they are made.
    func draw(
        _ element: TemplateElement, scope: TemplateScope, base: Point, options: TemplateRenderOptions,
        into commands: inout [Drawing.Command], budget: inout ElementBudget
    ) throws(TemplateError) {
        switch element {
        case .loop(let loop):
            let items = try items(loop.list, scope: scope, mark: loop.mark)
            for (index, item) in items.enumerated() {
                try budget.checkDeadline(file: file, mark: loop.mark)
                let inner = scope.adding([loop.variable: item, "loop": Self.loopRecord(index, count: items.count)])
                let offset = Point(x: base.x + Double(index) * loop.step.x, y: base.y + Double(index) * loop.step.y)
                try draw(
                    loop.elements, scope: inner, base: offset, options: options, into: &commands, budget: &budget)
            }
        case .linked(let linked):
            var inner: [Drawing.Command] = []
            try draw(linked.element, scope: scope, base: base, options: options, into: &inner, budget: &budget)
            func resolved(_ text: MarkedText?) throws(TemplateError) -> String? {
                guard let text else { return nil }
                let value = try self.text(text, scope: scope).trimmingCharacters(in: .whitespaces)
                return value.isEmpty || value == "#" ? nil : value
            }
            let role: StructureRole? =
                if linked.decorative {
                    .artifact
                } else if let alternative = linked.alternative {
                    StructureRole(.figure, alternativeText: try self.text(alternative, scope: scope))
                } else {
                    nil
                }
            // A link whose text comes out empty (no URL in this record) is drawn without one.
            commands.append(
                .group(
                    .init(
                        commands: inner, link: try resolved(linked.link), name: try resolved(linked.name),
                        role: role)))
        case .condition(let condition):
            try budget.checkDeadline(file: file, mark: condition.mark)
            let branch =
                try evaluate(condition.test, scope: scope, mark: condition.mark).isTruthy
                ? condition.then : condition.otherwise
            try draw(branch, scope: scope, base: base, options: options, into: &commands, budget: &budget)
        case .line(let line):
            try charge(element, budget: &budget)
            for offset in line.repetition.offsets {
                commands.append(
                    .line(
                        .init(
                            color: line.slot.stroke, width: line.width,
                            from: line.from + offset + base, to: line.to + offset + base,
                            cap: line.cap, slot: .role(line.role))))
            }
        case .shape(let shape):
            try charge(element, budget: &budget)
            for offset in shape.repetition.offsets {
                let payload = Drawing.Command.Shape(
                    rect: Rect(origin: shape.rect.origin + offset + base, size: shape.rect.size),
                    paint: shape.paint,
                    lineWidth: shape.lineWidth, stroke: shape.slot.stroke, fill: shape.slot.fill,
                    slot: .role(shape.role))
                commands.append(shape.isEllipse ? .ellipse(payload) : .rect(payload))
            }
        case .text(let text) where text.box != nil:
            guard let frame = text.box else { return }
            let start = commands.count
            try drawTextBox(
                text, frame: frame, scope: scope, base: base, options: options, into: &commands, budget: &budget,
                checked: nil)
            Self.tag(text, commandsFrom: start, in: &commands)
        case .text(let text):
            let start = commands.count
            defer { Self.tag(text, commandsFrom: start, in: &commands) }
            try charge(element, budget: &budget)
            let pieces = try pieces(text.text, scope: scope, mark: text.mark)
            let string = pieces.map(\.text).joined()
            if let fonts = options.fonts {
                try checkCoverage(text, pieces: pieces, fonts: fonts)
                if !text.text.isLiteral {
                    try checkOnPage(
                        text, string: string, origin: text.origin + base, fonts: fonts,
                        setBoxes: options.context?.caches.cache(SetTextBoxes.self))
                }
            }
            for offset in text.repetition.offsets {
                commands.append(
                    .text(
                        .init(
                            color: text.slot.stroke, string: string, font: text.font,
                            size: text.size, origin: text.origin + offset + base,
                            boxWidth: text.boxWidth, alignment: text.alignment,
                            slot: .role(text.role))))
            }
        case .part(let part):
            var values: [String: String] = [:]
            for (name, text) in part.values { values[name] = try self.text(text, scope: scope) }
            try budget.add(1, file: file, mark: part.mark)
            let drawing = try part.template.drawing(values: values, options: options, budget: &budget)
            commands.append(
                .part(
                    .init(
                        drawing: drawing, rect: Rect(origin: part.rect.origin + base, size: part.rect.size),
                        rotation: part.rotation == 0 ? nil : part.rotation)))
        case .image(let image):
            try charge(element, budget: &budget)
            commands.append(
                .image(
                    .init(
                        data: image.data,
                        rect: Rect(
                            origin: image.rect.origin + base,
                            size: image.rect.size),
                        source: image.mark)))
        case .field(let field):
            try budget.add(1, file: file, mark: field.mark)
            commands.append(
                .formField(try formField(field, scope: scope, base: base, options: options, budget: &budget)))
        case .barcode(let barcode):
            try charge(element, budget: &budget)
            let element = barcode
            var command = element.command
            command.rect = Rect(origin: command.rect.origin + base, size: command.rect.size)
            command.data = try pieces(element.data, scope: scope, mark: element.mark).map(\.text).joined()
            command.source = element.mark
            if options.setsLayout {
                do {
                    _ = try BarcodeLayout(
                        command, pixelsPerPoint: options.pixelsPerPoint,
                        cache: options.context?.caches.cache(BarcodeLayoutCache.self))
                } catch {
                    throw barcodeError(element, kind: command.symbology, field: error.field, reason: error.reason)
                }
            }
            commands.append(.barcode(command))
        case .chart(let element):
            commands.append(
                .chart(try chartCommand(element, scope: scope, base: base, options: options, budget: &budget)))
        }
    }

    /// Gathers the commands a text element made (from `start`) into a group of its `tag:` role, if it has one.
    static func tag(_ text: TemplateElement.Text, commandsFrom start: Int, in commands: inout [Drawing.Command]) {
        guard let role = text.tag, start < commands.count else { return }
        let made = Array(commands[start...])
        commands.replaceSubrange(start..., with: [.group(.init(commands: made, role: role))])
    }

    /// The error of a barcode element whose data `field` libzint or the placement refused.
    func barcodeError(
        _ element: TemplateElement.Barcode, kind: Drawing.Command.Barcode.Symbology, field: String, reason: String
    ) -> TemplateError {
        TemplateError(
            file: file, line: element.mark?.line, column: element.mark?.column,
            reason: .barcode(
                element: element.element, kind: kind.rawValue, key: Self.templateKey(field, element: element),
                field: field == "data" ? element.data.names.first?.name : nil, reason: reason))
    }

    /// Appends the boxes of a text with a height, moved by `base`, counted against `budget` before they are made,
    /// each checked for glyphs with `options.fonts` when given, and set (checked for fit) there too when
    /// `options.setsLayout`, through the boxes set for the options' context. With `checked` (the template's boxes as
    /// last checked and the element's index), texts equal to the last record's give its boxes back, and only pieces
    /// that changed are checked for glyphs again.
    func drawTextBox(
        _ text: TemplateElement.Text, frame: TemplateElement.Box, scope: TemplateScope, base: Point,
        options: TemplateRenderOptions, into commands: inout [Drawing.Command],
        budget: inout ElementBudget, checked: (boxes: CheckedTextBoxes, index: Int)?
    ) throws(TemplateError) {
        let fonts = options.fonts
        try charge(.text(text), budget: &budget)
        let pieces = try pieces(text.text, scope: scope, mark: text.mark)
        let last = checked.flatMap { $0.boxes.entry($0.index) }
        if let last, last.holds(pieces) {
            commands += last.commands
            return
        }
        if let fonts {
            let changed = pieces.indices.filter { index in
                guard let last, last.pieces.count == pieces.count else { return true }
                return last.pieces[index].field != pieces[index].field
                    || !last.pieces[index].text.hasSameUTF8(as: pieces[index].text)
            }
            try checkCoverage(changed.map { pieces[$0] }, font: text.font, mark: text.mark, fonts: fonts)
        }
        var made: [Drawing.Command] = []
        for offset in text.repetition.offsets {
            var box = textBox(text, frame: frame, pieces: pieces, offset: offset + base)
            box.source = text.mark
            if let fonts, options.setsLayout {
                do {
                    var setter = TextBoxSetter(fonts: fonts)
                    setter.deadline = budget.deadline
                    setter.caches = options.context?.caches.cache(SetTextBoxes.self)
                    _ = try setter.set(box)
                } catch {
                    throw TemplateError(
                        file: file, line: text.mark?.line, column: text.mark?.column,
                        reason: .textFit(error))
                }
            }
            made.append(.textBox(box))
        }
        if let checked { checked.boxes.store(.init(pieces: pieces, commands: made), at: checked.index) }
        commands += made
    }

    // MARK: Helpers

    /// The template key a barcode command's field comes from.
    private static func templateKey(_ field: String, element: TemplateElement.Barcode) -> String {
        switch field {
        case "data": element.dataKey
        case "rect": element.element == "qr" ? "size" : "w/h"
        case "dark": "role"
        case "options.quietZone": "quiet"
        case "options.moduleWidth": "module"
        case "options.errorCorrection": "level"
        case "options.eci": "eci"
        case "options.checkDigit": "check"
        default: field
        }
    }

    /// A text with a height as a text box: its markup turned into runs, its fields named.
    private func textBox(
        _ text: TemplateElement.Text, frame box: TemplateElement.Box,
        pieces: [(field: String?, text: String)], offset: Point
    ) -> Drawing.Command.TextBox {
        let base = TextRun(
            "", font: text.font, weight: text.weight, size: text.size, color: text.slot.stroke,
            underline: text.underline)
        let fields = pieces.compactMap(\.field)
        return Drawing.Command.TextBox(
            frame: Rect(
                x: text.origin.x + offset.x, y: text.origin.y + offset.y, width: text.boxWidth ?? 0,
                height: box.height),
            runs: InlineMarkup(base: base).runs(pieces), alignment: text.alignment,
            verticalAlignment: box.verticalAlignment, lineHeight: box.lineHeight, letterSpacing: box.letterSpacing,
            fit: box.fit, minimumSize: box.minimumSize, rotation: box.rotation, writingMode: box.writingMode,
            field: fields.isEmpty ? nil : fields.joined(separator: ", "), proportional: box.proportional,
            verticalWords: box.verticalWords, typesetting: box.typesetting)
    }

    /// Fails when a text filled from data but given no box (`h`) runs past its `w`, or past the page's right edge:
    /// it would be cut off or overprint its neighbours.
    private func checkOnPage(
        _ text: TemplateElement.Text, string: String, origin: Point,
        fonts: FontRegistry, setBoxes: SetTextBoxes?
    ) throws(TemplateError) {
        let width = text.boxWidth ?? (size.width - origin.x)
        let box = Drawing.Command.TextBox(
            frame: Rect(x: origin.x, y: origin.y, width: max(0, width), height: max(0, size.height - origin.y)),
            runs: [TextRun(string, font: text.font, size: text.size)], fit: [.error],
            field: text.text.names.map(\.name).joined(separator: ", "))
        do {
            var setter = TextBoxSetter(fonts: fonts)
            setter.caches = setBoxes
            _ = try setter.set(box)
        } catch {
            throw TemplateError(file: file, line: text.mark?.line, column: text.mark?.column, reason: .textFit(error))
        }
    }

    /// Fails on the first character of the text (literal or value) that no font of the text's fallback
    /// chain can draw.
    private func checkCoverage(
        _ text: TemplateElement.Text, pieces: [(field: String?, text: String)],
        fonts: FontRegistry
    ) throws(TemplateError) {
        try checkCoverage(pieces, font: text.font, mark: text.mark, fonts: fonts)
    }

    /// Fails on the first character of `pieces` (the template's text or a value) that no font of `font`'s fallback
    /// chain can draw, naming the field it came from and every font tried.
    func checkCoverage(
        _ pieces: [(field: String?, text: String)], font: String, mark: TemplateMark?,
        fonts: FontRegistry
    ) throws(TemplateError) {
        for (field, string) in pieces {
            let coverage: FontCoverage
            do {
                let oneLine = string.utf8.contains(0x0A) ? string.filter { $0 != "\n" } : string
                coverage = try fonts.coverage(of: oneLine, font: font)
            } catch {
                throw TemplateError(
                    file: file, line: mark?.line, column: mark?.column,
                    reason: .font(name: font, reason: error.description))
            }
            guard let missing = coverage.missing.first else { continue }
            throw TemplateError(
                file: file, line: mark?.line, column: mark?.column,
                reason: .missingGlyph(field: field, missing))
        }
    }

    /// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: none belongs in one line.
    /// The control characters by their code points: Unicode's general category Cc is exactly U+0000–U+001F and
    /// U+007F–U+009F and never changes, and reading a scalar's properties costs more than the comparisons.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// The system's reason without Foundation's wrapping ("The file … couldn't be opened because …").
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return "no such file"
        }
        return error.localizedDescription
    }
}

extension Point {
    /// The point moved by `offset`.
    fileprivate static func + (point: Point, offset: Point) -> Point {
        Point(x: point.x + offset.x, y: point.y + offset.y)
    }
}
