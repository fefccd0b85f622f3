import Foundation
import Haru
import Testing
import TestSupport

/// Japanese text through the CID fonts (Shift_JIS, EUC) and an embedded TrueType font (UTF-8), read back by
/// poppler.
@Suite struct JapaneseTextTests {
    @Test func shiftJISCIDFontRoundTripsThroughPdftotext() throws {
        let scratch = try Scratch("haru-sjis")
        let document = try PDFDocument()
        let page = try document.addPage()
        let gothic = try document.font(.msGothic, encoding: .rksjH)
        try page.text { t in
            try t.setFont(gothic, size: 20)
            try t.show(Fixture.japanese, x: 50, y: 700)
            try t.show(Fixture.variants, x: 50, y: 660)
        }
        let file = try Fixture.save(document, scratch, "sjis.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let text = try Oracle.pdftotext(file)
        print("SJIS:", text)
        let fonts = try Oracle.pdffonts(file)
        print(fonts)
    }

    @Test func trueTypeUTF8RoundTripsThroughPdftotext() throws {
        let scratch = try Scratch("haru-ttf")
        let document = try PDFDocument()
        let page = try document.addPage()
        let ipa = try document.loadTrueTypeFont(at: Repo.ipaexGothic)
        try page.text { t in
            try t.setFont(ipa, size: 20)
            try t.show(Fixture.japanese, x: 50, y: 700)
            try t.show(Fixture.variants, x: 50, y: 660)
        }
        let file = try Fixture.save(document, scratch, "ttf.pdf")
        let check = try Oracle.qpdfCheck(file)
        print("QPDF", check.status, check.stdout, check.stderr)
        let text = try Oracle.run("pdftotext", ["-enc", "UTF-8", file.path, "-"])
        print("TTF:", text.stdout, text.stderr)
        print(try Oracle.pdffonts(file))
    }

    @Test func eucCIDFont() throws {
        let scratch = try Scratch("haru-euc")
        let document = try PDFDocument()
        let page = try document.addPage()
        let mincho = try document.font(.msMincho, encoding: .eucH)
        try page.text { t in
            try t.setFont(mincho, size: 20)
            try t.show("入場整理券〜ｶﾀｶﾅ", x: 50, y: 700)
            try t.show(Fixture.variants, x: 50, y: 660)
            try t.show("①", x: 50, y: 620)
        }
        let file = try Fixture.save(document, scratch, "euc.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        print("EUC:", try Oracle.pdftotext(file))
    }
}
