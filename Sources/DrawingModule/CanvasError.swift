import Foundation

/// A misuse of the canvas or its palette, thrown by the call that misused it; nothing is drawn by that call.
///
/// Each description says what was called, what was wrong and how to fix it, so a template author reading it in a
/// terminal knows the next step without opening the source.
public enum CanvasError: Error, Hashable, Sendable {
    /// A drawing call, `snapshot()` or `stop()` came while the canvas was not drawing.
    case notStarted(operation: String)
    /// `start` came while a drawing was already in progress.
    case alreadyStarted(size: Size)
    /// A slot index outside the palette.
    case slotOutOfRange(operation: String, index: Int, count: Int)
    /// A role name no slot is registered under.
    case unknownRole(operation: String, role: String, known: [String])
    /// `clearPalette()` came while drawing (commands in progress use the slots).
    case clearWhileDrawing
    /// `addSlots` was asked for fewer than one slot.
    case tooFewSlots(count: Int)
    /// `start` got a size that is not a positive finite number in both directions.
    case invalidSize(width: Double, height: Double)
    /// `addSlot(role:)` named a role another slot already has.
    case duplicateRole(role: String, index: Int)
    /// An argument no renderer could draw: a NaN or infinite coordinate, a negative width, a colour outside 0…1 …
    case invalidArgument(operation: String, argument: String, value: String, rule: String)
    /// `stop()` was called inside a `clip` body, which would leave the clip group open.
    case stopInsideClip
}

extension CanvasError: CustomStringConvertible {
    /// What failed, where, and how to fix it.
    public var description: String {
        switch self {
        case .notStarted(let operation):
            return "\(operation): the canvas is not drawing; call start(size:opaque:) first "
                + "(and call \(operation) before stop())"
        case .alreadyStarted(let size):
            return "start: the canvas is already drawing a \(size.width)×\(size.height) pt drawing; "
                + "call stop() to finish it before starting another, or use a second Canvas"
        case .slotOutOfRange(let operation, let index, let count):
            let range =
                count == 0
                ? "the palette is empty" : "the palette has \(count) slot\(count == 1 ? "" : "s") (0…\(count - 1))"
            return "\(operation): slot \(index) is out of range: \(range); "
                + "add slots with addSlots(_:) or addSlot(role:stroke:fill:) first, or use a smaller index"
        case .unknownRole(let operation, let role, let known):
            let list = known.isEmpty ? "no slot has a role name" : "known roles: " + known.joined(separator: ", ")
            return "\(operation): no slot is named \"\(role)\" (\(list)); "
                + "register it with addSlot(role: \"\(role)\", stroke:fill:) or fix the spelling"
        case .clearWhileDrawing:
            return "clearPalette: the canvas is drawing and its commands use the palette; "
                + "call stop() first, then clearPalette() and add new slots"
        case .tooFewSlots(let count):
            return "addSlots: asked for \(count) slots; add at least 1"
        case .invalidSize(let width, let height):
            return
                "start: size \(width)×\(height) pt is not drawable; width and height must be finite and greater than 0"
        case .duplicateRole(let role, let index):
            return "addSlot: role \"\(role)\" is already slot \(index); "
                + "give each role its own name, or change that slot with setStroke/setFill(\"\(role)\", …)"
        case .invalidArgument(let operation, let argument, let value, let rule):
            return "\(operation): argument \(argument) = \(value) is invalid: \(rule)"
        case .stopInsideClip:
            return "stop: called inside a clip body; return from the clip closure first, then call stop()"
        }
    }
}

extension CanvasError: LocalizedError {
    /// The same text as `description`, for code that shows `localizedDescription`.
    public var errorDescription: String? { description }
}

extension CanvasError: Problem {
    /// `badTemplate`: the drawing being described asks for something no renderer draws (a misuse of the canvas, an
    /// argument out of range), which the description's author must change.
    public var kind: ProblemKind { .badTemplate }
}
