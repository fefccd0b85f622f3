import DrawingModule
import Expressions
import Foundation

/// A line and column in the template file (1-based, columns in Unicode scalars as libyaml counts them): the same
/// place the template's text boxes and barcodes carry to layout (`TextBox.source`), so layout's errors name it.
public typealias TemplateMark = SourcePlace

/// One element of a loaded template, colours already resolved from the palette and text split into placeholders.
///
/// Internal: the YAML is the public form. Each element keeps the mark of its text so render-time errors (a missing
/// value, a character the font lacks) can point at the line that uses the placeholder.
enum TemplateElement: Hashable, Sendable {
    case line(Line)
    case shape(Shape)
    case text(Text)
    case image(Image)
    case barcode(Barcode)
    /// `chart`: a chart of a list's values.
    case chart(Chart)
    /// `part`: another template's page drawn into a rectangle.
    case part(Part)
    /// `for`: the elements once per item of a list, each time moved by `step`.
    case loop(Loop)
    /// `if`: one list of elements or the other.
    case condition(Condition)
    /// An element with `link:`, `name:`, `alt:` or `decorative:`: drawn as a group that links, is a target, or says
    /// what it is to a reader.
    case linked(Linked)
    /// `field`: a fillable form field.
    case field(Field)

    /// An element made a link (`link:`, a URI or `#name`) and/or a named target (`name:`), both texts with
    /// placeholders; an image, chart, barcode or part given alternative text (`alt:`, a text with placeholders) or
    /// marked decorative (`decorative: true`), for a tagged PDF's structure.
    struct Linked: Hashable, Sendable {
        var element: [TemplateElement]
        var link: MarkedText?
        var name: MarkedText?
        /// What the element shows, for readers who cannot see it (a figure's `/Alt`).
        var alternative: MarkedText?
        /// True when the element only decorates: an artifact a reader skips.
        var decorative = false
    }

    /// Another template placed as a part; equal when it comes from the same file to the same place with the same inputs.
    struct Part: Hashable, Sendable {
        var template: Template
        var file: String
        var rect: Rect
        var rotation: Double
        var values: [(String, MarkedText)]
        var mark: TemplateMark?

        static func == (lhs: Part, rhs: Part) -> Bool {
            lhs.file == rhs.file && lhs.rect == rhs.rect && lhs.rotation == rhs.rotation && lhs.mark == rhs.mark
                && lhs.values.map(\.0) == rhs.values.map(\.0) && lhs.values.map(\.1) == rhs.values.map(\.1)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(file)
            hasher.combine(rect)
            hasher.combine(rotation)
        }
    }

    /// A `for` over elements.
    struct Loop: Hashable, Sendable {
        var variable: String
        var list: Expression
        var step: Point
        var elements: [TemplateElement]
        var mark: TemplateMark?
    }

    /// An `if` over elements.
    struct Condition: Hashable, Sendable {
        var test: Expression
        var then: [TemplateElement]
        var otherwise: [TemplateElement]
        var mark: TemplateMark?
    }

    /// `repeat: {count, dx, dy}`: the element drawn `count` times, each copy moved by (dx, dy) from the last.
    struct Repetition: Hashable, Sendable {
        var count: Int = 1
        var dx: Double = 0
        var dy: Double = 0

        /// The offsets of the copies, first copy at (0, 0).
        var offsets: [Point] { (0..<count).map { Point(x: Double($0) * dx, y: Double($0) * dy) } }
    }

    struct Line: Hashable, Sendable {
        var slot: Palette.Slot
        var role: String
        var width: Double
        var from: Point
        var to: Point
        var cap: LineCap
        var repetition: Repetition
    }

    struct Shape: Hashable, Sendable {
        var isEllipse: Bool
        var slot: Palette.Slot
        var role: String
        var paint: Paint
        var lineWidth: Double
        var rect: Rect
        var repetition: Repetition
    }

    struct Text: Hashable, Sendable {
        var slot: Palette.Slot
        var role: String
        var text: TextTemplate
        var font: String
        var size: Double
        var origin: Point
        var boxWidth: Double?
        var alignment: TextAlignment
        var repetition: Repetition
        var mark: TemplateMark?
        /// Set when the text has a height: it is set in the box (x, y, w, h) by a fit policy.
        var box: Box?
        var weight: FontWeight = .regular
        var underline: Bool = false
        /// What the text is to a reader (`tag: H1`), or nil for the default: a paragraph.
        var tag: StructureRole?
    }

    /// A text's box settings beyond x, y and w.
    struct Box: Hashable, Sendable {
        var height: Double
        var verticalAlignment: VerticalAlignment
        var fit: [FitPolicy]
        var minimumSize: Double
        var lineHeight: Double
        var letterSpacing: Double
        var rotation: Double
        var writingMode: WritingMode
        var proportional: Bool
        var verticalWords: VerticalWords
        var typesetting: Typesetting
    }

    struct Image: Hashable, Sendable {
        var data: Data
        var rect: Rect
        var mark: TemplateMark?
    }

    /// A `barcode:` element, or a `qr:` one (a barcode of kind qr): the command with its data still a template.
    struct Barcode: Hashable, Sendable {
        /// The command, its `data` replaced when rendered.
        var command: Drawing.Command.Barcode
        var data: TextTemplate
        /// The element's name in the template (`qr` or `barcode`) and the key holding the data (`payload`, `data`).
        var element: String
        var dataKey: String
        var mark: TemplateMark?
    }

    /// A `chart:` element: the command without its data, and how to read the data from a list.
    struct Chart: Hashable, Sendable {
        /// One `series:` entry: its name and the value template read once per row.
        struct Series: Hashable, Sendable {
            var name: MarkedText
            var value: MarkedText
        }

        /// The command, its categories and series filled when rendered.
        var command: Drawing.Command.Chart
        /// `rows`: the list, one category per item.
        var rows: Expression
        /// `each`: the name an item has in `label` and the values (`row`).
        var variable: String
        /// `label`: the category label of a row.
        var label: MarkedText
        var series: [Series]
        var valueTitle: MarkedText?
        var mark: TemplateMark?
    }
}
