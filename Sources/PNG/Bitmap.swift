/// A decoded picture in the one pixel layout every consumer of this package agrees on.
///
/// PDF embedding, the raster renderer and re-encoding all want the same thing: 8-bit RGBA,
/// straight (not premultiplied) alpha, rows top to bottom, no padding — so decoding normalises to it once.
public struct Bitmap: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// `width × height × 4` bytes: R, G, B, A per pixel, straight alpha, rows top to bottom.
    public var pixels: [UInt8]
    /// Whether any pixel has alpha below 255; an opaque bitmap needs no soft mask.
    public var hasAlpha: Bool
    /// Whether the source was a grayscale PNG (colour type 0 or 4), so it can stay gray downstream.
    public var isGray: Bool

    /// Wraps existing RGBA8 pixels; `hasAlpha` and `isGray` are taken as given (see ``init(width:height:rgba:)``).
    public init(width: Int, height: Int, pixels: [UInt8], hasAlpha: Bool, isGray: Bool) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.hasAlpha = hasAlpha
        self.isGray = isGray
    }

    /// Wraps RGBA8 pixels and works out `hasAlpha` and `isGray` by looking at every pixel.
    public init(width: Int, height: Int, rgba pixels: [UInt8]) {
        self.init(
            width: width, height: height, pixels: pixels,
            hasAlpha: Bitmap.anyTranslucent(pixels), isGray: Bitmap.allGray(pixels))
    }

    /// The number of pixels, `width × height`.
    public var pixelCount: Int { width * height }

    /// The alpha channel alone, one byte per pixel, rows top to bottom (the shape a PDF soft mask wants).
    public var alphaChannel: [UInt8] { Bitmap.channel(3, of: pixels) }

    /// The colour without alpha: RGB8 (3 bytes a pixel), or gray8 (1 byte a pixel, the red channel) when `isGray`.
    public var colorChannels: [UInt8] {
        if isGray { return Bitmap.channel(0, of: pixels) }
        var rgb = [UInt8](repeating: 0, count: pixelCount * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { src in
                var o = 0
                var i = 0
                while i + 3 < src.count {
                    out[o] = src[i]
                    out[o + 1] = src[i + 1]
                    out[o + 2] = src[i + 2]
                    o += 3
                    i += 4
                }
            }
        }
        return rgb
    }

    /// Whether some alpha byte is below 255.
    static func anyTranslucent(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 3
            while i < p.count {
                if p[i] != 255 { return true }
                i += 4
            }
            return false
        }
    }

    /// Whether every pixel has r == g == b.
    static func allGray(_ pixels: [UInt8]) -> Bool {
        pixels.withUnsafeBufferPointer { p in
            var i = 0
            while i + 2 < p.count {
                if p[i] != p[i + 1] || p[i] != p[i + 2] { return false }
                i += 4
            }
            return true
        }
    }

    /// One byte out of every four, starting at `offset`.
    static func channel(_ offset: Int, of pixels: [UInt8]) -> [UInt8] {
        let count = pixels.count / 4
        var out = [UInt8](repeating: 0, count: count)
        out.withUnsafeMutableBufferPointer { o in
            pixels.withUnsafeBufferPointer { p in
                for k in 0..<count { o[k] = p[k * 4 + offset] }
            }
        }
        return out
    }
}
