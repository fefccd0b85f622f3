import DrawingModule

/// A document laid out for drawing: the one value between layout and output.
///
/// Layout decides everything that depends on fonts and devices — text boxes set into lines, texts shaped into
/// glyph runs, barcodes encoded and placed on the pixel grid, charts turned into shapes, link areas measured — once,
/// and the PDF and PNG backends only draw what it holds. Beside the pages it keeps the structure tree (headings,
/// paragraphs, tables, figures, artifacts) a tagged PDF and a reader need, and the document it was laid out from
/// (metadata, outline, archive level, form settings).
public struct LaidOutDocument: Sendable {
    /// The document that was laid out.
    public var document: Document
    /// The pages, in order.
    public var pages: [LaidOutPage]
    /// The structure tree as layout recorded it.
    var structureTree: StructureTree

    /// The structure tree: a `document` element whose children are the pages' content in reading order, made from
    /// what layout recorded each time it is read.
    public var structure: StructureElement { structureTree.element }
}

/// One page laid out: its size, background and what is drawn on it, in drawing order.
public struct LaidOutPage: Sendable {
    /// The page number, from 1.
    public var number: Int
    /// The page size in points.
    public var size: Size
    /// The colour the page is painted first, or nil for none (transparent in a PNG).
    public var background: Color?
    /// What is drawn, in order: the elements a kept beginning gave back, then the page's own. Reading it joins the
    /// two into one array; the renderers draw the pieces in place (`elementPieces(ofCommands:)`).
    public var elements: [LaidOutElement] {
        get { beginning.isEmpty ? own : beginning + own }
        set {
            beginning = []
            own = newValue
        }
    }
    /// The elements of the page's first commands when a recent first page's beginning was given back
    /// (`RenderContext`), else empty: the array that beginning keeps, shared by every page given it, so a page
    /// neither copies those elements nor frees them.
    var beginning: [LaidOutElement]
    /// The elements laid out for this page after `beginning`.
    var own: [LaidOutElement]
    /// For each top-level command of the page's drawing, the index in `elements` of its first element, and one more
    /// entry: the count of `elements`. A backend that draws a page in steps (a kept beginning given back) draws the
    /// elements of commands `a..<b` as `elements[commandStarts[a]..<commandStarts[b]]`.
    public var commandStarts: [Int]
    /// The page's texts in drawing order, a text box's as its whole text: what a document's title (its first) and
    /// language are told from.
    public var texts: [String]

    /// A page with nothing laid out yet.
    init(number: Int, size: Size, background: Color?) {
        self.number = number
        self.size = size
        self.background = background
        beginning = []
        own = []
        commandStarts = []
        texts = []
    }

    /// How many elements the page has, without joining them.
    package var elementCount: Int { beginning.count + own.count }

    /// The elements the top-level commands `range` of the page's drawing were laid out into, in one slice
    /// (joined when they run from the given-back beginning into the page's own).
    public func elements(ofCommands range: Range<Int>) -> ArraySlice<LaidOutElement> {
        let (given, laid) = elementPieces(ofCommands: range)
        if laid.isEmpty { return given }
        if given.isEmpty { return laid }
        return ArraySlice(Array(given) + laid)
    }

    /// The elements of the top-level commands `range` as two pieces drawn in order: those from the given-back
    /// beginning, then the page's own, each a slice of the array that holds it.
    package func elementPieces(
        ofCommands range: Range<Int>
    ) -> (given: ArraySlice<LaidOutElement>, laid: ArraySlice<LaidOutElement>) {
        let start = commandStarts[range.lowerBound]
        let end = commandStarts[range.upperBound]
        let split = beginning.count
        return (
            beginning[min(start, split)..<min(end, split)],
            own[(max(start, split) - split)..<(max(end, split) - split)]
        )
    }
}

