import Foundation
import TestSupport
import Testing
import Validation

/// Text is read from the content streams in-process, and agrees with poppler's `pdftotext`.
@Suite struct TextTests {
    static let japanese = "入場整理券〜−‖①髙ﾊﾝｶｸ"

    @Test func toUnicodeCMapDecodesJapaneseLikePdftotext() throws {
        let scratch = try Scratch("check-tounicode")
        let file = scratch.file("jp.pdf")
        try Fixtures.japanese(Self.japanese).write(to: file)
        let text = try Validator().validate(file).inspection.pages[0].text
        #expect(text == "\(Self.japanese)\nABC")
        let poppler = try Oracle.pdftotext(file)
        #expect(TextMatch.fold(poppler) == TextMatch.fold(text))
    }

    @Test func bfrangeArrayDestinationsCarrySurrogatePairs() throws {
        var pdf = MiniPDF()
        let catalog = pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Resources << /Font << /F1 4 0 R >> >> /Contents 6 0 R >>"
        )
        pdf.add(
            "<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType2 /BaseFont /X /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> >>] /ToUnicode 5 0 R >>"
        )
        pdf.addStream("", Array(Fixtures.toUnicode("a").utf8))
        pdf.addStream("", Array("BT /F1 9 Tf <02000201> Tj ET".utf8))
        let report = try Validator(options: ValidationOptions(texts: ["あ𠮷"])).validate(data: pdf.data(root: catalog))
        #expect(report.inspection.pages[0].text == "あ𠮷")
        #expect(report.isValid, "\(report.findings)")
    }

    @Test func shiftJISCIDFontDecodesAsCP932() throws {
        let scratch = try Scratch("check-sjis")
        let file = scratch.file("sjis.pdf")
        let text = "入場整理券 〜 ① ﾊﾝｶｸ"
        // What a writer does for 90ms-RKSJ-H: the CP932 forms, then Shift_JIS bytes.
        let cp932 = String(text.map { $0 == "〜" ? "～" : $0 })
        let bytes = try #require(cp932.data(using: .shiftJIS))
        let hex = bytes.map { String(format: "%02X", $0) }.joined()
        var pdf = MiniPDF()
        let catalog = pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 150] /Resources << /Font << /F1 4 0 R >> >> /Contents 7 0 R >>"
        )
        pdf.add(
            "<< /Type /Font /Subtype /Type0 /BaseFont /MS-Gothic /Encoding /90ms-RKSJ-H /DescendantFonts [5 0 R] >>")
        pdf.add(
            "<< /Type /Font /Subtype /CIDFontType0 /BaseFont /MS-Gothic /CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 2 >> /FontDescriptor 6 0 R >>"
        )
        pdf.add(
            "<< /Type /FontDescriptor /FontName /MS-Gothic /Flags 4 /FontBBox [0 -141 1000 859] /ItalicAngle 0 /Ascent 859 /Descent -141 /CapHeight 859 /StemV 78 >>"
        )
        pdf.addStream("", Array("BT /F1 20 Tf 10 100 Td <\(hex)> Tj ET".utf8))
        try pdf.data(root: catalog).write(to: file)

        let report = try Validator(options: ValidationOptions(texts: ["入場整理券〜①", "ハンカク"])).validate(file)
        #expect(report.isValid, "\(report.findings)")
        #expect(report.inspection.pages[0].fonts[0].encoding == "90ms-RKSJ-H")
        #expect(TextMatch.fold(try Oracle.pdftotext(file)) == TextMatch.fold(report.inspection.pages[0].text))
    }

    @Test func formXObjectTextIsFollowedOnce() throws {
        var pdf = MiniPDF()
        let catalog = pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        pdf.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        pdf.add(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Resources << /XObject << /Fm1 5 0 R >> >> /Contents 4 0 R >>"
        )
        pdf.addStream("", Array("/Fm1 Do /Fm1 Do".utf8))
        // The form draws itself: a loop that must not hang.
        pdf.addStream(
            "/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Resources << /Font << /F1 6 0 R >> /XObject << /Fm1 5 0 R >> >>",
            Array("BT /F1 9 Tf (in the form) Tj ET /Fm1 Do".utf8))
        pdf.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        let report = try Validator(options: ValidationOptions(texts: ["in the form"])).validate(
            data: pdf.data(root: catalog))
        #expect(report.isValid, "\(report.findings)")
        #expect(report.inspection.pages[0].text == "in the form")
        #expect(report.inspection.pages[0].fonts.map(\.baseFont) == ["Helvetica"])
    }

    @Test func foldingIgnoresWidthSpacingAndCP932Forms() {
        #expect(TextMatch.contains("入場 整理券\n～", "入場整理券〜"))
        #expect(TextMatch.contains("ﾊﾝｶｸ", "ハンカク"))
        #expect(TextMatch.contains("A−B", "A－B"))
        #expect(!TextMatch.contains("吉", "𠮷"))
        #expect(!TextMatch.contains("入場", "整理"))
    }
}
