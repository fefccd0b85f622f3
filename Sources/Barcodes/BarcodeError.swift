import DrawingModule
import Foundation

/// Why a barcode cannot be drawn: which field of the barcode command is wrong, what is wrong, and how to fix it.
///
/// Thrown before anything is drawn; the Render and Documents modules wrap it with the element's place.
public struct BarcodeError: Error, Hashable, Sendable {
    /// What kind of problem it is, for callers that react to it.
    public enum Kind: String, Hashable, Sendable {
        /// The data is empty.
        case emptyData
        /// A character the symbology cannot encode (or a NUL).
        case invalidCharacter
        /// The data has the wrong length for the symbology.
        case wrongLength
        /// The check digit in the data is not the one computed from the rest.
        case checkDigit
        /// The data is too long for the symbology, or the symbol does not fit the box at one pixel per module.
        case tooLong
        /// The symbol fits the box but its quiet zone does not.
        case quietZoneCut
        /// The dark and light colours are too close for a reader to tell apart.
        case contrast
        /// An option the symbology does not take, or a value out of its range.
        case invalidOption
        /// libzint failed for another reason.
        case encoder
        /// libzint could not be loaded (not installed, or a broken copy found first on the library path).
        case encoderUnavailable
    }

    /// The kind of problem.
    public var kind: Kind
    /// The field of the barcode command at fault: `data`, `rect`, `dark`, `options.errorCorrection` …
    public var field: String
    /// What is wrong, ending with how to fix it.
    public var reason: String

    /// Creates the error.
    public init(_ kind: Kind, field: String, reason: String) {
        self.kind = kind
        self.field = field
        self.reason = reason
    }
}

extension BarcodeError: CustomStringConvertible, LocalizedError {
    /// `field "data": reason`.
    public var description: String { "field \"\(field)\": \(reason)" }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}
