import DrawingModule

/// An encoded symbol as libzint laid it out, copied out of C, in modules from the top-left of its quiet zone.
public struct SymbolGeometry: Hashable, Sendable {
    /// One dark rectangle.
    public struct Bar: Hashable, Sendable {
        /// Left edge, in modules.
        public var x: Double
        /// Top edge, in modules.
        public var y: Double
        /// Width, in modules.
        public var width: Double
        /// Height, in modules.
        public var height: Double
    }

    /// One run of human-readable text as libzint placed it (drawn with our fonts, not libzint's).
    public struct Label: Hashable, Sendable {
        /// The characters.
        public var text: String
        /// The anchor's x: the centre, the left or the right end by `alignment`, in modules.
        public var x: Double
        /// The baseline's y, in modules.
        public var baseline: Double
        /// The font size, in modules.
        public var size: Double
        /// The width libzint reserved (0 for none), in modules.
        public var width: Double
        /// Which end (or the centre) `x` marks.
        public var alignment: TextAlignment
    }

    /// The whole symbol's width with quiet zones and text, in modules.
    public var width: Double
    /// The whole symbol's height with quiet zones and text, in modules.
    public var height: Double
    /// For linear symbols, the height of the bars proper (y below it is guard bars and text), in modules.
    public var barHeight: Double
    /// The dark rectangles, in libzint's order.
    public var bars: [Bar]
    /// The human-readable text runs.
    public var labels: [Label]
    /// Hexagons libzint made (MaxiCode only; none of our symbologies has them, so a count above 0 is refused).
    public var hexagonCount: Int
}
