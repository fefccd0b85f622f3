import Foundation
import PNG
import PNGFixtures
import Testing

/// The zlib stream the decoder opens itself (to re-stream 16-bit interlaced and CgBI files) is ended on every path,
/// including a truncated image: repeating the failure leaves resident memory where it was.
@Suite(.serialized) struct RestreamCAuditTests {
    /// Resident set size in bytes, from `/proc/self/statm` (second field, in pages).
    static func residentBytes() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let fields = text.split(separator: " ")
        let pages = try #require(fields.count > 1 ? Int(fields[1]) : nil)
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// A 16-bit interlaced 160×160 RGBA PNG whose (CRC-correct) IDAT holds only the first half of its zlib stream.
    static let truncated: Data = {
        let compressed = PNGFixtureWriter.zlibCompress([UInt8](repeating: 0, count: 160 * (1 + 160 * 8)))
        return PNGFixtureWriter.file([
            ("IHDR", PNGFixtureWriter.ihdr(width: 160, height: 160, bitDepth: 16, colorType: 6, interlaced: true)),
            ("IDAT", Array(compressed.prefix(compressed.count / 2))),
            ("IEND", [])
        ])
    }()

    @Test func truncatedRestreamedImagesEndTheirZlibStream() throws {
        #expect {
            try PNGDecoder().decode(Self.truncated, name: "cut-16bit-adam7.png")
        } throws: { error in
            "\(error)".contains("cut-16bit-adam7.png") && "\(error)".contains("image data ends after")
        }
        for _ in 0..<20 { _ = try? PNGDecoder().decode(Self.truncated, name: "cut.png") }
        // The least growth of three windows: a leak grows each one, other suites in this process only some.
        var added = Int.max
        for _ in 0..<3 {
            let before = try Self.residentBytes()
            for _ in 0..<1000 { _ = try? PNGDecoder().decode(Self.truncated, name: "cut.png") }
            added = min(added, try Self.residentBytes() - before)
        }
        // An inflate state never ended keeps about 40 KB (its 7 KB state and 32 KB window): ≥ 39 MB a window.
        #expect(added < 12 << 20, "resident memory grew by \(added / 1024) KB over 1000 truncated decodes")
    }
}
