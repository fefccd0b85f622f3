import DrawingModule
import Foundation
import PNG
import Render
import TestSupport
import Testing

/// The README's library example, verbatim in substance, so the documented API keeps working.
@Suite struct ReadmeExampleTests {
    @Test func readmeExampleRendersBothWays() throws {
        let scratch = try Scratch("readme")
        let pdf = scratch.file("ticket.pdf")
        let png = scratch.file("ticket.png")

        var canvas = Canvas()
        try canvas.start(width: 400, height: 150, opaque: true)
        try canvas.addSlot(role: "box", stroke: Color(hex: "#1A1AFF")!, fill: Color(hex: "#E6E6FF")!)
        try canvas.addSlot(role: "textDark", stroke: Color(hex: "#1A1A1A")!)
        // ticket box
        try canvas.drawRect("box", .both, width: 1, x: 10, y: 10, w: 170, h: 60)
        try canvas.drawText("textDark", "整理番号:", font: "gothic", size: 16, x: 15, y: 13)
        let ticket = try canvas.stop()

        try render(ticket, options: OutputOptions()).write(to: pdf)
        try render(ticket, options: OutputOptions(format: .png, scale: .factor(2))).write(to: png)

        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        #expect(try Oracle.pdftotext(pdf).contains("整理番号:"))
        let bitmap = try PNGDecoder().decode(contentsOf: png)
        #expect(bitmap.width == 800 && bitmap.height == 300)
        // The box's fill shows inside it at 2×: light blue (#E6E6FF), not the white page.
        let inside = (100 * bitmap.width + 300) * 4
        #expect(Array(bitmap.pixels[inside..<inside + 3]) == [0xE6, 0xE6, 0xFF])
    }
}
