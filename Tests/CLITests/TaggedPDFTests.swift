import Foundation
import TestSupport
import Testing

/// `--pdfua`: tagged PDF/UA-1 documents read back by their readers — the structure tree walked with pikepdf and
/// pdfium, two PDF/UA checkers from PyPI (outloud and pdfua), qpdf — and untagged output left as it was.
@Suite struct TaggedPDFTests {
    static func mkpdf(_ arguments: [String], in scratch: Scratch) throws -> Oracle.Result {
        try Oracle.run(Repo.mkpdf.path, arguments, directory: scratch.url)
    }

    static func path(_ name: String) -> String { Repo.root.appendingPathComponent(name).path }

    /// Every template, rendered with `--pdfua` as its own sample values fill it; the invoice with its 40 lines and
    /// the member report over its CSV too.
    static let runs: [(name: String, arguments: [String])] =
        [
            "anchor-ticket", "application", "certificate", "chart", "invoice", "postcard", "receipt", "report",
            "seed-ticket", "ticket", "voucher"
        ].map { ($0, ["render", path("Templates/\($0).yaml")]) } + [
            ("invoice-40", ["render", path("Templates/invoice.yaml"), "--data", path("samples/invoice.json")]),
            (
                "report-members",
                ["report", "--data", path("samples/members.csv"), "--template", path("Templates/report.yaml")]
            )
        ]

