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
        for (index, block) in prepared.enumerated() {
            if let deadline = report.deadline, deadline.hasPassed { throw .limit(deadline.exceeded) }
            let next = prepared.dropFirst(index + 1).first
            try place(block, next: next)
        }
        let count = pages.count
        var drawings: [Drawing] = []
        for index in 0..<count {
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
            drawings.append(
                Drawing(
                    size: Size(width: page.width, height: page.height), background: .white,
                    palette: style.palette, commands: artifact + pages[index]))
        }
        return ReportOutput(pages: drawings, metadata: report.metadata, outline: outline, placedTexts: placed)
    }

    // MARK: Pages

    mutating func newPage() {
        pages.append([])
        y = page.contentTop(page: pageIndex)
        atPageTop = true
        pageStartedByOverflow = true
    }

    /// Starts a new page unless `height` fits below `y` or the page is still empty.
    mutating func ensureRoom(_ height: Double) {
        if height > remaining + 1e-9 && !atPageTop { newPage() }
    }

    mutating func append(_ command: Drawing.Command) {
        pages[pageIndex].append(command)
    }

    /// Where the next command goes: the page and its index there.
    var mark: (page: Int, index: Int) { (pageIndex, pages[pageIndex].count) }

    /// Gathers the commands appended since `start` into a group of `role` on each page they reached: what they are
    /// to a reader, for the laid-out document's structure tree.
    mutating func giveRole(_ role: StructureRole, since start: (page: Int, index: Int)) {
        for page in start.page...pageIndex {
            let from = page == start.page ? start.index : 0
            guard from < pages[page].count else { continue }
            let commands = Array(pages[page][from...])
            pages[page].replaceSubrange(from..., with: [.group(.init(commands: commands, role: role))])
        }
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
            coveredTexts.insert(covered)
        }
        let color = try slot(role).stroke
        commands.append(
            .text(
                .init(
                    color: color, string: string, font: font.name, size: font.size,
                    origin: Point(x: x + offset, y: top), slot: .role(role),
                    adjustments: adjustments.isEmpty ? nil : adjustments)))
        placed.append(
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
