import Foundation
import TestSupport
import Testing

/// What used to be lost silently or reported without bound (issue 47) is now an error, the same for PDF and PNG:
/// a vertical box that drew a part of its text, a page no PDF can hold written as a 1 × 1 pixel PNG, an element
/// moved to 1e308, an error quoting a whole 10 MB value or 1 MB barcode payload, and `mkpdf image` past
/// `image-bytes`.
@Suite struct SilentLossTests {
    static func mkpdf(_ arguments: [String], in scratch: Scratch) throws -> Oracle.Result {
        try Oracle.run(Repo.mkpdf.path, arguments, directory: scratch.url)
    }

    @Test(arguments: ["pdf", "png"])
    func aVerticalBoxWhoseWordCannotStandInOneColumnIsAnError(_ format: String) throws {
        let scratch = try Scratch("vertical-loss")
        try """
        page: {width: 200, height: 300}
        palette: {ink: {stroke: "#000000"}}
        data: {t: ""}
        elements:
          - text: {role: ink, text: "{{t}}", size: 14, x: 10, y: 10, w: 40, h: 200, writing: vertical,
                   fit: [shrink, wrap, shrink, error], minSize: 5}
        """.write(to: scratch.file("v.yaml"), atomically: true, encoding: .utf8)
        let word = String(repeating: "a", count: 200)
        let lost = try Self.mkpdf(["render", "v.yaml", "--set", "t=\(word)", "-o", "v.\(format)"], in: scratch)
        #expect(lost.status == 1, "200 letters turned as one word do not fit a 200 pt column: \(lost.stdout)")
        #expect(lost.stderr.contains("does not fit its box"), "\(lost.stderr)")
        #expect(lost.stderr.contains("field \"t\""), "\(lost.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("v.\(format)").path))
        // 200 kana break between any two characters: they shrink, wrap into columns and are all drawn.
        let kana = String(repeating: "あ", count: 200)
        let drawn = try Self.mkpdf(["render", "v.yaml", "--set", "t=\(kana)", "-o", "k.pdf"], in: scratch)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let text = try Oracle.pdftotext(scratch.file("k.pdf")).filter { $0 == "あ" }
        #expect(text.count == 200, "every character drawn: \(text.count)")
    }

