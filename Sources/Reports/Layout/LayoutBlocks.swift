import DrawingModule
import Foundation
import Typeset

/// A block measured and broken for the page width, ready to be placed.
enum PreparedBlock {
    case heading(PreparedText, Heading)
    case paragraph(PreparedText)
    case richParagraph(PreparedRuns)
    case table(PreparedTable)
    case image(ReportImage, size: Size)
    case chart(ReportChart, size: Size)
    case spacer(Double)
    case pageBreak
    case contents(PreparedContents)
}

/// Lines of a paragraph set from styled runs (markup), each ready to be placed at the left margin.
struct PreparedRuns {
    var lines: [SetLine]
    var lineHeight: Double
    var spaceAfter: Double
    var location: String
}

/// Lines of a paragraph or heading with everything needed to place them.
struct PreparedText {
    var lines: [TextLine]
    var font: LayoutFont
    var lineHeight: Double
    var alignment: ParagraphAlignment
    var role: String
    var spaceBefore: Double
    var spaceAfter: Double
    /// "paragraph 3", "heading 1" — for error messages.
    var location: String

    /// The height of the first `count` lines.
    func height(lines count: Int) -> Double { Double(min(count, lines.count)) * lineHeight }
}

extension LayoutEngine {
    /// Throws the report's deadline error once its time is up: each block and table row is prepared (its lines
    /// broken, its cells measured) before any is placed, so preparing checks as placing does.
    func checkDeadline() throws(ReportError) {
        if let deadline = report.deadline, deadline.hasPassed { throw .limit(deadline.exceeded) }
    }

    /// A setter for markup (a rich paragraph, a table cell) that stops at the paragraph or line it is in once the
    /// report's deadline has passed.
    func markupSetter() -> TextBoxSetter {
        var setter = TextBoxSetter(fonts: fonts, kinsoku: .standard)
        setter.deadline = report.deadline
        return setter
    }

    /// The report's error for markup that could not be set: the deadline's own limit when that stopped it, else the
    /// font's problem.
    static func failure(setting error: TextFitError, font: String) -> ReportError {
        if case .limit(let limit) = error.reason { return .limit(limit) }
        return .font(name: font, reason: error.description)
    }

