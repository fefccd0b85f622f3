import Foundation
import Haru
import TestSupport
import Testing

/// 𠮷 and 😀 cannot go through Shift_JIS, and libHaru's UTF-8 would turn them into spaces: the wrapper names
/// them, or draws 〓 when asked.
@Suite struct UnencodableTextTests {
    static let text = "吉野𠮷家😀"

    func fonts(_ document: PDFDocument) throws -> [PDFFont] {
        [try document.font(.msGothic, encoding: .rksjH), try document.loadTrueTypeFont(at: Repo.ipaexGothic)]
    }

    @Test func unencodableCharactersAreNamedWithCodeAndIndex() throws {
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        for font in try fonts(document) {
            let first = try #require(throws: TextEncodingError.self) { try font.encode(Self.text) }
            #expect(first.character == "𠮷" && first.codePoints == "U+20BB7" && first.index == 2)
            #expect(first.description.contains("U+20BB7") && first.description.contains("index 2"))
            #expect(first.description.contains(font.name))
            let second = try #require(throws: TextEncodingError.self) { try font.encode("吉野家😀") }
            #expect(second.codePoints == "U+1F600" && second.index == 3)
            // The same error comes out of drawing and measuring.
            try page.text { t in
                try t.setFont(font, size: 12)
                #expect(throws: TextEncodingError.self) { try t.show(Self.text, x: 10, y: 10) }
                #expect(throws: TextEncodingError.self) { try t.width(of: "😀") }
            }
        }
    }

    @Test func substituteDrawsGetaMark() throws {
        let scratch = try Scratch("haru-geta")
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        try page.text { t in
            for (i, font) in try fonts(document).enumerated() {
                try t.setFont(font, size: 20)
                try t.show(Self.text, x: 50, y: 700 - Double(i) * 40, unencodable: .substitute())
            }
        }
        let file = try Fixture.save(document, scratch, "geta.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let lines = try Oracle.pdftotext(file).split(whereSeparator: \.isNewline).map(String.init)
        #expect(lines == ["吉野〓家〓", "吉野〓家〓"])
    }

    @Test func latinFontsNameWhatTheyCannotEncode() throws {
        let document = try PDFDocument()
        let helvetica = try document.font(.helvetica)
        #expect(try helvetica.encode("café €") == [0x63, 0x61, 0x66, 0xE9, 0x20, 0x80])
        let error = try #require(throws: TextEncodingError.self) { try helvetica.encode("Ticket 入場") }
        #expect(error.codePoints == "U+5165" && error.index == 7)
        #expect(try helvetica.encode("a\u{1}", unencodable: .substitute("?")) == [0x61, 0x3F])
        // A substitute the font cannot encode is itself an error.
        #expect(throws: TextEncodingError.self) { try helvetica.encode("入", unencodable: .substitute()) }
    }

    @Test func trueTypeFontsReportMissingGlyphs() throws {
        let document = try PDFDocument()
        let ipa = try document.loadTrueTypeFont(at: Repo.ipaexGothic)
        // IPAexGothic has no Hangul: libHaru would draw an empty box.
        let error = try #require(throws: TextEncodingError.self) { try ipa.encode("入場 한글") }
        #expect(error.codePoints == "U+D55C" && error.index == 3 && error.reason.contains("no glyph"))
        #expect(try ipa.encode("入한", unencodable: .substitute()) == Array("入〓".utf8))
        #expect(
            try ipa.encode(Fixture.japanese + Fixture.variants) == Array((Fixture.japanese + Fixture.variants).utf8))
    }
}
