import DrawingModule
import Fonts
import Foundation
import Testing

@testable import Render

/// A document's first page that begins as a recent one did gets the content of that beginning back (`PDFPrefixes`)
/// instead of drawing it: the PDF must be byte for byte the one drawn whole, whatever codes the member's glyphs give
/// the subset, and emptying the caches must not change a document either.
@Suite struct PDFPrefixTests {
    /// A ticket-like page: a frame, a label, rules, another label and translucent circles every page repeats
    /// (32 commands, the circles still waiting to be painted after them), then the member's text and two labels.
    static func page(member: String) throws -> Drawing {
        var canvas = Canvas()
        try canvas.start(width: 200, height: 80, opaque: true)
        let ink = try canvas.addSlot(role: "ink", stroke: Color(0.1, 0.2, 0.5), fill: Color(0.9, 0.3, 0.2, 0.5))
        try canvas.drawRect(.index(ink), .both, width: 1, x: 5, y: 5, w: 190, h: 70)
        try canvas.drawText(.index(ink), "整理番号: FN-579-413", size: 9, x: 10, y: 8)
        for index in 0..<20 {
            let x = 10 + Double(index) * 9
            try canvas.drawLine(.index(ink), width: 0.7, x1: x, y1: 18, x2: x + 5, y2: 24)
        }
        try canvas.drawText(.index(ink), "日付:2014年12月20日 〜 ①", size: 8, x: 100, y: 8)
        for index in 0..<9 {
            try canvas.drawCircle(.index(ink), .fill, width: 0, x: 10 + Double(index) * 20, y: 27, w: 12, h: 12)
        }
        try canvas.drawText(.index(ink), "会員番号 " + member, size: 12, x: 10, y: 45)
        try canvas.drawLine(.index(ink), width: 2, x1: 10, y1: 62, x2: 190, y2: 62)
        try canvas.drawText(.index(ink), "入場整理券 髙橋 𠮷", size: 9, x: 120, y: 66)
        return try canvas.stop()
    }

    /// The frame pages drawn with `fonts` in `mode` are kept in (every other suite renders with other registries).
    static func frame(_ fonts: FontRegistry, mode: PDFFontMode = .embedded) -> PDFPrefixes.Frame {
        PDFPrefixes.Frame(
            size: Size(width: 200, height: 80), background: .white, subsets: true,
            gridPixelsPerPoint: RasterScale.standard.factor, fonts: fonts, fontMode: mode)
    }

    /// Embedded subsets, and libHaru's CID fonts (the labels' 〜 and ① have CIDs, 𠮷 is drawn from the chain's
    /// embedded faces between CID stretches).
    @Test(arguments: [PDFFontMode.embedded, .cid])
    func firstPagesGivenTheirBeginningBackEqualPagesDrawnWhole(mode: PDFFontMode) throws {
        // Its own registry: the frame includes it, so no other test's pages share these beginnings.
        let fonts = FontRegistry()
        // 6 and 8 are in no fixed text: a member with them gives the subset more glyphs and other codes.
        let members = (0..<10).map { "GCG-" + ($0 % 3 == 2 ? "6668\($0)" : "0000\($0)") }
        // The process keeps four beginnings and recent pages, shared with the tests running beside this one, which
        // may push these out between two pages: the members are drawn again (at most five times) until three pages
        // were given their beginning back.
        for _ in 0..<5 where PDFPrefixes.shared.resumed(in: Self.frame(fonts, mode: mode)) < 3 {
            let drawn = try members.map {
                try PDFRenderer(fonts: fonts, fontMode: mode).data(for: try Self.page(member: $0))
            }
            for (member, pdf) in zip(members, drawn) {
                // Each reference gets a registry of its own (kept alive, so no identity is reused): drawn whole.
                let whole = try PDFRenderer(fonts: FontRegistry(), fontMode: mode).data(
                    for: try Self.page(member: member))
                #expect(pdf == whole, "\(member): the PDF given its beginning back differs from the one drawn whole")
            }
        }
        // The second page keeps its beginning, the third (other codes) another; most others get one back.
        #expect(PDFPrefixes.shared.resumed(in: Self.frame(fonts, mode: mode)) >= 3)
        // The other mode's frame kept nothing of these pages.
        #expect(PDFPrefixes.shared.resumed(in: Self.frame(fonts, mode: mode == .cid ? .embedded : .cid)) == 0)
    }

    @Test func aDocumentRenderedColdEqualsOneRenderedAfterABatch() throws {
        // Its own registry, which every cache keys by: the first render finds nothing kept.
        let fonts = FontRegistry()
        let drawing = try Self.page(member: "GCG-12345")
        let cold = try PDFRenderer(fonts: fonts).data(for: drawing)
        for number in 0..<4 { _ = try PDFRenderer(fonts: fonts).data(for: try Self.page(member: "GCG-0000\(number)")) }
        let resumed = PDFPrefixes.shared.resumed(in: Self.frame(fonts))
        let warm = try PDFRenderer(fonts: fonts).data(for: drawing)
        #expect(
            PDFPrefixes.shared.resumed(in: Self.frame(fonts)) > resumed, "the page was not given its beginning back")
        #expect(warm == cold)
        let text = try #require(String(data: warm, encoding: .isoLatin1))
        #expect(text.hasPrefix("%PDF-"))
    }

    @Test func aChangedBeginningIsNotGivenBack() throws {
        let fonts = FontRegistry()
        for number in 0..<3 { _ = try PDFRenderer(fonts: fonts).data(for: try Self.page(member: "GCG-0000\(number)")) }
        var changed = try Self.page(member: "GCG-00009")
        var frame = try #require(
            { () -> Drawing.Command.Shape? in if case .rect(let shape) = changed.commands[0] { shape } else { nil } }())
        frame.rect = Rect(x: frame.rect.x, y: frame.rect.y, width: 150, height: frame.rect.height)
        changed.commands[0] = .rect(frame)
        let resumed = PDFPrefixes.shared.resumed(in: Self.frame(fonts))
        let drawn = try PDFRenderer(fonts: fonts).data(for: changed)
        #expect(PDFPrefixes.shared.resumed(in: Self.frame(fonts)) == resumed)
        #expect(drawn == (try PDFRenderer(fonts: FontRegistry()).data(for: changed)))
    }
}
