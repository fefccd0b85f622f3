import Foundation
import Haru
import TestSupport
import Testing

/// Paths and colours are formatted by mkpdf and written into the page's content stream, which mkpdf deflates itself
/// at save: the operators, the numbers, and a page drawn on after a save, read back by qpdf.
@Suite struct ContentStreamTests {
    /// The decompressed content of `data`'s first page, through `qpdf --qdf`.
    func content(of data: Data, in scratch: Scratch, name: String) throws -> String {
        let file = scratch.file("\(name).pdf")
        try data.write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0, "qpdf --check \(name)")
        let expanded = scratch.file("\(name)-qdf.pdf")
        let result = try Oracle.run("qpdf", ["--qdf", "--object-streams=disable", file.path, expanded.path])
        #expect(result.status == 0, "\(result.stderr)")
        let text = String(decoding: try Data(contentsOf: expanded), as: UTF8.self)
        let start = try #require(text.range(of: "%% Contents for page 1"), "no page content in \(name)")
        let end = try #require(text.range(of: "endstream", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func pathsAndColoursBecomeOperatorsWithFourDecimalsAndTheStreamIsDeflated() throws {
        let scratch = try Scratch("haru-content")
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 200, height: 100))
        try page.setFillColor(RGBColor(red: 0.25, green: 0.5, blue: 1))
        try page.fill(.rectangle(x: -1.234_56, y: 0, width: 10.5, height: 0.000_04))
        try page.setStrokeColor(RGBColor(red: 1, green: 0, blue: 0))
        try page.stroke(.line(from: 1.0 / 3, 2, to: 150, 99.999_99))
        try page.fill(.circle(x: 50, y: 50, radius: 10))
        var arc = PDFPath()
        arc.arc(x: 100, y: 50, radius: 20, from: 0, to: 90)
        try page.stroke(arc)
        let first = try document.data()
        let text = try content(of: first, in: scratch, name: "first")
        #expect(text.contains("0.25 0.5 1 rg\n"), "\(text)")
        #expect(text.contains("-1.2346 0 10.5 0 re\nf\n"), "\(text)")
        #expect(text.contains("1 0 0 RG\n"), "\(text)")
        #expect(text.contains("0.3333 2 m\n150 100 l\nS\n"), "\(text)")
        // A circle is four Bézier quarters from its leftmost point, libHaru's constant 0.552.
        #expect(text.contains("40 50 m\n40 55.52 44.48 60 50 60 c\n"), "\(text)")
        #expect(text.contains("\nS\n") && text.components(separatedBy: " c\n").count >= 6, "the arc is drawn: \(text)")
        let raw = String(decoding: first, as: UTF8.self)
        #expect(raw.contains("/Filter /FlateDecode") && !raw.contains("0.25 0.5 1 rg"), "the content is deflated")

        // The document stays drawable: a second save holds the first drawing and the new one.
        try page.fill(.rectangle(x: 5, y: 5, width: 1, height: 1))
        let second = try content(of: try document.data(), in: scratch, name: "second")
        #expect(second.hasPrefix(text.trimmingCharacters(in: .newlines)) || second.contains("-1.2346 0 10.5 0 re"))
        #expect(second.contains("5 5 1 1 re\nf\n") && !text.contains("5 5 1 1 re"), "\(second)")
    }

    /// A page's content longer than libHaru's 4 KB stream blocks (written into them with `memcpy`) comes back whole
    /// and in order, in the saved file and after more drawing and a second save.
    @Test func contentSpanningManyStreamBlocksIsWrittenWholeAndInOrder() throws {
        let scratch = try Scratch("haru-content-blocks")
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 600, height: 600))
        for index in 0..<700 {
            try page.fill(
                .rectangle(x: Double(index % 50) * 10 + 0.125, y: Double(index / 50) * 10, width: 9, height: 9))
        }
        #expect(page.contentLength > 3 * 4096, "the content fills several blocks: \(page.contentLength) bytes")
        let text = try content(of: try document.data(), in: scratch, name: "blocks")
        let rectangles = text.components(separatedBy: "\n").filter { $0.hasSuffix(" re") }
        #expect(rectangles.count == 700)
        #expect(
            rectangles.first == "0.125 0 9 9 re" && rectangles.last == "490.125 130 9 9 re", "\(rectangles.suffix(2))")
        try page.fill(.rectangle(x: 1, y: 2, width: 3, height: 4))
        let again = try content(of: try document.data(), in: scratch, name: "blocks-again")
        #expect(again.components(separatedBy: "\n").filter { $0.hasSuffix(" re") }.count == 701)
        #expect(again.contains("490.125 130 9 9 re\nf\n1 2 3 4 re\nf\n"), "the new drawing follows the old")
    }
}
