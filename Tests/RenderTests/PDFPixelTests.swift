import DrawingModule
import Foundation
import PNG
import Render
import TestSupport
import Testing

/// The PDF as pdftoppm draws it, checked against pixel values worked out by hand (the PDF twin of RasterTests'
/// colours test): y grows down from the top-left, and a translucent fill is blended over the page.
@Suite struct PDFPixelTests {
    @Test func coloursAlphaAndPlacementAsPopplerDrawsThem() throws {
        var c = Canvas()
        try c.start(width: 40, height: 20, opaque: true)
        try c.addSlot(role: "red", stroke: Color(1, 0, 0), fill: Color(1, 0, 0))
        try c.addSlot(role: "half", fill: Color(0, 0, 1, 0.5))
        try c.drawRect("red", .fill, width: 1, x: 0, y: 0, w: 10, h: 10)
        try c.drawRect("half", .fill, width: 1, x: 20, y: 0, w: 10, h: 10)
        let scratch = try Scratch("render-pdf-pixels")
        let file = scratch.file("pixels.pdf")
        try render(try c.stop(), options: OutputOptions()).write(to: file)
        let prefix = scratch.file("poppler").path
        #expect(try Oracle.run("pdftoppm", ["-r", "72", "-png", "-singlefile", file.path, prefix]).status == 0)
        let bitmap = try PNGDecoder().decode(contentsOf: URL(fileURLWithPath: prefix + ".png"))
        try #require(bitmap.width == 40 && bitmap.height == 20)
        func pixel(_ x: Int, _ y: Int) -> [Int] {
            let start = (y * bitmap.width + x) * 4
            return bitmap.pixels[start..<(start + 3)].map(Int.init)
        }
        #expect(pixel(5, 5) == [255, 0, 0], "top-left is the red square (y grows down)")
        #expect(pixel(5, 15) == [255, 255, 255], "below the red square is the white page")
        let blend = pixel(25, 5)
        #expect(
            abs(blend[0] - 128) <= 2 && abs(blend[1] - 128) <= 2 && blend[2] == 255, "half blue over white: \(blend)")
    }
}
