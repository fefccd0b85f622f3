import DrawingModule
import EInvoice
import Fonts
import Layout

/// How `Template.render` turns a template into a drawing beyond the placeholder values.
public struct TemplateRenderOptions: Sendable {
    /// The device pixels per point the drawing is meant for (2 for a 2× PNG or a PDF rasterised at 144 dpi): QR
    /// modules are sized and placed on this pixel grid so they stay crisp. Vector output is unaffected otherwise.
    public var pixelsPerPoint: Double
    /// When set, every text is checked against its font before the drawing is returned, so a character the font lacks
    /// is reported with the placeholder (field) it came from; nil skips the check (renderers still refuse such text).
    public var fonts: FontRegistry?
    /// When the document must be done by (`Limits.jobSeconds`), checked as elements, flow blocks and pages are made;
    /// nil for no limit.
    public var deadline: Deadline?
    /// With `fonts` set: true sets every text box and encodes every barcode while the template is filled, so the
    /// drawing returned is known to lay out; false leaves both to the layout stage that follows (a job renders the
    /// document at once), each box and barcode marked with its element's place (`SourcePlace`) so layout's errors
    /// still name the template's line (`Template.problem(for:)`). Glyph coverage is checked either way.
    public var setsLayout: Bool
    /// What the owner of many documents (a batch run, a server, a `Job`) keeps between them, the same context its
    /// output options render with: the commands of the template's fixed elements and its checked text boxes, made
    /// and checked once for every record, and the boxes and codes checked while filling. Nil fills every document
    /// from scratch.
    public var context: RenderContext?
    /// The e-invoice to attach to the document, written from the template's `einvoice:` mapping with the values
    /// that fill the pages (PDF/A-3b, `EInvoiceFormat.fileName`); nil attaches none.
    public var eInvoice: EInvoiceFormat?

    /// Creates options; the defaults suit the standard scale (`RasterScale.standard`), skip the font check and keep
    /// nothing between documents.
    public init(
        pixelsPerPoint: Double = RasterScale.standard.factor, fonts: FontRegistry? = nil, deadline: Deadline? = nil,
        setsLayout: Bool = true, context: RenderContext? = nil
    ) {
        self.pixelsPerPoint = pixelsPerPoint
        self.fonts = fonts
        self.deadline = deadline
        self.setsLayout = setsLayout
        self.context = context
    }
}
