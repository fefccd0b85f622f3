import DrawingModule
import Foundation
import Testing

@testable import Barcodes

/// Every `zint_symbol` is deleted once per encoding, on success and on failure alike: hundreds of large encodings
/// leave the process's resident memory where it was.
@Suite(.serialized) struct ZintCAuditTests {
    /// Resident set size in bytes, from `/proc/self/statm` (second field, in pages).
    static func residentBytes() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8)
        let fields = text.split(separator: " ")
        let pages = try #require(fields.count > 1 ? Int(fields[1]) : nil)
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    @Test func encodingsDeleteTheSymbolOnEveryPath() throws {
        // Version 40 at level L through the vector path: the 30 KB struct plus thousands of vector rectangles.
        func barcode(_ data: String) -> Drawing.Command.Barcode {
            .init(
                symbology: .qr, data: data, rect: Rect(x: 0, y: 0, width: 500, height: 500), dark: .black,
                options: .init(errorCorrection: "L"))
        }
        let large = barcode(String(repeating: "8", count: 7000))
        let tooLong = barcode(String(repeating: "8", count: 7100))
        #expect(try BarcodeEncoder.geometry(for: large, fromVector: true).width == 177 + 8)
        let error = #expect(throws: BarcodeError.self) { try BarcodeEncoder.geometry(for: tooLong) }
        #expect(error?.cause == .tooLong)
        for _ in 0..<10 { _ = try BarcodeEncoder.geometry(for: large, fromVector: true) }
        // The least growth of three windows: a leak grows each one, other suites in this process only some.
        var added = Int.max
        for _ in 0..<3 {
            let before = try Self.residentBytes()
            for _ in 0..<200 {
                _ = try BarcodeEncoder.geometry(for: large, fromVector: true)
                _ = try BarcodeEncoder.geometry(for: large)
                _ = try? BarcodeEncoder.geometry(for: tooLong)
            }
            added = min(added, try Self.residentBytes() - before)
        }
        // A leaked vector symbol keeps ~15,000 rectangles (about 0.7 MB), so 200 leaks grow a window by ~140 MB; the
        // bound, half that, leaves room for what suites running beside this one allocate (up to 41 MB seen in a
        // clean clone's CI run while the layout and font suites fill their caches).
        #expect(added < 70 << 20, "resident memory grew by \(added / 1024) KB over 600 version-40 encodings")
    }

    @Test(arguments: [
        (Rect(x: 1e300, y: 0, width: 40, height: 40), 2.0),
        (Rect(x: 0, y: 0, width: .infinity, height: 40), 2.0),
        (Rect(x: 10, y: 10, width: 40, height: 40), 1e300),
        (Rect(x: -.greatestFiniteMagnitude, y: 0, width: 40, height: 40), 1.0)
    ])
    func anUnplaceableBoxIsAnErrorNotATrap(_ box: Rect, _ pixelsPerPoint: Double) throws {
        let barcode = Drawing.Command.Barcode(symbology: .qr, data: "FN-579-413/GCG-40167", rect: box, dark: .black)
        let error = #expect(throws: BarcodeError.self) { try BarcodeLayout(barcode, pixelsPerPoint: pixelsPerPoint) }
        #expect(error?.field == "rect" && error?.reason.contains("has no place on a pixel grid") == true)
    }
}
