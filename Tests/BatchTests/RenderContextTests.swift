import Batch
import Documents
import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// What documents share belongs to their owner's `RenderContext`, not to the process: two contexts share nothing,
/// and a context warm from a batch gives the bytes a fresh one (or none) gives.
@Suite struct RenderContextTests {
    static let ticket = Repo.root.appendingPathComponent("Templates/ticket.yaml")
    static let members = ["GCG-00001", "GCG-00002", "GCG-66668", "GCG-80086"]

    @Test(arguments: [OutputFormat.pdf, .png])
    func twoContextsShareNothingAndAWarmOneGivesTheBytesOfAFreshOne(format: OutputFormat) throws {
        let template = try Template(contentsOf: Self.ticket)
        let (first, second) = (RenderContext(), RenderContext())
        var output = OutputOptions()
        output.format = format
        output.context = first
        let job = Job(template: template, output: output)
        for member in Self.members { _ = try job.render(data: ["member": .text(member)]) }
        #expect(first.keptEntries > 0, "the batch kept nothing in its own context")
        #expect(second.keptEntries == 0, "another context's documents filled this one")

        let warm = try job.render(data: ["member": .text("GCG-40167")])
        var fresh = output
        fresh.context = RenderContext()
        let cold = try Job(template: template, output: fresh).render(data: ["member": .text("GCG-40167")])
        #expect(warm.files == cold.files, "\(format): the warm context's bytes differ from a fresh one's")

        // With no context at all, through the one output entry point: nothing kept, the same bytes.
        var none = output
        none.context = nil
        let document = try template.document(
            values: ["member": "GCG-40167"], options: TemplateRenderOptions(fonts: .shared, setsLayout: false))
        #expect(try template.render(document, options: none).files == warm.files)
        #expect(second.keptEntries == 0)

        first.removeAll()
        #expect(first.keptEntries == 0, "emptying a context forgets everything it kept")
    }
}
