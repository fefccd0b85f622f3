/// An sRGB colour with straight (not premultiplied) alpha, each component 0…1.
///
/// Doubles rather than bytes so values such as 0.1 and 0.9 survive a JSON round trip exactly and both renderers
/// get the same numbers; `init?(hex:)` reads the `#RRGGBB` / `#RRGGBBAA` form templates use.
public struct Color: Hashable, Sendable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// Creates a colour from its components: red, green, blue, alpha.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Creates a colour from unlabelled components (red, green, blue, alpha).
    public init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Reads `#RRGGBB` or `#RRGGBBAA` (the `#` optional, hex digits in either case); nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
            let value = UInt32(digits, radix: 16)
        else { return nil }
        let bytes = digits.count == 8 ? value : value << 8 | 0xFF
        self.init(
            red: Double(bytes >> 24 & 0xFF) / 255, green: Double(bytes >> 16 & 0xFF) / 255,
            blue: Double(bytes >> 8 & 0xFF) / 255, alpha: Double(bytes & 0xFF) / 255)
    }

    /// The colour as `#RRGGBB`, or `#RRGGBBAA` when not opaque; components are rounded to the nearest byte.
    public var hex: String {
        let bytes = [red, green, blue, alpha].map { UInt8(($0.clamped * 255).rounded()) }
        let shown = bytes[3] == 255 ? bytes.prefix(3) : bytes[...]
        return "#"
            + shown.map { byte in
                let text = String(byte, radix: 16, uppercase: true)
                return byte < 16 ? "0" + text : text
            }.joined()
    }

    /// True when every component is a finite number within 0…1, the only colours renderers accept.
    public var isValid: Bool {
        [red, green, blue, alpha].allSatisfy { $0.isFinite && (0...1).contains($0) }
    }

    /// Opaque black: a new slot's stroke colour.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white: a new slot's fill colour.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
}

extension Color: Codable {
    private enum CodingKeys: String, CodingKey { case red, green, blue, alpha }

    /// Reads either the object form `{"red":…, "green":…, "blue":…, "alpha":…}` (alpha optional) or a hex string,
    /// so hand-written drawings can say `"#1A1AFF"`; components outside 0…1 are rejected with their coding path.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            guard let color = Color(hex: text) else {
                throw DecodingError.dataCorruptedError(
                    in: single, debugDescription: "\"\(text)\" is not a colour: write #RRGGBB or #RRGGBBAA")
            }
            self = color
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            red: try container.decode(Double.self, forKey: .red),
            green: try container.decode(Double.self, forKey: .green),
            blue: try container.decode(Double.self, forKey: .blue),
            alpha: try container.decodeIfPresent(Double.self, forKey: .alpha) ?? 1)
        guard isValid else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "colour components must be within 0…1, got (\(red), \(green), \(blue), \(alpha))")
            )
        }
    }

    /// Writes the object form with full precision, so a decoded drawing renders exactly as the original.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(red, forKey: .red)
        try container.encode(green, forKey: .green)
        try container.encode(blue, forKey: .blue)
        try container.encode(alpha, forKey: .alpha)
    }
}

extension Double {
    /// The value limited to 0…1, for byte conversion only.
    fileprivate var clamped: Double { Swift.min(1, Swift.max(0, isNaN ? 0 : self)) }
}
