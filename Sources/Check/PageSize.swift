import Foundation

/// An expected page size in points, named (`a4`) or given as `WxH`.
///
/// A named size matches a page in either orientation (an A4 page may be portrait or landscape); an explicit
/// `WxH` matches only that width and height. Sizes match within `tolerance` points, since writers round
/// (libHaru's A4 is 595.276 × 841.89).
public struct PageSize: Sendable, Equatable, CustomStringConvertible {
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

    /// The sizes `parse` knows by name, portrait, in points.
    public static let named: [String: (Double, Double)] = [
        "a3": (841.89, 1190.55), "a4": (595.28, 841.89), "a5": (419.53, 595.28),
        "b4": (728.5, 1031.81), "b5": (515.91, 728.5),  // JIS B, as Japanese printers use them
        "letter": (612, 792), "legal": (612, 1008),
    ]

    /// Reads `a4`, `letter`, … or `WxH` in points (`400x150`, `595.28x841.89`); nil when it is neither.
    public static func parse(_ text: String) -> PageSize? {
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        if let (width, height) = named[lowered] {
            return PageSize(width: width, height: height, eitherOrientation: true)
        }
        let parts = lowered.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        return PageSize(width: width, height: height)
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