    @Test(arguments: runs.map(\.name))
    func everyTemplatePassesBothPDFUACheckersAndQpdf(name: String) throws {
        let scratch = try Scratch("pdfua-\(name)")
        let run = try #require(Self.runs.first { $0.name == name })
        let made = try Self.mkpdf(run.arguments + ["--pdfua", "-o", "\(name).pdf"], in: scratch)
        try #require(made.status == 0, "\(made.stderr)")
        let file = scratch.file("\(name).pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        // outloud exits non-zero for an error finding; its warnings (an e-mail address printed without a link,
        // a code's alternative text that holds the code) are a person's to judge.
        let outloud = try Oracle.run("outloud", ["--no-info", file.path])
        #expect(outloud.status == 0, "\(outloud.stdout)\(outloud.stderr)")
        #expect(outloud.stdout.contains("0 error(s)"), "\(outloud.stdout)")
        // pdfua exits 0 only with no finding at all.
        let pdfua = try Oracle.run("pdfua", ["check", file.path])
        #expect(pdfua.status == 0, "\(pdfua.stdout)\(pdfua.stderr)")
        let structure = try Oracle.structure(file)
        #expect(structure.marked && structure.displayTitle && structure.uaPart == "1")
        #expect(structure.lang == "ja-JP")
        #expect(structure.tabs.allSatisfy { $0 == "/S" } && !structure.tabs.isEmpty)
        #expect(structure.elements.first?.type == "Document")
    }

    /// The control: the same invoice without `--pdfua` fails both checkers, so their passes above mean something.
    @Test func anUntaggedInvoiceFailsBothCheckers() throws {
        let scratch = try Scratch("pdfua-control")
        _ = try Self.mkpdf(
            ["render", Self.path("Templates/invoice.yaml"), "--no-pdfua", "-o", "plain.pdf"], in: scratch)
        let file = scratch.file("plain.pdf")
        #expect(try Oracle.run("outloud", ["--no-info", file.path]).status != 0)
        #expect(try Oracle.run("pdfua", ["check", file.path]).status == 3)
    }

    @Test func theInvoiceTableHasColumnHeadersAndOneRowPerLine() throws {
        let scratch = try Scratch("pdfua-invoice")
        let made = try Self.mkpdf(
            [
                "render", Self.path("Templates/invoice.yaml"), "--data", Self.path("samples/invoice.json"), "--pdfua",
                "-o", "invoice.pdf"
            ], in: scratch)
        try #require(made.status == 0, "\(made.stderr)")
        let elements = try Oracle.structure(scratch.file("invoice.pdf")).elements
        let invoice = try Data(contentsOf: Repo.root.appendingPathComponent("samples/invoice.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: invoice) as? [String: Any])
        let lines = try #require(object["items"] as? [Any])
        // One table over both pages: its header row once, then a row per line, then the totals.
        #expect(elements.filter { $0.type == "Table" }.count == 1)
        let table = try #require(elements.firstIndex { $0.type == "Table" })
        let depth = elements[table].depth
        let inside = elements[(table + 1)...].prefix { $0.depth > depth }
        let rows = inside.filter { $0.type == "TR" && $0.depth == depth + 1 }
        let headers = inside.filter { $0.type == "TH" }
        #expect(headers.map(\.text) == ["品名", "数量", "単価", "金額"], "\(headers.map(\.text))")
        #expect(headers.allSatisfy { $0.attributes["Scope"] == "Column" })
        let cells = inside.filter { $0.type == "TD" }
        let names = lines.compactMap { ($0 as? [String: Any])?["name"] as? String }
        try #require(names.count == lines.count && names.count >= 40)
        // Each line's name is the first cell of a row of its own, in order, after the one header row.
        let rowTexts = Self.rows(of: Array(inside), depth: depth + 1)
        #expect(rows.count == rowTexts.count)
        #expect(rowTexts.first == ["品名", "数量", "単価", "金額"])
        // (a reduced-rate line's name followed by its ※)
        let firstCells = rowTexts.dropFirst().prefix(lines.count).map { $0.first ?? "" }
        #expect(firstCells.count == names.count)
        #expect(zip(firstCells, names).allSatisfy { $0.hasPrefix($1) }, "\(firstCells)")
        #expect(rowTexts.filter { $0 == ["品名", "数量", "単価", "金額"] }.count == 1)
        #expect(cells.contains { $0.text == "合計（税込）" })
        // The summary rows span columns and say so.
        #expect(cells.contains { $0.attributes["ColSpan"] != nil })
    }

    /// The cells' texts of each row (an element `TR` at `depth`) of `elements`, in order.
    static func rows(of elements: [Oracle.TaggedStructure.Element], depth: Int) -> [[String]] {
        var rows: [[String]] = []
        for element in elements {
            if element.type == "TR", element.depth == depth {
                rows.append([])
            } else if ["TH", "TD"].contains(element.type), element.depth == depth + 1, !rows.isEmpty {
                rows[rows.count - 1].append(element.text)
            }
        }
        return rows
    }

    @Test func headersFootersAndPageNumbersAreArtifacts() throws {
        let scratch = try Scratch("pdfua-artifacts")
        let made = try Self.mkpdf(
            [
                "report", "--data", Self.path("samples/members.csv"), "--template", Self.path("Templates/report.yaml"),
                "--pdfua", "-o", "report.pdf"
            ], in: scratch)
        try #require(made.status == 0, "\(made.stderr)")
        let file = scratch.file("report.pdf")
        let structure = try Oracle.structure(file)
        let content = structure.elements.map(\.text).joined()
        // The page numbers and the running header are printed, and marked artifacts, not content.
        let printed = try Oracle.pdftotext(file)
        #expect(printed.contains("1 / 2"), "\(printed)")
        #expect(structure.artifactText.contains("1 / 2"), "\(structure.artifactText)")
        #expect(structure.artifactText.contains("取扱注意"))
        #expect(!content.contains("ページ"), "\(content)")
        #expect(!content.contains("取扱注意"), "\(content)")
        // The heading and the members are content.
        #expect(structure.elements.contains { $0.type == "H1" && $0.text.contains("会員名簿") })
        #expect(structure.elements.contains { $0.type == "TD" && !$0.text.isEmpty })
    }

    @Test func theVerticalCertificateReadsInColumnOrderWithItsWritingMode() throws {
        let scratch = try Scratch("pdfua-certificate")
        let made = try Self.mkpdf(
            ["render", Self.path("Templates/certificate.yaml"), "--pdfua", "-o", "certificate.pdf"], in: scratch)
        try #require(made.status == 0, "\(made.stderr)")
        let structure = try Oracle.structure(scratch.file("certificate.pdf"))
        let paragraphs = structure.elements.filter { $0.type == "P" }
        // The template's columns right to left, each top to bottom (its spaces are gaps, not characters), the name's
        // base read in its place.
        #expect(
            paragraphs.map(\.reading) == [
                "賞状", "優秀賞", "髙橋一郎殿",
                "あなたは第十一回全国書道展覧会において頭書の成績を収めましたよってここにこれを賞します",
                "令和七年十一月二十三日", "ガイガー・カウント・グループ", "会長山田太郎", "会長之印"
            ], "\(paragraphs.map(\.reading))")
        #expect(paragraphs.dropLast().allSatisfy { $0.attributes["WritingMode"] == "TbRl" })
        // The name's ruby: a Ruby of its base and its reading, inside the name's paragraph, before 殿.
        let ruby = try #require(structure.elements.firstIndex { $0.type == "Ruby" })
        let name = try #require(structure.elements[..<ruby].lastIndex { $0.type == "P" })
        #expect(structure.elements[name].reading == "髙橋一郎殿" && structure.elements[name].text == "殿")
        #expect(structure.elements[ruby].depth == structure.elements[name].depth + 1)
        let parts = structure.elements[(ruby + 1)...].prefix { $0.depth > structure.elements[ruby].depth }
        #expect(parts.map(\.type) == ["RB", "RT"])
        #expect(parts.map(\.text) == ["髙橋一郎", "たかはしいちろう"], "\(parts.map(\.text))")
        #expect(parts.allSatisfy { $0.attributes["WritingMode"] == "TbRl" })
        // Nothing of the text is an artifact: the frame's rules are, and hold no text.
        #expect(structure.artifactText.isEmpty, "\(structure.artifactText)")
    }

    @Test func linksAreLinkElementsHoldingTheirAnnotations() throws {
        let scratch = try Scratch("pdfua-links")
        try """
        title: リンクの見本
        page: {width: 300, height: 120}
        palette:
          link: {stroke: "#1A4FC8"}
          ink: {stroke: "#1A1A1A", fill: "#FFF3C0"}
        elements:
          - text: {role: link, text: 会員ページ, size: 10, x: 10, y: 10, link: "https://example.jp/members"}
          - line: {role: link, width: 0.5, x1: 10, y1: 22, x2: 150, y2: 22, link: "https://example.jp/members"}
          - text: {role: ink, text: 規約へ, size: 10, x: 10, y: 40, link: "#terms"}
          - rect: {role: ink, paint: both, x: 150, y: 60, w: 140, h: 50, name: terms}
        flow:
          - paragraph: '詳しくは<a href="https://example.jp/kiyaku">会員規約</a>をご覧ください。'

        """.write(to: scratch.file("links.yaml"), atomically: true, encoding: .utf8)
        let made = try Self.mkpdf(["render", "links.yaml", "--pdfua", "-o", "links.pdf"], in: scratch)
        try #require(made.status == 0, "\(made.stderr)")
        let file = scratch.file("links.pdf")
        #expect(try Oracle.run("pdfua", ["check", file.path]).status == 0)
        let outloud = try Oracle.run("outloud", ["--no-info", file.path])
        #expect(outloud.stdout.contains("0 error(s)"), "\(outloud.stdout)")
        let links = try Oracle.structure(file).elements.filter { $0.type == "Link" }
        #expect(links.map(\.text) == ["会員ページ", "", "規約へ", "会員規約"], "\(links.map(\.text))")
        #expect(links.allSatisfy { $0.objects == 1 }, "\(links.map(\.objects))")
        // The rule that links draws no text: its /Alt says where it goes.
        #expect(links[1].alt == "https://example.jp/members")
        // The inline link sits in its paragraph.
        #expect(try Oracle.structure(file).elements.contains { $0.type == "P" && $0.reading == "詳しくは会員規約をご覧ください。" })
    }

    /// A template of one image with `extra` keys on it.
    static func imageTemplate(_ extra: String) -> String {
        """
        name: logo
        size: {width: 200, height: 120}
        title: ロゴの見本
        palette:
          ink: {stroke: "#000000"}
        elements:
          - text: {role: ink, text: 見本, size: 12, x: 10, y: 10}
          - image: {file: logo.png, x: 10, y: 40, w: 64, h: 64\(extra)}

        """
    }

    @Test func anImageWithoutAltIsRefusedNamingItsLineAndDecorativeOrAltPass() throws {
        let scratch = try Scratch("pdfua-alt")
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("Templates/report-logo.png"), to: scratch.file("logo.png"))
        try Self.imageTemplate("").write(to: scratch.file("bare.yaml"), atomically: true, encoding: .utf8)
        try Self.imageTemplate(", decorative: true").write(
            to: scratch.file("decorative.yaml"), atomically: true, encoding: .utf8)
        try Self.imageTemplate(", alt: 会の紋章").write(to: scratch.file("alt.yaml"), atomically: true, encoding: .utf8)
        let refused = try Self.mkpdf(["render", "bare.yaml", "--pdfua", "-o", "bare.pdf"], in: scratch)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("bare.yaml:8"), "\(refused.stderr)")
        #expect(refused.stderr.contains("alt"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("bare.pdf").path))
        // Untagged, the same template is fine.
        #expect(try Self.mkpdf(["render", "bare.yaml", "-o", "plain.pdf"], in: scratch).status == 0)
        for name in ["decorative", "alt"] {
            let made = try Self.mkpdf(["render", "\(name).yaml", "--pdfua", "-o", "\(name).pdf"], in: scratch)
            try #require(made.status == 0, "\(made.stderr)")
            #expect(try Oracle.run("pdfua", ["check", scratch.file("\(name).pdf").path]).status == 0)
            #expect(try Oracle.run("outloud", ["--no-info", scratch.file("\(name).pdf").path]).status == 0)
        }
        let figures = try Oracle.structure(scratch.file("alt.pdf")).elements.filter { $0.type == "Figure" }
        #expect(figures.map(\.alt) == ["会の紋章"])
        #expect(try Oracle.structure(scratch.file("decorative.pdf")).elements.allSatisfy { $0.type != "Figure" })
        // The template's own `pdfua: true` asks the same as --pdfua.
        try ("pdfua: true\n" + Self.imageTemplate("")).write(
            to: scratch.file("claims.yaml"), atomically: true, encoding: .utf8)
        let claimed = try Self.mkpdf(["render", "claims.yaml", "-o", "claims.pdf"], in: scratch)
        #expect(claimed.status == 3, "\(claimed.stderr)")
        #expect(claimed.stderr.contains("claims.yaml:9"), "\(claimed.stderr)")
    }

