import Documents
import DrawingModule
import EInvoice
import Foundation
import Render

/// One job: a template × data → documents, through the Render module's one output entry point — what `mkpdf render`,
/// `ticket`, `report` and `batch` do, for Swift code that holds its data as values.
///
/// ```swift
/// struct Invoice: Encodable { var number: String; var customer: String; var items: [Item] }
/// let job = try Job(templateFile: URL(fileURLWithPath: "Templates/invoice.yaml"))
/// try job.render(invoice).write(to: URL(fileURLWithPath: "invoice.pdf"))
/// ```
///
/// A value type of settings; every call is independent, so one job may render on many threads at once. The job
/// owns what its documents share (`output.context`, one `RenderContext` made with the job unless given): copies of
/// a job share it, another job has its own.
public struct Job: Sendable {
    /// The template every document fills.
    public var template: Template
    /// How documents become bytes: format, font mode, scale (also the grid barcodes are checked on), fonts.
    public var output: OutputOptions
    /// The budgets data is held to (YAML nodes of a data file, `jobSeconds` for each document); the template's own
    /// are set when it is read.
    public var limits: Limits
    /// The e-invoice each document carries, written from the template's `einvoice:` mapping with the document's own
    /// values (PDF/A-3b); nil for none.
    public var eInvoice: EInvoiceFormat?

    /// A job for `template`.
    public init(template: Template, output: OutputOptions = OutputOptions(), limits: Limits = Limits()) {
        self.template = template
        self.output = output
        // The job renders many documents from one template: their first pages begin alike, their fixed elements,
        // labels and fonts repeat.
        self.output.context = output.context ?? RenderContext()
        self.limits = limits
    }

    /// A job for the template file at `url`, whose files must stay inside `root` (its folder by default).
    /// - Throws: `TemplateError` for anything the template refuses.
    public init(
        templateFile url: URL, root: URL? = nil, limits: Limits = Limits(), output: OutputOptions = OutputOptions()
    ) throws(TemplateError) {
        self.init(template: try Template(contentsOf: url, root: root, limits: limits), output: output, limits: limits)
    }

    /// The document for `data`: every value the template declares, text or lists and records.
    /// - Throws: `TemplateError`: a name the template does not declare, a value it cannot show, text that does not
    ///   fit, a character no font has.
    public func document(data: [String: TemplateValue]) throws(TemplateError) -> Document {
        try document(data: data, deadline: limits.deadline())
    }

    /// The document for `data`, made by `deadline`; with `setsLayout` false its text boxes and barcodes are left to
    /// the layout that renders it.
    private func document(
        data: [String: TemplateValue], deadline: Deadline, setsLayout: Bool = true
    ) throws(TemplateError) -> Document {
        var texts: [String: String] = [:]
        var values: [String: TemplateValue] = [:]
        for (name, value) in data {
            if case .text(let text) = value { texts[name] = text } else { values[name] = value }
        }
        var options = TemplateRenderOptions(
            pixelsPerPoint: output.scale.factor, fonts: output.fonts, deadline: deadline, setsLayout: setsLayout,
            context: output.context)
        options.eInvoice = eInvoice
        return try template.document(values: texts, data: values, options: options)
    }

    /// The document for a Swift value: its encoded keys are the template's data names.
    /// - Throws: `DataError` for a value that does not encode as an object, `TemplateError` as `document(data:)`.
    public func document(for value: some Encodable) throws -> Document {
        try document(data: try DataFile.values(of: value, limits: limits))
    }

    /// The files of the document for `value`, in `output.format`.
    /// - Throws: `DataError` for a value that does not encode as an object, `TemplateError` from the template,
    ///   `RenderError` from the renderer.
    public func render(_ value: some Encodable) throws -> RenderedDocument {
        try render(data: try DataFile.values(of: value, limits: limits))
    }

    /// The files of the document for `data`, in `output.format`.
    /// - Throws: `TemplateError` from the template, `RenderError` from the renderer.
    public func render(data: [String: TemplateValue]) throws -> RenderedDocument {
        let deadline = limits.deadline()
        var options = output
        options.deadline = deadline
        return try template.render(try document(data: data, deadline: deadline, setsLayout: false), options: options)
    }
}