    mutating func prepareBlocks() throws(ReportError) -> [PreparedBlock] {
        var result: [PreparedBlock] = []
        var counts: [String: Int] = [:]
        func number(_ kind: String) -> Int {
            let next = counts[kind, default: 0] + 1
            counts[kind] = next
            return next
        }
        for block in report.blocks {
            try checkDeadline()
            switch block {
            case .heading(let heading):
                let size = style.headingSize(level: heading.level)
                let font = try font(style.headingFont, size: size)
                let lines = LineBreaker(font: font, typesetting: style.typesetting).lines(
                    for: heading.text, width: page.contentWidth)
                result.append(
                    .heading(
                        PreparedText(
                            lines: lines, font: font, lineHeight: size * 1.3, alignment: .left,
                            role: ReportStyle.Role.accent,
                            spaceBefore: size * 0.9, spaceAfter: heading.level == 1 ? size * 0.6 : size * 0.4,
                            location: "heading \(number("heading")) (\"\(heading.text)\")"), heading))
            case .paragraph(let paragraph) where paragraph.usesMarkup:
                let size = paragraph.size ?? style.bodySize
                let location = "paragraph \(number("paragraph"))"
                let base = TextRun(
                    "", font: paragraph.font ?? style.bodyFont, size: size,
                    color: try slot(paragraph.colorRole).stroke)
                let alignment = paragraph.alignment.textAlignment
                let lines: [SetLine]
                do {
                    lines = try markupSetter()
                        .lines(
                            InlineMarkup(base: base).runs(markup: paragraph.text), width: page.contentWidth,
                            alignment: alignment, typesetting: style.typesetting, field: location)
                } catch {
                    throw Self.failure(setting: error, font: base.font)
                }
                result.append(
                    .richParagraph(
                        PreparedRuns(
                            lines: lines, lineHeight: size * style.lineSpacing,
                            spaceAfter: paragraph.spaceAfter ?? style.paragraphSpacing, location: location)))
            case .paragraph(let paragraph):
                let size = paragraph.size ?? style.bodySize
                let font = try font(paragraph.font ?? style.bodyFont, size: size)
                let lines = LineBreaker(font: font, typesetting: style.typesetting)
                    .lines(
                        for: paragraph.text, width: page.contentWidth,
                        justified: paragraph.alignment.justifies(paragraph.text))
                result.append(
                    .paragraph(
                        PreparedText(
                            lines: lines, font: font, lineHeight: size * style.lineSpacing,
                            alignment: paragraph.alignment,
                            role: paragraph.colorRole, spaceBefore: 0,
                            spaceAfter: paragraph.spaceAfter ?? style.paragraphSpacing,
                            location: "paragraph \(number("paragraph"))")))
            case .table(let table):
                result.append(.table(try prepareTable(table, index: number("table"))))
            case .image(let image):
                let index = number("image")
                let pixels = try ImageSize(image.data, location: "image \(index)")
                var width = min(image.width ?? Double(pixels.width), page.contentWidth)
                var height = width * Double(pixels.height) / Double(pixels.width)
                if height > fullHeight {
                    width *= fullHeight / height
                    height = fullHeight
                }
                result.append(.image(image, size: Size(width: width, height: height)))
            case .chart(let chart):
                let index = number("chart")
                let size = chart.chart.rect.size
                for (what, value) in [("width", size.width), ("height", size.height)]
                where !value.isFinite || value < 0 || (what == "height" && value == 0) {
                    throw .invalidNumber(
                        what: "chart \(index)'s \(what)", value: value, rule: "a finite length greater than 0")
                }
                guard size.height <= fullHeight else {
                    throw .chartTooTall(location: "chart \(index)", height: size.height, available: fullHeight)
                }
                let width = size.width == 0 ? page.contentWidth : min(size.width, page.contentWidth)
                result.append(.chart(chart, size: Size(width: width, height: size.height)))
            case .spacer(let spacer):
                result.append(.spacer(spacer.height))
            case .pageBreak:
                result.append(.pageBreak)
            case .tableOfContents(let contents):
                result.append(.contents(try prepareContents(contents)))
            }
        }
        return result
    }

    /// The least height a block needs at the bottom of a page to start there: what keep-with-next reserves.
    func leadHeight(of block: PreparedBlock?) -> Double {
        switch block {
        case .heading(let text, _): text.spaceBefore + text.height(lines: text.lines.count)
        case .paragraph(let text): text.height(lines: 2)
        case .richParagraph(let text): text.lines.prefix(2).reduce(0) { $0 + max(text.lineHeight, $1.height) }
        case .table(let table): table.leadHeight
        case .image(_, let size), .chart(_, let size): size.height
        case .contents(let contents):
            (contents.title.map { $0.spaceBefore + $0.height(lines: $0.lines.count) } ?? 0)
                + (contents.entries.isEmpty ? 0 : contents.lineHeight)
        case .spacer, .pageBreak, nil: 0
        }
    }

