import DrawingModule
import Fonts
import Foundation
import Support
import TestSupport
import Testing

@testable import Layout
@testable import Render

/// A text drawn in one document is shaped once for the documents after it with the same context (`RecentShapings`),
/// and each of them still records its glyphs: a document after another gives the bytes it gives alone, and emptying
/// the context (`--cold`) forgets the shapings.
@Suite struct RecentShapingTests {
    static let label = "開催場所:髙橋 〜 ① ﾊﾝｶｸ"

    /// A page with the label and `member` below it.
    static func page(member: String) -> Drawing {
        let ink = Color(red: 0.1, green: 0.1, blue: 0.1)
        return Drawing(
            size: Size(width: 300, height: 100),
            commands: [
                .text(.init(color: ink, string: label, font: "gothic", size: 14, origin: Point(x: 10, y: 10))),
                .text(.init(color: ink, string: member, font: "gothic", size: 12, origin: Point(x: 10, y: 40)))
            ])
    }

    @Test func aDocumentAfterAnotherGivesItsBytesAlone() throws {
        let context = RenderContext()
        var options = OutputOptions()
        options.context = context
        let first = try #require(try render(Self.page(member: "GCG-00001"), options: options).files.first)
        let key = TextLayoutCache.SharedKey(
            text: TextLayoutCache.Key(
                Drawing.Command.Text(
                    color: Color(red: 0, green: 0, blue: 0), string: Self.label, font: "gothic", size: 14,
                    origin: Point(x: 0, y: 0))),
            fonts: .shared)
        let shapings = context.caches.cache(RecentShapings.self)
        #expect(shapings.entries.value(for: key) != nil, "the label's shaping is kept for the next document")
        let warm = try #require(try render(Self.page(member: "GCG-80086"), options: options).files.first)

        // Alone: no context.
        let cold = try #require(try render(Self.page(member: "GCG-80086")).files.first)
        #expect(warm == cold, "the second document's PDF differs from the one rendered alone")
        #expect(first != warm)

        let scratch = try Scratch("recent-shaping")
        let file = scratch.file("warm.pdf")
        try warm.write(to: file)
        let text = try Oracle.pdftotext(file)
        #expect(text.contains(Self.label) && text.contains("GCG-80086"), "\(text)")

        // What `mkpdf-bench --cold` does before each ticket.
        context.removeAll()
        #expect(shapings.entries.value(for: key) == nil, "--cold forgets the kept shapings")
    }
}
