import Barcodes
import DrawingModule
import Foundation
import PNG
import Render
import TestSupport
import Testing

/// The Japan Post customer barcode (カスタマバーコード) read back bar by bar from the PNG and the rasterised PDF.
@Suite struct JapanPostTests {
    /// The two examples on p. 6 of Japan Post's Zip/Barcode Manual, as bar states F (full), A (ascender),
    /// D (descender), T (tracker) from the left: start, 20 characters, check, stop. Read off the module rows zint's
    /// test suite (backend/tests/test_postal.c, "Zip/Barcode Manual p.6 1st/2nd example") holds for them; the first
    /// matches the string another implementation's tests give for the same example.
    static let examples: [(data: String, bars: String)] = [
        ("15400233-16-4-205", "FDFFTFTFFADFTTFTTFDADFADFATFTFFTDAFTFTFADTFTFDAFTTFTFTDATDATDADAFDF"),
        ("350110622-1A308", "FDDFAFTFFTTFFTFFTFTTDAFFDAFDATFTFFTDATFTTDFAFTTADFTDATDATDATDAFTFDF")
    ]

    /// A grey image: width, height and one byte per pixel (0 black).
    struct Gray {
        var width: Int
        var height: Int
        var pixels: [UInt8]
        func isDark(_ x: Int, _ y: Int) -> Bool { pixels[y * width + x] < 128 }
    }

    /// The bar states read from an image: each run of dark columns is a bar; its dark rows at its centre column
    /// say whether it reaches the top band, the bottom band, both or neither.
    static func bars(in image: Gray) -> String {
        var runs: [(start: Int, end: Int)] = []
        var x = 0
        while x < image.width {
            let dark = (0..<image.height).contains { image.isDark(x, $0) }
            guard dark else {
                x += 1
                continue
            }
            let start = x
            while x < image.width, (0..<image.height).contains(where: { image.isDark(x, $0) }) { x += 1 }
            runs.append((start, x))
        }
        let extents = runs.map { run -> (top: Int, bottom: Int) in
            let column = (run.start + run.end) / 2
            let rows = (0..<image.height).filter { image.isDark(column, $0) }
            return (rows.first ?? 0, rows.last ?? 0)
        }
        let top = extents.map(\.top).min() ?? 0
        let bottom = extents.map(\.bottom).max() ?? 0
        let band = Double(bottom - top) * 0.2
        return String(
            extents.map { extent -> Character in
                let up = Double(extent.top - top) <= band
                let down = Double(bottom - extent.bottom) <= band
                return up ? (down ? "F" : "A") : (down ? "D" : "T")
            })
    }

    static func drawing(_ data: String) -> Drawing {
        Drawing(
            size: Size(width: 320, height: 40), background: .white,
            commands: [
                .barcode(
                    .init(
                        symbology: .japanPost, data: data, rect: Rect(x: 10, y: 5, width: 300, height: 30),
                        dark: .black))
            ])
    }

    @Test(arguments: 0..<2) func barsMatchJapanPostsPublishedExample(_ index: Int) throws {
        let (data, expected) = Self.examples[index]
        let drawing = Self.drawing(data)
        // The PNG at 2 px/pt.
        let bitmap = try RasterRenderer().bitmap(for: drawing, scale: .factor(2))
        let channels = 4 // RGBA8, always
        let gray = Gray(
            width: bitmap.width, height: bitmap.height,
            pixels: stride(from: 0, to: bitmap.pixels.count, by: channels).map { bitmap.pixels[$0] })
        #expect(Self.bars(in: gray) == expected)
        // The PDF, rasterised by poppler at 144 dpi.
        let scratch = try Scratch("japanpost")
        let pdf = scratch.file("jp.pdf")
        try render(drawing, options: OutputOptions()).write(to: pdf)
        let result = try Oracle.run("pdftoppm", ["-r", "144", "-gray", pdf.path])
        #expect(result.status == 0)
        #expect(Self.bars(in: try Self.pgm(result.data)) == expected)
    }

    /// A binary PGM (P5) as pdftoppm -gray writes it.
    static func pgm(_ data: Data) throws -> Gray {
        var fields: [String] = []
        var index = data.startIndex
        while fields.count < 4 {
            while index < data.endIndex, data[index] == 0x20 || data[index] == 0x0A { index += 1 }
            let start = index
            while index < data.endIndex, data[index] != 0x20, data[index] != 0x0A { index += 1 }
            fields.append(String(decoding: data[start..<index], as: UTF8.self))
        }
        index += 1
        let width = try #require(Int(fields[1]))
        let height = try #require(Int(fields[2]))
        #expect(fields[0] == "P5")
        return Gray(width: width, height: height, pixels: Array(data[index..<(index + width * height)]))
    }
}
