import Documents
import DrawingModule
import Foundation
import TestSupport
import Testing

/// The hidden long-text cases through `mkpdf ticket` and `mkpdf render`: data too long for its box is shrunk and
/// wrapped into the box with every character extracted, or the run stops with a non-zero exit naming the field —
/// never a ticket with clipped or overprinted text and exit 0.
@Suite struct TextFitCommandTests {
    /// 40 characters, with the hostile ones: 〜 − ‖ ① 髙 ﾊﾝｶｸ.
    static let venue = "会場〜東京−‖①髙ﾊﾝｶｸ（株）国際展示場西ホール特設会場アネックス棟三階大会議"
    /// 32 characters, the longest the default --id-pattern allows.
    static let ticket = "ABCDEFGHIJ-0123456789-KLMNOPQRST"

    /// One word of `pdftotext -bbox`.
    struct Word {
        var text: String
        var box: Rect
    }

    static func words(_ pdf: URL) throws -> [Word] {
        let xhtml = try Oracle.run("pdftotext", ["-bbox", "-enc", "UTF-8", pdf.path, "-"]).stdout
        let pattern = try NSRegularExpression(
            pattern: #"<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>"#)
        let range = NSRange(xhtml.startIndex..., in: xhtml)
        return pattern.matches(in: xhtml, range: range).map { match in
            func group(_ index: Int) -> String { String(xhtml[Range(match.range(at: index), in: xhtml)!]) }
            let (x0, y0, x1, y1) = (Double(group(1))!, Double(group(2))!, Double(group(3))!, Double(group(4))!)
            return Word(
                text: group(5).replacingOccurrences(of: "&amp;", with: "&"),
                box: Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
        }
    }

    /// The text boxes of the ticket template filled with `values`: the frames every word must stay inside.
    static func boxes(_ values: [String: String]) throws -> [Drawing.Command.TextBox] {
        let template = try Template(contentsOf: Repo.root.appendingPathComponent("Templates/ticket.yaml"))
        return try template.render(values: values).commands.compactMap {
            if case .textBox(let box) = $0 { box } else { nil }
        }
    }

    @Test func longVenueAndTicketNumberLieInsideTheirBoxesWithEveryCharacter() throws {
        let scratch = try Scratch("cli-text-fit")
        #expect(Self.venue.count == 40 && Self.ticket.count == 32)
        for output in ["long.pdf", "long-cid.pdf"] {
            var arguments = [
                "ticket", "--member", "GCG-40167", "--ticket", Self.ticket, "--set", "venue=\(Self.venue)",
                "-o", output
            ]
            if output.contains("cid") { arguments += ["--font-mode", "cid"] }
            let result = try TicketCommandTests.mkpdf(arguments, in: scratch.url)
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let pdf = scratch.file(output)
            #expect(try Oracle.qpdfCheck(pdf).status == 0)
            let words = try Self.words(pdf)
            let boxes = try Self.boxes(["ticket": Self.ticket, "venue": Self.venue, "member": "GCG-40167"])
            #expect(boxes.count == 12, "the five data texts, the title and six labels are boxes")
            for box in boxes {
                let frame = box.frame
                let inside = words.filter { word in
                    let centre = Point(x: word.box.x + word.box.width / 2, y: word.box.y + word.box.height / 2)
                    return centre.x >= frame.x && centre.x <= frame.maxX && centre.y >= frame.y
                        && centre.y <= frame.maxY
                }
                let tolerance = 0.05
                for word in inside {
                    #expect(
                        word.box.x >= frame.x - tolerance && word.box.maxX <= frame.maxX + tolerance
                            && word.box.y >= frame.y - tolerance && word.box.maxY <= frame.maxY + tolerance,
                        "\(output): \"\(word.text)\" at \(word.box) leaves the box \(frame) of \(box.field ?? "?")")
                }
                let extracted = inside.map(\.text).joined().filter { !$0.isWhitespace }
                #expect(
                    extracted == box.string.filter { !$0.isWhitespace },
                    "\(output): box \(box.field ?? "?") extracts \"\(extracted)\", expected \"\(box.string)\"")
            }
            // No two boxes overlap, so nothing can be overprinted.
            for (index, a) in boxes.enumerated() {
                for b in boxes[(index + 1)...] {
                    let overlap =
                        a.frame.x < b.frame.maxX && b.frame.x < a.frame.maxX && a.frame.y < b.frame.maxY
                        && b.frame.y < a.frame.maxY
                    #expect(!overlap, "boxes \(a.field ?? "?") and \(b.field ?? "?") overlap")
                }
            }
        }
    }

    @Test func venueThatCannotFitEvenAtItsMinimumSizeStopsNamingTheField() throws {
        let scratch = try Scratch("cli-text-fit-error")
        let venue = String(repeating: Self.venue, count: 5)
        let result = try TicketCommandTests.mkpdf(
            [
                "ticket", "--member", "GCG-40167", "--set", "venue=\(venue)",
                "-o", "t.pdf"
            ], in: scratch.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("field \"venue\""), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("too tall") || result.stderr.contains("too wide"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("128 × 26 pt"), "the box is named: \(result.stderr)")
        #expect(try scratch.contents().isEmpty)
    }

    @Test func renderRefusesAJSONBoxThatDoesNotFitAndDrawsOneThatDoes() throws {
        let scratch = try Scratch("cli-text-fit-render")
        func drawing(_ text: String, fit: [FitPolicy]) throws -> Data {
            var canvas = Canvas()
            try canvas.start(width: 200, height: 100, opaque: true)
            try canvas.addSlot(role: "text")
            try canvas.drawTextBox(
                .role("text"), text, size: 14, x: 10, y: 10, w: 120, h: 20, fit: fit,
                field: "name")
            return try canvas.stop().jsonData()
        }
        try drawing("髙橋ﾊﾝｶｸ①〜−‖ and a very long tail that cannot fit", fit: [.error])
            .write(to: scratch.file("bad.json"))
        let bad = try TicketCommandTests.mkpdf(["render", "bad.json", "-o", "bad.pdf"], in: scratch.url)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("field \"name\"") && bad.stderr.contains("髙橋ﾊﾝｶｸ①〜−‖"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("bad.pdf").path))

        try drawing("髙橋ﾊﾝｶｸ①〜−‖ and a long tail", fit: [.wrap, .shrink, .error]).write(to: scratch.file("ok.json"))
        let ok = try TicketCommandTests.mkpdf(["render", "ok.json", "-o", "ok.pdf"], in: scratch.url)
        #expect(ok.status == 0, "\(ok.stderr)")
        let words = try Self.words(scratch.file("ok.pdf"))
        #expect(words.map(\.text).joined(separator: " ").contains("tail"))
        for word in words {
            #expect(
                word.box.x >= 9.95 && word.box.maxX <= 130.05 && word.box.y >= 9.95 && word.box.maxY <= 30.05,
                "\(word.text) at \(word.box)")
        }
    }
}
