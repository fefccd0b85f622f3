import DrawingModule
import Foundation
import TestSupport
import Testing

/// Ruby through `mkpdf render`, read back by the engines people search and read PDFs with: the base text comes out
/// whole (東京の紫陽花が咲く。, not 東京とうきょうの… nor 東京 の…), since the ruby is drawn after every base
/// character of its box and marked as an artifact, and overhangs onto kana rather than opening a gap; and mono ruby
/// wider than its character never overlaps its neighbour's reading and stays over its base (issue 33).
@Suite struct RubyExtractionTests {
    static let sentence = "東京の紫陽花が咲く。"

    /// A page with the ruby line at 16 pt, horizontal (the box at 20, 30, 300 × 60).
    static let template = """
        size: {width: 340, height: 120}
        background: "#FFFFFF"
        font: mincho
        palette:
          ink: {stroke: "#000000"}
        elements:
          - text: {role: ink, text: "｜東京《とう きょう》の｜紫陽花《あじさい》が咲く。", size: 16, x: 20, y: 30, w: 300, h: 60}
        """

    static func render(_ template: String, in scratch: Scratch, as name: String) throws -> URL {
        let source = scratch.file(name + ".yaml")
        try template.write(to: source, atomically: true, encoding: .utf8)
        let result = try TicketCommandTests.mkpdf(["render", source.path, "-o", name + ".pdf"], in: scratch.url)
        #expect(result.status == 0, "mkpdf render: \(result.stderr)")
        return scratch.file(name + ".pdf")
    }

    @Test func everyExtractorReadsTheBaseTextWithoutItsRuby() throws {
        let scratch = try Scratch("ruby-extraction")
        let pdf = try Self.render(Self.template, in: scratch, as: "ruby")
        let extracted = try Oracle.extractions(pdf, raw: true).filter { $0.engine != "pikepdf" }
        #expect(extracted.count == 5)
        for (engine, text, warnings) in extracted {
            #expect(warnings.isEmpty, "\(engine) warns: \(warnings)")
            #expect(Oracle.squeezed(text).contains(Self.sentence), "\(engine): \(text)")
            // Whole as it stands, no space before の: the ruby longer than 東京 overhangs onto の instead of
            // spreading the base away from it.
            #expect(text.contains(Self.sentence), "\(engine): \(text)")
            // The readings are still there, after the base text, each whole.
            #expect(Oracle.squeezed(text).contains("とうきょう"), "\(engine) lost the ruby: \(text)")
        }
        // Marked as artifacts in the content stream: one /Artifact span per reading.
        let content = try Oracle.run(
            "python3",
            [
                "-c",
                "import sys, pikepdf; p = pikepdf.open(sys.argv[1]); print(p.pages[0].Contents.read_bytes().decode())",
                pdf.path
            ]
        ).stdout
        #expect(content.components(separatedBy: "/Artifact BMC").count - 1 == 3, "\(content)")
    }

    @Test func theCertificateExtractsTheNameWithoutItsReading() throws {
        let scratch = try Scratch("ruby-certificate")
        let result = try TicketCommandTests.mkpdf(
            ["render", Repo.root.appendingPathComponent("Templates/certificate.yaml").path, "-o", "c.pdf"],
            in: scratch.url)
        #expect(result.status == 0, "mkpdf render: \(result.stderr)")
        for (engine, text, _) in try Oracle.extractions(scratch.file("c.pdf"), raw: true)
        where engine != "pikepdf" {
            let squeezed = Oracle.squeezed(text)
            // pdftotext without -raw orders vertical columns by its own layout analysis (殿 before the name);
            // the others keep the content stream's order, where the reading comes after the whole box.
            #expect(squeezed.contains(engine == "pdftotext" ? "髙橋一郎" : "髙橋一郎殿"), "\(engine): \(text)")
            #expect(!squeezed.contains("郎た") && !squeezed.contains("う殿"), "\(engine): \(text)")
        }
    }

    @Test func monoRubyNeverOverlapsAndStaysOverItsBase() throws {
        let scratch = try Scratch("ruby-mono")
        let glyphs = try Oracle.glyphs(try Self.render(Self.template, in: scratch, as: "mono"))
        let ruby = glyphs.filter { abs($0.size - 8) < 0.01 }
        let base = glyphs.filter { abs($0.size - 16) < 0.01 }
        #expect(ruby.map(\.character).joined() == "とうきょうあじさい")
        #expect(base.map(\.character).joined() == Self.sentence)
        let frame = Rect(x: 20, y: 30, width: 300, height: 60)
        let tolerance = 0.01
        for (a, b) in zip(ruby, ruby.dropFirst()) {
            #expect(a.box.maxX <= b.box.x + tolerance, "\(a.character) \(a.box) overlaps \(b.character) \(b.box)")
        }
        for glyph in ruby {
            #expect(
                glyph.box.x >= frame.x - tolerance && glyph.box.maxX <= frame.maxX + tolerance
                    && glyph.box.y >= frame.y - tolerance && glyph.box.maxY <= frame.maxY + tolerance,
                "\(glyph.character) at \(glyph.box) leaves the box \(frame)")
        }
        // Each reading over its own character: とう within 東's reach, きょう within 京's, あじさい over 紫陽花.
        func span(_ characters: String, in list: [Oracle.Glyph]) throws -> (Double, Double) {
            let found = try #require(
                (0...(list.count - characters.count)).first { start in
                    list[start..<(start + characters.count)].map(\.character).joined() == characters
                })
            let glyphs = list[found..<(found + characters.count)]
            return (glyphs.map(\.box.x).min() ?? 0, glyphs.map(\.box.maxX).max() ?? 0)
        }
        let tokyo = try span("東京", in: base)
        let kyou = try span("きょう", in: ruby)
        let tou = try span("とう", in: ruby)
        #expect(tou.1 <= kyou.0 + tolerance)
        // The readings lie over the base spread by at most half a ruby character on each side.
        #expect(tou.0 >= tokyo.0 - 8 && kyou.1 <= tokyo.1 + 8, "とう \(tou), きょう \(kyou) over 東京 \(tokyo)")
    }
}
