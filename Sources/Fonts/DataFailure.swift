/// An error that knows which data field brought in the value that failed, and the glyph a font lacked — so a batch
/// names them beside each failed record without knowing every module's error cases.
public protocol DataFailure: Error {
    /// The data field (placeholder, column) the failing value came from, when known.
    var failedField: String? { get }
    /// The character no font could draw, when that is the failure.
    var missingGlyph: MissingGlyph? { get }
}
