import Batch
import DrawingModule
import Foundation
import TestSupport
import Testing

@Suite("Imposition")
struct ImpositionTests {
    @Test("23 tickets at 2×5 in parts of one sheet: 3 A4 pages joined by qpdf, every member number as text")
    func imposeInParts() async throws {
        let scratch = try Scratch("batch-impose")
        let data = try Fixtures.write(Fixtures.csv(count: 23), "members.csv", in: scratch)
        let folder = try OutputFolder(url: scratch.file("out"))
        let layout = try ImpositionLayout(ticket: Fixtures.template.size, grid: (2, 5), cropMarks: true)
        let result = try await Imposer(job: try Fixtures.job(), layout: layout, sheetsPerPart: 1)
            .impose(BatchInput(path: data.path), include: { _ in true }, into: folder, jobs: 2)
        #expect(result.sheets == 3 && result.tickets == 23)
        let info = try Oracle.run("pdfinfo", ["-f", "1", "-l", "3", result.url.path]).stdout
        let pages = info.split(separator: "\n").first { $0.hasPrefix("Pages:") }
        #expect(pages?.split(separator: " ").last == "3")
        #expect(info.components(separatedBy: "595.276 x 841.89 pts (A4)").count - 1 == 3)
        #expect(try Oracle.qpdfCheck(result.url).status == 0)
        let text = try Oracle.pdftotext(result.url)
        for index in 0..<23 { #expect(text.contains(Fixtures.member(index)), "\(Fixtures.member(index))") }
        #expect(try scratch.contents() == ["members.csv", "out"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["imposed.pdf"])
    }

    @Test("Only included records are imposed; the fitted grid of 400×150 tickets on A4 is 1×4 with gutters")
    func fittedGrid() throws {
        let layout = try ImpositionLayout(ticket: Size(width: 400, height: 150), cropMarks: true)
        #expect(layout.columns == 1 && layout.rows == 4)
        let scaled = try ImpositionLayout(ticket: Size(width: 400, height: 150), grid: (2, 5), cropMarks: true)
        #expect(scaled.cells.count == 10)
        for (a, b) in zip(scaled.cells, scaled.cells.dropFirst()) where a.y == b.y {
            #expect(b.x - a.maxX >= ImpositionLayout.gutter - 0.001)
        }
        let sheet = scaled.sheet(with: [Drawing(size: Size(width: 400, height: 150))])
        #expect(sheet.commands.count == 1 + 8)
        #expect(throws: BatchError.self) { try ImpositionLayout.grid("2by5") }
    }
}
