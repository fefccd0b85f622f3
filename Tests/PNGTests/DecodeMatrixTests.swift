import Foundation
import PNG
import PNGFixtures
import TestSupport
import Testing

/// Every colour type × bit depth × interlace (plus tRNS and gAMA) decodes to the pixels the writer put in.
@Suite struct DecodeMatrixTests {
    @Test(arguments: PNGFixtureWriter.matrix)
    func decodesToTheWrittenPixels(_ spec: PNGFixtureWriter.Spec) throws {
        let fixture = PNGFixtureWriter.make(spec)
        let bitmap = try PNGDecoder().decode(fixture.png, name: "\(spec).png")
        #expect(bitmap.width == spec.width && bitmap.height == spec.height)
        #expect(bitmap.pixels.count == spec.width * spec.height * 4)
        #expect(bitmap.hasAlpha == fixture.hasAlpha)
        #expect(bitmap.isGray == (spec.colorType == .gray || spec.colorType == .grayAlpha))
        // Exact: 16-bit samples are v × 257 and low depths expand by bit replication, so no rounding is involved.
        // Exact: 16-bit samples are v × 257 and low depths expand by bit replication, so no rounding is involved.
        var mismatches: [Int] = []
        for p in 0..<(spec.width * spec.height)
        where bitmap.pixels[(p * 4)..<(p * 4 + 4)] != fixture.expected[(p * 4)..<(p * 4 + 4)] {
            mismatches.append(p)
        }
        let first =
            mismatches.first.map { p in
                "(\(p % spec.width), \(p / spec.width)): got \(Array(bitmap.pixels[(p * 4)..<(p * 4 + 4)])), want \(Array(fixture.expected[(p * 4)..<(p * 4 + 4)]))"
            } ?? ""
        #expect(mismatches.isEmpty, "\(spec): \(mismatches.count) pixels differ, first at \(first)")
    }

    @Test func theMatrixCoversEveryKind() {
        let specs = PNGFixtureWriter.matrix
        #expect(Set(specs.map { "\($0.colorType)\($0.bitDepth)" }).count == 15)
        #expect(specs.filter(\.interlaced).count == specs.count / 2)
        #expect(specs.contains { $0.colorType == .palette && $0.transparency })
    }

    @Test func gammaOneOverTwoPointTwoLeavesPixelsAlone() throws {
        let fixture = PNGFixtureWriter.make(.init(.rgb, 8, gamma: 45455))
        let bitmap = try PNGDecoder().decode(fixture.png, name: "gama45455.png")
        let worst = zip(bitmap.pixels, fixture.expected).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1)
    }

    @Test func linearGammaIsConvertedToSRGB() throws {
        // gAMA 1.0 means the samples are linear light; libpng re-encodes them for an sRGB (2.2) display.
        let fixture = PNGFixtureWriter.make(.init(.gray, 8, gamma: 100_000))
        let bitmap = try PNGDecoder().decode(fixture.png, name: "gama100000.png")
        var worst = 0
        for p in 0..<(bitmap.width * bitmap.height) {
            let linear = Double(fixture.expected[p * 4]) / 255
            let expected = Int((pow(linear, 1 / 2.2) * 255).rounded())
            worst = max(worst, abs(Int(bitmap.pixels[p * 4]) - expected))
        }
        #expect(worst <= 2, "largest difference from 255·v^(1/2.2): \(worst)")
        #expect(bitmap.pixels != fixture.expected)
    }

    @Test func decodesFromAFileAndNamesItInErrors() throws {
        let folder = try Scratch("png-file")
        let good = folder.url.appendingPathComponent("good.png")
        try PNGFixtureWriter.make(.init(.rgba, 8)).png.write(to: good)
        #expect(try PNGDecoder().decode(contentsOf: good).width == 23)
        let missing = folder.url.appendingPathComponent("missing.png")
        let error = try #require(throws: PNGError.self) { try PNGDecoder().decode(contentsOf: missing) }
        #expect(error.description.contains("missing.png"))
        guard case .unreadable = error.reason else {
            Issue.record("expected .unreadable, got \(error.reason)")
            return
        }
    }
}
