import Documents
import DrawingModule
import Render

extension Template {
    /// The files of `document`, which this template made for rendering (`TemplateRenderOptions.setsLayout` false):
    /// laid out once for `options`' format, then drawn. What every face that renders a template does — `ticket`,
    /// `render`, batch records, `serve` and `Job` — so one template and record give one PDF however it is asked for.
    /// - Throws: `TemplateError` for text that does not fit or a barcode that cannot be encoded, naming the
    ///   template's line and column as filling the template would; `RenderError` for the rest.
    public func render(_ document: Document, options: OutputOptions) throws -> RenderedDocument {
        let laidOut: LaidOutDocument
        do {
            laidOut = try layOut(document, options: options)
        } catch {
            throw problem(for: error) ?? error
        }
        return try Render.render(laidOut, options: options)
    }
}
