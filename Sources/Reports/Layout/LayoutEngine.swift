import DrawingModule
import Fonts
import Foundation
import Typeset

/// Flows a report's blocks through pages: measures, breaks lines, paginates, then draws headers and footers once
/// the page count is known.
///
/// One engine lays out one report on one thread; the result is plain values.
struct LayoutEngine {
    let report: Report
    let fonts: FontRegistry
    private var fontCache: [FontKey: LayoutFont] = [:]
    /// Each table cell text measured so far, per font and size: its widest line, and its one line when it has no
    /// line break (`measuredWidth(_:font:)`).
    var measuredWidths: [CellText: MeasuredText] = [:]
    /// The texts drawn so far, each with the logical font whose chain draws every character of it (size and width
    /// 0): a report draws a column's values again row after row.
    var coveredTexts: Set<CellText> = []
    /// The column widths of the last table and what they were found from (`columnWidths(_:index:size:)`).
    var lastColumnWidths: (fit: ColumnFit, widths: [Double])?
    /// A logical font name at a size: asked for every table cell, so no text is formatted to look it up.
    private struct FontKey: Hashable {
        var name: String
        var size: Double
    }
    /// The body commands of each page so far.
    var pages: [[Drawing.Command]] = [[]]
    /// The top of the free space on the current page.
    var y: Double
    /// True while nothing has been placed on the current page (spacing before a block is dropped there).
    var atPageTop = true
    private(set) var outline: [Document.OutlineEntry] = []
    var placed: [PlacedText] = []
    /// The page headers and footers are being drawn for, after the body is done; nil while laying out the body.
    var decoratingPage: Int?
    /// The deepest heading level the report's table of contents lists; nil when it has none (headings then get no
    /// named destinations).
    let contentsDepth: Int?
    /// The page (from 0) of each listed heading as the previous layout placed it; nil on the first layout.
    var contentsPages: [Int]?
    /// The page (from 0) of each listed heading as this layout placed it.
    var headingPages: [Int] = []
    /// What becomes of a page once the flow has left it: held for `ReportOutput`, or handed on and released.
    var delivery: PageDelivery = .hold
    /// The groups (a structure role, a named destination) the commands placed now belong to, outermost first: a
    /// page handed on before they close gets its part of each wrapped, since it is gone by the time they close.
    var openSpans: [OpenSpan] = []
    /// The top-level commands of the bodies of the pages handed on so far.
    var handedCommands = 0
    /// The first page still held: those before it were handed on (`delivery`) and hold nothing.
    var firstHeldPage = 0
    /// The error the page sink threw, given back by `stream` in place of `ReportError.output`.
    var sinkFailure: (any Error)?

    init(report: Report, fonts: FontRegistry) throws(ReportError) {
        let page = report.page
        for index in 0...1 {
            let height = page.contentBottom(page: index) - page.contentTop(page: index)
            guard page.contentWidth > 20, height > 20 else {
                throw .pageTooSmall(
                    reason: "the \(index == 0 ? "first " : "")page body is \(Int(page.contentWidth))×"
                        + "\(Int(height)) pt after the margins")
            }
        }
        self.report = report
        self.fonts = fonts
        self.y = page.contentTop(page: 0)
        self.contentsDepth =
            report.blocks.lazy.compactMap { block -> Int? in
                if case .tableOfContents(let contents) = block { return contents.depth }
                return nil
            }.first
    }

    var page: PageSetup { report.page }
    var style: ReportStyle { report.style }
    var pageIndex: Int { pages.count - 1 }
    /// Free height left on the current page.
    var remaining: Double { page.contentBottom(page: pageIndex) - y }
    /// The height of a new page's body (every page after the first).
    var fullHeight: Double { page.contentBottom - page.contentTop }
    /// True while the current page began because the flow ran out of room (not at the start, not at a page break):
    /// a spacer at its top is dropped there, and kept everywhere else.
    var pageStartedByOverflow = false
    /// The body of the current page.
    var body: Rect {
        let top = page.contentTop(page: pageIndex)
        return Rect(
            x: page.margins.left, y: top, width: page.contentWidth, height: page.contentBottom(page: pageIndex) - top)
    }

    // MARK: Running

    /// Lays out every block, then decorates each page with what `bands(page, pages)` (1-based page, page count)
    /// returns for it.
    mutating func run(bands: (Int, Int) throws -> PageTemplate) throws(ReportError) -> ReportOutput {
        let prepared = try prepareBlocks()
        var blocks: [PlacedBlock] = []
        for (index, block) in prepared.enumerated() {
            if let deadline = report.deadline, deadline.hasPassed { throw .limit(deadline.exceeded) }
            let next = prepared.dropFirst(index + 1).first
            let start = mark
            try place(block, next: next)
            // A block's groups close inside `place`, so the commands it left are where they stay.
            for page in start.page...pageIndex {
                let from = page == start.page ? start.index : 0
                if from < pages[page].count {
                    blocks.append(PlacedBlock(block: index, page: page, commands: from..<pages[page].count))
                }
            }
        }
        let count = pages.count
        var drawings: [Drawing] = []
        for index in 0..<count {
            drawings.append(try decorated(index, count: count, bands: bands))
        }
        for index in blocks.indices {
            let shift = drawings[blocks[index].page].commands.count - pages[blocks[index].page].count
            blocks[index].commands =
                (blocks[index].commands.lowerBound + shift)..<(blocks[index].commands.upperBound + shift)
        }
        var output = ReportOutput(pages: drawings, metadata: report.metadata, outline: outline, placedTexts: placed)
        output.placedBlocks = blocks
        return output
    }

