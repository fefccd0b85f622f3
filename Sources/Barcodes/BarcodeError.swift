import DrawingModule
import Foundation

/// Why a barcode cannot be drawn: which field of the barcode command is wrong, what is wrong, and how to fix it.
///
/// Thrown before anything is drawn; the Render and Documents modules wrap it with the element's place.
public struct BarcodeError: Error, Hashable, Sendable {
    /// What is wrong with the barcode, for callers that react to it (its `ProblemKind`, `kind`, is coarser).
    public enum Cause: String, Hashable, Sendable {
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

    /// What is wrong with the barcode.
    public var cause: Cause
    /// The field of the barcode command at fault: `data`, `rect`, `dark`, `options.errorCorrection` …
    public var field: String
    /// What is wrong, ending with how to fix it.
    public var reason: String

    /// Creates the error.
    public init(_ cause: Cause, field: String, reason: String) {
        self.cause = cause
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

extension BarcodeError: Problem {
    /// `doesNotFit` for a symbol or quiet zone too large for its box, `io` for libzint that cannot be loaded,
    /// `internal` for libzint failing otherwise, `badData` for data, options or colours the symbology refuses.
    public var kind: ProblemKind {
        switch cause {
        case .tooLong, .quietZoneCut: .doesNotFit
        case .encoderUnavailable: .io
        case .encoder: .internal
        case .emptyData, .invalidCharacter, .wrongLength, .checkDigit, .contrast, .invalidOption: .badData
        }
    }

    /// The barcode command's field at fault (`data`, `rect`, `options.…`).
    public var place: ProblemPlace { ProblemPlace(field: field) }
}