/// What a laid-out page draws: primitives in the coordinates of the scope they are in (points, origin top-left,
/// y down), each with the place of the command it came from, for errors a backend meets while drawing it.
public enum LaidOutElement: Sendable {
    /// A straight line (width > 0).
    case line(Drawing.Command.Line, location: RenderLocation)
    /// A rectangle or an ellipse, filled and/or stroked (never `Paint.none`).
    case shape(ShapeKind, Drawing.Command.Shape, location: RenderLocation)
    /// A path with elements and paint.
    case path(Drawing.Command.Path, location: RenderLocation)
    /// A line of text shaped into glyph runs.
    case text(GlyphRun)
    /// A PNG or JPEG stretched into its rectangle, turned upright by `orientation`.
    case image(Drawing.Command.Image, orientation: ImageOrientation, location: RenderLocation)
    /// Elements drawn in a saved state: clipped, turned, painted and mapped as `LaidOutScope` says. Boxed, as the
    /// form field is: every element of a page takes the room of the largest case held in place.
    indirect case scope(LaidOutScope)
    /// A link area and/or a named target, in page coordinates.
    case mark(link: String?, name: String?, area: Rect, location: RenderLocation)
    /// A fillable form field with its appearances laid out (boxed: the largest case by far, and the rarest).
    indirect case formField(LaidOutFormField)
}

/// The kind of closed shape a shape element draws.
public enum ShapeKind: Sendable, Hashable {
    /// A rectangle.
    case rect
    /// The ellipse inscribed in the rectangle.
    case ellipse
}

/// A line of text ready to draw: its shaping placed, its colour, and where it came from.
public struct GlyphRun: Sendable {
    /// The glyph runs, their faces and positions.
    public var layout: TextLayout
    /// The fill colour.
    public var color: Color
    /// The command the text came from.
    public var location: RenderLocation
    /// True for the first text of the document shaped this way: a PDF records the glyphs of each shaping once.
    public var isFirstOfItsShaping: Bool
}

/// Elements drawn in a saved state, in this order: the clip applied (in the current coordinates), then the turn,
/// the background painted, the map applied, the elements drawn; then the state restored.
public struct LaidOutScope: Sendable {
    /// A turn about a point, clockwise as seen on the page.
    public struct Rotation: Sendable, Hashable {
        /// Degrees, clockwise.
        public var degrees: Double
        /// The point turned about.
        public var center: Point
    }

    /// A map of the scope's coordinates: (x, y) lands at (translateX + scaleX·x, translateY + scaleY·y).
    public struct Transform: Sendable, Hashable {
        /// Horizontal scale.
        public var scaleX: Double
        /// Vertical scale.
        public var scaleY: Double
        /// Horizontal move.
        public var translateX: Double
        /// Vertical move.
        public var translateY: Double
    }

    /// The rectangle drawing is limited to, or nil.
    public var clip: Rect?
    /// The turn, or nil.
    public var rotation: Rotation?
    /// A colour painted over a rectangle before the map (a part's background), or nil.
    public var background: (color: Color, rect: Rect)?
    /// The map, or nil.
    public var transform: Transform?
    /// What is drawn inside.
    public var elements: [LaidOutElement]
    /// The command the scope came from.
    public var location: RenderLocation
}

/// A form field laid out: the field, where its coordinates sit on the page, and each appearance as elements.
public struct LaidOutFormField: Sendable {
    /// The appearances of one check box or radio widget.
    public struct ButtonAppearances: Sendable {
        /// Checked, and unchecked.
        public var on: [LaidOutElement]
        public var off: [LaidOutElement]
        /// Checked and unchecked while pressed.
        public var onDown: [LaidOutElement]
        public var offDown: [LaidOutElement]
    }

    /// The field as described.
    public var field: Drawing.Command.FormField
    /// Maps the field's coordinates to the page's (the parts it sits in).
    public var matrix: PageMatrix
    /// The command the field came from.
    public var location: RenderLocation
    /// The field's appearance: what a raster or a flattened PDF draws, and a text or choice field's widget shows.
    public var appearance: [LaidOutElement]
    /// Each button widget's appearances, for check boxes and radio buttons (empty for other fields).
    public var buttons: [ButtonAppearances]
}
