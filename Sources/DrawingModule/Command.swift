import Foundation

extension Drawing {
    /// One drawn element, with every colour already resolved.
    ///
    /// The builder copies the slot's current colours into the command when it is drawn, as a graphics context would:
    /// changing a slot afterwards affects later elements only, and a renderer needs no palette. The slot is kept
    /// (`slot`) for error messages and debugging, never for colour.
    ///
    /// Indirect: each payload is kept once, in a box the copies share. A command is copied wherever a drawing is
    /// built, cached, walked or compared (a template's fixed commands into every record's page), and a copy of an
    /// inline payload (a text's strings, colours and options) retained each part; a boxed one retains the box.
    public indirect enum Command: Hashable, Sendable {
        /// A straight line.
        case line(Line)
        /// A rectangle, filled and/or outlined.
        case rect(Shape)
        /// An ellipse inscribed in a rectangle (a circle when the rectangle is square), filled and/or outlined.
        case ellipse(Shape)
        /// A run of text on one line, placed by its top-left corner.
        case text(Text)
        /// Text set inside a frame by a fit policy: runs, wrapping, shrinking, rotation, vertical columns.
        case textBox(TextBox)
        /// A PNG or JPEG image scaled into a rectangle.
        case image(Image)
        /// A whole drawing scaled into a rectangle: a reusable part, replayed as vector graphics.
        case part(Part)
        /// Commands drawn together, optionally clipped to a rectangle.
        case group(Group)
        /// A barcode or 2D code, encoded when the drawing is rendered (see `Barcode`).
        case barcode(Barcode)
        /// A fillable form field (a PDF AcroForm field), drawn as its appearance where nothing can be filled.
        case formField(FormField)
        /// An outline of lines and curves, filled and/or stroked (a pie's wedge, a polyline).
        case path(Path)
        /// A bar, stacked bar, line or pie chart, laid out when the drawing is rendered (see `Chart`).
        case chart(Chart)
    }
}

extension Drawing.Command {
    /// A line from one point to another in the slot's stroke colour.
    public struct Line: Codable, Hashable, Sendable {
        /// The colour the line is stroked with.
        public var color: Color
        /// Line width in points.
        public var width: Double
        /// Start point.
        public var from: Point
        /// End point.
        public var to: Point
        /// How the ends are drawn.
        public var cap: LineCap
        /// The slot the colour came from, for messages only.
        public var slot: SlotRef?

        /// Creates a line command.
        public init(color: Color, width: Double, from: Point, to: Point, cap: LineCap = .butt, slot: SlotRef? = nil) {
            self.color = color
            self.width = width
            self.from = from
            self.to = to
            self.cap = cap
            self.slot = slot
        }
    }

    /// A rectangle or ellipse: its bounding rectangle, what to paint and with which colours.
    public struct Shape: Codable, Hashable, Sendable {
        /// The bounding rectangle; an ellipse touches its four sides.
        public var rect: Rect
        /// Fill, stroke, both (fill first) or none.
        public var paint: Paint
        /// Outline width in points, centred on the shape's edge.
        public var lineWidth: Double
        /// The outline colour.
        public var stroke: Color
        /// The interior colour.
        public var fill: Color
        /// The slot the colours came from, for messages only.
        public var slot: SlotRef?

        /// Creates a shape command.
        public init(rect: Rect, paint: Paint, lineWidth: Double, stroke: Color, fill: Color, slot: SlotRef? = nil) {
            self.rect = rect
            self.paint = paint
            self.lineWidth = lineWidth
            self.stroke = stroke
            self.fill = fill
            self.slot = slot
        }
    }

