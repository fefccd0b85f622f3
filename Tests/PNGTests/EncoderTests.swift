import Foundation
import PNG
import PNGFixtures
import Testing

/// Encoding writes the smallest faithful layout and decodes back to the same pixels.
@Suite struct EncoderTests {
    static func bitmap(alpha: Bool, gray: Bool, width: Int = 31, height: Int = 9) -> Bitmap {
        let pixels = (0..<(width * height)).flatMap { p -> [UInt8] in
            let v = UInt8((p * 7) % 256)
            let rgb: [UInt8] = gray ? [v, v, v] : [v, UInt8((p * 3) % 256), UInt8(255 - Int(v))]
            return rgb + [alpha ? UInt8((p * 11) % 256) : 255]
        }
        return Bitmap(width: width, height: height, rgba: pixels)
    }

    /// The colour type byte of IHDR.
    static func colorType(_ png: Data) -> UInt8 { png[png.startIndex + 25] }

    @Test(arguments: [(false, false, UInt8(2)), (true, false, 6), (false, true, 0), (true, true, 4)])
    func roundTripsInTheSmallestLayout(alpha: Bool, gray: Bool, expectedType: UInt8) throws {
        let original = Self.bitmap(alpha: alpha, gray: gray)
        for compression in [PNGEncoder.Compression.fast, .balanced] {
            let png = try PNGEncoder(compression: compression).encode(original)
            #expect(Self.colorType(png) == expectedType)
            let back = try PNGDecoder().decode(png, name: "roundtrip.png")
            #expect(back.pixels == original.pixels)
            #expect(back.hasAlpha == alpha)
        }
    }

    @Test func balancedIsSmallerThanFastOnSmoothImages() throws {
        let width = 256
        let height = 128
        let pixels = (0..<(width * height)).flatMap { p -> [UInt8] in
            [UInt8(p % width), UInt8(p / width), UInt8((p % width + p / width) / 2), 255]
        }
        let bitmap = Bitmap(width: width, height: height, rgba: pixels)
        let fast = try PNGEncoder(compression: .fast).encode(bitmap)
        let balanced = try PNGEncoder(compression: .balanced).encode(bitmap)
        #expect(balanced.count < fast.count, "balanced \(balanced.count) bytes, fast \(fast.count) bytes")
    }

    @Test func rawLayoutsEncode() throws {
        let gray = try PNGEncoder().encode(pixels: [0, 128, 255, 64], width: 2, height: 2, layout: .gray)
        let decoded = try PNGDecoder().decode(gray, name: "gray.png")
        #expect(decoded.isGray)
        #expect(decoded.pixels == [0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255, 64, 64, 64, 255])
    }

    @Test func inconsistentBitmapsAreRefusedWithTheirName() throws {
        let wrong = Bitmap(
            width: 4, height: 4, pixels: [UInt8](repeating: 0, count: 10), hasAlpha: false, isGray: false)
        let error = try #require(throws: PNGError.self) { try PNGEncoder().encode(wrong, name: "page-3.png") }
        #expect(error.description.contains("page-3.png"))
        #expect(error.description.contains("expected 64"))
        #expect(throws: PNGError.self) { try PNGEncoder().encode(pixels: [], width: 0, height: 0, layout: .rgb) }
    }
}