    @Test func aFlowImageTakesAltOrDecorativeToo() throws {
        let scratch = try Scratch("pdfua-flow-image")
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("Templates/report-logo.png"), to: scratch.file("logo.png"))
        func template(_ extra: String) -> String {
            """
            title: 会報
            page: a5
            flow:
              - heading: 会報
              - image: {file: logo.png, width: 30\(extra)}
              - paragraph: 今月のお知らせです。

            """
        }
        try template("").write(to: scratch.file("bare.yaml"), atomically: true, encoding: .utf8)
        try template(", alt: 会の紋章").write(to: scratch.file("alt.yaml"), atomically: true, encoding: .utf8)
        try template(", decorative: true").write(to: scratch.file("plain.yaml"), atomically: true, encoding: .utf8)
        let refused = try Self.mkpdf(["render", "bare.yaml", "--pdfua", "-o", "bare.pdf"], in: scratch)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("bare.yaml:5"), "\(refused.stderr)")
        for name in ["alt", "plain"] {
            let made = try Self.mkpdf(["render", "\(name).yaml", "--pdfua", "-o", "\(name).pdf"], in: scratch)
            try #require(made.status == 0, "\(made.stderr)")
            #expect(try Oracle.run("pdfua", ["check", scratch.file("\(name).pdf").path]).status == 0)
        }
        let figures = try Oracle.structure(scratch.file("alt.pdf")).elements.filter { $0.type == "Figure" }
        #expect(figures.map(\.alt) == ["会の紋章"])
        #expect(try Oracle.structure(scratch.file("plain.pdf")).elements.map(\.type) == ["Document", "H1", "P"])
    }

    /// The SHA-256 of untagged PDFs as mkpdf wrote them before tagging existed (main at 9786b3c): tagging off
    /// leaves every byte as it was. A change of untagged output made on purpose records its new digests here.
    static let untaggedDigests: [(arguments: [String], digest: String)] = [
        (
            ["ticket", "--member", "GCG-40167", "--ticket", "FN-579-413"],
            "88f0ba5f61f259b70b051e80335d5a0e7d2f7160347b4e18023a46beeddcf664"
        ),
        (
            ["render", path("Templates/invoice.yaml"), "--data", path("samples/invoice.json")],
            "90e092515c1c8f5c3f427d89a8b0228c772fbe5c96763a701065f475fdfa8b92"
        ),
        (
            ["render", path("Templates/certificate.yaml")],
            "95f9b8eeb7faf721e3bf23e1624dda80c3d39543e4c9066815d2b7f10618a4e4"
        ),
        (
            ["report", "--data", path("samples/members.csv"), "--template", path("Templates/report.yaml")],
            "6074addb46893923af50076c95cddd0db02b0ead1d4cceec2b28caeb3df48dd9"
        )
    ]

    /// The documents people keep and hand on are tagged as they are: the invoice, receipt, certificate and 申込書
    /// templates claim PDF/UA-1 themselves; a ticket and a report (written page by page when long) ask for it.
    /// `--no-pdfua` writes a claiming template untagged.
    @Test func invoicesReceiptsCertificatesAndFormsAreTaggedByDefault() throws {
        let scratch = try Scratch("pdfua-default")
        let tagged = ["invoice", "receipt", "certificate", "application"]
        for name in tagged + ["ticket", "report", "postcard"] {
            let made = try Self.mkpdf(["render", Self.path("Templates/\(name).yaml"), "-o", "\(name).pdf"], in: scratch)
            try #require(made.status == 0, "\(made.stderr)")
            let checked = try Oracle.run("pdfua", ["check", scratch.file("\(name).pdf").path])
            #expect((checked.status == 0) == tagged.contains(name), "\(name): \(checked.stdout)")
        }
        let untagged = try Self.mkpdf(
            ["render", Self.path("Templates/invoice.yaml"), "--no-pdfua", "-o", "untagged.pdf"], in: scratch)
        try #require(untagged.status == 0, "\(untagged.stderr)")
        #expect(try Oracle.run("pdfua", ["check", scratch.file("untagged.pdf").path]).status != 0)
        // Untagged, the invoice may leave its fonts out again; tagged it may not, and says why.
        let cid = ["render", Self.path("Templates/invoice.yaml"), "--font-mode", "cid"]
        #expect(try Self.mkpdf(cid + ["--no-pdfua", "-o", "cid.pdf"], in: scratch).status == 0)
        let refused = try Self.mkpdf(cid + ["-o", "cid-tagged.pdf"], in: scratch)
        #expect(refused.status != 0 && refused.stderr.contains("--no-pdfua"), "\(refused.stderr)")
    }

    @Test func untaggedOutputIsByteIdenticalToBeforeTagging() throws {
        let scratch = try Scratch("pdfua-untagged")
        for (index, run) in Self.untaggedDigests.enumerated() {
            let made = try Self.mkpdf(run.arguments + ["--no-pdfua", "-o", "plain-\(index).pdf"], in: scratch)
            try #require(made.status == 0, "\(made.stderr)")
            let bytes = try Data(contentsOf: scratch.file("plain-\(index).pdf"))
            let digest = try Oracle.run("sha256sum", [scratch.file("plain-\(index).pdf").path]).stdout.prefix(64)
            #expect(digest == run.digest, "\(run.arguments)")
            // The same document tagged is another file, larger by its tree.
            let tagged = try Self.mkpdf(run.arguments + ["--pdfua", "-o", "tagged-\(index).pdf"], in: scratch)
            try #require(tagged.status == 0, "\(tagged.stderr)")
            let taggedBytes = try Data(contentsOf: scratch.file("tagged-\(index).pdf"))
            #expect(taggedBytes.count > bytes.count)
        }
    }
}

