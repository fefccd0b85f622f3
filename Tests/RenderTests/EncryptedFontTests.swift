import Fonts
import Foundation
import Haru
import TestSupport
import Testing

@testable import Render

/// mkpdf writes its font streams itself after their dictionaries; an encrypted document hands them back to libHaru,
/// whose writer encrypts: the text still extracts with the password, and not without it.
@Suite struct EncryptedFontTests {
    func document(encrypted: Bool) throws -> Data {
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 300, height: 100))
        let face = try FontRegistry.shared.chain(named: "gothic")[0]
        let scalars = Array("暗号化された入場券 GCG-40167".unicodeScalars)
        let shaped = face.shape(scalars)
        var texts: [UInt32: String] = [:]
        for glyph in shaped { texts[glyph.glyph] = String(Character(scalars[glyph.cluster])) }
        let made = try FontPrograms().program(of: face, texts: texts, document: document)
        let font = try document.addType0Font(made.program)
        let codes = shaped.map { made.codes[$0.glyph] ?? 0 }
        try page.showGlyphs(codes, adjustments: codes.map { _ in 0 }, font: font, size: 16, x: 10, y: 40)
        if encrypted {
            try document.encrypt(ownerPassword: "owner", userPassword: "user", mode: .r3(keyLength: 16))
        }
        return try document.data()
    }

    @Test func fontStreamsAreWrittenPlainOrEncryptedAndTheTextExtracts() throws {
        let scratch = try Scratch("render-encrypted-font")
        let plain = scratch.file("plain.pdf")
        try document(encrypted: false).write(to: plain)
        #expect(try Oracle.qpdfCheck(plain).status == 0)
        #expect(try Oracle.pdftotext(plain).contains("暗号化された入場券 GCG-40167"))
        // The font file's /Length is in its dictionary: no separate length object.
        let qdf = try Oracle.run("qpdf", ["--qdf", "--object-streams=disable", plain.path, "-"]).stdout
        #expect(qdf.contains("/Length1 ") && !qdf.contains("/CIDSet"), "\(qdf.prefix(3000))")

        let locked = scratch.file("locked.pdf")
        try document(encrypted: true).write(to: locked)
        #expect(try Oracle.qpdfCheck(locked, password: "user").status == 0)
        #expect(try Oracle.run("pdftotext", [locked.path, "-"]).status != 0)
        #expect(try Oracle.pdftotext(locked, password: "user").contains("暗号化された入場券 GCG-40167"))
        let fonts = try Oracle.run("pdffonts", ["-upw", "user", locked.path]).stdout
        #expect(fonts.contains("CID TrueType") && fonts.contains("yes yes yes"), "\(fonts)")
    }
}
