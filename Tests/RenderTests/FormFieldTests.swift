import DrawingModule
import Foundation
import PNG
import Render
import TestSupport
import Testing

/// Form fields through the one output entry point: real AcroForm fields that pypdf reads and fills, whose appearance
/// streams poppler and MuPDF draw as mkpdf's own raster does, flattened on request, and refused with the field named
/// when two share a name or one cannot be made.
@Suite struct FormFieldTests {
    typealias Field = Drawing.Command.FormField

    /// A page with one field of every kind, Japanese values among them.
    static func form(name: String = "𠮷田 髙志", agreed: Bool = true) -> Drawing {
        let fields: [Field] = [
            Field(type: .text, name: "氏名", rect: Rect(x: 20, y: 20, width: 200, height: 26), value: name, size: 14),
            Field(type: .text, name: "フリガナ", rect: Rect(x: 20, y: 52, width: 200, height: 20), value: "ヨシダ ﾀｶｼ"),
            Field(
                type: .text, name: "住所", rect: Rect(x: 20, y: 78, width: 200, height: 40),
                value: "東京都千代田区丸の内1-9-1 〜−‖① グラントウキョウ", multiline: true),
            Field(
                type: .checkBox, name: "同意", rect: Rect(x: 20, y: 126, width: 14, height: 14),
                value: agreed ? Field.checkedValue : nil),
            Field(type: .checkBox, name: "郵送", rect: Rect(x: 40, y: 126, width: 14, height: 14)),
            Field(
                type: .radio, name: "会員種別", rect: Rect(x: 0, y: 0, width: 0, height: 0), value: "学生",
                options: [
                    .init("一般", rect: Rect(x: 20, y: 148, width: 14, height: 14)),
                    .init("学生", rect: Rect(x: 60, y: 148, width: 14, height: 14)),
                    .init("法人", rect: Rect(x: 100, y: 148, width: 14, height: 14))
                ]),
            Field(
                type: .comboBox, name: "都道府県", rect: Rect(x: 20, y: 170, width: 100, height: 20), value: "大阪府",
                options: ["東京都", "大阪府", "福岡県"].map { .init($0) }),
            Field(
                type: .listBox, name: "支払方法", rect: Rect(x: 130, y: 170, width: 110, height: 40),
                value: "銀行振込", options: ["口座振替", "クレジットカード", "銀行振込"].map { .init($0) })
        ]
        return Drawing(
            size: Size(width: 260, height: 220), background: .white, commands: fields.map { .formField($0) })
    }

    static let expectedFields = [
        "住所|/Tx|東京都千代田区丸の内1-9-1 〜−‖① グラントウキョウ", "会員種別|/Btn|/学生", "同意|/Btn|/Yes", "支払方法|/Ch|銀行振込",
        "氏名|/Tx|𠮷田 髙志", "郵送|/Btn|/Off", "都道府県|/Ch|大阪府", "フリガナ|/Tx|ヨシダ ﾀｶｼ"
    ]

