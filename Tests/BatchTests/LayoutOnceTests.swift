import Batch
import Documents
import DrawingModule
import Foundation
import Render
import Support
import TestSupport
import Testing

/// Layout is a stage: a document's text boxes are set and its barcodes encoded once, by the layout the renderers
/// draw from, whatever the format and font mode — counted with every cache of that work bypassed (`LayoutWork`).
@Suite struct LayoutOnceTests {
    static let ticket = Repo.root.appendingPathComponent("Templates/ticket.yaml")

    /// The text boxes and barcodes a document's pages hold, through groups and parts.
    static func census(_ document: Document) -> (boxes: Int, barcodes: Int) {
        func count(_ commands: [Drawing.Command]) -> (Int, Int) {
            commands.reduce((0, 0)) { total, command in
                switch command {
                case .textBox: (total.0 + 1, total.1)
                case .barcode: (total.0, total.1 + 1)
                case .group(let group):
                    { (total.0 + $0.0, total.1 + $0.1) }(count(group.commands))
                case .part(let part):
                    { (total.0 + $0.0, total.1 + $0.1) }(count(part.drawing.commands))
                default: total
                }
            }
        }
        return document.pages.reduce((0, 0)) { total, page in
            let (boxes, barcodes) = count(page.commands)
            return (total.0 + boxes, total.1 + barcodes)
        }
    }

    @Test(arguments: [OutputFormat.pdf, .png], PDFFontMode.allCases)
    func aTemplatesBoxesAndCodesAreLaidOutOnceThroughTheJob(format: OutputFormat, fontMode: PDFFontMode) throws {
        var output = OutputOptions()
        output.format = format
        output.fontMode = fontMode
        let job = try Job(templateFile: Self.ticket, output: output)
        let data: [String: TemplateValue] = ["member": .text("GCG-40167")]
        let checking = LayoutWork()
        let census = Self.census(try LayoutWork.$current.withValue(checking) { try job.document(data: data) })
        #expect(census.boxes >= 8 && census.barcodes == 1, "the ticket holds its boxes and its QR code")
        // The counter sees the template's own setting: a document made to be checked sets each box as it is made.
        #expect(checking.textBoxesSet == census.boxes && checking.barcodesPlaced == census.barcodes)
        let work = LayoutWork()
        let rendered = try LayoutWork.$current.withValue(work) { try job.render(data: data) }
        #expect(!rendered.files.isEmpty)
        #expect(work.textBoxesSet == census.boxes, "\(format) \(fontMode): boxes set \(work.textBoxesSet) times")
        #expect(work.barcodesPlaced == census.barcodes, "\(format) \(fontMode): codes placed \(work.barcodesPlaced)")
    }

    @Test(arguments: [OutputFormat.pdf, .png], PDFFontMode.allCases)
    func aDrawingsBoxesAndCodesAreLaidOutOnceThroughRender(format: OutputFormat, fontMode: PDFFontMode) throws {
        var canvas = Canvas()
        try canvas.start(width: 300, height: 200, opaque: true)
        try canvas.addSlot(role: "ink", stroke: .black, fill: .black)
        for row in 0..<3 {
            try canvas.drawTextBox(
                "ink", "髙橋 𠮷 ﾊﾝｶｸ ① 〜 row \(row)", font: "gothic", size: 10,
                x: 10, y: 10 + Double(row) * 30, w: 150, h: 24)
        }
        try canvas.drawBarcode("ink", .qr, "GCG-40167", x: 200, y: 10, w: 80, h: 80)
        let document = Document(pages: [try canvas.stop()])
        var options = OutputOptions()
        options.format = format
        options.fontMode = fontMode
        let work = LayoutWork()
        let laidOut = try LayoutWork.$current.withValue(work) { try layOut(document, options: options) }
        #expect(work.textBoxesSet == 3 && work.barcodesPlaced == 1, "layout did them all before drawing")
        let files = try LayoutWork.$current.withValue(work) { try render(laidOut, options: options).files }
        #expect(!files.isEmpty)
        #expect(work.textBoxesSet == 3, "\(format) \(fontMode): boxes set \(work.textBoxesSet) times")
        #expect(work.barcodesPlaced == 1, "\(format) \(fontMode): codes placed \(work.barcodesPlaced) times")
    }
}
