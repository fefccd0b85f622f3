import Foundation
import PNG
import TestSupport
import Testing

/// Fast PNGs deflate in bands that start afresh, and a batch takes the bands its images repeat from a recent image
/// (`BandedDeflate`, its owner's): the file must be the one a fresh encode writes, and readers must decode it to the
/// same pixels.
@Suite struct BandedDeflateTests {
    /// A 331×197 RGBA image (a size no other test encodes) of stripes and gradients, with rows `changed` inked over.
    static func image(changing changed: Range<Int> = 0..<0, ink: UInt8 = 0) -> [UInt8] {
        let (width, height) = (331, 197)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * 4
                let value = changed.contains(y) && x % 3 == 0 ? ink : UInt8((x / 7 + y / 5) % 2 == 0 ? 250 : x % 256)
                pixels[at] = value
                pixels[at + 1] = UInt8((y * 2) % 256)
                pixels[at + 2] = 255 - value
                pixels[at + 3] = UInt8(x % 5 == 0 ? 128 : 255)
            }
        }
        return pixels
    }

    /// The RGBA bytes Pillow decodes from a PNG file: a reader independent of libpng's simplified API.
    static func pillow(_ png: Data, in folder: Scratch, name: String) throws -> Data {
        let file = folder.file(name)
        try png.write(to: file)
        let script =
            "import sys; from PIL import Image; sys.stdout.buffer.write(Image.open(sys.argv[1]).convert('RGBA').tobytes())"
        let result = try Oracle.run("python3", ["-c", script, file.path])
        #expect(result.status == 0, "Pillow: \(result.stderr)")
        return result.data
    }

    @Test func anImageThatRepeatsRowsTakesTheirBandsAndIsTheFileAFreshEncodeWrites() throws {
        // The test's own recent images, as a render context holds them.
        let recent = BandedDeflate()
        var encoder = PNGEncoder(compression: .fast)
        encoder.recentImages = recent
        let first = Self.image()
        let second = Self.image(changing: 90..<104, ink: 7)
        _ = try encoder.encode(pixels: first, width: 331, height: 197, layout: .rgba)
        let before = recent.reusedBands
        let warm = try encoder.encode(pixels: second, width: 331, height: 197, layout: .rgba)
        let reused = recent.reusedBands - before
        // 1,325 filtered bytes a row, 37 rows a band: 6 bands, of which only the one of rows 74–110 changes.
        #expect(reused == 5, "\(reused) bands reused")
        // With no recent images: every band deflated.
        let cold = try PNGEncoder(compression: .fast).encode(pixels: second, width: 331, height: 197, layout: .rgba)
        #expect(warm == cold, "a band taken from the earlier image changed the file")

        let folder = try Scratch("banded-deflate")
        #expect(try Self.pillow(warm, in: folder, name: "warm.png") == Data(second))
        #expect(try PNGDecoder().decode(warm, name: "warm.png").pixels == second)
    }

    @Test func everyLayoutAndATallImageRoundTripThroughPillow() throws {
        let folder = try Scratch("banded-layouts")
        let encoder = PNGEncoder(compression: .fast)
        // 600 × 600 RGB of noise deflates to more than one 1 MiB IDAT chunk.
        var random = SeededRandom(seed: 28)
        let noise = (0..<(600 * 600 * 3)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let big = try encoder.encode(pixels: noise, width: 600, height: 600, layout: .rgb)
        #expect(big.count > 1 << 20)
        let decodedNoise = try Self.pillow(big, in: folder, name: "noise.png")
        #expect(decodedNoise.count == 600 * 600 * 4)
        #expect(decodedNoise.enumerated().filter { $0.offset % 4 != 3 }.map(\.element) == noise)
        // 3 × 20,000 gray rows: 12,288 rows a band, the last band short.
        let tall = (0..<(3 * 20_000)).map { UInt8(truncatingIfNeeded: $0 * 37 / 3) }
        let gray = try encoder.encode(pixels: tall, width: 3, height: 20_000, layout: .gray)
        let decoded = try Self.pillow(gray, in: folder, name: "tall.png")
        #expect(decoded.count == 3 * 20_000 * 4)
        #expect(stride(from: 0, to: decoded.count, by: 4).map { decoded[$0] } == tall)
        for (layout, channels) in [(PNGEncoder.Layout.rgb, 3), (.grayAlpha, 2)] {
            let pixels = (0..<(17 * 11 * channels)).map { UInt8(truncatingIfNeeded: $0 * 13) }
            let png = try encoder.encode(pixels: pixels, width: 17, height: 11, layout: layout)
            let back = try Self.pillow(png, in: folder, name: "layout-\(channels).png")
            #expect(back.count == 17 * 11 * 4, "\(layout)")
            let rgba = try PNGDecoder().decode(png, name: "layout.png").pixels
            #expect(Data(rgba) == back, "\(layout): Pillow and libpng decode different pixels")
        }
    }
}
