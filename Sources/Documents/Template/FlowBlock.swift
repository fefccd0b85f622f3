import DrawingModule
import Expressions
import Foundation
import Reports
import Typeset

struct TemplateLet: Hashable, Sendable {
    var name: String
    var expression: Expression
    var mark: TemplateMark?
}

/// A text of the template with the place it is written, for errors found while it renders.
struct MarkedText: Hashable, Sendable {
    var text: TextTemplate
    var mark: TemplateMark?
}

/// One block of a template's `flow:`: set inside the margins, one after another, onto new pages as needed.
indirect enum FlowBlock: Hashable, Sendable {
    /// `heading`: its text, level and the name it is a destination by (`name:`), if any.
    case heading(MarkedText, level: Int, name: MarkedText?)
    case paragraph(MarkedText, alignment: ParagraphAlignment, size: Double?, role: String, weight: FontWeight?)
    case table(FlowTable)
    case image(data: Data, width: Double?, alignment: ParagraphAlignment, access: ImageAccess)
    /// `chart`: the element's chart, its rectangle's size the block's (a width of 0: the content width), kept whole.
    case chart(TemplateElement.Chart, alignment: ParagraphAlignment)
    case spacer(Double)
    case pageBreak
    /// `toc`: the flow's headings down to level `depth` with their page numbers, under an optional title.
    case contents(title: MarkedText?, depth: Int)
    case loop(variable: String, list: Expression, blocks: [FlowBlock], mark: TemplateMark?)
    case condition(test: Expression, then: [FlowBlock], otherwise: [FlowBlock], mark: TemplateMark?)
}

/// A `table` block: one row per item of a list, optionally grouped with a heading and subtotal row per group, and
/// summary rows after the body.
struct FlowTable: Hashable, Sendable {
    struct Column: Hashable, Sendable {
        var title: String
        var value: MarkedText
        var width: ColumnWidth
        var alignment: ParagraphAlignment
    }

    struct Grouping: Hashable, Sendable {
        var key: Expression
        var order: [String]
        var heading: MarkedText?
        var subtotal: [Cell]?
    }

    /// One cell of a subtotal or footer row: its text (nil: empty), the columns it covers and its own look.
    struct Cell: Hashable, Sendable {
        var text: MarkedText?
        var span: Int
        var alignment: ParagraphAlignment?
        var style: CellStyle
    }

    var rows: Expression
    var variable: String
    var columns: [Column]
    var group: Grouping?
    var footer: [[Cell]]
    var showsHeader: Bool
    var size: Double?
    var zebra: Bool
    var mark: TemplateMark?
}

/// A look named under `styles:`, which paragraphs and table cells take with `style: name`.
struct NamedStyle: Hashable, Sendable {
    var cell: CellStyle
    var alignment: ParagraphAlignment?
}

struct FlowFurniture: Hashable, Sendable {
    /// `title`, `author`, `subject` and `keywords`: the PDF's document information, each a text template filled
    /// with the document's data as the page's texts are.
    var title: MarkedText?
    var author: MarkedText?
    var subject: MarkedText?
    var keywords: MarkedText?
    /// `pdfa:` and `attach:`: the PDF/A level and the files the PDF carries.
    var archive: Document.Archive?
    /// The `attach:` entries made for each document: a `file` with `{{ }}`, or `generate:` content.
    var generatedAttachments: [DocumentAttachment] = []
    /// `signature:`: where a signed PDF shows its signature.
    var signatureField: Document.SignatureField?
    /// `flatten: true`: form fields drawn as page content.
    var flattensForms = false
    /// `pdfua: true`: a tagged PDF that claims PDF/UA-1.
    var pdfua = false
    var header: MarkedText?
    var headerLogo: Data?
    var footer: MarkedText?
    /// What the first page has instead (`firstPage:`): its own header and footer (an empty text: none) and its own
    /// top and bottom margins, the usual form of 請求書 whose first page holds the addressee block.
    var firstPage: FirstPage?

    /// The first page's own header, footer and margins; nil members follow the other pages.
    struct FirstPage: Hashable, Sendable {
        var header: MarkedText?
        var footer: MarkedText?
        var top: Double?
        var bottom: Double?
    }
}

/// What a flow `image` is to a reader of a tagged PDF: its alternative text (`alt:`, with placeholders), or
/// decoration (`decorative: true`), and the block's place, which a PDF/UA error about it names.
struct ImageAccess: Hashable, Sendable {
    var alternative: MarkedText?
    var decorative = false
    var mark: TemplateMark?
}