    /// One line of text in a font named logically (`gothic`, `mincho`, `sans` …; the Fonts module maps names to files).
    ///
    /// `origin` is the top-left of the line box: the baseline lies one ascent below it. With `boxWidth`, `alignment` places the text inside `origin.x … origin.x + boxWidth`.
    public struct Text: Codable, Hashable, Sendable {
        /// The text colour: the slot's stroke colour.
        public var color: Color
        /// The characters to draw, on one line.
        public var string: String
        /// The logical font name.
        public var font: String
        /// Font size in points (the em height).
        public var size: Double
        /// The top-left corner of the line box.
        public var origin: Point
        /// The width of the box the text is aligned in; nil places it at `origin` flush left.
        public var boxWidth: Double?
        /// Placement inside the box.
        public var alignment: TextAlignment
        /// The slot the colour came from, for messages only.
        public var slot: SlotRef?
        /// True draws the font's vertical alternates (OpenType `vert`/`vrt2`: the 「」ー、。 of a vertical column,
        /// each upright in its cell); nil or false the horizontal forms.
        public var verticalAlternates: Bool?
        /// True draws the fonts' proportional widths for Japanese (OpenType `palt`); nil or false full widths.
        public var proportional: Bool?
        /// True for an upright character in its cell of a vertical column, at the same place: a renderer with
        /// vertical writing (the PDF's `Identity-V` fonts) shows it so, others draw it as any text.
        public var vertical: Bool?
        /// True for text beside the content rather than part of it (the ruby over a base): a PDF marks it as an
        /// artifact, so extractors and screen readers keep the base text clean; others draw it as any text.
        public var artifact: Bool?
        /// Further OpenType features the text is shaped with (`hwid`: the half-width digits a vertical column sets
        /// across one cell); nil for none.
        public var features: [String]?
        /// Extra space after every character, in points, shown as one line (a PDF's `Tc`), so extractors read a
        /// letter-spaced postal code as `1000005`, not as seven words; nil or 0 for none.
        public var characterSpacing: Double?
        /// Extra space after each character of `string`, in points (negative closes up): how the Japanese spacing
        /// rules and justification place characters without adding space characters, so extracted text stays the
        /// text written. Nil (or an array whose count differs from the characters') sets them at their advances.
        public var adjustments: [Double]?

        /// Creates a text command.
        public init(
            color: Color, string: String, font: String, size: Double, origin: Point,
            boxWidth: Double? = nil, alignment: TextAlignment = .left, slot: SlotRef? = nil,
            verticalAlternates: Bool? = nil, proportional: Bool? = nil, vertical: Bool? = nil,
            artifact: Bool? = nil, features: [String]? = nil, characterSpacing: Double? = nil,
            adjustments: [Double]? = nil
        ) {
            self.artifact = artifact
            self.features = features
            self.characterSpacing = characterSpacing
            self.adjustments = adjustments
            self.verticalAlternates = verticalAlternates
            self.proportional = proportional
            self.vertical = vertical
            self.color = color
            self.string = string
            self.font = font
            self.size = size
            self.origin = origin
            self.boxWidth = boxWidth
            self.alignment = alignment
            self.slot = slot
        }
    }

    /// A PNG or JPEG file's bytes drawn scaled into a rectangle; the renderers decode them (a JPEG goes into a PDF
    /// as it is).
    public struct Image: Codable, Hashable, Sendable {
        /// The PNG or JPEG file's bytes (base64 in JSON); ``ImageFile`` tells which.
        public var data: Data
        /// Where the image goes; it is stretched to fill it (a JPEG's EXIF orientation turned upright first).
        public var rect: Rect
        /// The template element the image came from, so an error about it (no alternative text in a PDF/UA
        /// document) names the template's line; nil when the description names none.
        public var source: SourcePlace?

        /// Creates an image command.
        public init(data: Data, rect: Rect, source: SourcePlace? = nil) {
            self.data = data
            self.rect = rect
            self.source = source
        }
    }

    /// A drawing placed into a rectangle: its page is scaled from `drawing.size` to `rect.size` and clipped to `rect`,
    /// its background (if any) painted first — kept as vectors, not a bitmap.
    public struct Part: Codable, Hashable, Sendable {
        /// The drawing to place.
        public var drawing: Drawing
        /// Where its page goes.
        public var rect: Rect
        /// Degrees to turn the placed part clockwise about the rectangle's centre; nil or 0 for none.
        public var rotation: Double?

        /// Creates a part command.
        public init(drawing: Drawing, rect: Rect, rotation: Double? = nil) {
            self.drawing = drawing
            self.rect = rect
            self.rotation = rotation
        }
    }

