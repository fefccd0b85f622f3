import Batch
import Documents
import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// Every laid-out document carries its structure tree: what each part is to a reader, ready for a tagged PDF.
@Suite struct StructureTreeTests {
    /// `Templates/name.yaml` filled with its own sample values and laid out for a PDF.
    static func laidOut(_ name: String) throws -> LaidOutDocument {
        let job = try Job(templateFile: Repo.root.appendingPathComponent("Templates/\(name).yaml"))
        return try layOut(try job.document(data: [:]), options: job.output)
    }

    @Test func theInvoicesTreeHasItsHeadingTableParagraphsAndArtifacts() throws {
        let tree = try Self.laidOut("invoice").structure
        let outline = tree.outline
        print(outline)
        let elements = tree.descendants
        // The title is the tagged heading; the total, the customer and the note are paragraphs.
        #expect(outline.contains("H1 \"請　求　書\""), "\(outline)")
        #expect(elements.contains { $0.typeName == "P" && $0.text.contains("御中") }, "\(outline)")
        #expect(elements.contains { $0.typeName == "P" && $0.text.contains("軽減税率") }, "\(outline)")
        // The item table: a header row of header cells, then rows of data cells.
        let table = try #require(elements.first { $0.typeName == "Table" }, "\(outline)")
        let rows = table.descendants.filter { $0.typeName == "TR" }
        #expect(rows.count >= 3, "\(outline)")
        let header = try #require(rows.first)
        #expect(
            header.descendants.filter { $0.typeName == "TH" }.map(\.text) == ["品名", "数量", "単価", "金額"],
            "\(outline)")
        #expect(rows.dropFirst().allSatisfy { $0.descendants.allSatisfy { $0.typeName != "TH" } })
        #expect(rows.dropFirst().contains { $0.descendants.contains { $0.typeName == "TD" && $0.text == "合計（税込）" } })
        // The rules and the amount's frame are artifacts, not content.
        #expect(elements.filter { $0.typeName == "Artifact" }.count >= 2, "\(outline)")
    }

    @Test(arguments: [
        "anchor-ticket", "application", "certificate", "chart", "invoice", "postcard", "receipt", "report",
        "seed-ticket", "ticket", "voucher"
    ])
    func everyTemplatesDocumentHasATree(name: String) throws {
        let laidOut = try Self.laidOut(name)
        let elements = laidOut.structure.descendants
        #expect(laidOut.structure.typeName == "Document")
        // Content in reading order: some paragraph, heading or cell holds text.
        #expect(
            elements.contains { ["P", "H1", "H2", "TD", "TH"].contains($0.typeName) && !$0.text.isEmpty },
            "\(name): \(laidOut.structure.outline)")
    }
}
