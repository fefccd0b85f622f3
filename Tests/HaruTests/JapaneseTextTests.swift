import Foundation
import Haru
import TestSupport
import Testing

/// Japanese text through the CID fonts (Shift_JIS, EUC) and an embedded TrueType font (UTF-8), read back by
/// poppler exactly.
@Suite struct JapaneseTextTests {
    @Test func shiftJISCIDFontIsNotEmbeddedAndRoundTrips() throws {
        let scratch = try Scratch("haru-sjis")
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let gothic = try document.font(.msGothic, encoding: .rksjH)
        #expect(gothic.encoding == .japanese(.rksjH) && !gothic.isEmbedded)
        try page.text { t in
            try t.setFont(gothic, size: 20)
            try t.show(Fixture.japanese, x: 50, y: 700)
            try t.show(Fixture.variants, x: 50, y: 660)
        }
        let file = try Fixture.save(document, scratch, "sjis.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let lines = try Oracle.pdftotext(file).split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines.first == Fixture.japanese)
        // − and ‖ come back as themselves; poppler returns the CP932 look-alikes for ¬ — ¢ £.
        #expect(lines.dropFirst().first == "−‖￢―￠￡")
        let fonts = try Oracle.pdffonts(file)
        #expect(fonts.count == 1)
        #expect(fonts.first?.name == "MS-Gothic" && fonts.first?.type == "CID Type 0")
        #expect(fonts.first?.encoding == "90ms-RKSJ-H" && fonts.first?.embedded == false)
    }

    @Test func embeddedTrueTypeUTF8RoundTrips() throws {
        let scratch = try Scratch("haru-ttf")
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let ipa = try document.loadTrueTypeFont(at: Repo.ipaexGothic)
        #expect(ipa.name == "IPAexGothic" && ipa.encoding == .utf8 && ipa.isEmbedded)
        // Loading the same file again reuses the first load.
        #expect(try document.loadTrueTypeFont(at: Repo.ipaexGothic).name == "IPAexGothic")
        try page.text { t in
            try t.setFont(ipa, size: 20)
            try t.show(Fixture.japanese, x: 50, y: 700)
            try t.show(Fixture.variants, x: 50, y: 660)
        }
        let file = try Fixture.save(document, scratch, "ttf.pdf")
        // qpdf finds nothing wrong (exit 0); only poppler warns about libHaru's ToUnicode CMap, and text still
        // extracts exactly, so the warning is tolerated and not asserted on.
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let lines = try Oracle.pdftotext(file).split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines == [Fixture.japanese, Fixture.variants])
        let fonts = try Oracle.pdffonts(file)
        #expect(fonts.count == 1)
        // libHaru 2.3.0 writes a subset tag (HPDFAA+) and keeps only used glyph outlines.
        #expect(fonts.first?.name.hasSuffix("+IPAexGothic") == true)
        #expect(fonts.first?.embedded == true && fonts.first?.subset == true)
        #expect(fonts.first?.encoding == "Identity-H")
    }

    @Test func eucCIDFontRoundTripsJISX0208AndRejectsExtensions() throws {
        let scratch = try Scratch("haru-euc")
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let mincho = try document.font(.msMincho, encoding: .eucH)
        let text = "入場整理券〜ｶﾀｶﾅ"
        try page.text { t in
            try t.setFont(mincho, size: 20)
            try t.show(text, x: 50, y: 700)
            // ① (NEC row 13) and 髙 (IBM extension) are not in JIS X 0208, so EUC-H cannot take them.
            for (character, code) in [("①", "U+2460"), ("髙", "U+9AD9")] {
                let error = try #require(throws: TextEncodingError.self) {
                    try t.show("整理\(character)", x: 50, y: 600)
                }
                #expect(error.codePoints == code && error.index == 2 && error.fontName == "MS-Mincho")
            }
        }
        let file = try Fixture.save(document, scratch, "euc.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        #expect(try Fixture.text(file) == text)
        #expect(try Oracle.pdffonts(file).first?.encoding == "EUC-H")
    }

    @Test func everyJapaneseFontStyleAndEncodingIsAvailable() throws {
        let scratch = try Scratch("haru-jp-all")
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 841.89, height: 1190.55))
        var y = 1150.0
        try page.text { t in
            for font in JapaneseFont.allCases {
                for style in JapaneseFontStyle.allCases {
                    for encoding in JapaneseEncoding.allCases {
                        try t.setFont(try document.font(font, style: style, encoding: encoding), size: 8)
                        try t.show("入場", x: 40, y: y)
                        y -= 10
                    }
                }
            }
        }
        let file = try Fixture.save(document, scratch, "jp-all.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let rows = try Oracle.pdffonts(file)
        #expect(rows.count == 4 * 4 * 5)
        #expect(rows.contains { $0.name == "MS-PMincho,BoldItalic" && $0.encoding == "EUC-V" })
        #expect(rows.contains { $0.name == "MS-PGothic,Bold" && $0.encoding == "90msp-RKSJ-H" })
        #expect(rows.allSatisfy { !$0.embedded })
    }
}
