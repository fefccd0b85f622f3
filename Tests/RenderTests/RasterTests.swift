import DrawingModule
import Foundation
import PNG
import Render
import TestSupport
import Testing

/// The raster renderer's sizes, colours, alpha, PNG output and failure modes.
@Suite struct RasterTests {
    static func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * bitmap.width + x) * 4
        return Array(bitmap.pixels[i..<i + 4])
    }

    @Test(arguments: [
        (RasterScale.factor(1), 400, 150), (.factor(2), 800, 300), (.dpi(144), 800, 300),
        (.dpi(300), 1667, 625), (.factor(0.5), 200, 75)
    ])
    func pixelSizeFollowsTheScale(_ scale: RasterScale, _ width: Int, _ height: Int) throws {
        let bitmap = try RasterRenderer().bitmap(for: try Samples.admissionTicket(), scale: scale)
        #expect(bitmap.width == width && bitmap.height == height)
    }

    @Test func coloursAlphaAndPlacement() throws {
        var c = Canvas()
        try c.start(width: 40, height: 20)
        try c.addSlot(role: "red", stroke: Color(1, 0, 0), fill: Color(1, 0, 0))
        try c.addSlot(role: "half", fill: Color(0, 0, 1, 0.5))
        try c.drawRect("red", .fill, width: 1, x: 0, y: 0, w: 10, h: 10)
        try c.drawRect("half", .fill, width: 1, x: 20, y: 0, w: 10, h: 10)
        let bitmap = try RasterRenderer().bitmap(for: try c.stop(), scale: .factor(2))
        #expect(Self.pixel(bitmap, 5, 5) == [255, 0, 0, 255], "top-left is the red square (y grows down)")
        #expect(Self.pixel(bitmap, 5, 30) == [0, 0, 0, 0], "no background: transparent")
        let blue = Self.pixel(bitmap, 50, 10)
        #expect(blue[0] == 0 && blue[1] == 0 && blue[2] == 255 && abs(Int(blue[3]) - 128) <= 1, "\(blue)")
        #expect(bitmap.hasAlpha)
    }

    @Test func pngIsOpaqueWithABackgroundAndAlphaWithout() throws {
        let scratch = try Scratch("raster-png")
        let opaque = scratch.file("ticket.png")
        let clear = scratch.file("badge.png")
        try render(try Samples.admissionTicket(), options: OutputOptions(format: .png, scale: .factor(2))).write(
            to: opaque)
        try render(try Samples.badge(), options: OutputOptions(format: .png, scale: .dpi(288))).write(to: clear)
        let ticket = try PNGDecoder().decode(contentsOf: opaque)
        #expect(ticket.width == 800 && ticket.height == 300 && !ticket.hasAlpha)
        let badge = try PNGDecoder().decode(contentsOf: clear)
        #expect(badge.width == 80 && badge.height == 80 && badge.hasAlpha)
        #expect(Self.pixel(badge, 0, 0)[3] == 0, "the badge's corner lies outside its disc")
    }

    @Test func textSitsOneAscentBelowItsTop() throws {
        var c = Canvas()
        try c.start(width: 100, height: 40, opaque: true)
        try c.addSlots(1)
        try c.drawText(0, "■", font: "gothic", size: 20, x: 10, y: 10)
        let bitmap = try RasterRenderer().bitmap(for: try c.stop(), scale: .factor(1))
        // IPAexGothic's ■ spans the em box from the ascent line (0.88 em) down to the descent (0.12 em): its ink
        // starts near y = 10 + 0.88·20 − 0.88·20·(its height) — check only that ink begins below the top and ends
        // above the bottom of the line box (10 … 30).
        let inkRows = (0..<bitmap.height).filter { y in
            (0..<bitmap.width).contains { Self.pixel(bitmap, $0, y)[0] < 128 }
        }
        let top = try #require(inkRows.first)
        let bottom = try #require(inkRows.last)
        #expect(top >= 10 && bottom <= 30 && bottom - top >= 12, "ink rows \(top)…\(bottom)")
    }

    @Test func hugeSizesAreATypedError() throws {
        var c = Canvas()
        try c.start(width: 14000, height: 100, opaque: true)
        let drawing = try c.stop()
        #expect {
            try RasterRenderer().bitmap(for: drawing, scale: .dpi(600))
        } throws: { error in
            guard case .surfaceTooLarge(let page, let width, _, let limit) = error as? RenderError else { return false }
            return page == 1 && width == 116_667 && limit == 32767
        }
        #expect(throws: RenderError.self) { try RasterRenderer().bitmap(for: drawing, scale: .factor(0)) }
        #expect(throws: RenderError.self) { try RasterRenderer().bitmap(for: drawing, scale: .factor(.nan)) }
    }

    @Test func brokenPNGBytesAreAnImageError() throws {
        // The canvas refuses non-PNG bytes, so hand-written JSON is the way such a drawing arrives.
        let header = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let drawing = Drawing(
            size: Size(width: 50, height: 50), background: .white,
            commands: [
                .image(.init(data: header + Data("truncated".utf8), rect: Rect(x: 0, y: 0, width: 10, height: 10)))
            ])
        for render in [{ _ = try RasterRenderer().bitmap(for: drawing) }, { _ = try PDFRenderer().data(for: drawing) }]
        {
            #expect {
                try render()
            } throws: { error in
                guard case .image(let location, _) = error as? RenderError else { return false }
                return location == RenderLocation(page: 1, path: "commands[0]")
            }
        }
    }

    @Test func concurrentRendersAgree() async throws {
        let drawing = try Samples.admissionTicket()
        let expected = try RasterRenderer().pngData(for: drawing)
        let results = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<8 { group.addTask { try RasterRenderer().pngData(for: drawing) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
    }
}
