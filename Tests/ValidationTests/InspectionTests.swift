import Foundation
import TestSupport
import Testing
import Validation

/// What the inspection reads: fonts (embedded, subset, composite), images, info, outlines, streams.
@Suite struct InspectionTests {
    @Test func compositeFontIsInspectedAndAgreesWithPdffonts() throws {
        let scratch = try Scratch("check-fonts")
        for embedded in [false, true] {
            let file = scratch.file("font-\(embedded).pdf")
            try Fixtures.japanese("入場", embedded: embedded).write(to: file)
            let font = try #require(try Validator().validate(file).inspection.pages.first?.fonts.first)
            #expect(font.type == "Type0/CIDFontType2")
            #expect(font.baseFont == "ABCDEF+IPAexGothic")
            #expect(font.encoding == "Identity-H")
            #expect(font.isSubset)
            #expect(font.hasToUnicode)
            #expect(font.isEmbedded == embedded)
            let row = try #require(try Oracle.pdffonts(file).first)
            #expect(row.embedded == font.isEmbedded)
            #expect(row.subset == font.isSubset)
            #expect(row.encoding == font.encoding)
        }
    }

    @Test func imagesAreListedWithTheirParameters() throws {
        let scratch = try Scratch("check-images")
        var pdf = MiniPDF()
        let catalog = pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add("<< /Type /Pages /Kids [6 0 R] /Count 1 >>")
        let mask = pdf.addStream(
            "/Type /XObject /Subtype /Image /Width 2 /Height 2 /BitsPerComponent 8 /ColorSpace /DeviceGray",
            [0, 128, 255, 64])
        let image = pdf.addStream(
            "/Type /XObject /Subtype /Image /Width 2 /Height 2 /BitsPerComponent 8 /ColorSpace /DeviceRGB /SMask \(mask) 0 R",
            Array(repeating: 200, count: 12))
        let contents = pdf.addStream("", Array("q 100 0 0 100 0 0 cm /Im1 Do Q".utf8))
        pdf.add(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /Im1 \(image) 0 R >> >> /Contents \(contents) 0 R >>"
        )
        let raw = scratch.file("raw.pdf")
        let compressed = scratch.file("compressed.pdf")
        try pdf.data(root: catalog).write(to: raw)
        // qpdf compresses the streams with Flate, as a real writer would.
        #expect(try Oracle.run("qpdf", ["--compress-streams=y", raw.path, compressed.path]).status == 0)

        let images = try Validator().validate(compressed).inspection.pages[0].images
        #expect(
            images == [
                ImageInfo(
                    resourceName: "Im1", width: 2, height: 2, bitsPerComponent: 8, colorSpace: "DeviceRGB",
                    hasSoftMask: true, filters: ["FlateDecode"])
            ])
        let list = try Oracle.run("pdfimages", ["-list", compressed.path]).stdout
        #expect(list.contains("smask"))
        #expect(try Validator().validate(raw).inspection.pages[0].images.first?.filters == [])
    }

    @Test func infoAndNestedOutlineAreReadAndALoopIsCut() throws {
        var pdf = MiniPDF()
        let catalog = pdf.add("<< /Type /Catalog /Pages 2 0 R /Outlines 5 0 R >>")
        pdf.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>")
        let info = pdf.add(
            "<< /Title <FEFF\(Fixtures.utf16Hex("入場整理券 〜"))> /Author (mkpdf) /Producer (libHaru 2.3.0) >>")
        pdf.add("<< /Type /Outlines /First 6 0 R /Last 7 0 R /Count 3 >>")
        pdf.add("<< /Title (Chapter 1) /Parent 5 0 R /Next 7 0 R /First 8 0 R /Last 8 0 R >>")
        // Chapter 2 points back at chapter 1: a loop a careless reader would follow forever.
        pdf.add("<< /Title (Chapter 2) /Parent 5 0 R /Prev 6 0 R /Next 6 0 R >>")
        pdf.add("<< /Title <FEFF\(Fixtures.utf16Hex("第1節"))> /Parent 6 0 R >>")
        let report = try Validator().validate(data: pdf.data(root: catalog, info: info))
        #expect(report.inspection.info["Title"] == "入場整理券 〜")
        #expect(report.inspection.info["Author"] == "mkpdf")
        #expect(
            report.inspection.outline == [
                BookmarkInfo(title: "Chapter 1", children: [BookmarkInfo(title: "第1節")]),
                BookmarkInfo(title: "Chapter 2")
            ])
        #expect(report.findings(.inspectionIncomplete).contains { $0.message.contains("loops back") })
        #expect(report.isValid)
    }

    @Test func uncompressedStreamsAreWarnedAboutUntilCompressed() throws {
        let scratch = try Scratch("check-streams")
        let raw = scratch.file("raw.pdf")
        let compressed = scratch.file("compressed.pdf")
        let long = (0..<400).map { "BT /F1 9 Tf 10 \($0) Td (line \($0)) Tj ET" }.joined(separator: "\n")
        try Fixtures.helvetica(content: long).write(to: raw)
        let report = try Validator().validate(raw)
        let finding = try #require(report.findings(.uncompressedStream).first)
        #expect(finding.severity == .warning)
        #expect(report.isValid)
        #expect(
            try Validator(options: ValidationOptions(uncompressedStreamLimit: 1 << 20)).validate(raw).findings(
                .uncompressedStream
            ).isEmpty)
        #expect(try Oracle.run("qpdf", ["--compress-streams=y", raw.path, compressed.path]).status == 0)
        #expect(try Validator().validate(compressed).findings(.uncompressedStream).isEmpty)
    }

    @Test func inheritedMediaBoxAndResourcesAreFound() throws {
        var pdf = MiniPDF()
        let catalog = pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add(
            "<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> >>")
        pdf.add("<< /Type /Page /Parent 2 0 R /Contents 5 0 R >>")
        pdf.add("<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>")
        pdf.addStream("", Array("BT /F1 9 Tf (inherited) Tj ET".utf8))
        let page = try Validator().validate(data: pdf.data(root: catalog)).inspection.pages[0]
        #expect(page.mediaBox?.width == 612 && page.mediaBox?.height == 792)
        #expect(page.fonts.map(\.baseFont) == ["Courier"])
        #expect(page.text == "inherited")
    }
}
