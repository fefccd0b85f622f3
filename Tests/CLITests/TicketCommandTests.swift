import Foundation
import PNG
import TestSupport
import Testing
import Validation

/// `mkpdf ticket` end to end: the PDF passes qpdf and the validator and holds the texts, the QR code scans from the
/// PNG and from the PDF as poppler draws it, PNG and PDF show the same picture, and bad input leaves no file.
@Suite struct TicketCommandTests {
    static let payload = "FN-579-413/GCG-40167"

    /// Runs `mkpdf` in `folder`.
    static func mkpdf(_ arguments: [String], in folder: URL) throws -> Oracle.Result {
        try Oracle.run(Repo.mkpdf.path, arguments, directory: folder)
    }

    /// What zbarimg reads from an image file, or "" when it finds no code.
    static func scan(_ image: URL) throws -> String {
        try Oracle.run("zbarimg", ["--raw", "-q", image.path]).stdout.trimmingCharacters(in: .newlines)
    }

    /// The PDF rasterised by `pdftoppm -r 144` (2 pixels per point), as a PNG file next to it.
    static func rasterise(_ pdf: URL) throws -> URL {
        let prefix = pdf.deletingPathExtension().path + "-poppler"
        let result = try Oracle.run("pdftoppm", ["-r", "144", "-png", "-singlefile", pdf.path, prefix])
        #expect(result.status == 0, "pdftoppm: \(result.stderr)")
        return URL(fileURLWithPath: prefix + ".png")
    }

    @Test func yamsEncodingVariableLeavesThePDFOnStandardOutputAlone() throws {
        let scratch = try Scratch("cli-ticket-yams-encoding")
        let arguments = ["ticket", "--member", "GCG-40167", "-o", "-"]
        let plain = try Oracle.run(Repo.mkpdf.path, arguments, directory: scratch.url)
        #expect(plain.status == 0, "stderr: \(plain.stderr)")
        #expect(plain.data.starts(with: Data("%PDF-".utf8)))
        // Yams' default encoding reads YAMS_DEFAULT_ENCODING and announces it on standard output, after the PDF.
        let set = try Oracle.run(
            Repo.mkpdf.path, arguments, environment: ["YAMS_DEFAULT_ENCODING": "UTF16"], directory: scratch.url)
        #expect(set.status == 0, "stderr: \(set.stderr)")
        #expect(set.data == plain.data, "\(set.stdout.suffix(200))")
        #expect(try scratch.contents().isEmpty)
    }