/// Tagging with what comes after it: a signature (its field joins the structure tree) and the accessible PDF/A
/// levels 2a and 3a.
@Suite struct TaggedArchivalAndSignedTests {
    static let invoice = [
        "render", TaggedPDFTests.path("Templates/invoice.yaml"), "--data", TaggedPDFTests.path("samples/invoice.json")
    ]
    static let signing = [
        "--sign", TaggedPDFTests.path("examples/signing/signer.p12"), "--sign-password-file",
        TaggedPDFTests.path("examples/signing/signer.password")
    ]

    /// The invoice tagged and then signed (invisibly, or in a visible field), archived as PDF/A-2a, and as PDF/A-3a
    /// carrying its data and signed.
    static let runs: [(name: String, arguments: [String])] = [
        ("signed", invoice + ["--pdfua"] + signing),
        ("signed-visible", invoice + ["--pdfua", "--sign-rect", "400,60,150,40"] + signing),
        ("pdfa-2a", invoice + ["--pdfua", "--pdfa", "2a"]),
        (
            "pdfa-3a-signed",
            invoice + ["--pdfua", "--pdfa", "3a", "--attach", TaggedPDFTests.path("samples/invoice.json")] + signing
        )
    ]

    @Test(arguments: runs.map(\.name))
    func passesBothCheckersQpdfAndItsOwnChecks(name: String) throws {
        let scratch = try Scratch("pdfua-\(name)")
        let run = try #require(Self.runs.first { $0.name == name })
        let made = try TaggedPDFTests.mkpdf(run.arguments + ["-o", "\(name).pdf"], in: scratch)
        try #require(made.status == 0, "\(made.stderr)")
        let file = scratch.file("\(name).pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let outloud = try Oracle.run("outloud", ["--no-info", file.path])
        #expect(outloud.status == 0 && outloud.stdout.contains("0 error(s)"), "\(outloud.stdout)\(outloud.stderr)")
        let pdfua = try Oracle.run("pdfua", ["check", file.path])
        #expect(pdfua.status == 0, "\(pdfua.stdout)\(pdfua.stderr)")
        let structure = try Oracle.structure(file)
        #expect(structure.uaPart == "1" && structure.marked)
        if run.arguments.contains("--sign") {
            let verdict = try Oracle.pyhanko(file, trust: [Repo.root.appendingPathComponent("examples/signing/ca.pem")])
            #expect(verdict.intact && verdict.valid && verdict.trusted, "\(verdict)")
            // The signature's widget is the last element read: a Form holding one annotation.
            let last = try #require(structure.elements.last)
            #expect(last.type == "Form" && last.objects == 1 && last.depth == 1, "\(last)")
        }
        if let level = run.arguments.firstIndex(of: "--pdfa").map({ run.arguments[$0 + 1] }) {
            let validated = try TaggedPDFTests.mkpdf(["validate", "--pdfa", level, file.path], in: scratch)
            #expect(validated.status == 0, "\(validated.stdout)\(validated.stderr)")
            let xmp = try Oracle.run(
                "python3",
                [
                    "-c",
                    "import sys, pikepdf; m = pikepdf.open(sys.argv[1]).open_metadata(); "
                        + "print(m.get('pdfaid:part'), m.get('pdfaid:conformance'))",
                    file.path
                ])
            #expect(xmp.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "\(level.prefix(1)) A")
        }
    }

    /// A field's `/TU`, what a screen reader says of it, is its `label:` where the template gives one, else its name;
    /// untagged, a field has none.
    @Test func formFieldsAreNamedToReadersByTheirLabels() throws {
        let scratch = try Scratch("pdfua-labels")
        let script = """
            import sys, json, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            print(json.dumps({str(f.T): str(f.get('/TU', '')) for f in pdf.Root.AcroForm.Fields}, ensure_ascii=False))
            """
        var read: [Bool: [String: String]] = [:]
        for tagged in [true, false] {
            let name = "application-\(tagged).pdf"
            let made = try TaggedPDFTests.mkpdf(
                [
                    "render", TaggedPDFTests.path("Templates/application.yaml"), "-o", name,
                    tagged ? "--pdfua" : "--no-pdfua"
                ],
                in: scratch)
            try #require(made.status == 0, "\(made.stderr)")
            let fields = try Oracle.run("python3", ["-c", script, scratch.file(name).path])
            read[tagged] = try JSONDecoder().decode([String: String].self, from: Data(fields.stdout.utf8))
        }
        #expect(read[true]?["連絡_メール"] == "連絡方法 メール", "\(read)")
        #expect(read[true]?["氏名"] == "氏名", "\(read)")
        #expect(read[false]?.values.allSatisfy(\.isEmpty) == true && read[false]?.isEmpty == false, "\(read)")
    }

    /// Encryption that allows nothing still allows extraction for accessibility (PDF/UA-1 7.16 wants a screen reader
    /// to read the file): qpdf says so, and both checkers pass the encrypted tagged invoice.
    @Test func anEncryptedTaggedInvoiceKeepsAccessibility() throws {
        let scratch = try Scratch("pdfua-encrypted")
        try "owner-secret\n".write(to: scratch.file("owner.txt"), atomically: true, encoding: .utf8)
        let made = try TaggedPDFTests.mkpdf(
            Self.invoice + [
                "--pdfua", "--encrypt", "--owner-password-file", "owner.txt", "--allow", "none", "-o", "e.pdf"
            ],
            in: scratch)
        try #require(made.status == 0, "\(made.stderr)")
        let file = scratch.file("e.pdf")
        let shown = try Oracle.run("qpdf", ["--show-encryption", file.path]).stdout
        #expect(shown.contains("R = 6") && shown.contains("extract for accessibility: allowed"), "\(shown)")
        #expect(shown.contains("extract for any purpose: not allowed"), "\(shown)")
        #expect(try Oracle.run("pdfua", ["check", file.path]).status == 0)
        let outloud = try Oracle.run("outloud", ["--no-info", file.path])
        #expect(outloud.status == 0 && outloud.stdout.contains("0 error(s)"), "\(outloud.stdout)")
    }

    /// The accessible level without `--pdfua` is tagged but claims only PDF/A; a basic-level file checked as 2a
    /// fails, naming what an accessible level needs.
    @Test func pdfa2aAloneIsTaggedAndA2bFileFailsItsCheck() throws {
        let scratch = try Scratch("pdfa-2a-alone")
        let made = try TaggedPDFTests.mkpdf(Self.invoice + ["--pdfa", "2a", "--no-pdfua", "-o", "a.pdf"], in: scratch)
        try #require(made.status == 0, "\(made.stderr)")
        let structure = try Oracle.structure(scratch.file("a.pdf"))
        #expect(structure.elements.first?.type == "Document" && structure.elements.contains { $0.type == "TH" })
        #expect(structure.uaPart == "None")
        let basic = try TaggedPDFTests.mkpdf(Self.invoice + ["--pdfa", "2b", "--no-pdfua", "-o", "b.pdf"], in: scratch)
        try #require(basic.status == 0, "\(basic.stderr)")
        let checked = try TaggedPDFTests.mkpdf(["validate", "--pdfa", "2a", "b.pdf"], in: scratch)
        #expect(checked.status == 1)
        #expect(checked.stdout.contains("PDF/A-2a: the XMP names no conformance A"), "\(checked.stdout)")
        #expect(checked.stdout.contains("no /StructTreeRoot"), "\(checked.stdout)")
        // An image without alt text is refused under 2a as under --pdfua, naming its line; 2b takes it.
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("Templates/report-logo.png"), to: scratch.file("logo.png"))
        try TaggedPDFTests.imageTemplate("").write(to: scratch.file("bare.yaml"), atomically: true, encoding: .utf8)
        let image = try TaggedPDFTests.mkpdf(["render", "bare.yaml", "--pdfa", "2a", "-o", "i.pdf"], in: scratch)
        #expect(image.status == 3 && image.stderr.contains("bare.yaml:8"), "\(image.stderr)")
        #expect(
            try TaggedPDFTests.mkpdf(["render", "bare.yaml", "--pdfa", "2b", "-o", "i.pdf"], in: scratch).status == 0)
    }
}

