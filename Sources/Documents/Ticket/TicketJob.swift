import DrawingModule
import Fonts
import Foundation
import Render

/// One ticket from values to bytes: the member and ticket numbers checked against the rules, the template filled
/// (values, glyphs, text boxes and codes checked), then drawn as PDF or PNG.
///
/// The one use case behind `mkpdf ticket`, every record of `mkpdf batch` and the benchmark, so all three check and
/// draw a ticket alike.
public struct TicketJob: Sendable {
    /// The one-page template drawn.
    public var template: Template
    /// The pattern member and ticket numbers must match.
    public var rules: TicketRules
    /// PNG pixels per point; QR modules are aligned to this grid in both formats.
    public var scale: Double
    /// How the PDF carries its fonts.
    public var fontMode: PDFFontMode
    /// Where fonts come from.
    public var fonts: FontRegistry

    /// A job for `template`.
    public init(
        template: Template, rules: TicketRules, scale: Double = 2, fontMode: PDFFontMode = .embedded,
        fonts: FontRegistry = .shared
    ) {
        self.template = template
        self.rules = rules
        self.scale = scale
        self.fontMode = fontMode
        self.fonts = fonts
    }

    /// The ticket's page for `values`; the member and ticket numbers, when the template shows them and a value is
    /// given, must match the rules.
    /// - Throws: `TicketError` for a number the rules refuse, `TemplateError` for anything the template refuses.
    public func drawing(values: [String: String]) throws -> Drawing {
        for field in ["member", "ticket"] where template.placeholderNames.contains(field) {
            if let value = values[field] { try rules.check(value, field: field) }
        }
        return try template.render(values: values, options: TemplateRenderOptions(pixelsPerPoint: scale, fonts: fonts))
    }

    /// `drawing` as a file's bytes in `format`.
    /// - Throws: `RenderError`.
    public func data(for drawing: Drawing, as format: OutputFormat) throws(RenderError) -> Data {
        switch format {
        case .pdf: try PDFRenderer(fonts: fonts, fontMode: fontMode).data(for: drawing)
        case .png: try RasterRenderer(fonts: fonts).pngData(for: drawing, scale: .factor(scale))
        }
    }

    /// Writes `drawing` (from `drawing(values:)`) to `url` in `format`, through a temporary file and a rename.
    /// - Returns: the absolute path written.
    /// - Throws: `RenderError`.
    public func write(_ drawing: Drawing, to url: URL, as format: OutputFormat) throws(RenderError) -> URL {
        switch format {
        case .pdf: try PDFRenderer(fonts: fonts, fontMode: fontMode).write(drawing, to: url)
        case .png: try RasterRenderer(fonts: fonts).write(drawing, to: url, scale: .factor(scale))
        }
        return url.standardizedFileURL
    }
}