    @Test func defaultRunWritesAValidPDFNamedForTheMember() throws {
        let scratch = try Scratch("cli-ticket")
        let result = try Self.mkpdf(["ticket", "--member", "GCG-40167"], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let file = scratch.file("ticket-GCG-40167.pdf")
        #expect(
            result.stdout == file.standardizedFileURL.path + "\n" || result.stdout.hasSuffix("/ticket-GCG-40167.pdf\n"))
        #expect(try scratch.contents() == ["ticket-GCG-40167.pdf"])

        #expect(try Oracle.qpdfCheck(file).status == 0)
        let report = try Validator(
            options: ValidationOptions(
                requireEmbeddedFonts: true, pageCount: 1, texts: ["入場整理券", "会員番号", "GCG-40167", "FN-579-413"],
                pageSize: ExpectedPageSize(width: 400, height: 150))
        ).validate(file)
        #expect(report.isValid, "\(report.errors)")
        let lines = try Oracle.pdftotext(file).split(separator: "\n").map(String.init)
        #expect(lines == Self.lines, "pdftotext gives the redesigned ticket's lines in reading order: \(lines)")
        let picture = try Self.rasterise(file)
        #expect(try Self.scan(picture) == Self.payload)
        #expect(try Self.zxing(picture) == [Self.payload])
        let validate = try Self.mkpdf(["validate", file.path], in: scratch.url)
        #expect(validate.status == 0 && validate.stdout.contains("0 errors, 0 warnings"), "\(validate.stdout)")
        // MuPDF and pypdf read every line back too (their order between the columns differs from poppler's; they
        // read the quarter em of 和欧間 in 2014年12月20日 as a word space, which poppler, reading the line's
        // /ActualText, does not).
        let mupdf = try Oracle.run("mutool", ["draw", "-q", "-F", "txt", "-o", "-", file.path]).stdout
        let pypdf = try Oracle.run(
            "python3",
            [
                "-W", "error", "-c",
                "import sys, pypdf; "
                    + "print(pypdf.PdfReader(sys.argv[1], strict=True).pages[0].extract_text())", file.path
            ])
        #expect(pypdf.status == 0, "pypdf: \(pypdf.stderr)")
        for line in Self.lines.dropLast() {
            #expect(Oracle.squeezed(mupdf).contains(Oracle.squeezed(line)), "mutool lacks \(line): \(mupdf)")
            #expect(
                Oracle.squeezed(pypdf.stdout).contains(Oracle.squeezed(line)), "pypdf lacks \(line): \(pypdf.stdout)")
        }
    }

    /// The ticket's text as `pdftotext` gives it, empty lines left out, in poppler's reading order (it reads the
    /// labels of the two columns' first rows across, then down): every label a line of its own without a colon,
    /// every value exactly as given, then the footer and the page's form feed.
    static let lines = [
        "入場整理券", "会員番号", "整理番号", "開催場所", "FN-579-413", "秘密（招待メール参照）", "GCG-40167",
        "日付", "2014年12月20日", "発行", "ガイガー・カウント・グループ", "watashida@gaigaigai.com", "\u{0C}"
    ]

    /// What zxing-cpp reads from an image file: a second, independent QR reader next to zbar.
    static func zxing(_ image: URL) throws -> [String] {
        let script = """
            import sys, json, zxingcpp
            from PIL import Image
            print(json.dumps([r.text for r in zxingcpp.read_barcodes(Image.open(sys.argv[1]).convert("L"))]))
            """
        let result = try Oracle.run("python3", ["-c", script, image.path])
        #expect(result.status == 0, "zxing-cpp: \(result.stderr)")
        return try JSONDecoder().decode([String].self, from: Data(result.stdout.utf8))
    }

    @Test func pngScansAndMatchesThePDFPixelForPixel() throws {
        let scratch = try Scratch("cli-ticket-png")
        let png = scratch.file("ticket.png")
        let pdf = scratch.file("ticket.pdf")
        #expect(try Self.mkpdf(["ticket", "--member", "GCG-40167", "-o", "ticket.png"], in: scratch.url).status == 0)
        #expect(try Self.mkpdf(["ticket", "--member", "GCG-40167", "-o", "ticket.pdf"], in: scratch.url).status == 0)
        #expect(try Self.scan(png) == Self.payload)
        let raster = try PNGDecoder().decode(contentsOf: png)
        #expect(raster.width == 800 && raster.height == 300)
        let poppler = try PNGDecoder().decode(contentsOf: try Self.rasterise(pdf))
        try #require(raster.width == poppler.width && raster.height == poppler.height)
        // RenderTests' parity bounds: mean channel difference ≤ 2 %, any 8 × 8 block ≤ 25 % (anti-aliasing only).
        let difference = PixelDifference(raster, poppler)
        #expect(difference.channelMean <= 0.02 * 255, "mean \(difference.channelMean)")
        #expect(difference.worstBlock <= 0.25 * 255, "block \(difference.worstBlock) at \(difference.worstBlockOrigin)")
        // The QR modules are crisp: every pixel of the code and its quiet zone is pure black or pure white in the
        // PNG (the square x 288…384, y 16…112 pt; the code with its quiet zone is centred in it).
        let codeBox = (x: 2 * 295..<2 * 377, y: 2 * 23..<2 * 105)
        var grey = 0
        for y in codeBox.y {
            for x in codeBox.x {
                let value = raster.pixels[(y * raster.width + x) * 4]
                if value != 0 && value != 255 { grey += 1 }
            }
        }
        #expect(grey == 0, "\(grey) grey pixels inside the QR code")
    }

    @Test func valuesFromOptionsReachTextAndCode() throws {
        let scratch = try Scratch("cli-ticket-values")
        let result = try Self.mkpdf(
            [
                "ticket", "--member", "abc-9", "--ticket", "T-1", "--date", "2026年11月21日",
                "--set", "venue=東京ドーム 〜①髙ﾊﾝｶｸ", "--set", "email=a=b@example.com"
            ],
            in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let file = scratch.file("ticket-abc-9.pdf")
        let text = try Oracle.pdftotext(file)
        #expect(text.contains("\nabc-9\n") && text.contains("\nT-1\n") && text.contains("\n2026年11月21日\n"))
        #expect(text.contains("\n東京ドーム 〜①髙ﾊﾝｶｸ\n") && text.contains("a=b@example.com"), "\(text)")
        #expect(try Self.scan(try Self.rasterise(file)) == "T-1/abc-9")
    }

    @Test("𠮷 (only in gothic's fallback, Noto Sans CJK JP) and 髙 in a name: ticket and render extract exactly")
    func charactersOfTheFallbackFontPassTheTemplateCheck() throws {
        let scratch = try Scratch("cli-ticket-fallback")
        let name = "issuer=𠮷田 髙子"
        let ticket = try Self.mkpdf(["ticket", "--member", "GCG-40167", "--set", name, "-o", "t.pdf"], in: scratch.url)
        #expect(ticket.status == 0, "stderr: \(ticket.stderr)")
        let template = Repo.root.appendingPathComponent("Templates/ticket.yaml").path
        let render = try Self.mkpdf(
            ["render", template, "--set", "member=GCG-1", "--set", name, "-o", "r.pdf"],
            in: scratch.url)
        #expect(render.status == 0, "stderr: \(render.stderr)")
        for file in [scratch.file("t.pdf"), scratch.file("r.pdf")] {
            #expect(try Oracle.qpdfCheck(file).status == 0)
            #expect(try Oracle.pdftotext(file).contains("\n𠮷田 髙子\n"))
            let fonts = try Oracle.pdffonts(file)
            #expect(
                fonts.contains { $0.name.hasSuffix("+IPAexGothic") }
                    && fonts.contains { $0.name.contains("NotoSansCJK") },
                "\(fonts)")
            // Each subset's descriptor has the keys PDF requires and no CIDSet (deprecated by PDF 2.0, required only
            // by PDF/A-1); every code the page shows (the ToUnicode's) is a glyph of the TrueType program.
            let script = """
                import re, struct, sys, pikepdf
                p = pikepdf.open(sys.argv[1])
                for font in p.pages[0].Resources.Font.values():
                    cid = font.DescendantFonts[0]
                    descriptor = cid.FontDescriptor
                    assert "/CIDSet" not in descriptor
                    for key in ("/FontName", "/Flags", "/FontBBox", "/ItalicAngle", "/Ascent", "/Descent",
                                "/CapHeight", "/StemV"):
                        assert key in descriptor, key
                    used = set()
                    for line in font.ToUnicode.read_bytes().split(b"endcodespacerange")[1].splitlines():
                        codes = [int(c, 16) for c in re.findall(rb"<([0-9A-F]+)>", line)]
                        if len(codes) == 3: used |= set(range(codes[0], codes[1] + 1))  # bfrange
                        elif len(codes) >= 2: used.add(codes[0])                        # bfchar
                    assert used
                    if cid.Subtype == "/CIDFontType2":
                        ttf = descriptor.FontFile2.read_bytes()
                        tables = {ttf[12 + 16 * i:16 + 16 * i]: struct.unpack(">I", ttf[20 + 16 * i:24 + 16 * i])[0]
                                  for i in range(struct.unpack(">H", ttf[4:6])[0])}
                        glyphs = struct.unpack(">H", ttf[tables[b"maxp"] + 4:tables[b"maxp"] + 6])[0]
                        assert max(used) < glyphs, (used, glyphs)
                    print(cid.Subtype, len(used))
                """
            let check = try Oracle.run("python3", ["-W", "error", "-c", script, file.path])
            #expect(
                check.status == 0 && check.stdout.contains("/CIDFontType2") && check.stdout.contains("/CIDFontType0"),
                "\(check.stdout) \(check.stderr)")
        }
    }

    @Test func cidFontModeIsSmallAndItsTextExtracts() throws {
        let scratch = try Scratch("cli-ticket-cid")
        let result = try Self.mkpdf(
            ["ticket", "--member", "GCG-40167", "--font-mode", "cid", "-o", "cid.pdf"],
            in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let file = scratch.file("cid.pdf")
        let size = try Data(contentsOf: file).count
        #expect(size < 8 * 1024, "CID ticket is \(size) bytes")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        // Every regular text is MS-PGothic, not embedded; only the bold title's face (gothic-bold, Noto Sans CJK
        // JP Bold, which has no CID-mode stand-in) is an embedded subset of its five characters.
        let fonts = try Oracle.pdffonts(file)
        #expect(
            fonts.count == 2 && fonts.contains { $0.name == "MS-PGothic" && !$0.embedded }
                && fonts.contains { $0.name.hasSuffix("+NotoSansCJKjp-Bold") && $0.embedded && $0.subset },
            "\(fonts)")
        // Every string comes back exactly, ASCII hyphens included (MS-PGothic's widths move poppler's reading order
        // between the columns, so the lines are compared as a set).
        let lines = try Oracle.pdftotext(file).split(separator: "\n").map(String.init)
        #expect(lines.sorted() == Self.lines.sorted(), "\(lines)")
        #expect(try Self.scan(try Self.rasterise(file)) == Self.payload)
    }

    @Test func formatOptionNamesTheDefaultFile() throws {
        let scratch = try Scratch("cli-ticket-format")
        let result = try Self.mkpdf(
            ["ticket", "--member", "GCG-40167", "--format", "png", "--scale", "1"],
            in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try scratch.contents() == ["ticket-GCG-40167.png"])
        let bitmap = try PNGDecoder().decode(contentsOf: scratch.file("ticket-GCG-40167.png"))
        #expect(bitmap.width == 400 && bitmap.height == 150)
        #expect(try Self.scan(scratch.file("ticket-GCG-40167.png")) == Self.payload)
        let clash = try Self.mkpdf(
            ["ticket", "--member", "GCG-40167", "--format", "png", "-o", "x.pdf"], in: scratch.url)
        #expect(clash.status != 0 && clash.stderr.contains("contradicts"))
        #expect(try scratch.contents() == ["ticket-GCG-40167.png"])
    }

    @Test func helpShowsExamples() throws {
        let scratch = try Scratch("cli-ticket-help")
        let result = try Self.mkpdf(["ticket", "--help"], in: scratch.url)
        #expect(result.status == 0)
        #expect(
            result.stdout.contains("Examples:")
                && result.stdout.contains("mkpdf ticket --member GCG-40167 -o ticket.png"))
        #expect(result.stdout.contains("--font-mode") && result.stdout.contains("--set"))
    }

    @Test func renderFillsAnyTemplateWithSet() throws {
        let scratch = try Scratch("cli-render-template")
        let template = Repo.root.appendingPathComponent("Templates/ticket.yaml").path
        let pdf = try Self.mkpdf(
            [
                "render", template, "--set", "member=ABC-1", "--set", "venue=大阪城ホール",
                "-o", "t.pdf"
            ], in: scratch.url)
        #expect(pdf.status == 0, "stderr: \(pdf.stderr)")
        let text = try Oracle.pdftotext(scratch.file("t.pdf"))
        #expect(text.contains("\nABC-1\n") && text.contains("\n大阪城ホール\n"), "\(text)")
        let png = try Self.mkpdf(
            ["render", template, "--set", "member=ABC-1", "--scale", "2", "-o", "t.png"],
            in: scratch.url)
        #expect(png.status == 0, "stderr: \(png.stderr)")
        #expect(try Self.scan(scratch.file("t.png")) == "FN-579-413/ABC-1")
        let bad = try Self.mkpdf(["render", template, "--set", "venue=😀", "-o", "x.pdf"], in: scratch.url)
        #expect(bad.status != 0 && bad.stderr.contains("U+1F600") && bad.stderr.contains("{{venue}}"), "\(bad.stderr)")
        #expect(try scratch.contents() == ["t.pdf", "t.png"])
    }

    /// Bad input: the arguments, and text the message on stderr must hold.
    static let badInputs: [(String, [String], [String])] = [
        ("unknown flag", ["--member", "GCG-40167", "--colour", "red"], ["--colour"]),
        ("missing member", [], ["--member"]),
        ("path in member", ["--member", "../../etc/x"], ["\"../../etc/x\" of {{member}}", "does not match the pattern"]),
        ("newline in member", ["--member", "GCG\n40167"], ["{{member}}", "control character U+000A"]),
        ("empty member", ["--member", ""], ["the value \"\" of {{member}}", "ticket.yaml:35:11"]),
        ("member off pattern", ["--member", "GCG 40167"], ["does not match the pattern ^[A-Za-z0-9-]{1,32}$"]),
        ("ticket off pattern", ["--member", "GCG-1", "--ticket", "FN/1"], ["\"FN/1\" of {{ticket}}", "patterns.ticket"]),
        ("custom pattern", ["--member", "GCG-1", "--id-pattern", "^[0-9]+$"], ["matching ^[0-9]+$"]),
        (
            "missing template", ["--member", "GCG-1", "--template", "none.yaml"],
            ["none.yaml", "cannot read the template"]
        ),
        (
            "template syntax", ["--member", "GCG-1", "--template", "bad.yaml"],
            ["bad.yaml:4:1: YAML syntax error", "flow mapping at 3:11"]
        ),
        ("unwritable output", ["--member", "GCG-1", "-o", "no/such/folder/t.pdf"], ["no/such/folder/t.pdf"]),
        ("unknown extension", ["--member", "GCG-1", "-o", "t.txt"], [".pdf or .png"]),
        (
            "glyph no font of the chain has", ["--member", "GCG-1", "--set", "venue=𠮷野家😀"],
            ["😀", "U+1F600", "{{venue}}", "gothic (/", "ipaexg.ttf", "gothic-cjk (/", "NotoSansCJK-Regular.ttc"]
        ),
        ("unknown placeholder", ["--member", "GCG-1", "--set", "venu=x"], ["\"venu\"", "venue"]),
        ("bad assignment", ["--member", "GCG-1", "--set", "venue"], ["key=value"])
    ]

    @Test(arguments: badInputs.indices)
    func badInputFailsWithAMessageAndNoFile(_ index: Int) throws {
        let (label, arguments, expected) = Self.badInputs[index]
        let scratch = try Scratch("cli-ticket-bad")
        try "size: {width: 10, height: 10}\nelements:\n  - text: {role: x, text: \"a\", size: 3\n"
            .write(to: scratch.file("bad.yaml"), atomically: true, encoding: .utf8)
        let result = try Self.mkpdf(["ticket"] + arguments, in: scratch.url)
        #expect(result.status != 0, "\(label): exit 0")
        for text in expected {
            #expect(result.stderr.contains(text), "\(label): stderr lacks \(text): \(result.stderr)")
        }
        #expect(result.stdout.isEmpty, "\(label): stdout \(result.stdout)")
        #expect(try scratch.contents() == ["bad.yaml"], "\(label): files left behind")
    }
}

