import Foundation
import PNG
import PNGFixtures
import TestSupport
import Testing

/// Damaged and hostile files: each one decodes or throws a ``PNGError`` naming the file — never a crash or hang.
@Suite struct HostileInputTests {
    /// Decodes `data`; returns the error, records anything that is not a PNGError naming `name`.
    @discardableResult
    static func outcome(_ data: Data, name: String = "hostile.png", maxPixels: Int = 1_000_000) -> PNGError? {
        do {
            let bitmap = try PNGDecoder(maxPixels: maxPixels).decode(data, name: name)
            #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
            return nil
        } catch let error as PNGError {
            #expect(error.description.hasPrefix("\(name): "), "\(error)")
            #expect(
                !error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                "control characters in \(error)")
            return error
        } catch {
            Issue.record("not a PNGError: \(error)")
            return nil
        }
    }

    static let small = PNGFixtureWriter.make(.init(.rgba, 8, interlaced: true, width: 9, height: 7)).png

    /// `data` with IHDR replaced (CRC recomputed) so only the declared size is hostile.
    static func withHeader(width: Int, height: Int, colorType: Int = 6, bitDepth: Int = 8) -> Data {
        PNGFixtureWriter.file([
            ("IHDR", PNGFixtureWriter.ihdr(width: width, height: height, bitDepth: bitDepth, colorType: colorType)),
            ("IDAT", PNGFixtureWriter.zlibCompress([0, 1, 2, 3])),
            ("IEND", [])
        ])
    }

    @Test func wrongSignatureAndEmptyData() throws {
        for bytes in [
            [], [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10] + Array("JFIF".utf8), Array("GIF89a....".utf8),
            Array("%PDF-1.7\n".utf8)
        ] {
            let error = try #require(Self.outcome(Data(bytes), name: "photo.png"))
            if bytes.isEmpty {
                #expect(error.reason == .truncated("0 bytes, shorter than the 8-byte signature"))
            } else {
                #expect(error.reason == .notPNG)
            }
        }
    }

    @Test func everyTruncationIsAnError() throws {
        for fixture in [
            Self.small, PNGFixtureWriter.make(.init(.gray, 16)).png,
            PNGFixtureWriter.make(.init(.palette, 2, interlaced: true, transparency: true)).png
        ] {
            // The last 12 bytes are IEND, which libpng does not need; every cut before the image data ends must fail.
            let idatEnd = fixture.count - 12
            for cut in 0..<idatEnd {
                #expect(
                    Self.outcome(fixture.prefix(cut), name: "cut-\(cut).png") != nil,
                    "a file cut at \(cut) of \(fixture.count) bytes decoded")
            }
            for cut in idatEnd...fixture.count { Self.outcome(fixture.prefix(cut)) }
        }
    }

    @Test func everyFlippedByteDecodesOrFails() {
        for i in 0..<Self.small.count {
            var data = Self.small
            data[i] ^= 0xFF
            let error = Self.outcome(data)
            // Any flip inside the signature, IHDR or IDAT is caught (by CRC if nothing else); only ancillary/IEND bytes may pass.
            if i < Self.small.count - 12 { #expect(error != nil, "flipping byte \(i) went unnoticed") }
        }
    }

    @Test func badCRCsAreReported() throws {
        var data = Self.small
        data[8 + 8 + 13] ^= 1 // IHDR CRC
        let header = try #require(Self.outcome(data))
        #expect(header.reason == .badHeader("IHDR CRC mismatch"))
        var idat = Self.small
        idat[idat.count - 12 - 1] ^= 1 // IDAT CRC
        let body = try #require(Self.outcome(idat))
        #expect(body.description.localizedCaseInsensitiveContains("crc"), "\(body)")
    }

    @Test func zeroAndHugeDimensionsAreRefusedBeforeAllocation() throws {
        #expect(Self.outcome(Self.withHeader(width: 0, height: 10))?.reason == .zeroSize(width: 0, height: 10))
        #expect(Self.outcome(Self.withHeader(width: 10, height: 0))?.reason == .zeroSize(width: 10, height: 0))
        // 50000 × 50000 RGBA8 claims 10 GB decoded (2.5 G pixels); refused from IHDR alone, with the default cap.
        let started = Date()
        let huge = try #require(
            Self.outcome(Self.withHeader(width: 50_000, height: 50_000), maxPixels: PNGDecoder.defaultMaxPixels))
        #expect(huge.reason == .tooLarge(width: 50_000, height: 50_000, limit: 100_000_000))
        #expect(huge.description.contains("maxPixels"))
        #expect(Date().timeIntervalSince(started) < 0.5)
        // Above the PNG maximum of 2³¹−1.
        guard case .badHeader = Self.outcome(Self.withHeader(width: 0x8000_0000, height: 1))?.reason else {
            Issue.record("a width of 2³¹ was not a bad header")
            return
        }
        // Even with no cap of its own, the decoder refuses what libpng could not return (a 10 GB buffer).
        let uncapped = try #require(Self.outcome(Self.withHeader(width: 50_000, height: 50_000), maxPixels: .max))
        guard case .tooLarge = uncapped.reason else {
            Issue.record("\(uncapped)")
            return
        }
        // The cap is configurable: a small image above a tiny cap is refused.
        #expect(
            Self.outcome(PNGFixtureWriter.make(.init(.gray, 8)).png, maxPixels: 100)?.reason
                == .tooLarge(width: 23, height: 17, limit: 100))
        // The cap is inclusive: exactly maxPixels pixels decode, one pixel more than the cap is refused.
        #expect(Self.outcome(PNGFixtureWriter.make(.init(.gray, 8)).png, maxPixels: 23 * 17) == nil)
        #expect(
            Self.outcome(PNGFixtureWriter.make(.init(.gray, 8)).png, maxPixels: 23 * 17 - 1)?.reason
                == .tooLarge(width: 23, height: 17, limit: 23 * 17 - 1))
    }

    @Test func invalidHeaderFieldsAreRefused() throws {
        for (type, depth) in [(1, 8), (2, 4), (3, 16), (6, 1), (7, 8), (0, 3)] {
            guard
                case .badHeader = Self.outcome(Self.withHeader(width: 4, height: 4, colorType: type, bitDepth: depth))?
                    .reason
            else {
                Issue.record("colour type \(type) depth \(depth) was accepted")
                continue
            }
        }
    }

    @Test func chunkOrderDamageInRewrittenFilesIsAnError() throws {
        // 16-bit Adam7 and CgBI files are re-streamed by the decoder itself, so its own chunk walk must hold up.
        let fixture = PNGFixtureWriter.make(.init(.rgba, 16, interlaced: true, width: 9, height: 7)).png
        let chunks = Self.chunks([UInt8](fixture))
        let ihdr = chunks[0]
        let idat = chunks[1]
        let iend = chunks[2]
        let shortIHDR = PNGFixtureWriter.chunk("IHDR", [1, 2, 3])
        let split = Array(idat.payload.prefix(20))
        let rest = Array(idat.payload.dropFirst(20))
        let cases: [[[UInt8]]] = [
            [ihdr.bytes, shortIHDR, idat.bytes, iend.bytes],
            [ihdr.bytes, idat.bytes, ihdr.bytes, iend.bytes],
            [
                ihdr.bytes, PNGFixtureWriter.chunk("IDAT", split), PNGFixtureWriter.chunk("tEXt", Array("a\0b".utf8)),
                PNGFixtureWriter.chunk("IDAT", rest), iend.bytes
            ],
            [ihdr.bytes, iend.bytes]
        ]
        for (k, parts) in cases.enumerated() {
            let data = Data(Array(fixture.prefix(8)) + parts.flatMap { $0 })
            #expect(Self.outcome(data, name: "case-\(k).png") != nil, "case \(k) decoded")
        }
    }

    /// The chunks of a PNG: whole bytes and payload.
    static func chunks(_ bytes: [UInt8]) -> [(bytes: [UInt8], payload: [UInt8])] {
        var result: [(bytes: [UInt8], payload: [UInt8])] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            result.append(
                (Array(bytes[offset..<(offset + 12 + length)]), Array(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return result
    }

    @Test func randomBytesAreRefused() {
        var rng = SeededRandom(seed: 42)
        for length in [1, 7, 8, 33, 100, 1000, 10_000] {
            let noise = Data((0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) })
            #expect(Self.outcome(noise) != nil)
            // Noise after a genuine signature and IHDR reaches libpng's chunk reader.
            #expect(Self.outcome(Self.small.prefix(33) + noise) != nil)
        }
    }

    @Test func thousandsOfSeededMutationsNeverCrash() {
        var rng = SeededRandom(seed: 0x6D6B_7064_66)
        let seeds =
            [Self.small]
            + [
                PNGFixtureWriter.Spec(.palette, 4, interlaced: true, transparency: true),
                .init(.gray, 1), .init(.rgb, 16, interlaced: true), .init(.grayAlpha, 8)
            ].map { PNGFixtureWriter.make($0).png } + [
                PNGFixtureWriter.cgbi(width: 5, height: 4, rgba: [UInt8](repeating: 128, count: 80))
            ]
        var decoded = 0
        var refused = 0
        let started = Date()
        for round in 0..<4000 {
            var bytes = [UInt8](seeds[round % seeds.count])
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let i = Int.random(in: 8..<bytes.count, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0: bytes[i] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes[i] ^= 1 << UInt8.random(in: 0..<8, using: &rng)
                case 2: bytes.remove(at: i)
                default: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: i)
                }
            }
            // Half the rounds repair every CRC, so the damage reaches the inflater, filters and IHDR checks.
            if round % 2 == 1 { bytes = Self.repairingCRCs(bytes) }
            if Self.outcome(Data(bytes), name: "mutant-\(round).png") == nil { decoded += 1 } else { refused += 1 }
        }
        #expect(decoded + refused == 4000)
        #expect(refused > 1000, "\(refused) refused, \(decoded) decoded")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// Recomputes the CRC of every complete chunk, leaving a partial tail as is.
    static func repairingCRCs(_ bytes: [UInt8]) -> [UInt8] {
        var out = Array(bytes.prefix(8))
        var offset = 8
        while offset + 12 <= bytes.count {
            let length =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            guard length <= bytes.count - offset - 12 else { break }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: Unicode.ASCII.self)
            out += PNGFixtureWriter.chunk(type, Array(bytes[(offset + 8)..<(offset + 8 + length)]))
            offset += 12 + length
        }
        return out + bytes[offset...]
    }
}
