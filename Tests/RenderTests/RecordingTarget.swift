import DrawingModule
import Fonts
import Foundation

@testable import Render

/// A `RenderTarget` that draws nothing and records every call the Replayer makes, as one line each — so the
/// Replayer's order, coordinates, scopes and colours are checked without libHaru or cairo, the way swift-nio's
/// `EmbeddedChannel` tests a handler without sockets.
final class RecordingTarget: RenderTarget {
    /// The calls in order, e.g. `line 10,20→30,20 w2 butt #1A1AFF page 1 [0]`.
    private(set) var calls: [String] = []

    private func record(_ call: String, _ location: RenderLocation) {
        calls.append(call + " @" + location.description)
    }

    private static func hex(_ color: Color) -> String {
        String(
            format: "#%02X%02X%02X", Int((color.red * 255).rounded()), Int((color.green * 255).rounded()),
            Int((color.blue * 255).rounded())) + (color.alpha < 1 ? String(format: "/%.2f", color.alpha) : "")
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }

    private static func rect(_ rect: Rect) -> String {
        [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].map(number).joined(separator: ",")
    }

    func paintBackground(_ color: Color, in rect: Rect, location: RenderLocation) throws {
        record("background \(Self.hex(color)) \(Self.rect(rect))", location)
    }

    func drawLine(
        from start: Point, to end: Point, width: Double, cap: LineCap, color: Color,
        location: RenderLocation
    ) throws {
        record(
            "line \(Self.number(start.x)),\(Self.number(start.y))→\(Self.number(end.x)),\(Self.number(end.y)) "
                + "w\(Self.number(width)) \(cap.rawValue) \(Self.hex(color))", location)
    }

    func drawShape(
        _ kind: ShapeKind, in rect: Rect, paint: Paint, lineWidth: Double, stroke: Color, fill: Color,
        location: RenderLocation
    ) throws {
        record(
            "\(kind) \(Self.rect(rect)) \(paint.rawValue) w\(Self.number(lineWidth)) \(Self.hex(stroke)) "
                + "\(Self.hex(fill))", location)
    }

    func drawPath(
        _ elements: [Drawing.Command.Path.Element], paint: Paint, lineWidth: Double, stroke: Color, fill: Color,
        location: RenderLocation
    ) throws {
        record(
            "path \(elements.count) elements \(paint.rawValue) w\(Self.number(lineWidth)) \(Self.hex(stroke)) "
                + "\(Self.hex(fill))", location)
    }

    func drawText(_ layout: TextLayout, color: Color, font: String, location: RenderLocation) throws {
        let faces = Set(layout.runs.map { $0.face.url.lastPathComponent }).sorted()
        record(
            "text \"\(layout.string)\" \(font) \(Self.number(layout.size))pt \(Self.hex(color)) "
                + "runs \(layout.runs.count) \(faces.joined(separator: "+"))", location)
    }

    func drawImage(_ data: Data, orientation: ImageOrientation, in rect: Rect, location: RenderLocation) throws {
        record("image \(data.count)B \(Self.rect(rect))", location)
    }

    func beginScope(clip rect: Rect?, location: RenderLocation) throws {
        record("begin" + (rect.map { " clip " + Self.rect($0) } ?? ""), location)
    }

    func transform(
        scaleX: Double, scaleY: Double, translateX: Double, translateY: Double,
        location: RenderLocation
    ) throws {
        record(
            "transform ×\(Self.number(scaleX)),\(Self.number(scaleY)) +\(Self.number(translateX)),"
                + "\(Self.number(translateY))", location)
    }

    func rotate(degrees: Double, about center: Point, location: RenderLocation) throws {
        record("rotate \(Self.number(degrees))° about \(Self.number(center.x)),\(Self.number(center.y))", location)
    }

    func endScope(location: RenderLocation) throws {
        record("end", location)
    }

    func finish(location: RenderLocation) throws {
        record("finish", location)
    }
}