    mutating func place(_ block: PreparedBlock, next: PreparedBlock?) throws(ReportError) {
        switch block {
        case .heading(let text, let heading):
            var needed = text.spaceBefore + text.height(lines: text.lines.count)
            if heading.keepWithNext { needed += text.spaceAfter + leadHeight(of: next) }
            try ensureRoom(min(needed, fullHeight))
            if !atPageTop { y += text.spaceBefore }
            if heading.inOutline { addOutlineEntry(heading.text, level: heading.level) }
            // Innermost last: the destination a contents line links to, inside the heading's own name, inside its
            // role.
            openSpan(.role(.heading(heading.level)))
            if let name = heading.name { openSpan(.name(name)) }
            let listed = Self.lists(heading, depth: contentsDepth)
            if listed {
                openSpan(.name(Self.contentsTarget(headingPages.count)))
                headingPages.append(pageIndex)
            }
            try placeLines(text)
            if listed { closeSpan() }
            if heading.name != nil { closeSpan() }
            closeSpan()
            if heading.level == 1 {
                let color = try slot(ReportStyle.Role.accent).stroke
                append(
                    .line(
                        .init(
                            color: color, width: 1, from: Point(x: page.margins.left, y: y + 2),
                            to: Point(x: page.margins.left + page.contentWidth, y: y + 2),
                            slot: .role(ReportStyle.Role.accent))))
            }
            y += text.spaceAfter
        case .paragraph(let text):
            openSpan(.role(.paragraph))
            try placeLines(text)
            closeSpan()
            y += text.spaceAfter
        case .richParagraph(let text):
            openSpan(.role(.paragraph))
            defer { closeSpan() }
            for line in text.lines {
                // A line with ruby is taller than the body's line pitch: it takes what it needs.
                let height = max(text.lineHeight, line.height)
                try ensureRoom(height)
                let left = page.margins.left
                let top = y + (height - line.height) / 2
                for command in line.commands { append(command.moved(x: left, y: top)) }
                record(
                    PlacedText(
                        pageIndex: pageIndex, text: line.text,
                        frame: Rect(x: left, y: top, width: page.contentWidth, height: line.height),
                        container: body, region: .body))
                y += height
                atPageTop = false
            }
            y += text.spaceAfter
        case .table(let table):
            try placeTable(table)
        case .image(let image, let size):
            try ensureRoom(size.height)
            let left = left(of: size.width, image.alignment)
            let command = Drawing.Command.image(
                .init(data: image.data, rect: Rect(origin: Point(x: left, y: y), size: size), source: image.source))
            append(image.role.map { .group(.init(commands: [command], role: $0)) } ?? command)
            y += size.height + style.paragraphSpacing
        case .chart(let block, let size):
            try ensureRoom(size.height)
            var chart = block.chart
            chart.rect = Rect(origin: Point(x: left(of: size.width, block.alignment), y: y), size: size)
            append(.chart(chart))
            y += size.height + style.paragraphSpacing
            atPageTop = false
        case .spacer(let height):
            // Dropped only at the top of a page the flow ran onto; at the start and after a page break it is the
            // space asked for.
            if !atPageTop || !pageStartedByOverflow { y = min(y + height, page.contentBottom(page: pageIndex)) }
        case .pageBreak:
            try newPage()
            pageStartedByOverflow = false
        case .contents(let contents):
            try placeContents(contents)
        }
    }

    /// Places lines top to bottom, continuing on new pages as needed.
    private mutating func placeLines(_ text: PreparedText) throws(ReportError) {
        let inset = (text.lineHeight - text.font.glyphHeight) / 2
        for line in text.lines {
            try ensureRoom(text.lineHeight)
            try drawBodyLine(
                line, font: text.font, alignment: text.alignment, top: y + inset, role: text.role,
                location: text.location)
            y += text.lineHeight
            atPageTop = false
        }
    }
}

/// The size a PNG or JPEG is shown at, in pixels (a JPEG's EXIF quarter turn swaps the sides), read from its header
/// without decoding it.
struct ImageSize {
    var width: Int
    var height: Int

    init(_ data: Data, location: String) throws(ReportError) {
        guard let file = ImageFile(data) else {
            throw .invalidImage(
                location: location,
                reason: "the \(data.count) bytes are not a PNG or JPEG file (no PNG signature and IHDR chunk, "
                    + "nor a JPEG frame header)")
        }
        (width, height) = file.displayedSize
        guard width > 0, height > 0 else {
            throw .invalidImage(location: location, reason: "the \(file.format) says it is \(width)×\(height) pixels")
        }
    }
}

extension LayoutEngine {
    /// The left edge of a block `width` wide placed in the body by `alignment`.
    func left(of width: Double, _ alignment: ParagraphAlignment) -> Double {
        switch alignment {
        case .left, .justified, .automatic: page.margins.left
        case .center: page.margins.left + (page.contentWidth - width) / 2
        case .right: page.margins.left + page.contentWidth - width
        }
    }
}
