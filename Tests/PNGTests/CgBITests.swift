import CPNG
import Foundation
import PNG
import PNGFixtures
import Testing

/// Apple's iOS-optimised PNGs (the seed's 2009-10-23 post: libpng cannot read them) decode to the original pixels.
@Suite struct CgBITests {
    /// A 19×13 RGBA picture with every kind of alpha: 0, 255 and partial.
    static func original() -> [UInt8] {
        (0..<(19 * 13)).flatMap { p -> [UInt8] in
            let x = p % 19
            let y = p / 19
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
                let want = Int(pixels[p * 4 + c])
                let got = Int(bitmap.pixels[p * 4 + c])
                if a == 255 {
                    #expect(got == want, "opaque pixel \(p) channel \(c)")
                } else {
                    #expect(
                        abs(got * a / 255 - want * a / 255) <= 1,
                        "pixel \(p) channel \(c): \(got) vs \(want) at alpha \(a)")
                }
            }
        }
    }

    @Test func plainLibpngRefusesCgBIButTheDecoderDoesNot() throws {
        let data = PNGFixtureWriter.cgbi(width: 4, height: 4, rgba: [UInt8](repeating: 200, count: 64))
        // libpng alone (the seed's problem): the unknown critical chunk CgBI stops it.
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        png_image_free(&image)
        #expect(began == 0, "libpng accepted a CgBI file")
        #expect(message.contains("CgBI"), "\(message)")
        // Through the decoder it just works.
        #expect(try PNGDecoder().decode(data, name: "icon.png").pixels == [UInt8](repeating: 200, count: 64))
        // A damaged CgBI tag is no longer Apple's format: a clear error naming the file.
        var damaged = data
        damaged[12] = UInt8(ascii: "X")
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