    @Test func pypdfReadsEveryFieldsNameTypeAndValue() throws {
        let scratch = try Scratch("form-read")
        let pdf = scratch.file("form.pdf")
        try render(Self.form(), options: OutputOptions()).write(to: pdf)
        let check = try Oracle.qpdfCheck(pdf)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(try Oracle.pypdfFields(pdf).sorted() == Self.expectedFields.sorted())

        // pikepdf: the form's settings and what each widget carries.
        let script = """
            import sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            form = pdf.Root.AcroForm
            print("needAppearances", bool(form.NeedAppearances), "fonts", len(form.DR.Font))
            for annot in pdf.pages[0].Annots:
                field = annot.get("/Parent", annot)
                ap = annot.AP
                kinds = ",".join(sorted(str(k) for k in ap.keys()))
                states = ",".join(sorted(str(k) for k in ap.N.keys())) if isinstance(ap.N, pikepdf.Dictionary) else "stream"
                da = str(field.get("/DA", ""))
                print(str(field.T), kinds, states, str(annot.get("/AS", "")), da.split()[0] if da else "-")
            """
        let result = try Oracle.run("python3", ["-c", script, pdf.path])
        #expect(result.status == 0, "pikepdf: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "needAppearances False fonts 3", "\(lines)")
        // Text and choice widgets: one normal stream and a /DA naming a /DR font; buttons: on and off, normal and down,
        // and ZapfDingbats for a viewer that draws them itself.
        #expect(lines.contains("氏名 /N stream  /FM1"), "\(lines)")
        #expect(lines.contains("同意 /D,/N /Off,/Yes /Yes /ZaDb"), "\(lines)")
        #expect(lines.contains("郵送 /D,/N /Off,/Yes /Off /ZaDb"), "\(lines)")
        #expect(lines.contains("会員種別 /D,/N /Off,/学生 /学生 /ZaDb"), "\(lines)")
        #expect(lines.contains("会員種別 /D,/N /Off,/一般 /Off /ZaDb"), "\(lines)")
        #expect(lines.filter { $0.hasPrefix("支払方法 /N stream  /FM") }.count == 1, "\(lines)")

        // 𠮷 is not in IPAexGothic: the name field's /DA names Noto Sans CJK (the first face of gothic's chain with
        // every character of the value), embedded as a subset with the value's glyphs.
        let fonts = try Oracle.pdffonts(pdf)
        #expect(fonts.allSatisfy(\.embedded) && fonts.allSatisfy(\.subset), "\(fonts)")
        #expect(fonts.contains { $0.name.contains("NotoSansCJK") }, "\(fonts)")
    }

    /// The text `tool` (pdftotext or mutool) extracts from `pdf`, without spaces.
    static func text(_ pdf: URL, _ tool: String) throws -> String {
        let result =
            tool == "mutool"
            ? try Oracle.run("mutool", ["draw", "-q", "-F", "txt", "-o", "-", pdf.path])
            : try Oracle.run("pdftotext", ["-enc", "UTF-8", pdf.path, "-"])
        #expect(result.status == 0, "\(tool): \(result.stderr)")
        return Oracle.squeezed(result.stdout)
    }

