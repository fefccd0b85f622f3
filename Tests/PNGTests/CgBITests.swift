import Foundation
import PNG
import PNGFixtures
import Testing

/// Apple's iOS-optimised PNGs (the seed's 2009-10-23 post: libpng cannot read them) decode to the original pixels.
@Suite struct CgBITests {
    /// A 19×13 RGBA picture with every kind of alpha: 0, 255 and partial.
    static func original() -> [UInt8] {
        (0..<(19 * 13)).flatMap { p -> [UInt8] in
            let x = p % 19, y = p / 19
            let a = x == 0 ? 0 : (x == 1 ? 255 : (x * 13 + y * 7) % 256)
            return [UInt8((x * 13) % 256), UInt8((y * 19) % 256), UInt8((x * y * 3 + 50) % 256), UInt8(a)]
        }
    }

    @Test func decodesABuiltCgBIFile() throws {
        let pixels = Self.original()
        let data = PNGFixtureWriter.cgbi(width: 19, height: 13, rgba: pixels)
        #expect(data[12..<16] == Data("CgBI".utf8))
        let bitmap = try PNGDecoder().decode(data, name: "AppIcon@2x.png")
        #expect(bitmap.width == 19 && bitmap.height == 13)
        #expect(bitmap.hasAlpha)
        #expect(!bitmap.isGray)
        // Premultiplying loses precision at low alpha, so compare what survives it: the premultiplied values
        // (within 1 for rounding), and exact alpha; opaque pixels must match exactly.
        for p in 0..<(19 * 13) {
            let a = Int(pixels[p * 4 + 3])
            #expect(bitmap.pixels[p * 4 + 3] == pixels[p * 4 + 3])
            for c in 0..<3 {
                let want = Int(pixels[p * 4 + c]), got = Int(bitmap.pixels[p * 4 + c])
                if a == 255 {
                    #expect(got == want, "opaque pixel \(p) channel \(c)")
                } else {
                    #expect(abs(got * a / 255 - want * a / 255) <= 1, "pixel \(p) channel \(c): \(got) vs \(want) at alpha \(a)")
                }
            }
        }
    }

    @Test func aPlainPNGReaderRefusesCgBIButWeDoNot() throws {
        // The same bytes without our CgBI handling are not a valid PNG: the first chunk is not IHDR.
        let data = PNGFixtureWriter.cgbi(width: 4, height: 4, rgba: [UInt8](repeating: 200, count: 64))
        #expect(throws: Never.self) { try PNGDecoder().decode(data, name: "icon.png") }
        var damaged = data
        damaged[12] = UInt8(ascii: "X") // "XgBI": an unknown critical-looking chunk before IHDR
        let error = try #require(throws: PNGError.self) { try PNGDecoder().decode(damaged, name: "icon.png") }
        #expect(error.description.hasPrefix("icon.png: "))
    }

    @Test func truncatedCgBIIsAnError() throws {
        let data = PNGFixtureWriter.cgbi(width: 19, height: 13, rgba: Self.original())
        for cut in stride(from: 30, to: data.count, by: 7) {
            #expect(throws: PNGError.self) { try PNGDecoder().decode(data.prefix(cut), name: "cut.png") }
        }
    }
}
