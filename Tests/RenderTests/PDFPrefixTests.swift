import DrawingModule
import Fonts
import Foundation
import Testing

@testable import Render

/// A document's first page that begins as a recent one did gets the content of that beginning back (`PDFPrefixes`)
/// instead of drawing it: the PDF must be byte for byte the one drawn whole (with no context), whatever codes the
/// member's glyphs give the subset, and emptying the context must not change a document either.
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

    /// The frame the pages are kept in, drawn in `mode`.
    static func frame(mode: PDFFontMode = .embedded) -> PDFPrefixes.Frame {
        PDFPrefixes.Frame(
            size: Size(width: 200, height: 80), background: .white, subsets: true,
            gridPixelsPerPoint: RasterScale.standard.factor, fonts: .shared, fontMode: mode)
    }

    /// A renderer in `mode` keeping its beginnings in `context` (nil: every page drawn whole).
    static func renderer(_ context: RenderContext?, mode: PDFFontMode = .embedded) -> PDFRenderer {
        var renderer = PDFRenderer(fontMode: mode)
        renderer.context = context
        return renderer
    }

    /// How many pages in `frame` were given their beginning back in `context`.
    static func resumed(_ context: RenderContext, in frame: PDFPrefixes.Frame) -> Int {
        context.caches.cache(PDFPrefixes.self).resumed(in: frame)
    }

    /// Embedded subsets, and libHaru's CID fonts (the labels' 〜 and ① have CIDs, 𠮷 is drawn from the chain's
    /// embedded faces between CID stretches).
    @Test(arguments: [PDFFontMode.embedded, .cid])
    func firstPagesGivenTheirBeginningBackEqualPagesDrawnWhole(mode: PDFFontMode) throws {
        // The test's own context: no other test's pages share these beginnings.
        let context = RenderContext()
        // 6 and 8 are in no fixed text: a member with them gives the subset more glyphs and other codes.
        let members = (0..<10).map { "GCG-" + ($0 % 3 == 2 ? "6668\($0)" : "0000\($0)") }
        let drawn = try members.map { try Self.renderer(context, mode: mode).data(for: try Self.page(member: $0)) }
        for (member, pdf) in zip(members, drawn) {
            // Without a context: drawn whole.
            let whole = try Self.renderer(nil, mode: mode).data(for: try Self.page(member: member))
            #expect(pdf == whole, "\(member): the PDF given its beginning back differs from the one drawn whole")
        }
        // The second page keeps its beginning, the third (other codes) another; most others get one back.
        #expect(Self.resumed(context, in: Self.frame(mode: mode)) >= 3)
        // The other mode's frame kept nothing of these pages.
        #expect(Self.resumed(context, in: Self.frame(mode: mode == .cid ? .embedded : .cid)) == 0)
    }

    /// A tagged page is given its beginning back with the marks drawing it made (its sequences' numbers and
    /// elements), in a frame of its own: the PDF, structure tree included, is the one drawn whole.
    @Test func taggedPagesGivenTheirBeginningBackEqualPagesDrawnWhole() throws {
        let context = RenderContext()
        func document(_ member: String) throws -> Document {
            var document = Document(pages: [try Self.page(member: member)], metadata: .init(title: "入場整理券"))
            document.pdfua = true
            return document
        }
        let members = (0..<10).map { "GCG-" + ($0 % 3 == 2 ? "6668\($0)" : "0000\($0)") }
        for member in members {
            let given = try Self.renderer(context).data(for: try document(member))
            let whole = try Self.renderer(nil).data(for: try document(member))
            #expect(
                given == whole, "\(member): the tagged PDF given its beginning back differs from the one drawn whole")
            #expect(String(decoding: given, as: UTF8.self).contains("/StructTreeRoot"))
        }
        var tagged = Self.frame()
        tagged.tagged = true
        #expect(Self.resumed(context, in: tagged) >= 3)
        #expect(Self.resumed(context, in: Self.frame()) == 0, "an untagged frame kept nothing of tagged pages")
    }

    @Test func aDocumentRenderedColdEqualsOneRenderedAfterABatch() throws {
        let context = RenderContext()
        let drawing = try Self.page(member: "GCG-12345")
        let cold = try Self.renderer(context).data(for: drawing)
        for number in 0..<4 { _ = try Self.renderer(context).data(for: try Self.page(member: "GCG-0000\(number)")) }
        let resumed = Self.resumed(context, in: Self.frame())
        let warm = try Self.renderer(context).data(for: drawing)
        #expect(Self.resumed(context, in: Self.frame()) > resumed, "the page was not given its beginning back")
        #expect(warm == cold)
        let text = try #require(String(data: warm, encoding: .isoLatin1))
        #expect(text.hasPrefix("%PDF-"))
        // Emptied, the context draws the page whole again: the same bytes.
        context.removeAll()
        #expect(context.keptEntries == 0)
        #expect(try Self.renderer(context).data(for: drawing) == cold)
    }

    @Test func aChangedBeginningIsNotGivenBack() throws {
        let context = RenderContext()
        for number in 0..<3 { _ = try Self.renderer(context).data(for: try Self.page(member: "GCG-0000\(number)")) }
        var changed = try Self.page(member: "GCG-00009")
        var frame = try #require(
            { () -> Drawing.Command.Shape? in if case .rect(let shape) = changed.commands[0] { shape } else { nil } }())
        frame.rect = Rect(x: frame.rect.x, y: frame.rect.y, width: 150, height: frame.rect.height)
        changed.commands[0] = .rect(frame)
        let resumed = Self.resumed(context, in: Self.frame())
        let drawn = try Self.renderer(context).data(for: changed)
        #expect(Self.resumed(context, in: Self.frame()) == resumed)
        #expect(drawn == (try Self.renderer(nil).data(for: changed)))
    }
}
