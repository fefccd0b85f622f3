import DrawingModule
import Fonts
import Support
import Typeset

/// A table of contents measured for the page: its title, and one entry per listed heading.
struct PreparedContents {
    var title: PreparedText?
    var entries: [(text: String, level: Int)]
    var font: LayoutFont
    var lineHeight: Double
}

extension LayoutEngine {
    /// The most layouts a report with a table of contents gets before its page numbers must have settled.
    static let contentsPasses = 4

    /// Lays `report` out; with a table of contents, again with the page numbers the previous layout gave its
    /// headings, until no heading moves.
    static func run(
        report: Report, fonts: FontRegistry, bands: (Int, Int) throws -> PageTemplate
    ) throws(ReportError) -> ReportOutput {
        var engine = try LayoutEngine(report: report, fonts: fonts)
        var output = try engine.run(bands: bands)
        guard engine.contentsDepth != nil else { return output }
        for _ in 1..<contentsPasses {
            let pages = engine.headingPages
            engine = try LayoutEngine(report: report, fonts: fonts)
            engine.contentsPages = pages
            output = try engine.run(bands: bands)
            if engine.headingPages == pages { return output }
        }
        throw .contentsUnsettled(passes: contentsPasses)
    }

    /// Counts `report`'s pages without keeping any: one layout (again, with a table of contents, until its page
    /// numbers settle) whose pages are dropped as the flow leaves them.
    static func paginate(report: Report, fonts: FontRegistry) throws(ReportError) -> ReportPagination {
        var engine = try LayoutEngine(report: report, fonts: fonts)
        engine.delivery = .drop
        try engine.runBody()
        var settled: [Int]?
        if engine.contentsDepth != nil {
            var passes = 1
            while settled != engine.headingPages {
                guard passes < contentsPasses else { throw .contentsUnsettled(passes: contentsPasses) }
                let pages = engine.headingPages
                engine = try LayoutEngine(report: report, fonts: fonts)
                engine.delivery = .drop
                engine.contentsPages = pages
                try engine.runBody()
                passes += 1
                settled = pages
            }
        }
        return ReportPagination(
            pageCount: engine.pages.count, outline: engine.outline, elementCount: engine.handedCommands,
            contentsPages: settled)
    }

    /// Lays `report` out as `pagination` found, each page decorated by `bands` and handed to `sink`, then released.
    /// - Throws: `ReportError`, or what `sink` threw, unchanged.
    static func stream(
        report: Report, fonts: FontRegistry, pagination: ReportPagination,
        bands: (Int, Int) throws -> PageTemplate, sink: (Drawing) throws -> Void
    ) throws {
        try withoutActuallyEscaping(bands) { bands in
            try withoutActuallyEscaping(sink) { sink in
                var engine = try LayoutEngine(report: report, fonts: fonts)
                engine.contentsPages = pagination.contentsPages
                engine.delivery = .hand(pageCount: pagination.pageCount, bands: bands, sink: sink)
                do {
                    try engine.runBody()
                } catch {
                    if let failure = engine.sinkFailure { throw failure }
                    throw error
                }
                guard engine.pages.count == pagination.pageCount else {
                    throw ReportError.output(
                        page: engine.pages.count,
                        reason: "the layout made \(engine.pages.count) pages where its pagination counted "
                            + "\(pagination.pageCount); lay the report out with the pagination of this same report")
                }
            }
        }
    }

    /// The named destination of the `index`th listed heading (from 0), which its table of contents line links to.
    static func contentsTarget(_ index: Int) -> String { "contents-\(index + 1)" }

    /// Whether a table of contents of `depth` lists `heading`: the outline's headings down to that level.
    static func lists(_ heading: Heading, depth: Int?) -> Bool {
        guard let depth else { return false }
        return heading.inOutline && heading.level <= depth
    }

    mutating func prepareContents(_ contents: TableOfContents) throws(ReportError) -> PreparedContents {
        let size = style.bodySize
        let entryFont = try font(style.bodyFont, size: size)
        var title: PreparedText?
        if let text = contents.title {
            let titleSize = style.headingSize(level: 1)
            let titleFont = try font(style.headingFont, size: titleSize)
            title = PreparedText(
                lines: LineBreaker(font: titleFont, typesetting: style.typesetting).lines(
                    for: text, width: page.contentWidth), font: titleFont,
                lineHeight: titleSize * 1.3, alignment: .left, role: ReportStyle.Role.accent,
                spaceBefore: titleSize * 0.9, spaceAfter: titleSize * 0.6, location: "the table of contents' title")
        }
        var entries: [(text: String, level: Int)] = []
        for case .heading(let heading) in report.blocks where Self.lists(heading, depth: contentsDepth) {
            entries.append((heading.text, heading.level))
        }
        return PreparedContents(
            title: title, entries: entries, font: entryFont, lineHeight: size * style.lineSpacing)
    }

    /// Places the title and one line per entry: the heading's text (cut with … where it would reach the page
    /// number's room), dot leaders, and the page number from the previous layout, the line a link to the heading.
    mutating func placeContents(_ contents: PreparedContents) throws(ReportError) {
        if let title = contents.title {
            try ensureRoom(min(title.spaceBefore + title.height(lines: title.lines.count), fullHeight))
            if !atPageTop { y += title.spaceBefore }
            for line in title.lines {
                try drawBodyLine(
                    line, font: title.font, alignment: .left, top: y, role: title.role, location: title.location)
                y += title.lineHeight
                atPageTop = false
            }
            y += title.spaceAfter
        }
        let font = contents.font
        let numberRoom = font.width(of: "0000")
        let gap = font.width(of: " ")
        let dot = max(font.width(of: "."), 0.1)
        let right = page.margins.left + page.contentWidth
        let inset = (contents.lineHeight - font.glyphHeight) / 2
        for (index, entry) in contents.entries.enumerated() {
            try ensureRoom(contents.lineHeight)
            let left = page.margins.left + Double(entry.level - 1) * font.size * 1.5
            let text = Self.cut(entry.text, font: font, width: right - numberRoom - 2 * gap - left)
            let number = contentsPages.flatMap { index < $0.count ? String($0[index] + 1) : nil } ?? ""
            let top = y + inset
            var commands: [Drawing.Command] = []
            let location = "the table of contents' entry \(index + 1)"
            try drawText(
                text, font: font, x: left, top: top, role: ReportStyle.Role.text, container: body, region: .body,
                location: location, into: &commands)
            let numberLeft = right - font.width(of: number)
            let dotsFrom = left + font.width(of: text) + gap
            let dots = Int(roundedClamping: (numberLeft - gap - dotsFrom) / dot, .down)
            if dots > 0 {
                try drawText(
                    String(repeating: ".", count: dots), font: font, x: numberLeft - gap - Double(dots) * dot,
                    top: top, role: ReportStyle.Role.text, container: body, region: .body, location: location,
                    into: &commands)
            }
            try drawText(
                number, font: font, x: numberLeft, top: top, role: ReportStyle.Role.text, container: body,
                region: .body, location: location, into: &commands)
            append(.group(.init(commands: commands, link: "#" + Self.contentsTarget(index))))
            y += contents.lineHeight
            atPageTop = false
        }
        y += style.paragraphSpacing
    }

    /// `text` shortened with a trailing … until it is at most `width` wide at `font`.
    static func cut(_ text: String, font: LayoutFont, width: Double) -> String {
        guard font.width(of: text) > width else { return text }
        var characters = Array(text)
        while !characters.isEmpty, font.width(of: String(characters) + "…") > width { characters.removeLast() }
        return String(characters) + "…"
    }
}
