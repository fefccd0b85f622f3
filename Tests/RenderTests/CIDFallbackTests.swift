import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// `.cid` mode draws gothic and mincho with MS-PGothic and MS-PMincho, not embedded, through Adobe-Japan1 CIDs.
/// Characters Adobe-Japan1 has no CID for (Hangul, a variation sequence) are drawn from the logical font's chain,
/// embedded, in the same line, placed by the same widths the viewer uses; a character no font has is an error naming
/// the CID font and every face of the chain.
@Suite struct CIDFallbackTests {
    /// A centred line mixing CID text (ソウル, です) and Hangul from Noto Sans CJK JP (서울).
    static func seoul(boxed: Bool) throws -> Drawing {
        var c = Canvas()
        try c.start(width: 300, height: 80, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0.1, 0.1, 0.1))
        if boxed {
            try c.drawTextBox("ink", "Seoul ソウル서울です", size: 14, x: 0, y: 10, w: 300, h: 40, align: .center)
        } else {
            try c.drawText("ink", "Seoul ソウル서울です", size: 14, x: 0, y: 10, boxWidth: 300, align: .center)
        }
        return try c.stop()
    }

    @Test(arguments: [false, true])
    func hangulIsDrawnFromTheChainBetweenCIDRuns(boxed: Bool) throws {
        let scratch = try Scratch("cid-fallback")
        let file = scratch.file("seoul.pdf")
        try render(try Self.seoul(boxed: boxed), options: OutputOptions(fontMode: .cid)).write(to: file)
        let check = try Oracle.qpdfCheck(file)
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check.stdout) \(check.stderr)")
        let rows = try Oracle.pdffonts(file)
        #expect(rows.count == 2, "\(rows)")
        #expect(rows.contains { $0.name == "MS-PGothic" && !$0.embedded && $0.encoding == "UniJIS-UTF16-H" }, "\(rows)")
        #expect(
            rows.contains { $0.name.hasSuffix("+NotoSansCJKjp-Regular") && $0.embedded && $0.subset && $0.toUnicode },
            "\(rows)")
        for (engine, text, warnings) in try Oracle.extractions(file) {
            #expect(warnings.isEmpty, "\(engine) warns: \(warnings)")
            if engine == "pikepdf" { continue }
            let got = engine == "mutool" ? Oracle.squeezed(text) : text
            let wanted = engine == "mutool" ? "Seoulソウル서울です" : "Seoul ソウル서울です"
            #expect(got.contains(wanted), "\(engine): \(text)")
        }
        // Centred by the widths the viewer draws with: as far from the left edge as from the right.
        let words = try Oracle.run("pdftotext", ["-bbox", file.path, "-"]).stdout
        let boxes = words.split(separator: "\n").filter { $0.contains("<word ") }.compactMap { line in
            func value(_ name: String) -> Double? {
                guard let start = line.range(of: name + "=\"") else { return nil }
                return Double(line[start.upperBound...].prefix { $0 != "\"" })
            }
            return value("xMin").flatMap { xMin in value("xMax").map { (xMin, $0) } }
        }
        let left = try #require(boxes.map(\.0).min())
        let right = try #require(boxes.map(\.1).max())
        #expect(abs(left - (300 - right)) < 0.6, "\(boxes)")
    }

    @Test func aVariationSequenceIsDrawnWholeFromTheChainNotAsItsBaseCID() throws {
        let scratch = try Scratch("cid-ivs")
        let file = scratch.file("katsushika.pdf")
        try render(try TestDrawings.line("葛\u{E0100}飾区", font: "mincho"), options: OutputOptions(fontMode: .cid)).write(
            to: file)
        let names = try Oracle.pdffonts(file).map(\.name)
        #expect(names.contains("MS-PMincho") && names.contains { $0.hasSuffix("+IPAexMincho") }, "\(names)")
        #expect(try Oracle.pdftotext(file).contains("葛\u{E0100}飾区"))
    }

    @Test func aCharacterNoFontHasNamesTheCIDFontAndEveryFaceOfTheChain() throws {
        let drawing = try TestDrawings.line("お寿司🍣です")
        let error = #expect(throws: RenderError.self) { try PDFRenderer(fontMode: .cid).data(for: drawing) }
        guard case .missingGlyph(let missing, _, _) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(missing.character == "🍣" && missing.characterIndex == 3)
        #expect(missing.tried.first == "gothic (MS-PGothic, Adobe-Japan1, cid mode)", "\(missing.tried)")
        #expect(missing.tried.count == 3 && missing.tried[2].hasPrefix("gothic-cjk"), "\(missing.tried)")
        let message = String(describing: error!)
        #expect(message.contains("U+1F363") && message.contains("MS-PGothic"), "\(message)")
    }
}

