import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// Centred and right-aligned text lands where its box says in the PDF, in both font modes: the CID mode aligns by
/// libHaru's own widths, the embedded mode by the font's. Positions come from `pdftotext -bbox`, which measures
/// with the widths written in the PDF, whatever font poppler substitutes for display.
@Suite struct PDFTextAlignmentTests {
    /// `(xMin, xMax)` of every word `pdftotext -bbox` finds, by text.
    static func wordBoxes(_ file: URL) throws -> [String: (Double, Double)] {
        var boxes: [String: (Double, Double)] = [:]
        for word in try words(file) { boxes[word.text] = (word.xMin, word.xMax) }
        return boxes
    }

    /// Every word `pdftotext -bbox` finds, in its order, with its horizontal extent and top.
    static func words(_ file: URL) throws -> [(text: String, xMin: Double, xMax: Double, yMin: Double)] {
        let xml = try Oracle.run("pdftotext", ["-bbox", file.path, "-"]).stdout
        var words: [(text: String, xMin: Double, xMax: Double, yMin: Double)] = []
        for line in xml.split(separator: "\n") where line.contains("<word ") {
            func number(_ key: String) -> Double? {
                guard let start = line.range(of: "\(key)=\"") else { return nil }
                return Double(line[start.upperBound...].prefix { $0 != "\"" })
            }
            guard let open = line.range(of: "\">"), let close = line.range(of: "</word>"),
                let xMin = number("xMin"), let xMax = number("xMax"), let yMin = number("yMin")
            else { continue }
            words.append((String(line[open.upperBound..<close.lowerBound]), xMin, xMax, yMin))
        }
        return words
    }

    @Test(arguments: [PDFFontMode.cid, .embedded])
    func centredAndRightAlignedWordsSitInTheirBox(mode: PDFFontMode) throws {
        var c = Canvas()
        try c.start(width: 300, height: 100, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(0, 0, 0))
        try c.drawText("ink", "会員", font: "gothic", size: 20, x: 0, y: 10, boxWidth: 300, align: .center)
        try c.drawText("ink", "番号", font: "gothic", size: 20, x: 0, y: 50, boxWidth: 300, align: .right)
        let scratch = try Scratch("render-align")
        let file = scratch.file("align.pdf")
        try render(try c.stop(), options: OutputOptions(fontMode: mode)).write(to: file)
        let boxes = try Self.wordBoxes(file)
        // Two full-width characters at 20 pt are 40 pt wide.
        let centre = try #require(boxes["会員"], "\(boxes.keys)")
        #expect(abs(centre.0 - 130) <= 1 && abs(centre.1 - 170) <= 1, "\(mode): centred word spans \(centre)")
        let right = try #require(boxes["番号"], "\(boxes.keys)")
        #expect(abs(right.0 - 260) <= 1 && abs(right.1 - 300) <= 1, "\(mode): right-aligned word spans \(right)")
    }

    /// A text drawn again (a report column's values) is shaped once per document: each drawing still lands where
    /// its own command puts it, at its own size.
    @Test(arguments: [PDFFontMode.cid, .embedded])
    func oneTextDrawnAgainTakesEachPlaceAndSize(mode: PDFFontMode) throws {
        var c = Canvas()
        try c.start(width: 300, height: 120, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(0, 0, 0))
        try c.drawText("ink", "会員", font: "gothic", size: 20, x: 0, y: 10, boxWidth: 300, align: .left)
        try c.drawText("ink", "会員", font: "gothic", size: 20, x: 0, y: 45, boxWidth: 300, align: .center)
        try c.drawText("ink", "会員", font: "gothic", size: 10, x: 0, y: 80, boxWidth: 300, align: .right)
        let scratch = try Scratch("render-again")
        let file = scratch.file("again.pdf")
        try render(try c.stop(), options: OutputOptions(fontMode: mode)).write(to: file)
        let words = try Self.words(file).filter { $0.text == "会員" }.sorted { $0.yMin < $1.yMin }
        try #require(words.count == 3, "\(mode): \(words)")
        // Two full-width characters are 40 pt wide at 20 pt, 20 pt wide at 10 pt.
        let expected: [(Double, Double)] = [(0, 40), (130, 170), (280, 300)]
        for (word, (xMin, xMax)) in zip(words, expected) {
            #expect(abs(word.xMin - xMin) <= 1 && abs(word.xMax - xMax) <= 1, "\(mode): \(word)")
        }
    }
}
