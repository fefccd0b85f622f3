import Documents
import Drawing
import Foundation
import Testing

/// libqrencode's `QRcode` is freed once per encoding, on success and on the too-long failure alike: thousands of
/// encodings leave the process's resident memory where it was.
@Suite(.serialized) struct QRCodeCAuditTests {
    /// Resident set size in bytes, from `/proc/self/statm` (second field, in pages).
    static func residentBytes() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let fields = text.split(separator: " ")
        let pages = try #require(fields.count > 1 ? Int(fields[1]) : nil)
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func encodingsFreeTheCStructOnEveryPath() throws {
        // Version 40 at level L: 177 × 177 = 31 KB of modules in the C struct, plus libqrencode's working buffers.
        let large = String(repeating: "8", count: 7000)
        let tooLong = String(repeating: "8", count: 7100)
        let code = try QRCode(payload: large, correction: .low)
        #expect(code.version == 40)
        #expect(throws: QRCodeError.self) { try QRCode(payload: tooLong, correction: .low) }
        for _ in 0..<10 { _ = try QRCode(payload: large, correction: .low) }
        // The least growth of three windows: a leak grows each one, other suites in this process only some.
        var added = Int.max
        for _ in 0..<3 {
            let before = try Self.residentBytes()
            for _ in 0..<100 {
                _ = try QRCode(payload: large, correction: .low)
                _ = try? QRCode(payload: tooLong, correction: .low)
            }
            added = min(added, try Self.residentBytes() - before)
        }
        // Skipping QRcode_free leaks about 145 KB an encoding: 14 MB a window (measured on a broken build).
        #expect(added < 6 << 20, "resident memory grew by \(added / 1024) KB over 100 version-40 encodings")
    }
}

/// Pixel-grid placement turns box edges into integers only when they fit.
@Suite struct QRCodePlacementCAuditTests {
    @Test(arguments: [(Rect(x: 1e300, y: 0, width: 40, height: 40), 2.0),
                      (Rect(x: 0, y: 0, width: .infinity, height: 40), 2.0),
                      (Rect(x: 10, y: 10, width: 40, height: 40), 1e300),
                      (Rect(x: -.greatestFiniteMagnitude, y: 0, width: 40, height: 40), 1.0)])
    func anUnplaceableBoxIsAnErrorNotATrap(_ box: Rect, _ pixelsPerPoint: Double) throws {
        let code = try QRCode(payload: "FN-579-413/GCG-40167")
        let error = #expect(throws: QRCodeError.self) {
            try code.placement(in: box, quietModules: 4, pixelsPerPoint: pixelsPerPoint)
        }
        #expect(error == .boxOutOfRange(box: box, pixelsPerPoint: pixelsPerPoint))
        #expect(error?.description.contains("pixels per point has no place on a pixel grid") == true)
    }

    @Test func anOrdinaryBoxStillPlaces() throws {
        let code = try QRCode(payload: "FN-579-413/GCG-40167")
        let place = try code.placement(in: Rect(x: 300, y: 20, width: 80, height: 80), quietModules: 4, pixelsPerPoint: 2)
        #expect(place.moduleSide > 0)
    }
}