/// How far two same-sized RGBA images differ after compositing over white: the mean absolute difference of R, G, B
/// over the page, and the worst 8 × 8 block (the measure of RenderTests' parity test).
struct PixelDifference {
    var channelMean: Double
    var worstBlock: Double
    var worstBlockOrigin: (x: Int, y: Int)

    init(_ a: Bitmap, _ b: Bitmap) {
        func value(_ bitmap: Bitmap, _ index: Int, _ channel: Int) -> Double {
            let alpha = bitmap.hasAlpha ? Double(bitmap.pixels[index + 3]) / 255 : 1
            return Double(bitmap.pixels[index + channel]) * alpha + 255 * (1 - alpha)
        }
        let blocksX = (a.width + 7) / 8
        let blocksY = (a.height + 7) / 8
        var blocks = [Double](repeating: 0, count: blocksX * blocksY)
        var counts = [Double](repeating: 0, count: blocksX * blocksY)
        var total = 0.0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let index = (y * a.width + x) * 4
                var difference = 0.0
                for channel in 0..<3 { difference += abs(value(a, index, channel) - value(b, index, channel)) }
                total += difference
                blocks[(y / 8) * blocksX + x / 8] += difference
                counts[(y / 8) * blocksX + x / 8] += 3
            }
        }
        channelMean = total / Double(a.width * a.height * 3)
        var worst = 0.0
        var origin = (x: 0, y: 0)
        for index in blocks.indices where counts[index] > 0 && blocks[index] / counts[index] > worst {
            worst = blocks[index] / counts[index]
            origin = (index % blocksX * 8, index / blocksX * 8)
        }
        worstBlock = worst
        worstBlockOrigin = origin
    }
}
