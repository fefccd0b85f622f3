/// A device RGB colour, each component from 0 to 1, as PDF's `rg`/`RG` operators take it.
package struct RGBColor: Sendable, Equatable, Hashable {
    /// Red, 0…1.
    package var red: Double
    /// Green, 0…1.
    package var green: Double
    /// Blue, 0…1.
    package var blue: Double

    /// A colour from components in 0…1; values outside are clamped when drawn.
    package init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from 8-bit components (0…255), as design tools show them.
    package init(red255 red: Int, green: Int, blue: Int) {
        self.init(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255)
    }

    /// Black.
    package static let black = RGBColor(red: 0, green: 0, blue: 0)
    /// White.
    package static let white = RGBColor(red: 1, green: 1, blue: 1)
    /// Pure red.
    package static let red = RGBColor(red: 1, green: 0, blue: 0)

    /// The components clamped to 0…1 as libHaru's floats; NaN becomes 0.
    var clamped: (Float, Float, Float) {
        func clamp(_ v: Double) -> Float { v.isNaN ? 0 : Float(Swift.min(1, Swift.max(0, v))) }
        return (clamp(red), clamp(green), clamp(blue))
    }
}
