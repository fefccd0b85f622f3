import DrawingModule
import Fonts
import Testing

@testable import Render

/// Pages that begin alike are drawn from the kept pixels of their shared beginning (`RasterPrefixes`): the pixels
/// must be those of the page drawn whole, and an error after the beginning must name its command as before.
@Suite struct RasterPrefixTests {
    /// A ticket-like page: a frame, rules and translucent circles every page repeats (30 commands), then the
    /// member's text, then one more rule and a label after it.
    static func page(member: String) throws -> Drawing {
        var canvas = Canvas()
        try canvas.start(width: 200, height: 80, opaque: true)
        let ink = try canvas.addSlot(role: "ink", stroke: Color(0.1, 0.2, 0.5), fill: Color(0.9, 0.3, 0.2, 0.5))
        try canvas.drawRect(.index(ink), .both, width: 1, x: 5, y: 5, w: 190, h: 70)
        for index in 0..<20 {
            let x = 10 + Double(index) * 9
            try canvas.drawLine(.index(ink), width: 0.7, x1: x, y1: 8, x2: x + 5, y2: 20)
        }
        for index in 0..<9 {
            try canvas.drawCircle(.index(ink), .fill, width: 0, x: 10 + Double(index) * 20, y: 25, w: 12, h: 12)
        }
        try canvas.drawText(.index(ink), "会員番号 " + member, size: 12, x: 10, y: 45)
        try canvas.drawLine(.index(ink), width: 2, x1: 10, y1: 62, x2: 190, y2: 62)
        try canvas.drawText(.index(ink), "入場整理券 髙橋", size: 9, x: 120, y: 66)
        return try canvas.stop()
    }

    /// A renderer keeping its beginnings in `context` (nil: every page drawn whole).
    static func renderer(_ context: RenderContext?) -> RasterRenderer {
        var renderer = RasterRenderer()
        renderer.context = context
        return renderer
    }

    @Test func pagesDrawnFromAKeptBeginningEqualPagesDrawnWhole() throws {
        // The test's own context: no other test's pages share these beginnings or count here.
        let context = RenderContext()
        let first = try Self.page(member: "GCG-00001")
        let frame = RasterPrefixes.Frame(
            width: 400, height: 160, pixelsPerPoint: 2, background: first.background,
            fonts: ObjectIdentifier(FontRegistry.shared))
        for member in ["GCG-00001", "GCG-00002", "GCG-40167", "GCG-99999"] {
            let drawing = try Self.page(member: member)
            let drawn = try Self.renderer(context).bitmap(for: drawing, scale: .factor(2))
            let whole = try Self.renderer(nil).bitmap(for: drawing, scale: .factor(2))
            #expect(drawn.width == 400 && drawn.height == 160)
            #expect(drawn.pixels == whole.pixels, "\(member): the page drawn from kept pixels differs")
        }
        // The second page is split and keeps its beginning; the third and fourth resume from it.
        #expect(context.caches.cache(RasterPrefixes.self).resumed(in: frame) == 2)
    }

    @Test func anErrorAfterTheBeginningNamesItsCommand() throws {
        let context = RenderContext()
        for member in ["GCG-00001", "GCG-00002", "GCG-00003"] {
            _ = try Self.renderer(context).bitmap(for: try Self.page(member: member))
        }
        let prefixes = context.caches.cache(RasterPrefixes.self)
        let hits = prefixes.hits
        #expect {
            try Self.renderer(context).bitmap(for: try Self.page(member: "😀"))
        } throws: { error in
            guard case .missingGlyph(_, _, let location) = error as? RenderError else { return false }
            return location == RenderLocation(page: 1, path: "commands[30]")
        }
        // Layout comes before any pixel: the failing page is refused before a kept beginning is given back.
        #expect(prefixes.hits == hits, "the failing page was drawn before its text was laid out")
    }
}