    /// Commands drawn as one scope: a renderer saves its state, applies `clip`, draws them, restores.
    ///
    /// A scope rather than push/pop commands so an unbalanced clip cannot be described at all; both PDF (q/Q) and
    /// cairo (save/restore) map it directly. A group is also what a link covers and what a named target is: the
    /// area of what its commands draw (as laid out, through any part's scale) becomes a clickable `/Link` in a PDF,
    /// and its top-left the place `#name` jumps to. PNG output draws the commands alone.
    public struct Group: Codable, Hashable, Sendable {
        /// The rectangle drawing is limited to, or nil for no clipping.
        public var clip: Rect?
        /// The commands inside the scope, in drawing order.
        public var commands: [Drawing.Command]
        /// Where a click on what the group draws goes: a URI (`https://…`, `mailto:…`), or `#name` for the group
        /// of the same document named `name`; nil for no link.
        public var link: String?
        /// The name links reach this group by (`#name`), unique in the document; nil for none.
        public var name: String?
        /// What the group's commands are to a reader (a heading, a table cell, an artifact), for the laid-out
        /// document's structure tree; nil for a group that only scopes, links or names.
        public var role: StructureRole?

        /// Creates a group.
        public init(
            clip: Rect? = nil, commands: [Drawing.Command], link: String? = nil, name: String? = nil,
            role: StructureRole? = nil
        ) {
            self.clip = clip
            self.commands = commands
            self.link = link
            self.name = name
            self.role = role
        }
    }
}

extension Drawing.Command: Codable {
    /// The `"kind"` tag that says which command a JSON object is.
    public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
        /// `.line`
        case line
        /// `.rect`
        case rect
        /// `.ellipse`
        case ellipse
        /// `.text`
        case text
        /// `.textBox`
        case textBox
        /// `.image`
        case image
        /// `.part`
        case part
        /// `.group`
        case group
        /// `.barcode`
        case barcode
        /// `.formField`
        case formField
        /// `.path`
        case path
        /// `.chart`
        case chart
    }

    private enum CodingKeys: String, CodingKey { case kind }

    /// The tag this command is written with.
    public var kind: Kind {
        switch self {
        case .line: .line
        case .rect: .rect
        case .ellipse: .ellipse
        case .text: .text
        case .textBox: .textBox
        case .image: .image
        case .part: .part
        case .group: .group
        case .barcode: .barcode
        case .formField: .formField
        case .path: .path
        case .chart: .chart
        }
    }

    /// Reads a flat object: `{"kind": "line", "color": …, "width": …}`; the fields are those of the payload type.
    public init(from decoder: any Decoder) throws {
        try decoder.checkDeadline()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let tag = try container.decode(String.self, forKey: .kind)
        guard let kind = Kind(rawValue: tag) else {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container,
                debugDescription: "unknown command kind \"\(tag)\"; known kinds: "
                    + Kind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        switch kind {
        case .line: self = .line(try Line(from: decoder))
        case .rect: self = .rect(try Shape(from: decoder))
        case .ellipse: self = .ellipse(try Shape(from: decoder))
        case .text: self = .text(try Text(from: decoder))
        case .textBox: self = .textBox(try TextBox(from: decoder))
        case .image: self = .image(try Image(from: decoder))
        case .part: self = .part(try Part(from: decoder))
        case .group: self = .group(try Group(from: decoder))
        case .barcode: self = .barcode(try Barcode(from: decoder))
        case .formField: self = .formField(try FormField(from: decoder))
        case .path: self = .path(try Path(from: decoder))
        case .chart: self = .chart(try Chart(from: decoder))
        }
    }

    /// Writes the payload's fields and the `"kind"` tag into one flat object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case .line(let line): try line.encode(to: encoder)
        case .rect(let shape), .ellipse(let shape): try shape.encode(to: encoder)
        case .text(let text): try text.encode(to: encoder)
        case .textBox(let box): try box.encode(to: encoder)
        case .image(let image): try image.encode(to: encoder)
        case .part(let part): try part.encode(to: encoder)
        case .group(let group): try group.encode(to: encoder)
        case .barcode(let barcode): try barcode.encode(to: encoder)
        case .formField(let field): try field.encode(to: encoder)
        case .path(let path): try path.encode(to: encoder)
        case .chart(let chart): try chart.encode(to: encoder)
        }
    }
}