    /// Lays out every block, handing each page on (`delivery`) as the flow leaves it, the last one at the end.
    mutating func runBody() throws(ReportError) {
        let prepared = try prepareBlocks()
        for (index, block) in prepared.enumerated() {
            if let deadline = report.deadline, deadline.hasPassed { throw .limit(deadline.exceeded) }
            let next = prepared.dropFirst(index + 1).first
            try place(block, next: next)
        }
        try finishPage()
    }

    // MARK: Pages

    /// What becomes of a page the flow has left.
    enum PageDelivery {
        /// Kept until the end, when every page is decorated and returned (`ReportOutput`).
        case hold
        /// Dropped: a pass that only counts pages and finds where headings land.
        case drop
        /// Decorated with the header and footer of a document of `pageCount` pages and handed to `sink`, then
        /// released.
        case hand(pageCount: Int, bands: (Int, Int) throws -> PageTemplate, sink: (Drawing) throws -> Void)
    }

    /// A group the commands placed since `start` go into: a structure role, or a named destination (which wraps
    /// the lines of its first page only, as a link lands on one place).
    struct OpenSpan {
        enum Wrap {
            case role(StructureRole)
            case name(String)
        }
        var wrap: Wrap
        var start: (page: Int, index: Int)

        func group(_ commands: [Drawing.Command]) -> Drawing.Command {
            switch wrap {
            case .role(let role): .group(.init(commands: commands, role: role))
            case .name(let name): .group(.init(commands: commands, name: name))
            }
        }

        var firstPageOnly: Bool { if case .name = wrap { true } else { false } }
    }

    mutating func newPage() throws(ReportError) {
        try finishPage()
        pages.append([])
        y = page.contentTop(page: pageIndex)
        atPageTop = true
        pageStartedByOverflow = true
    }

    /// Starts a new page unless `height` fits below `y` or the page is still empty.
    mutating func ensureRoom(_ height: Double) throws(ReportError) {
        if height > remaining + 1e-9 && !atPageTop { try newPage() }
    }

    /// Hands the current page on when pages are not held: its part of every open group wrapped (innermost first),
    /// decorated when its count is known, and its commands released.
    mutating func finishPage() throws(ReportError) {
        if case .hold = delivery { return }
        for position in openSpans.indices.reversed() {
            let span = openSpans[position]
            guard !span.firstPageOnly || span.start.page == pageIndex else { continue }
            let from = span.start.page == pageIndex ? span.start.index : 0
            guard from < pages[pageIndex].count else { continue }
            let commands = Array(pages[pageIndex][from...])
            pages[pageIndex].replaceSubrange(from..., with: [span.group(commands)])
        }
        handedCommands += pages[pageIndex].count
        if case .hand(let count, let bands, let sink) = delivery {
            let drawing = try decorated(pageIndex, count: count, bands: bands)
            do {
                try sink(drawing)
            } catch {
                sinkFailure = error
                throw .output(page: pageIndex + 1, reason: "\(error)")
            }
        }
        pages[pageIndex] = []
        firstHeldPage = pageIndex + 1
    }

    /// Page `index` with the header and footer `bands(page, count)` gives it, drawn as artifacts beneath its body.
    mutating func decorated(
        _ index: Int, count: Int, bands: (Int, Int) throws -> PageTemplate
    ) throws(ReportError) -> Drawing {
        let template: PageTemplate
        do {
            template = try bands(index + 1, count)
        } catch {
            throw .band(page: index + 1, reason: "\(error)")
        }
        let decoration = try pageDecoration(pageIndex: index, pageCount: count, template: template)
        // Headers, footers and page numbers are not content: a reader skips them.
        let artifact: [Drawing.Command] =
            decoration.isEmpty ? [] : [.group(.init(commands: decoration, role: .artifact))]
        return Drawing(
            size: Size(width: page.width, height: page.height), background: .white,
            palette: style.palette, commands: artifact + pages[index])
    }

    mutating func append(_ command: Drawing.Command) {
        pages[pageIndex].append(command)
    }

    /// Where the next command goes: the page and its index there.
    var mark: (page: Int, index: Int) { (pageIndex, pages[pageIndex].count) }

    /// Opens a group for the commands placed from here to its `closeSpan()`: a structure role (what they are to a
    /// reader, for the laid-out document's structure tree) or a named destination.
    mutating func openSpan(_ wrap: OpenSpan.Wrap) {
        openSpans.append(OpenSpan(wrap: wrap, start: mark))
    }

