import DrawingModule
import Foundation
import JPEG
import TestSupport
import Testing

/// The decoder on the fixture photos: colour models kept, pixels right, orientation read from the header, and damaged
/// files refused with a `JPEGError` naming the file.
@Suite struct JPEGDecoderTests {
    /// The RGBA pixel at fractions (`x`, `y`) of `image`.
    static func pixel(_ image: JPEGImage, _ x: Double, _ y: Double) -> [UInt8] {
        let rgba = image.rgba()
        let at = (Int(y * Double(image.height)) * image.width + Int(x * Double(image.width))) * 4
        return Array(rgba[at..<at + 3])
    }

    static func near(_ a: [UInt8], _ b: [UInt8], within tolerance: Int = 12) -> Bool {
        zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    @Test(arguments: [("rgb", JPEGImage.ColorModel.rgb), ("gray", .gray), ("cmyk", .cmyk), ("progressive", .rgb)])
    func decodesEachColourModel(_ name: String, _ model: JPEGImage.ColorModel) throws {
        let image = try JPEGDecoder().decode(JPEGFixtures.data(name), name: name)
        #expect(image.width == 64 && image.height == 40)
        #expect(image.colorModel == model)
        #expect(image.pixels.count == 64 * 40 * model.rawValue)
        #expect(image.isProgressive == (name == "progressive"))
        #expect(image.isInverted == (name == "cmyk"), "Pillow writes CMYK with Adobe's marker, inverted")
        for (centre, colour) in zip(JPEGFixtures.centres, JPEGFixtures.quadrants) {
            let luma: Int = (299 * Int(colour[0]) + 587 * Int(colour[1]) + 114 * Int(colour[2])) / 1000
            let expected: [UInt8] = model == .gray ? [UInt8](repeating: UInt8(luma), count: 3) : colour
            let got = Self.pixel(image, centre.x, centre.y)
            #expect(Self.near(got, expected), "\(name) at \(centre): \(got), expected \(expected)")
        }
    }

    @Test(arguments: 1...8)
    func readsTheEXIFOrientationFromTheHeader(_ orientation: Int) throws {
        let data = try JPEGFixtures.data("orientation-\(orientation)")
        let file = try #require(ImageFile(data))
        #expect(file.format == .jpeg && file.components == 3)
        #expect(file.orientation.rawValue == orientation)
        #expect(file.displayedSize.width == 64 && file.displayedSize.height == 40)
        #expect((file.width, file.height) == (orientation >= 5 ? (40, 64) : (64, 40)))
        #expect(file.decodedBytes == 64 * 40 * 4)
    }

    @Test func refusesWhatIsNotAWholeJPEG() throws {
        let good = try JPEGFixtures.data("rgb")
        #expect(throws: JPEGError(name: "x", reason: .notJPEG)) {
            try JPEGDecoder().decode(Data("GIF89a".utf8), name: "x")
        }
        let cut = good.prefix(good.count / 2)
        #expect { try JPEGDecoder().decode(cut, name: "cut.jpg") } throws: { error in
            guard let error = error as? JPEGError, case .corrupt(let message) = error.reason else { return false }
            return error.name == "cut.jpg" && "\(error)".contains("cut.jpg") && !message.isEmpty
        }
        #expect(throws: JPEGError(name: "big", reason: .tooLarge(width: 64, height: 40, limit: 100))) {
            try JPEGDecoder(maxPixels: 100).decode(good, name: "big")
        }
    }

    /// 1,000 copies of the fixtures with bytes flipped, overwritten, cut or repeated (seeded): each one decodes or
    /// throws `JPEGError`; none crashes, hangs or throws anything else.
    @Test func mutatedJPEGsNeverCrash() throws {
        let seeds = try ["rgb", "gray", "cmyk", "progressive", "orientation-6"].map(JPEGFixtures.data)
        var random = SeededRandom(seed: 0x4A50_4547)
        var refused = 0
        for round in 0..<1_000 {
            var bytes = [UInt8](seeds[round % seeds.count])
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
                case 1: bytes[at] = UInt8.random(in: 0...255, using: &random)
                case 2: bytes.removeSubrange(max(2, at)...)
                default: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 16)], at: at)
                }
                if bytes.count < 4 { bytes = [0xFF, 0xD8, 0xFF, 0xD9] }
            }
            do {
                _ = try JPEGDecoder(maxPixels: 1 << 20).decode(Data(bytes), name: "mutant \(round)")
            } catch {
                refused += 1
                #expect("\(error)".contains("mutant \(round)"), "\(error)")
            }
        }
        #expect(refused > 300, "most mutants are damaged and must be refused, \(refused) were")
    }
}
