import DrawingModule
import Foundation

/// An expected page size in points, named from the one paper table (`Paper` in Drawing) or given as `WxH`.
///
/// A named size matches a page in either orientation (an A4 page may be portrait or landscape); an explicit
/// `WxH` matches only that width and height. Sizes match within `tolerance` points, since writers round
/// (libHaru's A4 is 595.276 × 841.89).
public struct ExpectedPageSize: Sendable, Equatable, CustomStringConvertible {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// Whether a page of the swapped size also matches.
    public var eitherOrientation: Bool
    /// How far a page may be off and still match, in points.
    public var tolerance: Double = 1

    /// A size in points; `eitherOrientation` lets the swapped size match too.
    public init(width: Double, height: Double, eitherOrientation: Bool = false) {
        self.width = width
        self.height = height
        self.eitherOrientation = eitherOrientation
    }

    /// Reads a paper name (`a4`, `jis-b4`, `はがき`: either orientation matches; with `-landscape`, only that one) or
    /// `WxH` in points (`400x150`), or with a unit (`100x148mm`); nil when it is neither.
    public static func parse(_ text: String) -> ExpectedPageSize? {
        guard let size = try? Paper.size(parsing: text) else { return nil }
        let named = Paper.named(text) != nil
        return ExpectedPageSize(width: size.width, height: size.height, eitherOrientation: named)
    }

    /// Whether a page `width` × `height` points matches this size.
    public func matches(width: Double, height: Double) -> Bool {
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance }
        if close(width, self.width) && close(height, self.height) { return true }
        return eitherOrientation && close(width, self.height) && close(height, self.width)
    }

    /// `595.28×841.89 pt (either orientation)`.
    public var description: String {
        "\(Self.format(width))×\(Self.format(height)) pt" + (eitherOrientation ? " (either orientation)" : "")
    }

    /// A number with at most two decimals and no trailing zeros.
    static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
