import DrawingModule
import EInvoice
import Expressions
import Fonts
import Foundation
import Layout

/// One document (a ticket, an invoice) from values to laid-out pages: the member and ticket numbers checked against the rules, then the
/// template filled (values, glyphs, text boxes and codes checked on the grid the page will be rendered for).
///
/// The one use case behind `mkpdf ticket`, every record of `mkpdf batch` and the benchmark, so all three check a
/// ticket alike; the page then goes to the Render module's one output entry point.
public struct TicketJob: Sendable {
    /// The one-page template drawn.
    public var template: Template
    /// A pattern member and ticket numbers must match besides the template's own `patterns:` (a command's
    /// `--id-pattern`); nil leaves the rule to the template, so that every face refuses the same values alike.
    public var rules: TicketRules?
    /// The device grid barcodes are checked on: the `scale` the page will be rendered with.
    public var scale: RasterScale
    /// Where fonts come from.
    public var fonts: FontRegistry
    /// What the owner of many tickets (a batch run, the benchmark) keeps between them — the template's fixed
    /// elements, checked boxes and codes — the same context their output is rendered with; nil fills every ticket
    /// from scratch.
    public var context: RenderContext?
    /// The e-invoice each document carries (`TemplateRenderOptions.eInvoice`), or nil.
    public var eInvoice: EInvoiceFormat?

    /// A job for `template`.
    public init(
        template: Template, rules: TicketRules? = nil, scale: RasterScale = .standard, fonts: FontRegistry = .shared
    ) {
        self.template = template
        self.rules = rules
        self.scale = scale
        self.fonts = fonts
    }

    /// The ticket's page for `values`; the member and ticket numbers, when the template shows them and a value is
    /// given, must match the template's `patterns:` and the rules, when given.
    /// - Throws: `TicketError` for a number the rules refuse, `TemplateError` for anything the template refuses.
    public func drawing(values: [String: String]) throws -> Drawing {
        try checkNumbers(values)
        return try template.render(
            values: values,
            options: TemplateRenderOptions(pixelsPerPoint: scale.factor, fonts: fonts, context: context))
    }

    /// The document for `values` and `data` (lists and records): a positioned template's one page, or a flowing
    /// template's pages, made by `deadline`; the member and ticket numbers checked as `drawing(values:)` does.
    /// With `setsLayout` false its text boxes and barcodes are left to the layout that renders it
    /// (`TemplateRenderOptions.setsLayout`).
    /// - Throws: `TicketError` for a number the rules refuse, `TemplateError` for anything the template refuses.
    public func document(
        values: [String: String], data: [String: TemplateValue] = [:], deadline: Deadline? = nil,
        setsLayout: Bool = true
    ) throws -> Document {
        try checkNumbers(values)
        var options = TemplateRenderOptions(
            pixelsPerPoint: scale.factor, fonts: fonts, deadline: deadline, setsLayout: setsLayout, context: context)
        options.eInvoice = eInvoice
        return try template.document(values: values, data: data, options: options)
    }

    /// Checks the member and ticket numbers the template shows against the rules, when given.
    private func checkNumbers(_ values: [String: String]) throws {
        guard let rules else { return }
        for field in ["member", "ticket"] where template.placeholderNames.contains(field) {
            if let value = values[field] { try rules.check(value, field: field) }
        }
    }
}
