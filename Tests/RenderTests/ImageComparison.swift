import Foundation
import PNG

/// How far two same-sized RGBA rasters differ: per channel over the whole image, and per 8 × 8 block.
struct ImageComparison {
    /// Mean absolute difference of R, G and B (0…255) over all pixels.
    var channelMeans: [Double]
    /// The largest mean absolute difference (over R, G, B) of any 8 × 8 block, and where it is.
    var worstBlock: Double
    var worstBlockOrigin: (x: Int, y: Int)

    /// Compares `a` and `b`, which must have the same size; both are composited over white first.
    init(_ a: Bitmap, _ b: Bitmap) {
        let a = Self.overWhite(a)
        let b = Self.overWhite(b)
        var sums = [0.0, 0.0, 0.0]
        let blocksX = (a.width + 7) / 8
        let blocksY = (a.height + 7) / 8
        var blocks = [Double](repeating: 0, count: blocksX * blocksY)
        var counts = [Int](repeating: 0, count: blocksX * blocksY)
        for y in 0..<a.height {
            for x in 0..<a.width {
                let i = (y * a.width + x) * 4
                let block = (y / 8) * blocksX + x / 8
                for c in 0..<3 {
                    let d = abs(Double(a.pixels[i + c]) - Double(b.pixels[i + c]))
                    sums[c] += d
                    blocks[block] += d
                }
                counts[block] += 3
            }
        }
        let n = Double(a.width * a.height)
        channelMeans = sums.map { $0 / n }
        var worst = 0.0
        var origin = (x: 0, y: 0)
        for (index, total) in blocks.enumerated() where counts[index] > 0 {
            let mean = total / Double(counts[index])
            if mean > worst {
                worst = mean
                origin = (index % blocksX * 8, index / blocksX * 8)
            }
        }
        worstBlock = worst
        worstBlockOrigin = origin
    }

    /// `a` over an opaque white page, as a PDF viewer shows a transparent page.
    static func overWhite(_ bitmap: Bitmap) -> Bitmap {
        var pixels = bitmap.pixels
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(pixels[i + 3])
            guard alpha < 255 else { continue }
            for c in 0..<3 {
                pixels[i + c] = UInt8((Int(pixels[i + c]) * alpha + 255 * (255 - alpha) + 127) / 255)
            }
            pixels[i + 3] = 255
        }
        return Bitmap(width: bitmap.width, height: bitmap.height, pixels: pixels, hasAlpha: false, isGray: false)
    }

    /// A picture of the differences: each pixel's absolute difference, amplified 4×, black where equal.
    static func diff(_ a: Bitmap, _ b: Bitmap) -> Bitmap {
        let a = overWhite(a)
        let b = overWhite(b)
        var pixels = [UInt8](repeating: 255, count: a.pixels.count)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            for c in 0..<3 {
                pixels[i + c] = UInt8(min(255, 4 * abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))))
            }
        }
        return Bitmap(width: a.width, height: a.height, pixels: pixels, hasAlpha: false, isGray: false)
    }
}