    /// Closes the innermost open group: the commands placed since it opened, on each page still held that they
    /// reached, go into it (a role on every page, a name on its first page only).
    mutating func closeSpan() {
        guard let span = openSpans.popLast() else { return }
        let last = span.firstPageOnly ? span.start.page : pageIndex
        guard max(span.start.page, firstHeldPage) <= last else { return }
        for page in max(span.start.page, firstHeldPage)...last {
            let from = page == span.start.page ? span.start.index : 0
            // A name is given even to no lines (a heading without text still has its destination).
            guard from < pages[page].count || (span.firstPageOnly && from == pages[page].count) else { continue }
            let commands = Array(pages[page][from...])
            pages[page].replaceSubrange(from..., with: [span.group(commands)])
        }
    }

    /// Keeps where a text went, for `ReportOutput.placedTexts`; pages not held keep no record of their texts.
    mutating func record(_ text: PlacedText) {
        if case .hold = delivery { placed.append(text) }
    }

    mutating func addOutlineEntry(_ title: String, level: Int) {
        outline.append(Document.OutlineEntry(title: title, level: level, pageIndex: pageIndex, top: y))
    }

    // MARK: Resources

    mutating func font(_ name: String, size: Double) throws(ReportError) -> LayoutFont {
        guard size.isFinite, size > 0, size <= 1000 else {
            throw .invalidNumber(
                what: "the font size for \"\(name)\"", value: size, rule: "from 0 (exclusive) to 1000 pt")
        }
        let key = FontKey(name: name, size: size)
        if let font = fontCache[key] { return font }
        let font: LayoutFont
        do {
            font = try LayoutFont(named: name, size: size, fonts: fonts)
        } catch {
            throw .font(name: name, reason: error.description)
        }
        fontCache[key] = font
        return font
    }

    func slot(_ role: String) throws(ReportError) -> Palette.Slot {
        guard let slot = style.palette.slot(named: role) else {
            throw .unknownRole(role: role, known: style.palette.roles)
        }
        return slot
    }

    // MARK: Drawing

    /// Draws one line of text with its line box's top-left at (`x`, `top`), recording where it went.
    /// - Throws: `ReportError.missingGlyph` naming `location` when no font of the chain can draw a character.
    /// A set line's characters go where `adjustments` (points after each) put them, the first `offset` right of
    /// `x`; the recorded frame is `width` wide from `x` (the text's advance by default).
    mutating func drawText(
        _ string: String, font: LayoutFont, x: Double, top: Double, role: String,
        container: Rect, region: PlacedText.Region, location: @autoclosure () -> String,
        offset: Double = 0, adjustments: [Double] = [], width: Double? = nil,
        into commands: inout [Drawing.Command]
    ) throws(ReportError) {
        guard !string.isEmpty else { return }
        let covered = CellText(text: string, font: font.name, size: 0, width: 0)
        if !coveredTexts.contains(covered) {
            let coverage: FontCoverage
            do {
                coverage = try fonts.coverage(of: string, font: font.name)
            } catch {
                throw .font(name: font.name, reason: error.description)
            }
            if let missing = coverage.missing.first {
                throw .missingGlyph(missing, text: string, location: location())
            }
            // A check is cheap to repeat: a long report's unique values (member numbers) are not all remembered.
            if coveredTexts.count >= Self.keptBrokenTexts { coveredTexts.removeAll(keepingCapacity: true) }
            coveredTexts.insert(covered)
        }
        let color = try slot(role).stroke
        commands.append(
            .text(
                .init(
                    color: color, string: string, font: font.name, size: font.size,
                    origin: Point(x: x + offset, y: top), slot: .role(role),
                    adjustments: adjustments.isEmpty ? nil : adjustments)))
        record(
            PlacedText(
                pageIndex: decoratingPage ?? pageIndex, text: string,
                frame: Rect(x: x, y: top, width: width ?? font.width(of: string), height: font.glyphHeight),
                container: container, region: region))
    }

    /// Draws a broken line in a box `boxWidth` wide starting at `x`: one text command, its characters placed by the
    /// line's spacing (and justification, done when it was broken).
    mutating func drawLine(
        _ line: TextLine, font: LayoutFont, alignment: ParagraphAlignment, x: Double, top: Double,
        boxWidth: Double, role: String, container: Rect, region: PlacedText.Region,
        location: @autoclosure () -> String,
        into commands: inout [Drawing.Command]
    ) throws(ReportError) {
        try drawText(
            line.text, font: font, x: x + line.start(alignment: alignment, boxWidth: boxWidth), top: top, role: role,
            container: container, region: region, location: location(), offset: line.offset,
            adjustments: line.adjustments, width: line.width, into: &commands)
    }

    /// `drawText` into the current page's body.
    mutating func drawBodyLine(
        _ line: TextLine, font: LayoutFont, alignment: ParagraphAlignment, top: Double,
        role: String, location: @autoclosure () -> String
    ) throws(ReportError) {
        var commands: [Drawing.Command] = []
        try drawLine(
            line, font: font, alignment: alignment, x: page.margins.left, top: top,
            boxWidth: page.contentWidth, role: role, container: body, region: .body,
            location: location(), into: &commands)
        pages[pageIndex] += commands
    }
}
