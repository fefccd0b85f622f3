import DrawingModule

/// A problem that may be a glyph a font lacked, so a batch names the character and the fonts tried beside each
/// failed record without knowing every module's error cases; the field it came from is its `place.field`.
public protocol DataFailure: Problem {
    /// The character no font could draw, when that is the failure.
    var missingGlyph: MissingGlyph? { get }
}
