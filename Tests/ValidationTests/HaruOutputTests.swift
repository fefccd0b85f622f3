import Foundation
import Haru
import TestSupport
import Testing
import Validation

/// Real libHaru output, written through the project's Haru module: what Check says about it, with
/// `qpdf --check`, `pdffonts` and `pdftotext` as second opinions.
@Suite struct HaruOutputTests {
    static let japanese = "入場整理券 〜 − ‖ ① 髙 ﾊﾝｶｸ"

    @Test func trueTypeUTF8FontHasTheKnownCMapDefectAndItsTextIsRead() throws {
        let scratch = try Scratch("check-haru-ttf")
        let document = try PDFDocument()
        try document.setCompression(.all)
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let font = try document.loadTrueTypeFont(at: Repo.ipaexGothic)
        try page.text { text in
            try text.setFont(font, size: 20)
            try text.show(Self.japanese, x: 50, y: 700)
        }
        let file = scratch.file("ttf.pdf")
        try document.save(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let poppler = try Oracle.run("pdftotext", ["-enc", "UTF-8", file.path, "-"])
        #expect(poppler.stderr.contains("begincidrange"), "poppler's own warning about the defect")

        let report = try Validator(
            options: ValidationOptions(
                requireEmbeddedFonts: true, pageCount: 1,
                texts: [Self.japanese], pageSize: ExpectedPageSize.parse("a4"))
        )
        .validate(file)
        #expect(report.isValid, "\(report.findings)")
        #expect(!report.isDamaged)
        let defect = report.findings(.haruMalformedToUnicode)
        #expect(defect.count == 1)
        #expect(defect.first?.severity == .warning)
        #expect(report.findings(.uncompressedStream).isEmpty)
        let info = try #require(report.inspection.pages.first?.fonts.first)
        let row = try #require(try Oracle.pdffonts(file).first)
        #expect(info.isEmbedded && row.embedded)
        #expect(info.isSubset == row.subset)
        #expect(info.type == "Type0/CIDFontType2")
        #expect(TextMatch.fold(report.inspection.pages[0].text) == TextMatch.fold(poppler.stdout))
        // libHaru's UTF-8 encoder cannot write 𠮷 (beyond the BMP): an expectation of it is reported missing.
        let yoshi = try Validator(options: ValidationOptions(texts: ["𠮷"])).validate(file)
        #expect(yoshi.findings(.textMissing).first?.message.contains("U+20BB7") == true)
    }

    @Test func base14AndJapaneseCIDFontsAreNotEmbedded() throws {
        let scratch = try Scratch("check-haru-cid")
        let document = try PDFDocument()
        try document.setCompression(.all)
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let helvetica = try document.font(.helvetica)
        let gothic = try document.font(.msGothic, encoding: .rksjH)
        try page.text { text in
            try text.setFont(helvetica, size: 12)
            try text.show("Admission ticket FN-579-413", x: 50, y: 760)
            try text.setFont(gothic, size: 20)
            try text.show("入場整理券〜①ﾊﾝｶｸ", x: 50, y: 700)
        }
        let file = scratch.file("cid.pdf")
        try document.save(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)

        let report = try Validator(options: ValidationOptions(texts: ["FN-579-413", "入場整理券〜①ハンカク"])).validate(file)
        #expect(report.isValid, "\(report.findings)")
        #expect(report.findings(.fontNotEmbedded).count == 2)
        let fonts = report.inspection.pages[0].fonts
        #expect(Set(fonts.map(\.baseFont)) == ["Helvetica", "MS-Gothic"])
        #expect(fonts.allSatisfy { !$0.isEmbedded })
        #expect(try Oracle.pdffonts(file).allSatisfy { !$0.embedded })
        #expect(TextMatch.fold(report.inspection.pages[0].text) == TextMatch.fold(try Oracle.pdftotext(file)))
        #expect(!(try Validator(options: ValidationOptions(requireEmbeddedFonts: true)).validate(file).isValid))
    }

    @Test func uncompressedHaruOutputIsWarnedAbout() throws {
        let scratch = try Scratch("check-haru-raw")
        let document = try PDFDocument()
        try document.setCompression([])
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let font = try document.loadTrueTypeFont(at: Repo.ipaexGothic)
        try page.text { text in
            try text.setFont(font, size: 20)
            try text.show("入場", x: 50, y: 700)
        }
        let file = scratch.file("raw.pdf")
        try document.save(to: file)
        let report = try Validator().validate(file)
        #expect(report.isValid)
        #expect(!report.findings(.uncompressedStream).isEmpty)
    }
}