extension CIDFallbackTests {
    /// A line given a box is measured as it is drawn: MS-PGothic's Latin takes Noto Sans CJK JP's widths, wider
    /// than IPAexGothic's, so the address fits 170 pt embedded (168.2 pt) and not in `.cid` mode (172.3 pt).
    @Test func aBoxedLineIsMeasuredWithTheCIDWidthsItIsDrawnWith() throws {
        var c = Canvas()
        try c.start(width: 220, height: 40, opaque: true)
        try c.addSlot(role: "ink", stroke: Color(0.1, 0.1, 0.1))
        try c.drawText("ink", "watashida@gaigaigai.com", size: 14, x: 20, y: 10, boxWidth: 170, align: .right)
        let drawing = try c.stop()
        _ = try PDFRenderer().data(for: drawing)
        let error = #expect(throws: RenderError.self) { try PDFRenderer(fontMode: .cid).data(for: drawing) }
        guard case .textFit(_, let fit) = error, case .overflow(let needed, _, _) = fit.reason else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(abs(needed.width - 172.3) < 0.2, "\(needed)")
    }
}

extension CIDFallbackTests {
    /// Characters Adobe's CID → Unicode table does not give back are drawn from the chain: ～ (its CID is 〜's), －
    /// (−'s), ⼊ (入's), — (read as U+0336), _ (U+0332) and ` (U+0300) came out of pdftotext as those others; 〜 and −
    /// come out of MuPDF, whose table differs, as ～ and － (CIDReadback).
    @Test func charactersAdobesTableReadsAsOthersAreDrawnEmbedded() throws {
        let line = "B～D－E⼊F入I—K watashi_da@x `q` ‘single’ 10:00〜12:00 −5 don't"
        let scratch = try Scratch("cid-round-trip")
        let file = scratch.file("round-trip.pdf")
        try render(try TestDrawings.line(line, size: 12), options: OutputOptions(fontMode: .cid)).write(to: file)
        let names = try Oracle.pdffonts(file).map(\.name)
        #expect(names.contains("MS-PGothic") && names.contains { $0.hasSuffix("+IPAexGothic") }, "\(names)")
        for (engine, text, warnings) in try Oracle.extractions(file) where engine != "pikepdf" {
            #expect(warnings.isEmpty, "\(engine) warns: \(warnings)")
            #expect(
                Oracle.squeezed(text).contains(Oracle.squeezed(line)),
                "\(engine): \(text) \(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}

extension CIDFallbackTests {
    /// `CIDReadback` is what this machine's MuPDF and poppler read: `scripts/cid-readback --check` draws every code
    /// point of UniJIS-UTF16-H that round trips in Adobe's table and compares what they read with the file. A Debian
    /// update of either reader that changes its table fails here, naming the command that rewrites the file.
    @Test func theReadbackTableIsWhatTheReadersHereRead() throws {
        let script = Repo.root.appendingPathComponent("scripts/cid-readback").path
        let result = try Oracle.run("python3", [script, "--check"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
