import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// Our own Type0 fonts as other PDF engines read them: structure (qpdf), font kinds (pdffonts), no warnings, and the
/// exact text back from poppler, MuPDF, pdfium and pypdf — for TrueType, CFF, a collection face, a bold, a character
/// above U+FFFF and a variation sequence.
@Suite struct EmbeddedFontTests {
    /// In `.cid` mode gothic and mincho are MS-PGothic and MS-PMincho (not embedded); 葛󠄀, which Adobe-Japan1 has no
    /// CID for, is drawn from IPAexMincho, the first face of mincho's chain that has it, embedded.
    @Test(arguments: [PDFFontMode.embedded, .cid])
    func everyFontKindIsCleanAndExtractsExactly(_ mode: PDFFontMode) throws {
        let scratch = try Scratch("embedded-kinds")
        let file = scratch.file("kinds.pdf")
        try render(try TestDrawings.fontKinds(), options: OutputOptions(fontMode: mode)).write(to: file)
        let check = try Oracle.qpdfCheck(file)
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stdout) \(check.stderr)")
        let rows = try Oracle.pdffonts(file)
        let cidFonts: Set<String> = mode == .cid ? ["MS-PGothic", "MS-PMincho"] : []
        #expect(
            rows.allSatisfy {
                cidFonts.contains($0.name)
                    ? !$0.embedded && $0.encoding == "UniJIS-UTF16-H"
                    : $0.embedded && $0.subset && $0.toUnicode && $0.encoding == "Identity-H"
            }, "\(rows)")
        let names = Set(rows.map { String($0.name.split(separator: "+").last ?? "") })
        let expected: Set<String> = [
            "IPAexMincho", "NotoSansCJKjp-Bold", "NotoSansCJKjp-Regular", "NotoSerifCJKjp-Regular", "IPAmjMincho"
        ]
        #expect(names == expected.union(mode == .cid ? cidFonts : ["IPAexGothic"]), "\(names)")
        #expect(rows.contains { $0.type == "CID Type 0C" } && rows.contains { $0.type == "CID TrueType" }, "\(rows)")
        for (engine, text, warnings) in try Oracle.extractions(file) {
            #expect(warnings.isEmpty, "\(engine) warns: \(warnings)")
            if engine == "pikepdf" { continue }
            for line in TestDrawings.fontKindLines {
                if engine == "mutool" {
                    // MuPDF 1.21 decodes a ToUnicode entry of more than one UTF-16 character unit by unit, so the
                    // variation selector of 葛󠄀 (a surrogate pair after 葛) comes out as two lone surrogates
                    // (CESU-8); the base character is exact. Compared without selectors and what they became, and
                    // without the spaces MuPDF puts between runs of different fonts.
                    let wanted = String(line.text.unicodeScalars.filter { $0.value < 0xE0100 }.map(Character.init))
                    let got = String(text.unicodeScalars.filter { $0 != "\u{FFFD}" }.map(Character.init))
                    #expect(
                        Oracle.squeezed(got).contains(Oracle.squeezed(wanted)), "mutool lacks \(line.text): \(text)")
                } else {
                    // Exactly, spaces included: pypdf measured runs of fonts without a DW half as wide as drawn and
                    // put a space where the next run began.
                    #expect(
                        text.contains(line.text),
                        "\(engine) (\(mode)) lacks \(line.text) (\(line.text.unicodeScalars.map { String($0.value, radix: 16) })): \(text)"
                    )
                }
            }
            // Words keep their spaces: no engine glues "FN-579-413" to the kanji before it or splits it.
            #expect(text.contains("FN-579-413"), "\(engine): \(text)")
        }
    }

    /// IPAexGothic draws 入 and the Kangxi radical ⼊, 〜 and ～ with one glyph each; a ToUnicode maps a code to one
    /// text, so the second text is shown with a second font of the same program whose ToUnicode names it — in plain
    /// horizontal text, a proportional (palt) box and a vertical column alike.
    @Test(arguments: ["horizontal", "palt", "vertical"])
    func aGlyphStandingForTwoCharactersReadsAsEach(_ setting: String) throws {
        let line = setting == "vertical" ? "入口⼊口〜～" : "「入口」⼊口 10:00〜12:00 10:00～12:00"
        let drawing: Drawing
        if setting == "horizontal" {
            drawing = try TestDrawings.line(line)
        } else {
            var c = Canvas()
            try c.start(width: 400, height: 200, opaque: true)
            try c.addSlot(role: "ink", stroke: Color(0.1, 0.1, 0.1))
            if setting == "palt" {
                try c.drawTextBox("ink", line, size: 14, x: 10, y: 10, w: 380, h: 30, palt: true)
            } else {
                try c.drawTextBox("ink", line, size: 14, x: 180, y: 10, w: 24, h: 180, writing: .vertical)
            }
            drawing = try c.stop()
        }
        let scratch = try Scratch("embedded-alias")
        let file = scratch.file("alias-\(setting).pdf")
        try render(drawing, options: OutputOptions()).write(to: file)
        let check = try Oracle.qpdfCheck(file)
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stdout) \(check.stderr)")
        let rows = try Oracle.pdffonts(file)
        // Two fonts, one program: the second shares the first's font file.
        #expect(rows.count == 2 && Set(rows.map(\.name)).count == 1 && rows.allSatisfy(\.toUnicode), "\(rows)")
        for (engine, text, warnings) in try Oracle.extractions(file) where engine != "pikepdf" {
            #expect(warnings.isEmpty, "\(engine) warns: \(warnings)")
            #expect(Oracle.squeezed(text).contains(Oracle.squeezed(line)), "\(engine) (\(setting)): \(text)")
        }
    }

    @Test(arguments: [PDFFontMode.embedded, .cid])
    func ticketIsCleanInEveryEngineAndItsLatinIsNotSpacedApart(_ mode: PDFFontMode) throws {
        let scratch = try Scratch("embedded-ticket")
        let file = scratch.file("ticket.pdf")
        try render(try Samples.admissionTicket(), options: OutputOptions(fontMode: mode)).write(to: file)
        let check = try Oracle.qpdfCheck(file)
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stdout) \(check.stderr)")
        for (engine, text, warnings) in try Oracle.extractions(file) {
            #expect(warnings.isEmpty, "\(engine) warns: \(warnings)")
            if engine == "pikepdf" { continue }
            for expected in [
                "入場整理券", "FN-579-413", "GCG-40167", "watashida@gaigaigai.com", "2014年12月20日",
                "ガイガー・カウント・グループ"
            ] {
                #expect(text.contains(expected), "\(engine) (\(mode)) lacks \(expected): \(text)")
            }
        }
    }

    @Test func aSecondDocumentWithTheSameGlyphsReusesTheFontBytes() throws {
        let first = try PDFRenderer().data(for: try Samples.admissionTicket())
        let second = try PDFRenderer().data(for: try Samples.admissionTicket())
        #expect(first == second)
        // Another member number with the same digits shares the subset: only the page content differs.
        let same = try PDFRenderer().data(for: try Samples.admissionTicket(member: "GCG-70164"))
        #expect(abs(same.count - first.count) < 40, "\(first.count) vs \(same.count) bytes")
        // One with a digit no other text shows (8) gets a subset holding that glyph too: a larger font program.
        let other = try PDFRenderer().data(for: try Samples.admissionTicket(member: "GCG-88888"))
        #expect(other.count > first.count + 40, "\(first.count) vs \(other.count) bytes")
    }

    @Test func ghostscriptReadsKanaRunsExactly() throws {
        // Consecutive kana (ま み む) would make a bfrange whose destination Ghostscript 10's txtwrite cuts to its
        // low byte ("含~す"); they are bfchar lines, and only Latin-1 runs (digits) are ranges.
        var c = Canvas()
        try c.start(width: 400, height: 60, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(0, 0, 0))
        try c.drawText("ink", "含みます。ランク別 マミム 0123456789", font: "gothic", size: 14, x: 10, y: 10)
        let scratch = try Scratch("render-gs-kana")
        let file = scratch.file("kana.pdf")
        try render(try c.stop(), options: OutputOptions()).write(to: file)
        let gs = try Oracle.run(
            "gs", ["-q", "-dNOPAUSE", "-dBATCH", "-sDEVICE=txtwrite", "-sOutputFile=-", file.path])
        #expect(gs.status == 0 && gs.stdout.contains("含みます。ランク別 マミム 0123456789"), "\(gs.stdout)")
    }
}