    @Test func pypdfFillsTheFieldsAndPopplerAndMuPDFShowTheValues() throws {
        let scratch = try Scratch("form-fill")
        let pdf = scratch.file("form.pdf")
        try render(Self.form(), options: OutputOptions()).write(to: pdf)
        for tool in ["pdftotext", "mutool"] {
            let text = try Self.text(pdf, tool)
            #expect(text.contains("𠮷田髙志") && text.contains("ヨシダﾀｶｼ"), "\(tool) drew no appearance: \(text)")
        }
        // pypdf writes the values and regenerates the text appearances with each field's /DA font: kana and ASCII are
        // in its subset (the typing policy), so they show. With auto_regenerate it also sets /NeedAppearances, so the
        // viewers may draw fields their own way; without, they draw pypdf's streams and the buttons' own by /AS.
        let script = """
            import sys
            from pypdf import PdfWriter
            writer = PdfWriter(clone_from=sys.argv[1])
            writer.update_page_form_field_values(writer.pages[0], {
                "氏名": "やまだ はなこ", "フリガナ": "YAMADA HANAKO", "住所": "おおさかふ 1-2-3",
                "同意": "/Off", "郵送": "/Yes", "会員種別": "/法人", "都道府県": "福岡県"},
                auto_regenerate=sys.argv[3] == "auto")
            writer.write(sys.argv[2])
            """
        for mode in ["auto", "streams"] {
            let filled = scratch.file("filled-\(mode).pdf")
            let result = try Oracle.run("python3", ["-c", script, pdf.path, filled.path, mode])
            #expect(result.status == 0, "pypdf: \(result.stderr)")
            #expect(try Oracle.qpdfCheck(filled).status == 0)
            let fields = try Oracle.pypdfFields(filled)
            #expect(fields.contains("氏名|/Tx|やまだ はなこ") && fields.contains("郵送|/Btn|/Yes"), "\(fields)")
            for tool in ["pdftotext", "mutool"] {
                let text = try Self.text(filled, tool)
                for value in ["やまだはなこ", "YAMADAHANAKO", "おおさかふ1-2-3", "福岡県"] {
                    #expect(text.contains(value), "\(tool), \(mode): \(value) not shown in the filled file: \(text)")
                }
                #expect(!text.contains("𠮷田"), "\(tool), \(mode) still shows the old name: \(text)")
            }
            // The buttons pypdf switched: the check box 郵送 and the radio button 法人 are drawn ticked (ink inside
            // the box), 同意 and 学生 no longer. pypdf writes the radio group's /V as a string, not a name, so poppler,
            // drawing the fields itself under /NeedAppearances, finds no button of the group chosen: 法人 is checked
            // in poppler where the appearance streams are in force (auto_regenerate off), in MuPDF always.
            for tool in ["pdftoppm", "mutool"] {
                let page = try Self.raster(filled, tool: tool, in: scratch)
                #expect(
                    Self.ink(page, Rect(x: 43, y: 129, width: 8, height: 8)) > 0.2, "\(tool), \(mode): 郵送 not ticked")
                #expect(Self.ink(page, Rect(x: 23, y: 129, width: 8, height: 8)) < 0.05, "\(tool), \(mode): 同意 ticked")
                #expect(Self.ink(page, Rect(x: 63, y: 151, width: 8, height: 8)) < 0.05, "\(tool), \(mode): 学生 chosen")
                if tool == "mutool" || mode == "streams" {
                    #expect(
                        Self.ink(page, Rect(x: 103, y: 151, width: 8, height: 8)) > 0.2,
                        "\(tool), \(mode): 法人 not chosen")
                }
            }
        }
    }

    /// Page 1 of `pdf` rasterised at 2 px/pt by pdftoppm or mutool.
    static func raster(_ pdf: URL, tool: String, in scratch: Scratch) throws -> Bitmap {
        let out = scratch.file("\(pdf.deletingPathExtension().lastPathComponent)-\(tool).png")
        let result =
            tool == "mutool"
            ? try Oracle.run("mutool", ["draw", "-q", "-r", "144", "-o", out.path, pdf.path, "1"])
            : try Oracle.run(
                "pdftoppm", ["-r", "144", "-png", "-singlefile", pdf.path, out.deletingPathExtension().path])
        #expect(result.status == 0, "\(tool): \(result.stderr)")
        return try PNGDecoder().decode(contentsOf: out)
    }

    /// How dark `rect` (points; 2 px/pt) of `bitmap` is on average: 0 white … 1 black.
    static func ink(_ bitmap: Bitmap, _ rect: Rect) -> Double {
        var total = 0.0
        var count = 0
        for y in Int(rect.y * 2)..<Int(rect.maxY * 2) {
            for x in Int(rect.x * 2)..<Int(rect.maxX * 2) {
                let i = (y * bitmap.width + x) * 4
                total +=
                    1 - (Double(bitmap.pixels[i]) + Double(bitmap.pixels[i + 1]) + Double(bitmap.pixels[i + 2])) / 765
                count += 1
            }
        }
        return total / Double(max(count, 1))
    }

    /// Each viewer draws the fields' appearance streams exactly as it draws the same appearance flattened into the
    /// page.
    @Test(arguments: ["pdftoppm", "mutool"])
    func popplerAndMuPDFDrawTheAppearancesAsThePageContentTheyFlattenTo(_ tool: String) throws {
        let scratch = try Scratch("form-parity")
        let drawing = Self.form()
        var pages: [Bitmap] = []
        for flattened in [false, true] {
            var options = OutputOptions()
            options.flattensForms = flattened
            let pdf = scratch.file(flattened ? "flat.pdf" : "fields.pdf")
            try render(drawing, options: options).write(to: pdf)
            pages.append(try Self.raster(pdf, tool: tool, in: scratch))
        }
        let same = ImageComparison(pages[0], pages[1])
        #expect(
            same.channelMeans.allSatisfy { $0 <= 0.1 } && same.worstBlock <= 8,
            "\(tool): fields and flattened differ: means \(same.channelMeans), worst block \(same.worstBlock) at \(same.worstBlockOrigin)"
        )
    }

    /// mkpdf's own raster of the form is poppler's drawing of its appearance streams within the parity bounds.
    @Test func popplerDrawsTheAppearancesAsMkpdfRastersThem() throws {
        let scratch = try Scratch("form-raster-parity")
        let drawing = Self.form()
        let pdf = scratch.file("fields.pdf")
        try render(drawing, options: OutputOptions()).write(to: pdf)
        let poppler = try Self.raster(pdf, tool: "pdftoppm", in: scratch)
        let raster = try RasterRenderer().bitmap(for: drawing, scale: .factor(2))
        try #require(poppler.width == raster.width && poppler.height == raster.height)
        let comparison = ImageComparison(raster, poppler)
        #expect(
            comparison.channelMeans.allSatisfy { $0 <= ParityTests.channelBound }
                && comparison.worstBlock <= ParityTests.blockBound,
            "means \(comparison.channelMeans), worst block \(comparison.worstBlock) at \(comparison.worstBlockOrigin)")
    }

    @Test func flatteningDrawsTheValuesAsPageContentWithNoFieldsLeft() throws {
        let scratch = try Scratch("form-flat")
        let pdf = scratch.file("flat.pdf")
        var options = OutputOptions()
        options.flattensForms = true
        try render(Self.form(), options: options).write(to: pdf)
        #expect(try Oracle.pypdfFields(pdf).isEmpty)
        let check = try Oracle.run(
            "python3",
            [
                "-c",
                "import sys, pikepdf; p = pikepdf.open(sys.argv[1]); print('/AcroForm' in p.Root, '/Annots' in p.pages[0].obj)",
                pdf.path
            ])
        #expect(check.stdout == "False False\n", "\(check.stdout) \(check.stderr)")
        let text = try Self.text(pdf, "pdftotext")
        for value in ["𠮷田髙志", "ヨシダﾀｶｼ", "大阪府", "銀行振込", "〜−‖①"] {
            #expect(text.contains(value), "pdftotext: \(value) missing in \(text)")
        }
        // The document's own flag does the same as the option.
        var document = Document(pages: [Self.form()])
        document.flattensForms = true
        let own = scratch.file("own.pdf")
        try render(document).write(to: own)
        #expect(try Data(contentsOf: own) == Data(contentsOf: pdf))
    }

    /// `typing: kana` keeps kana beside the value's glyphs in the /DA font, so kana pypdf types in are drawn;
    /// `typing: shown` keeps the value's alone: a smaller file, and typed kana have no glyphs.
    @Test func theTypingPolicyDecidesWhichTypedCharactersHaveGlyphs() throws {
        let scratch = try Scratch("form-typing")
        var sizes: [Field.Typing: Int] = [:]
        for typing in Field.Typing.allCases {
            let field = Field(
                type: .text, name: "氏名", rect: Rect(x: 10, y: 10, width: 200, height: 24), value: "髙橋",
                typing: typing)
            let pdf = scratch.file("\(typing).pdf")
            try render(Drawing(size: Size(width: 220, height: 44), commands: [.formField(field)])).write(to: pdf)
            sizes[typing] = try Data(contentsOf: pdf).count
            let filled = scratch.file("\(typing)-filled.pdf")
            let script = """
                import sys
                from pypdf import PdfWriter
                writer = PdfWriter(clone_from=sys.argv[1])
                writer.update_page_form_field_values(writer.pages[0], {"氏名": "たかはし"}, auto_regenerate=False)
                writer.write(sys.argv[2])
                """
            let result = try Oracle.run("python3", ["-c", script, pdf.path, filled.path])
            #expect(result.status == 0, "pypdf: \(result.stderr)")
            let text = try Self.text(filled, "mutool")
            #expect(text.contains("たかはし") == (typing != .shown), "\(typing): \(text)")
        }
        let kana = try #require(sizes[.kana])
        let shown = try #require(sizes[.shown])
        #expect(kana > shown + 10_000, "kana \(kana) bytes, shown \(shown) bytes")
    }

    /// `typing: all` embeds the field's font whole: pypdf fills in kanji the document never showed, poppler and
    /// MuPDF draw them (ink where `typing: kana`, lacking their glyphs, leaves the field blank); a font that cannot be
    /// embedded whole is refused. (𠮷 is in no plain TrueType font here but IPAmj Mincho, whose 60,000-odd glyphs
    /// pypdf's font maps cannot take: it fails on glyph ids in the surrogate range.)
    @Test func typingAllLetsAReaderTypeAnyKanjiTheFontHas() throws {
        let (font, typed) = ("gothic", "髙橋 鷗外")
        let scratch = try Scratch("form-typing-all")
        var ink: [Field.Typing: [String: Double]] = [:]
        for typing in [Field.Typing.all, .kana] {
            let field = Field(
                type: .text, name: "氏名", rect: Rect(x: 10, y: 10, width: 200, height: 30), value: "たなか",
                font: font, size: 16, borderColor: nil, borderWidth: 0, typing: typing)
            let pdf = scratch.file("\(font)-\(typing).pdf")
            try render(Drawing(size: Size(width: 220, height: 50), commands: [.formField(field)])).write(to: pdf)
            #expect(try Oracle.qpdfCheck(pdf).status == 0)
            // docs/templates.md: the whole font is megabytes, a kana subset tens of kilobytes.
            let size = try Data(contentsOf: pdf).count
            #expect(typing == .all ? size > 1_000_000 : size < 100_000, "\(typing): \(size) bytes")
            let fonts = try Oracle.pdffonts(pdf)
            #expect(fonts.allSatisfy { $0.embedded }, "\(fonts)")
            #expect(fonts.contains { !$0.subset } == (typing == .all), "\(typing): whole only for all: \(fonts)")
            let filled = scratch.file("\(font)-\(typing)-filled.pdf")
            let script = """
                import sys
                from pypdf import PdfWriter
                writer = PdfWriter(clone_from=sys.argv[1])
                writer.update_page_form_field_values(writer.pages[0], {"氏名": sys.argv[3]}, auto_regenerate=False)
                writer.write(sys.argv[2])
                """
            let result = try Oracle.run("python3", ["-c", script, pdf.path, filled.path, typed])
            #expect(result.status == 0, "pypdf: \(result.stderr)")
            #expect(try Oracle.pypdfFields(filled) == ["氏名|/Tx|\(typed)"])
            if typing == .all {
                for tool in ["pdftotext", "mutool"] {
                    let text = try Self.text(filled, tool)
                    #expect(text.contains(typed.filter { $0 != " " }), "\(tool): \(text)")
                }
            }
            for tool in ["pdftoppm", "mutool"] {
                ink[typing, default: [:]][tool] = Self.ink(
                    try Self.raster(filled, tool: "\(tool)", in: scratch), Rect(x: 12, y: 12, width: 120, height: 26))
            }
        }
        for tool in ["pdftoppm", "mutool"] {
            let all = try #require(ink[.all]?[tool])
            let kana = try #require(ink[.kana]?[tool])
            #expect(all > 0.04, "\(tool): the typed kanji are not drawn (ink \(all))")
            #expect(kana < all / 4, "\(tool): typing: kana drew \(kana) against \(all)")
        }
    }

    @Test func typingAllRefusesAFontItCannotEmbedWhole() throws {
        let field = Field(
            type: .text, name: "氏名", rect: Rect(x: 10, y: 10, width: 200, height: 30), value: "髙橋",
            font: "gothic-cjk", typing: .all)
        let drawing = Drawing(size: Size(width: 220, height: 50), commands: [.formField(field)])
        #expect {
            try render(drawing)
        } throws: { error in
            let text = "\(error)"
            return text.contains("typing: all embeds the field's font whole") && text.contains("NotoSansCJK")
                && text.contains("not a plain TrueType font") && text.contains("page 1")
        }
        // A PNG has no field to type into: no whole font is needed.
        #expect(throws: Never.self) { try render(drawing, options: OutputOptions(format: .png)) }
    }

    @Test func aSecondFieldWithTheSameNameIsAnErrorNamingBoth() throws {
        var drawing = Self.form()
        drawing.commands.append(
            .group(
                .init(commands: [
                    .formField(Field(type: .text, name: "氏名", rect: Rect(x: 20, y: 190, width: 80, height: 20)))
                ])))
        for format in [OutputFormat.pdf, .png] {
            let error = #expect(throws: RenderError.self) {
                try render(drawing, options: OutputOptions(format: format))
            }
            let text = "\(error.map { "\($0)" } ?? "")"
            #expect(
                text.contains("form field \"氏名\" at page 1, commands[8].commands[0]")
                    && text.contains("the field at page 1, commands[0] has the same name"), "\(text)")
        }
    }

    @Test func aFieldThatCannotBeMadeIsAnErrorNamingItsMember() throws {
        let cases: [(Field, String)] = [
            (
                Field(
                    type: .radio, name: "種別", rect: Rect(x: 0, y: 0, width: 0, height: 0), value: "上級",
                    options: [.init("一般", rect: Rect(x: 10, y: 10, width: 12, height: 12))]),
                "\"上級\" is not one of the options"
            ),
            (Field(type: .text, name: "a.b", rect: Rect(x: 10, y: 10, width: 50, height: 20)), "holds a period"),
            (
                Field(type: .text, name: "一行", rect: Rect(x: 10, y: 10, width: 50, height: 20), value: "一\n二"),
                "line break"
            ),
            (Field(type: .comboBox, name: "選択", rect: Rect(x: 10, y: 10, width: 50, height: 20)), "at least one option")
        ]
        for (field, reason) in cases {
            let drawing = Drawing(size: Size(width: 100, height: 100), commands: [.formField(field)])
            let error = #expect(throws: RenderError.self) { try render(drawing) }
            #expect("\(error.map { "\($0)" } ?? "")".contains(reason), "\(String(describing: error))")
        }
    }

    @Test func aFieldInAScaledPartCoversWhereThePartShowsIt() throws {
        let inner = Drawing(
            size: Size(width: 100, height: 50),
            commands: [
                .formField(
                    Field(type: .text, name: "内側", rect: Rect(x: 10, y: 10, width: 80, height: 20), value: "ABC"))
            ])
        let page = Drawing(
            size: Size(width: 300, height: 200),
            commands: [.part(.init(drawing: inner, rect: Rect(x: 50, y: 40, width: 200, height: 100)))])
        let scratch = try Scratch("form-part")
        let pdf = scratch.file("part.pdf")
        try render(page).write(to: pdf)
        let script = """
            import sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            annot = pdf.pages[0].Annots[0]
            print(" ".join("%.0f" % float(v) for v in annot.Rect))
            """
        let result = try Oracle.run("python3", ["-c", script, pdf.path])
        // (10, 10) 80×20 in the part is (70, 60) 160×40 on the page; PDF's y is 200 − 100 = 100 up to 140.
        #expect(result.stdout == "70 100 230 140\n", "\(result.stdout) \(result.stderr)")
        for tool in ["pdftotext", "mutool"] {
            #expect(try Self.text(pdf, tool).contains("ABC"), "\(tool)")
        }
        let raster = try RasterRenderer().bitmap(for: page, scale: .factor(2))
        let poppler = try Self.raster(pdf, tool: "pdftoppm", in: scratch)
        let comparison = ImageComparison(raster, poppler)
        #expect(comparison.channelMeans.allSatisfy { $0 <= 1.5 }, "\(comparison.channelMeans)")
    }
}
