import DrawingModule
import Fonts
import Foundation
import PNG
import Render
import TestSupport
import Testing
import Validation

/// The PDF renderer's output checked by the real tools: qpdf --check, Check's validator, pdffonts, pdftotext,
/// pdfinfo, pdfimages.
@Suite struct PDFOutputTests {
    @Test func admissionTicketPassesQPDFAndTheValidator() throws {
        let scratch = try Scratch("render-pdf")
        let file = scratch.file("ticket.pdf")
        try render(try Samples.admissionTicket(), options: OutputOptions()).write(to: file)
        let qpdf = try Oracle.qpdfCheck(file)
        #expect(qpdf.status == 0, "\(qpdf.stdout)\(qpdf.stderr)")
        let options = ValidationOptions(
            requireEmbeddedFonts: true, pageCount: 1,
            texts: ["入場整理券", "FN-579-413", "GCG-40167"])
        let report = try Validator(options: options).validate(file)
        #expect(report.isValid, "\(report.errors)")
    }

    @Test func fontsAreEmbeddedSubsetsAndSmall() throws {
        let scratch = try Scratch("render-fonts")
        let file = scratch.file("every.pdf")
        try render(try Samples.everyCommand(), options: OutputOptions()).write(to: file)
        let rows = try Oracle.pdffonts(file)
        let names: Set<String> = Set(rows.map { row in String(row.name.split(separator: "+").last ?? "") })
        // The fonts' own PostScript names (libHaru's TrueType path appended ",Book" to DejaVu's).
        #expect(names == ["IPAexGothic", "IPAexMincho", "DejaVuSans", "DejaVuSerif"], "\(rows)")
        #expect(rows.allSatisfy { $0.embedded && $0.toUnicode }, "\(rows)")
        // Each subset is tagged with six capitals derived from its glyphs (PDF 9.6.4), read by pdffonts as a subset.
        #expect(
            rows.allSatisfy { row in
                row.subset && row.name.prefix(7).allSatisfy { $0 == "+" || ("A"..."Z").contains($0) }
                    && row.name.dropFirst(6).first == "+"
            }, "\(rows)")
        #expect(rows.allSatisfy { $0.type == "CID TrueType" && $0.encoding == "Identity-H" }, "\(rows)")
        let whole = try PDFRenderer(subsetsFonts: false).data(for: try Samples.everyCommand())
        let subset = try Data(contentsOf: file)
        #expect(subset.count < 60_000, "subset PDF is \(subset.count) bytes")
        #expect(whole.count > 5 * subset.count, "whole fonts \(whole.count) bytes, subsets \(subset.count) bytes")
    }

    @Test func japaneseAndLatinTextExtracts() throws {
        let scratch = try Scratch("render-text")
        let file = scratch.file("every.pdf")
        try render(try Samples.everyCommand(), options: OutputOptions()).write(to: file)
        let text = try Oracle.pdftotext(file)
        for expected in ["Hello, mkpdf! 0123", "入場整理券", "〜", "①", "髙", "ﾊﾝｶｸ", "明朝の見出し", "中央 center", "right align"] {
            #expect(text.contains(expected), "pdftotext lacks \(expected): \(text)")
        }
    }

    @Test func documentPagesAndMetadata() throws {
        let scratch = try Scratch("render-document")
        let file = scratch.file("doc.pdf")
        let ticket = try Samples.admissionTicket()
        let document = Document(
            pages: [ticket, try Samples.admissionTicket(member: "GCG-00001"), try Samples.badge()],
            metadata: .init(
                title: "入場整理券", author: "ガイガー・カウント・グループ", subject: "tickets",
                keywords: "ticket", creator: "RenderTests"))
        try render(document, options: OutputOptions()).write(to: file)
        let info = try Oracle.run("pdfinfo", [file.path])
        #expect(info.stdout.contains("Pages:           3"), "\(info.stdout)")
        #expect(info.stdout.contains("Title:           入場整理券"), "\(info.stdout)")
        #expect(info.stdout.contains("Author:          ガイガー・カウント・グループ"), "\(info.stdout)")
        #expect(info.stdout.contains("Producer:        mkpdf"), "\(info.stdout)")
        #expect(!info.stdout.contains("CreationDate"), "no dates, so output is reproducible: \(info.stdout)")
        let sizes = try Oracle.run("pdfinfo", ["-f", "1", "-l", "3", file.path]).stdout
        #expect(sizes.contains("400 x 150 pts") && sizes.contains("20 x 20 pts"), "\(sizes)")
        #expect(try Oracle.pdftotext(file).contains("GCG-00001"))
    }

    @Test func identicalImagesAreStoredOnce() throws {
        var c = Canvas()
        try c.start(width: 100, height: 100, opaque: true)
        try c.drawImage(Samples.tinyPNG, x: 0, y: 0, w: 40, h: 40)
        try c.drawImage(Samples.tinyPNG, x: 50, y: 50, w: 20, h: 20)
        let page = try c.stop()
        let scratch = try Scratch("render-images")
        let file = scratch.file("images.pdf")
        try render(Document(pages: [page, page]), options: OutputOptions()).write(to: file)
        let list = try Oracle.run("pdfimages", ["-list", file.path]).stdout
        let rows = list.split(separator: "\n").dropFirst(2)
        // Four draws over two pages, each listed with its soft mask; pdfimages names the image object for both,
        // and it is one object for all four.
        #expect(rows.count == 8, "\(list)")
        let objects = Set(rows.map { $0.split(separator: " ", omittingEmptySubsequences: true)[10] })
        #expect(objects.count == 1, "\(list)")
    }

    @Test func sameDrawingSameBytesAndJSONRoundTripIsByteIdentical() throws {
        let drawing = try Samples.everyCommand()
        let decoded = try Drawing(jsonData: try drawing.jsonData())
        #expect(decoded == drawing)
        let renderer = PDFRenderer()
        let first = try renderer.data(for: drawing)
        #expect(try renderer.data(for: drawing) == first)
        #expect(try renderer.data(for: decoded) == first)
        let ticket = try Samples.admissionTicket()
        let ticketBack = try Drawing(jsonData: try ticket.jsonData())
        #expect(try PDFRenderer().data(for: ticketBack) == (try PDFRenderer().data(for: ticket)))
    }

    @Test func cidModeUsesNonEmbeddedMSPGothicAndIsSmall() throws {
        let scratch = try Scratch("render-cid")
        let file = scratch.file("ticket-cid.pdf")
        try render(try Samples.admissionTicket(), options: OutputOptions(fontMode: .cid)).write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let rows = try Oracle.pdffonts(file)
        // The proportional face for the proportional encoding: MS-Gothic's fixed Latin widths spaced "FN- 579- 413".
        #expect(rows.map(\.name) == ["MS-PGothic"], "\(rows)")
        #expect(rows.allSatisfy { !$0.embedded }, "\(rows)")
        let size = try Data(contentsOf: file).count
        #expect(size < 8_000, "CID ticket is \(size) bytes")
        let embedded = try PDFRenderer().data(for: try Samples.admissionTicket()).count
        #expect(size < embedded / 2, "CID \(size) bytes vs embedded subset \(embedded) bytes")
        // Shown as UTF-16BE through the predefined UniJIS-UTF16-H CMap: every extractor reads Unicode back
        // (90ms-RKSJ-H gave U+2011 for "-", and pypdf mojibake).
        #expect(rows.map(\.encoding) == ["UniJIS-UTF16-H"], "\(rows)")
        let text = try Oracle.pdftotext(file)
        for expected in ["入場整理券", "FN-579-413", "GCG-40167", "watashida@gaigaigai.com"] {
            #expect(text.contains(expected), "pdftotext lacks \(expected): \(text)")
        }
        #expect(!text.contains("\u{2011}"), "\(text)")
        var canvas = Canvas()
        try canvas.start(width: 500, height: 40)
        try canvas.addSlot(role: "ink", stroke: Color(0, 0, 0))
        let line = "GCG-40167 FN-579-413 watashida@gaigaigai.com 入場整理券 〜①髙ﾊﾝｶｸ"
        try canvas.drawText("ink", line, font: "gothic", size: 10, x: 10, y: 10)
        let one = scratch.file("line-cid.pdf")
        try render(try canvas.stop(), options: OutputOptions(fontMode: .cid)).write(to: one)
        #expect(try Oracle.pdftotext(one).trimmingCharacters(in: .whitespacesAndNewlines) == line)
    }

    @Test func failedWriteLeavesNoFile() throws {
        let scratch = try Scratch("render-nowrite")
        let missingFolder = scratch.file("no/such/folder/out.pdf")
        #expect {
            try render(try Samples.admissionTicket(), options: OutputOptions()).write(to: missingFolder)
        } throws: { error in
            guard case .output(let path, _) = error as? RenderError else { return false }
            return path == missingFolder.path
        }
        #expect(try scratch.contents().isEmpty)
    }

    @Test func emptyDocumentIsRefused() throws {
        #expect(throws: RenderError.emptyDocument) { try PDFRenderer().data(for: Document()) }
    }

    @Test func outlineEntriesNestAndJumpToTheirPages() throws {
        let scratch = try Scratch("render-outline")
        let file = scratch.file("outline.pdf")
        let pages = [
            try Samples.admissionTicket(), try Samples.badge(), try Samples.admissionTicket(member: "GCG-00001")
        ]
        let document = Document(
            pages: pages, metadata: .init(title: "入場整理券"),
            outline: [
                .init(title: "第1章 入場整理券〜①", level: 1, pageIndex: 0),
                .init(title: "1.1 髙橋 ﾊﾝｶｸ", level: 2, pageIndex: 1, top: 10),
                .init(title: "1.1.1 GCG-00001", level: 3, pageIndex: 2, top: 100),
                .init(title: "Appendix", level: 1, pageIndex: 2)
            ])
        try render(document, options: OutputOptions()).write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let json = try Oracle.run("qpdf", ["--json", "--json-key=outlines", file.path]).data
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let top = try #require(root["outlines"] as? [[String: Any]])
        #expect(top.map { $0["title"] as? String } == ["第1章 入場整理券〜①", "Appendix"])
        #expect(top.map { $0["destpageposfrom1"] as? Int } == [1, 3])
        let section = try #require((top.first?["kids"] as? [[String: Any]])?.first)
        #expect(section["title"] as? String == "1.1 髙橋 ﾊﾝｶｸ")
        #expect(section["destpageposfrom1"] as? Int == 2)
        // FitH to the entry's top, flipped into PDF coordinates: badge height − 10.
        let destination = try #require(section["dest"] as? [Any])
        #expect(destination.count == 3 && destination[1] as? String == "/FitH", "\(destination)")
        #expect((destination.last as? NSNumber)?.doubleValue == pages[1].size.height - 10, "\(destination)")
        let subsection = try #require((section["kids"] as? [[String: Any]])?.first)
        #expect(subsection["title"] as? String == "1.1.1 GCG-00001")
        #expect(subsection["destpageposfrom1"] as? Int == 3)
        #expect((top.last?["kids"] as? [Any])?.isEmpty == true)
    }

    @Test func outlineEntryOffTheDocumentIsRefused() throws {
        let document = Document(pages: [try Samples.badge()], outline: [.init(title: "先", pageIndex: 1)])
        #expect {
            try PDFRenderer().data(for: document)
        } throws: { error in
            let text = "\(error)"
            return text.contains("outline[0].pageIndex") && text.contains("1 page") && text.contains("Fix:")
        }
    }

    /// A part stretched 8× across and 1× down: its 2 pt vertical line becomes 16 pt wide, its 2 pt horizontal line
    /// stays 2 pt high — a true transform (`cm` in the PDF, cairo's matrix in the PNG), not a geometric-mean width.
    @Test func stretchedPartIsATrueTransformInBothRenderers() throws {
        var part = Canvas()
        try part.start(width: 10, height: 10)
        try part.addSlot(role: "ink", stroke: Color(0, 0, 0))
        try part.drawLine("ink", width: 2, x1: 5, y1: 0, x2: 5, y2: 5)
        try part.drawLine("ink", width: 2, x1: 0, y1: 8, x2: 10, y2: 8)
        var page = Canvas()
        try page.start(width: 100, height: 30, opaque: true)
        try page.drawPart(try part.stop(), x: 10, y: 10, w: 80, h: 10)
        let drawing = try page.stop()

        let scratch = try Scratch("render-transform")
        let file = scratch.file("stretched.pdf")
        try render(drawing, options: OutputOptions()).write(to: file)
        let qdf = try Oracle.run("qpdf", ["--qdf", "--object-streams=disable", file.path, "-"]).stdout
        #expect(qdf.contains("8 0 0 1 10 -10 cm"), "the part is placed with one cm operator")
        let prefix = scratch.file("poppler").path
        #expect(try Oracle.run("pdftoppm", ["-r", "72", "-png", "-singlefile", file.path, prefix]).status == 0)
        let poppler = try PNGDecoder().decode(contentsOf: URL(fileURLWithPath: prefix + ".png"))
        let raster = try RasterRenderer().bitmap(for: drawing, scale: .factor(1))
        for (name, bitmap) in [("pdftoppm", poppler), ("cairo", raster)] {
            func dark(_ x: Int, _ y: Int) -> Bool { bitmap.pixels[(y * bitmap.width + x) * 4] < 128 }
            // Row 12 crosses the vertical line: x 10 + 8·(5 ± 1) = 42…58.
            let across = (0..<bitmap.width).filter { dark($0, 12) }
            #expect(across.first == 42 && across.last == 57, "\(name): vertical line covers \(across)")
            // Column 20 crosses the horizontal line: y 10 + 8 ± 1 = 17…19.
            let down = (0..<bitmap.height).filter { dark(20, $0) }
            #expect(down == [17, 18], "\(name): horizontal line covers rows \(down)")
        }
    }
}