    @Test(arguments: ["pdf", "png"])
    func aPageOfZeroByZeroIsRefusedAlikeForPDFAndPNG(_ format: String) throws {
        let scratch = try Scratch("zero-page")
        try """
        page: {width: 0, height: 0}
        palette: {ink: {stroke: "#000000"}}
        elements:
          - text: {role: ink, text: x, size: 9, x: 0, y: 0}
        """.write(to: scratch.file("z.yaml"), atomically: true, encoding: .utf8)
        let refused = try Self.mkpdf(["render", "z.yaml", "-o", "z.\(format)"], in: scratch)
        #expect(refused.status == 3, "an error of the template: \(refused.stdout)")
        #expect(
            refused.stderr.contains(
                "cannot render page 1: the page's width is 0 pt. Fix: give the page sides between 3 and 14400 pt"),
            "\(refused.stderr)")
        #expect(try scratch.contents().allSatisfy { !$0.hasPrefix("z.p") && !$0.hasPrefix("z-") })
    }

    @Test(arguments: ["pdf", "png"])
    func anElementAt1e308IsRefusedNamingTheKeyAndLine(_ format: String) throws {
        let scratch = try Scratch("far-element")
        try """
        page: a6
        palette: {ink: {stroke: "#000000"}}
        elements:
          - line: {role: ink, x1: 0, y1: 0, x2: 10, y2: 10, repeat: {count: 3, dx: 1e308}}
        """.write(to: scratch.file("f.yaml"), atomically: true, encoding: .utf8)
        let refused = try Self.mkpdf(["render", "f.yaml", "-o", "f.\(format)"], in: scratch)
        #expect(refused.status == 3, "an error of the template")
        #expect(
            refused.stderr.contains("f.yaml:4:") && refused.stderr.contains("\"dx\" cannot be 1e308")
                && refused.stderr.contains("from -1000000 to 1000000"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("f.\(format)").path))
    }

    @Test func aTenMegabyteValueIsRefusedAtOnceAndAValueThatDoesNotFitIsQuotedInALine() throws {
        let scratch = try Scratch("huge-value")
        try """
        page: a6
        palette: {ink: {stroke: "#000000"}}
        data: {t: ""}
        elements:
          - text: {role: ink, text: "{{t}}", size: 12, x: 10, y: 10, w: 100, h: 20, fit: [error]}
        """.write(to: scratch.file("h.yaml"), atomically: true, encoding: .utf8)
        let value = String(repeating: "長い値 ", count: 1_050_000) // 10.5 MB of UTF-8
        try Data("{\"t\": \"\(value)\"}".utf8).write(to: scratch.file("h.json"))
        let clock = ContinuousClock()
        let start = clock.now
        let refused = try Self.mkpdf(["render", "h.yaml", "--data", "h.json", "-o", "h.pdf"], in: scratch)
        let elapsed = clock.now - start
        print("a 10.5 MB value: \(elapsed), \(refused.stderr.utf8.count) bytes of message")
        #expect(refused.status == 4, "a limit")
        #expect(
            refused.stderr.contains(
                "h.yaml:5:29: the text {{t}} fills holds 10500000 bytes, over the limit text-bytes of 1048576 bytes"),
            "\(refused.stderr.prefix(500))")
        #expect(refused.stderr.utf8.count < 1_000, "a bounded message: \(refused.stderr.utf8.count) bytes")
        #expect(elapsed < .seconds(5), "refused before it is measured: \(elapsed)")

        // Within text-bytes, a value that does not fit is quoted by its first 80 characters and its length.
        let long = String(repeating: "長い値 ", count: 25_000)
        try Data("{\"t\": \"\(long)\"}".utf8).write(to: scratch.file("l.json"))
        let unfit = try Self.mkpdf(["render", "h.yaml", "--data", "l.json", "-o", "h.pdf"], in: scratch)
        #expect(unfit.status == 1)
        #expect(unfit.stderr.contains("does not fit its box"), "\(unfit.stderr.prefix(500))")
        #expect(unfit.stderr.contains("… (100000 characters)\" does not fit"), "\(unfit.stderr.prefix(500))")
        #expect(unfit.stderr.utf8.count < 1_000, "a bounded message: \(unfit.stderr.utf8.count) bytes")
    }

    @Test(arguments: ["ean13", "itf14"])
    func aBarcodeErrorQuotesAnExcerptOfAMegabytePayload(_ kind: String) throws {
        let scratch = try Scratch("huge-payload")
        try """
        page: a6
        palette: {code: {stroke: "#000000", fill: "#000000"}, paper: {stroke: "#FFFFFF", fill: "#FFFFFF"}}
        data: {code: ""}
        elements:
          - barcode: {role: code, light: paper, kind: \(kind), data: "{{code}}", x: 10, y: 10, w: 200, h: 60}
        """.write(to: scratch.file("b.yaml"), atomically: true, encoding: .utf8)
        try Data("{\"code\": \"\(String(repeating: "4", count: 1_000_000))\"}".utf8).write(to: scratch.file("b.json"))
        let refused = try Self.mkpdf(["render", "b.yaml", "--data", "b.json", "-o", "b.pdf"], in: scratch)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("got 1000000"), "\(refused.stderr.prefix(500))")
        #expect(refused.stderr.contains("… (1000000 characters)"), "\(refused.stderr.prefix(500))")
        #expect(refused.stderr.utf8.count < 1_000, "a bounded message: \(refused.stderr.utf8.count) bytes")
    }

    /// Writes a gray PNG of `width` × `height` black pixels to `file` with Python's zlib: a few hundred kilobytes
    /// that decode to width × height × 4 bytes of RGBA.
    static func writeBlackPNG(width: Int, height: Int, to file: URL) throws {
        let script = """
            import struct, sys, zlib
            w, h, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
            def chunk(kind, body):
                return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
            rows = zlib.compress(bytes(w + 1) * h, 9)
            with open(path, "wb") as f:
                f.write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
                        + chunk(b"IDAT", rows) + chunk(b"IEND", b""))
            """
        let made = try Oracle.run("python3", ["-c", script, String(width), String(height), file.path])
        #expect(made.status == 0, "\(made.stderr)")
    }

    @Test(arguments: ["pdf", "png"])
    func imageHoldsEachInputToImageBytes(_ format: String) throws {
        let scratch = try Scratch("image-bytes")
        // 6,000 × 6,000 pixels: 144,000,000 bytes of RGBA, over the default 128 MiB.
        try Self.writeBlackPNG(width: 6_000, height: 6_000, to: scratch.file("big.png"))
        let clock = ContinuousClock()
        let start = clock.now
        let refused = try Self.mkpdf(["image", "big.png", "-o", "out.\(format)"], in: scratch)
        let elapsed = clock.now - start
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains(
                "big.png: the image decodes to 144000000 bytes, over the limit image-bytes of 134217728 bytes"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("--limit image-bytes=N"), "\(refused.stderr)")
        #expect(elapsed < .seconds(2), "refused from its header, before decoding: \(elapsed)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out.\(format)").path))
        // A lower limit refuses a small image too, by its file size first.
        try Self.writeBlackPNG(width: 100, height: 100, to: scratch.file("small.png"))
        let small = try Self.mkpdf(
            ["image", "small.png", "-o", "s.\(format)", "--limit", "image-bytes=10"], in: scratch)
        #expect(small.status != 0)
        #expect(small.stderr.contains("small.png: the image file holds"), "\(small.stderr)")
        let fine = try Self.mkpdf(["image", "small.png", "-o", "s.\(format)"], in: scratch)
        #expect(fine.status == 0, "\(fine.stderr)")
    }
}
