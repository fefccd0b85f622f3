import DrawingModule
import Foundation
import Typeset

extension LayoutEngine {
    /// The header and footer of one page, drawn once the page count is known.
    mutating func pageDecoration(
        pageIndex index: Int, pageCount: Int, template: PageTemplate
    ) throws(ReportError) -> [Drawing.Command] {
        var commands: [Drawing.Command] = []
        // Placed texts record the page they are on; point the engine at the decorated page while drawing.
        decoratingPage = index
        defer { decoratingPage = nil }
        let values = ["page": "\(index + 1)", "pages": "\(pageCount)", "title": report.metadata.title ?? ""]
        if index > 0 || template.headerOnFirstPage {
            try drawBand(template.header, isHeader: true, values: values, page: index, into: &commands)
        }
        try drawBand(template.footer, isHeader: false, values: values, page: index, into: &commands)
        return commands
    }

    /// Draws one band: the rule between band and body, texts on one line next to it, images beside them.
    private mutating func drawBand(
        _ items: [PageTemplate.Item], isHeader: Bool, values: [String: String],
        page index: Int, into commands: inout [Drawing.Command]
    ) throws(ReportError) {
        guard !items.isEmpty else { return }
        let left = page.margins.left
        let width = page.contentWidth
        let ruleY = isHeader ? page.contentTop(page: index) - 8 : page.contentBottom(page: index) + 8
        let band =
            isHeader
            ? Rect(x: left, y: 0, width: width, height: ruleY)
            : Rect(x: left, y: ruleY, width: width, height: page.height - ruleY)
        let region: PlacedText.Region = isHeader ? .header : .footer
        let name = isHeader ? "header" : "footer"
        for (number, item) in items.enumerated() {
            switch item {
            case .rule(let lineWidth):
                let color = try slot(ReportStyle.Role.rule).stroke
                commands.append(
                    .line(
                        .init(
                            color: color, width: lineWidth, from: Point(x: left, y: ruleY),
                            to: Point(x: left + width, y: ruleY), slot: .role(ReportStyle.Role.rule))))
            case .text(let template, let alignment, let size):
                // Wrapped like any text box, shrunk (to 60 %) when the lines do not fit between the rule and the
                // page edge, refused when even that is too tall: a band is never cut to its first line.
                let text = Self.fill(template, values)
                let available = (isHeader ? ruleY : page.height - ruleY) - 4 - Self.bandEdge
                var font = try font(style.bodyFont, size: size)
                var lines = LineBreaker(font: font, typesetting: style.typesetting).lines(for: text, width: width)
                func needed() -> Double { Double(lines.count - 1) * font.glyphHeight * 1.2 + font.glyphHeight }
                while needed() > available + 1e-9 && font.size > size * 0.6 {
                    font = try self.font(style.bodyFont, size: max(size * 0.6, font.size - 0.25))
                    lines = LineBreaker(font: font, typesetting: style.typesetting).lines(for: text, width: width)
                }
                guard needed() <= available + 1e-9 else {
                    throw .bandOverflow(
                        band: name, item: number + 1, page: index + 1, text: text, needed: needed(),
                        available: available, size: font.size)
                }
                let first = isHeader ? ruleY - 4 - needed() : ruleY + 4
                for (row, line) in lines.enumerated() {
                    try drawLine(
                        line, font: font, alignment: alignment, x: left,
                        top: first + Double(row) * font.glyphHeight * 1.2, boxWidth: width,
                        role: ReportStyle.Role.muted, container: band, region: region,
                        location: "\(name) item \(number + 1) on page \(index + 1)", into: &commands)
                }
            case .image(let data, let height, let alignment):
                let pixels = try ImageSize(data, location: "\(name) item \(number + 1) (image)")
                let imageWidth = height * Double(pixels.width) / Double(pixels.height)
                let x: Double
                switch alignment {
                case .left, .justified, .automatic: x = left
                case .center: x = left + (width - imageWidth) / 2
                case .right: x = left + width - imageWidth
                }
                let top = isHeader ? ruleY - 4 - height : ruleY + 4
                commands.append(.image(.init(data: data, rect: Rect(x: x, y: top, width: imageWidth, height: height))))
            }
        }
    }

    /// The space a header or footer keeps from the page's edge, in points.
    static let bandEdge = 2.0

    /// Replaces `{{name}}` placeholders with `values`; unknown names are left as written.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = template
        for (name, value) in values {
            result = result.replacingOccurrences(of: "{{\(name)}}", with: value)
        }
        return result
    }
}
