import Batch
import Documents
import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

@testable import Layout

/// A first page that begins as a recent one did takes that beginning's laid-out elements, texts, structure and
/// shapings back (`RenderContext`), and comes out as if it had been laid out whole: the same structure tree and the
/// same output, byte for byte, as the same document laid out and rendered with no context (nothing kept).
@Suite struct LayoutPrefixTests {
    @Test(arguments: [OutputFormat.pdf, .png], PDFFontMode.allCases)
    func aPageGivenItsBeginningBackIsLaidOutAsAWholeOne(format: OutputFormat, fontMode: PDFFontMode) throws {
        let template = try Template(contentsOf: Repo.root.appendingPathComponent("Templates/ticket.yaml"))
        var options = OutputOptions()
        options.format = format
        options.fontMode = fontMode
        // What this test's documents share, apart from every other test's.
        let context = RenderContext()
        options.context = context
        var alone = options
        alone.context = nil
        var renderOptions = TemplateRenderOptions()
        renderOptions.setsLayout = false
        for (index, member) in ["GCG-40167", "GCG-1", "GCG-99999", "GCG-00002"].enumerated() {
            let document = try template.document(values: ["member": member], data: [:], options: renderOptions)
            let resumed = context.resumedPages
            let reused = try Render.layOut(document, options: options)
            let whole = try Render.layOut(document, options: alone)
            #expect(reused.structure == whole.structure, "\(member): the structure tree")
            #expect(
                reused.pages.map(\.elements.count) == whole.pages.map(\.elements.count)
                    && reused.pages.map(\.texts) == whole.pages.map(\.texts)
                    && reused.pages.map(\.commandStarts) == whole.pages.map(\.commandStarts), "\(member)")
            // The page given its beginning back shares that beginning's elements instead of copying them: read whole
            // or by commands (across the beginning's end too), they are the whole page's.
            for (page, wholePage) in zip(reused.pages, whole.pages) {
                let commands = page.commandStarts.count - 1
                for range in [0..<commands, 0..<1, (commands / 2)..<commands, (commands - 1)..<commands] {
                    #expect(
                        String(describing: page.elements(ofCommands: range))
                            == String(describing: wholePage.elements(ofCommands: range)),
                        "\(member): the elements of commands \(range)")
                }
                #expect(String(describing: page.elements) == String(describing: wholePage.elements), "\(member)")
            }
            #expect(
                try Render.render(reused, options: options).files == Render.render(whole, options: alone).files,
                "\(member): \(format) \(fontMode) byte for byte")
            // The first ticket is laid out whole; the second, sharing its beginning, in two steps that keep it; each
            // one after takes it back.
            #expect(
                context.resumedPages == resumed + (index >= 2 ? 1 : 0),
                "\(member): given the beginning back")
        }
    }
}