/// `lang:` on a text: its structure element states the language (`/Lang`), the document's stays ja-JP.
@Suite struct TaggedLanguageTests {
    static let template = """
        page: {width: 300, height: 120}
        title: 会員のご案内
        pdfua: true
        palette:
          ink: {stroke: "#000000", fill: "#000000"}
        elements:
          - text: {role: ink, text: 会員のご案内, size: 14, x: 10, y: 10, tag: H1}
          - text: {role: ink, text: Welcome to the members' guide, size: 10, x: 10, y: 40, lang: en}
          - text: {role: ink, text: Members only, size: 10, x: 10, y: 60, lang: en-GB, tag: H2}

        """

    @Test func aTextsLanguageIsItsElementsLang() throws {
        let scratch = try Scratch("pdfua-lang")
        try Self.template.write(to: scratch.file("lang.yaml"), atomically: true, encoding: .utf8)
        let made = try TaggedPDFTests.mkpdf(["render", "lang.yaml", "-o", "lang.pdf"], in: scratch)
        try #require(made.status == 0, "\(made.stderr)")
        let file = scratch.file("lang.pdf")
        let script = """
            import sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            def walk(e):
                if isinstance(e, pikepdf.Dictionary) and '/S' in e:
                    print(str(e.S)[1:], str(e.get('/Lang', '-')))
                    kids = e.get('/K')
                    for k in (kids if isinstance(kids, pikepdf.Array) else [kids]):
                        walk(k)
            walk(pdf.Root.StructTreeRoot.K)
            print('catalog', str(pdf.Root.Lang))
            """
        let lines = try Oracle.run("python3", ["-c", script, file.path]).stdout.split(separator: "\n")
        #expect(lines == ["Document -", "H1 -", "P en", "H2 en-GB", "catalog ja-JP"], "\(lines)")
        #expect(try Oracle.run("pdfua", ["check", file.path]).status == 0)
        #expect(try Oracle.run("outloud", ["--no-info", file.path]).status == 0)
        for bad in ["english", "e", "en_US", "ja-"] {
            try Self.template.replacingOccurrences(of: "lang: en}", with: "lang: \(bad)}").write(
                to: scratch.file("bad.yaml"), atomically: true, encoding: .utf8)
            let refused = try TaggedPDFTests.mkpdf(["render", "bad.yaml", "-o", "bad.pdf"], in: scratch)
            #expect(refused.status == 3 && refused.stderr.contains("bad.yaml:8"), "\(bad): \(refused.stderr)")
        }
    }
}
