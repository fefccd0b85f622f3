/// Turns Apple's iOS-optimised PNG variant ("CgBI") into a standard PNG, and its pixels back into straight RGBA.
///
/// Xcode rewrites PNGs in app bundles: a `CgBI` chunk before IHDR, IDAT holding raw deflate (no zlib header
/// or Adler-32), colour stored BGR(A) with premultiplied alpha. libpng rejects such files, so ``Restream``
/// re-wraps the stream as zlib and drops the `CgBI` chunk, libpng decodes, and this swaps and unpremultiplies.
enum CgBI {
    /// Swaps B and R back and undoes premultiplication, in place, on RGBA8 pixels decoded from a CgBI file.
    static func restore(_ pixels: inout [UInt8], swapRedBlue: Bool) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i + 3 < p.count {
                if swapRedBlue { p.swapAt(i, i + 2) }
                let a = Int(p[i + 3])
                if a == 0 {
                    p[i] = 0
                    p[i + 1] = 0
                    p[i + 2] = 0
                } else if a < 255 {
                    for k in 0..<3 { p[i + k] = UInt8(min(255, (Int(p[i + k]) * 255 + a / 2) / a)) }
                }
                i += 4
            }
        }
    }
}
