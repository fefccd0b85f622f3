import Drawing
import Foundation

/// Why libqrencode could not encode a payload.
public enum QRCodeError: Error, Hashable, Sendable {
    /// Nothing to encode.
    case emptyPayload
    /// A NUL byte would end the C string early and silently shorten the payload.
    case nulInPayload(payload: String)
    /// More bytes than version 40 holds at this correction level.
    case payloadTooLong(bytes: Int, correction: QRCode.Correction)
    /// libqrencode returned no code for another reason (errno and its text).
    case encoderFailed(errno: Int32, reason: String)
    /// The box is too small for one device pixel per module (`modules` counts the quiet zone too).
    case boxTooSmall(side: Double, modules: Int, pixelsPerPoint: Double)
    /// The box's pixel edges at this scale are not finite numbers or lie beyond any pixel grid (±2⁵² pixels).
    case boxOutOfRange(box: Rect, pixelsPerPoint: Double)
}

extension QRCodeError: CustomStringConvertible, LocalizedError {
    /// What failed and how to fix it.
    public var description: String {
        switch self {
        case .emptyPayload:
            return "the QR payload is empty. Fix: give the text to encode (e.g. \"{{ticket}}/{{member}}\")"
        case .nulInPayload:
            return "the QR payload holds a NUL character. Fix: remove it"
        case .payloadTooLong(let bytes, let correction):
            return "the QR payload is \(bytes) bytes, more than a QR code holds at correction level "
                + "\(correction.rawValue). Fix: shorten it or use a lower correction level"
        case .encoderFailed(let number, let reason):
            return "libqrencode failed (errno \(number): \(reason)). Fix: check the payload; retry if memory was short"
        case .boxTooSmall(let side, let modules, let pixelsPerPoint):
            return "a box of \(side) pt holds \(modules) modules (quiet zone included) at less than one pixel each at "
                + "\(pixelsPerPoint) pixels per point. Fix: make the box larger, the payload shorter or the scale higher"
        case .boxOutOfRange(let box, let pixelsPerPoint):
            return "the QR box at (\(box.x), \(box.y)), \(box.width)×\(box.height) pt, at \(pixelsPerPoint) pixels per "
                + "point has no place on a pixel grid. Fix: give finite coordinates on the page and a scale such as 2"
        }
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}
