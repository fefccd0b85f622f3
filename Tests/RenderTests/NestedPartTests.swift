import DrawingModule
import Foundation
import PNG
import Render
import TestSupport
import Testing

/// A part inside a part is drawn through both scales: the inner transform composes with the outer one in the PDF
/// (as pdftoppm draws it) and in the raster alike. The parity tests cannot see a scale both renderers drop, so
/// this checks pixel positions worked out by hand.
@Suite struct NestedPartTests {
    /// Inner 10×10 part: a black square over its top-left quarter. Middle 20×20 part: the inner part at x 10, y 0,
    /// 10 × 20 (scale 1 × 2), so black covers x 10…15, y 0…10. Page 100×60: the middle part at x 10, y 10, 80 × 40
    /// (scale 4 × 2), so black covers x 50…70, y 10…30 on the page.
    static func drawing() throws -> Drawing {
        var inner = Canvas()
        try inner.start(width: 10, height: 10)
        try inner.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(0, 0, 0))
        try inner.drawRect("ink", .fill, width: 0, x: 0, y: 0, w: 5, h: 5)
        var middle = Canvas()
        try middle.start(width: 20, height: 20)
        try middle.drawPart(try inner.stop(), x: 10, y: 0, w: 10, h: 20)
        var page = Canvas()
        try page.start(width: 100, height: 60, opaque: true)
        try page.drawPart(try middle.stop(), x: 10, y: 10, w: 80, h: 40)
        return try page.stop()
    }

    @Test func innerScaleComposesWithOuterScaleInPDFAndRaster() throws {
        let drawing = try Self.drawing()
        let scratch = try Scratch("render-nested")
        let file = scratch.file("nested.pdf")
        try render(drawing, options: OutputOptions()).write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let prefix = scratch.file("poppler").path
        #expect(try Oracle.run("pdftoppm", ["-r", "72", "-png", "-singlefile", file.path, prefix]).status == 0)
        let poppler = try PNGDecoder().decode(contentsOf: URL(fileURLWithPath: prefix + ".png"))
        let raster = try RasterRenderer().bitmap(for: drawing, scale: .factor(1))
        for (name, bitmap) in [("pdftoppm", poppler), ("cairo", raster)] {
            try #require(bitmap.width == 100 && bitmap.height == 60, "\(name): \(bitmap.width)×\(bitmap.height)")
            func dark(_ x: Int, _ y: Int) -> Bool { bitmap.pixels[(y * bitmap.width + x) * 4] < 128 }
            let across = (0..<bitmap.width).filter { dark($0, 20) }
            #expect(across.first == 50 && across.last == 69, "\(name): row 20 is dark at \(across)")
            let down = (0..<bitmap.height).filter { dark(60, $0) }
            #expect(down.first == 10 && down.last == 29, "\(name): column 60 is dark at \(down)")
        }
    }
}
