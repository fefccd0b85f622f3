import CHaru
import Foundation
import PNG
import TestSupport
import Testing

@testable import Haru

/// Page contents that begin alike are deflated from a snapshot of zlib's state after their common beginning; the
/// bytes must be exactly those of deflating each content whole, whatever came before.
@Suite struct DeflatePrefixTests {
    /// A ticket-like content: a long fixed drawing, a member number, a fixed tail.
    static func content(member: Int, tail: String = "0.5 g 10 10 m 20 20 l S\n") -> [UInt8] {
        var text = ""
        for index in 0..<120 { text += "\(index % 17) \(index * 3 % 29).25 \(index) 40.5 re\nf\n" }
        text += "BT /F1 14 Tf 15 47.68 Td <0041\(String(format: "%05d", member))> Tj ET\n"
        for index in 0..<20 { text += tail + "\(index) w\n" }
        return Array(text.utf8)
    }

    /// `bytes` deflated whole, without the snapshots.
    static func whole(_ bytes: [UInt8]) throws -> [UInt8] {
        let stream = try #require(DeflateStream(Deflate.Settings(count: bytes.count)))
        var output: [UInt8] = []
        #expect(bytes.withUnsafeBytes { stream.feed($0, finish: true, into: &output) })
        return output
    }

    @Test func contentsSharingABeginningDeflateToTheBytesOfAWholeDeflate() throws {
        // Its own snapshots, as a render context holds them.
        let prefixes = ContentPrefixes()
        var members = Array(0..<40) + [7, 1000, 99_999, 3]
        members.append(contentsOf: [12, 12])
        for (step, member) in members.enumerated() {
            // Every ninth content differs early too (another tail), so snapshots are made, missed and remade.
            let bytes = Self.content(member: member, tail: step % 9 == 0 ? "1 0 0 RG\n" : "0.5 g 10 10 m 20 20 l S\n")
            let settings = Deflate.Settings(count: bytes.count)
            let deflated = try #require(bytes.withUnsafeBytes { prefixes.compress($0, settings: settings) })
            #expect(deflated == (try Self.whole(bytes)), "content \(step) (member \(member))")
            var inflated = [UInt8](repeating: 0, count: bytes.count + 16)
            var length = uLongf(inflated.count)
            #expect(uncompress(&inflated, &length, deflated, uLong(deflated.count)) == Z_OK)
            #expect(Array(inflated[..<Int(length)]) == bytes)
        }
        #expect(prefixes.hits > 20, "most contents start from a snapshot")
    }

    /// Font programs, CMaps and images go through libdeflate whole: each is a zlib stream zlib inflates back to the
    /// input, empty and multi-megabyte inputs included, and a compressor is reused from call to call.
    @Test func wholeStreamsAreZlibStreamsThatZlibInflates() throws {
        let compressors = WholeCompressors()
        func compress(_ input: [UInt8]) -> [UInt8]? {
            input.withUnsafeBytes { Deflate.compress($0, effort: .program, prefixes: nil, compressors: compressors) }
        }
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<3_000_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let inputs: [[UInt8]] = [[], [0x41], Self.content(member: 5), noise, Array(repeating: 0x20, count: 70_000)]
        for input in inputs {
            let deflated = try #require(compress(input))
            #expect(deflated.first == 0x78, "a zlib header")
            var inflated = [UInt8](repeating: 0, count: input.count + 16)
            var length = uLongf(inflated.count)
            #expect(uncompress(&inflated, &length, deflated, uLong(deflated.count)) == Z_OK, "\(input.count) bytes")
            #expect(Array(inflated[..<Int(length)]) == input)
        }
        let repeated = try #require(compress(Array(repeating: 0x20, count: 70_000)))
        #expect(repeated.count < 1_000, "a repetitive input is compressed, not stored")
        #expect(compressors.idleCount == 1, "one compressor, reused from call to call")
    }
}
