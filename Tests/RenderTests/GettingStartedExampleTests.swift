import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// The code of the Drawing and Render Getting Started articles (Sources/*/*.docc/GettingStarted.md), so the
/// documented calls keep compiling and doing what the articles say.
@Suite struct GettingStartedExampleTests {
    @Test func drawingArticleDrawsSavesLoadsAndRenders() throws {
        let scratch = try Scratch("docc-drawing")
        var canvas = Canvas()
        try canvas.start(width: 400, height: 150, opaque: true)
        try canvas.addSlot(role: "box", stroke: Color(hex: "#1A1AFF")!, fill: Color(hex: "#E6E6FF")!)
        try canvas.addSlot(role: "textDark", stroke: Color(hex: "#1A1A1A")!)
        try canvas.drawRect("box", .both, width: 1, x: 10, y: 10, w: 170, h: 60)
        try canvas.drawText("textDark", "整理番号:", font: "gothic", size: 16, x: 15, y: 13)
        let ticket = try canvas.stop()

        let data = try ticket.jsonData()
        let again = try Drawing(jsonData: data, source: "ticket.json")
        #expect(again == ticket)
        let document = Document(pages: [ticket, again], metadata: .init(title: "入場整理券"))

        let pdf = scratch.file("ticket.pdf")
        let png = scratch.file("ticket.png")
        try render(ticket, options: OutputOptions()).write(to: pdf)
        try render(ticket, options: OutputOptions(format: .png, scale: .factor(2))).write(to: png)
        #expect(try Oracle.pdftotext(pdf).contains("整理番号:"))
        #expect(try Oracle.run("file", [png.path]).stdout.contains("800 x 300"))
        let both = scratch.file("both.pdf")
        try render(document, options: OutputOptions()).write(to: both)
        #expect(try Oracle.run("pdfinfo", [both.path]).stdout.contains("Pages:           2"))
    }

    /// The article's "Text that fits, and barcodes" section: the long venue is set inside its box (whole, in at
    /// least two lines or a smaller size) and the JAN scans with its computed check digit.
    @Test func drawingArticleSetsATextBoxAndAJANCode() throws {
        let scratch = try Scratch("docc-drawing-box")
        var label = Canvas()
        try label.start(width: 400, height: 100, opaque: true)
        try label.addSlot(role: "ink", stroke: Color(hex: "#1A1A1A")!)
        try label.addSlot(role: "code", fill: .black)
        try label.drawTextBox(
            "ink", "東京国際展示場 西ホール 特設会場アネックス棟 三階 大会議室", font: "gothic", size: 14,
            x: 10, y: 10, w: 200, h: 40, fit: [.shrink, .wrap, .shrink, .error], minSize: 7)
        try label.drawBarcode("code", .ean13, "490123456789", x: 220, y: 10, w: 170, h: 80, light: .white)
        let shelf = try label.stop()

        let pdf = scratch.file("shelf.pdf")
        let png = scratch.file("shelf.png")
        try render(shelf, options: OutputOptions()).write(to: pdf)
        try render(shelf, options: OutputOptions(format: .png, scale: .factor(2))).write(to: png)
        let text = try Oracle.pdftotext(pdf).filter { !$0.isWhitespace }
        #expect(text.contains("東京国際展示場西ホール特設会場アネックス棟三階大会議室"), "\(text)")
        #expect(text.contains("4901234567894"), "\(text)")
        let scan = try Oracle.run("zbarimg", ["-q", "--raw", png.path])
        #expect(scan.stdout.trimmingCharacters(in: .newlines) == "4901234567894", "\(scan.stdout)")
    }

    @Test func renderArticleWritesPDFCIDAndPNG() throws {
        let scratch = try Scratch("docc-render")
        var canvas = Canvas()
        try canvas.start(width: 200, height: 60, opaque: true)
        try canvas.addSlot(role: "ink", stroke: Color(hex: "#1A1A1A")!)
        try canvas.drawText("ink", "領収書 12,000円", font: "mincho", size: 20, x: 10, y: 15)
        let page = try canvas.stop()

        let pdf = scratch.file("receipt.pdf")
        try render(page, options: OutputOptions()).write(to: pdf)
        #expect(try Oracle.pdftotext(pdf).contains("領収書 12,000円"))
        let small = try render(page, options: OutputOptions(fontMode: .cid)).files[0]
        let cid = scratch.file("cid.pdf")
        try small.write(to: cid)
        #expect(try Oracle.pdffonts(cid).contains { $0.name.contains("MS-PMincho") && !$0.embedded })

        let png = scratch.file("receipt.png")
        try render(page, options: OutputOptions(format: .png, scale: .factor(2))).write(to: png)
        #expect(try Oracle.run("file", [png.path]).stdout.contains("400 x 120"))
        let pixels = try render(page, options: OutputOptions(format: .png, scale: .dpi(300))).files[0]
        try pixels.write(to: scratch.file("300.png"))
        #expect(try Oracle.run("file", [scratch.file("300.png").path]).stdout.contains("834 x 250"))
    }
}
