import Foundation
import TestSupport
import Testing

/// Documents that prove themselves: PDF/A-1b checked by PDFBox Preflight (the validator Debian packages), PDF/A-2b
/// and 3b read back by pikepdf, AES-256 encryption read back by qpdf and poppler, and what each level refuses.
@Suite struct ArchivalTests {
    /// Debian's PDFBox 2 jars and what Preflight needs beside them on Java 17 (JAXB, activation).
    static let preflightClassPath = [
        "preflight", "pdfbox2", "fontbox2", "xmpbox", "commons-logging", "javax.activation", "jaxb-api"
    ].map { "/usr/share/java/\($0).jar" }.joined(separator: ":")

    /// PDFBox Preflight's verdict on `file`: its report (first line "… is a valid PDF/A-1b file" or the errors).
    static func preflight(_ file: URL) throws -> Oracle.Result {
        try Oracle.run(
            "java", ["-cp", preflightClassPath, "org.apache.pdfbox.preflight.Validator_A1b", file.path])
    }

    static func mkpdf(_ arguments: [String], in scratch: Scratch, environment: [String: String]? = nil) throws
        -> Oracle.Result
    {
        try Oracle.run(Repo.mkpdf.path, arguments, environment: environment, directory: scratch.url)
    }

    static func template(_ name: String) -> String { Repo.root.appendingPathComponent("Templates/\(name)").path }

    @Test func preflightFindsTheTicketReceiptCertificatePostcardAndReportValidPDFA1b() throws {
        let scratch = try Scratch("pdfa-1b")
        let csv = scratch.file("members.csv")
        try "会員番号,氏名,ランク,入会日,地域,年会費,備考\nGCG-1,髙橋 一郎,ゴールド,2024-04-10,東京都,12000,〜①\n"
            .write(to: csv, atomically: true, encoding: .utf8)
        let runs: [[String]] = [
            ["ticket", "--member", "GCG-40167", "--pdfa", "1b", "-o", "ticket.pdf"],
            ["render", Self.template("receipt.yaml"), "--pdfa", "1b", "-o", "receipt.pdf"],
            ["render", Self.template("certificate.yaml"), "--pdfa", "1b", "-o", "certificate.pdf"],
            // Letter-spaced postal code and 郵便はがき: fonts whose programs carry the spacing, widths consistent.
            ["render", Self.template("postcard.yaml"), "--pdfa", "1b", "-o", "postcard.pdf"],
            ["report", "--data", csv.path, "--pdfa", "1b", "-o", "report.pdf"]
        ]
        for arguments in runs {
            let made = try Self.mkpdf(arguments, in: scratch)
            #expect(made.status == 0, "\(arguments): \(made.stderr)")
            let file = scratch.file(arguments.last!)
            let verdict = try Self.preflight(file)
            #expect(verdict.stdout.contains("is a valid PDF/A-1b file"), "\(file.lastPathComponent): \(verdict.stdout)")
            #expect(try Oracle.qpdfCheck(file).status == 0)
        }
        // The control: the same receipt without --pdfa has no OutputIntent, and Preflight says so.
        _ = try Self.mkpdf(["render", Self.template("receipt.yaml"), "--no-pdfua", "-o", "plain.pdf"], in: scratch)
        let control = try Self.preflight(scratch.file("plain.pdf"))
        #expect(control.stdout.contains("not a valid PDF/A-1b file"), "\(control.stdout)")
        #expect(control.stdout.contains("2.4.3"), "\(control.stdout)")
    }

    /// pikepdf's reading of a PDF/A file: pdfaid part and conformance from the XMP, the OutputIntent's subtype, XMP
    /// title and producer against the Info dictionary, and the attached files with their relationship.
    static func pikepdfFacts(_ file: URL) throws -> [String: String] {
        let script = """
            import sys, json, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            meta = pdf.open_metadata()
            intents = pdf.Root.get('/OutputIntents', [])
            files = {n: str(f.obj.get('/AFRelationship')) for n, f in pdf.attachments.items()}
            print(json.dumps({
              'part': meta.get('pdfaid:part'), 'conformance': meta.get('pdfaid:conformance'),
              'intent': str(intents[0].S) if len(intents) else '', 'version': pdf.pdf_version,
              'titleInSync': str(meta.get('dc:title')) == str(pdf.docinfo.get('/Title')),
              'producerInSync': str(meta.get('pdf:Producer')) == str(pdf.docinfo.get('/Producer')),
              'files': json.dumps(files, ensure_ascii=False), 'af': str(len(pdf.Root.get('/AF', [])))}))
            """
        let result = try Oracle.run("python3", ["-c", script, file.path])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(object, "pikepdf: \(result.stderr)").mapValues { "\($0)" }
    }

    @Test func pdfa2bAnd3bCarryTheirPartOutputIntentSyncedXMPAndAttachments() throws {
        let scratch = try Scratch("pdfa-23")
        let xml = scratch.file("invoice.xml")
        try "<Invoice><ID>2025-00123</ID><Seller>喫茶 髙田珈琲店</Seller></Invoice>\n"
            .write(to: xml, atomically: true, encoding: .utf8)
        let two = try Self.mkpdf(["render", Self.template("receipt.yaml"), "--pdfa", "2b", "-o", "r2.pdf"], in: scratch)
        #expect(two.status == 0, "\(two.stderr)")
        let facts2 = try Self.pikepdfFacts(scratch.file("r2.pdf"))
        #expect(facts2["part"] == "2" && facts2["conformance"] == "B", "\(facts2)")
        #expect(facts2["intent"] == "/GTS_PDFA1" && facts2["version"] == "1.7", "\(facts2)")
        #expect(facts2["titleInSync"] == "1" && facts2["producerInSync"] == "1", "\(facts2)")

        let three = try Self.mkpdf(
            ["render", Self.template("receipt.yaml"), "--pdfa", "3b", "--attach", xml.path, "-o", "r3.pdf"],
            in: scratch)
        #expect(three.status == 0, "\(three.stderr)")
        let facts3 = try Self.pikepdfFacts(scratch.file("r3.pdf"))
        #expect(facts3["part"] == "3" && facts3["intent"] == "/GTS_PDFA1", "\(facts3)")
        #expect(facts3["files"] == #"{"invoice.xml": "/Data"}"#, "\(facts3)")
        #expect(facts3["af"] == "1", "\(facts3)")
        let extracted = try Oracle.run(
            "python3",
            [
                // The Pdf is held in a name: a temporary one is freed before the stream is read, giving no bytes.
                "-c",
                "import sys, pikepdf; pdf = pikepdf.open(sys.argv[1]); sys.stdout.buffer.write(pdf.attachments"
                    + "['invoice.xml'].get_file().read_bytes())", scratch.file("r3.pdf").path
            ])
        #expect(extracted.data == (try Data(contentsOf: xml)))
    }

    @Test func eachLevelRefusesWhatItForbidsNamingTheElement() throws {
        let scratch = try Scratch("pdfa-refuse")
        let xml = scratch.file("data.xml")
        try "<a/>".write(to: xml, atomically: true, encoding: .utf8)
        let cid = try Self.mkpdf(
            ["render", Self.template("receipt.yaml"), "--pdfa", "1b", "--font-mode", "cid", "-o", "cid.pdf"],
            in: scratch)
        #expect(cid.status != 0)
        #expect(cid.stderr.contains("PDF/A-1b") && cid.stderr.contains("font mode cid"), "\(cid.stderr)")
        let attach = try Self.mkpdf(
            ["render", Self.template("receipt.yaml"), "--pdfa", "2b", "--attach", xml.path, "-o", "a.pdf"], in: scratch)
        #expect(attach.status != 0)
        #expect(attach.stderr.contains("--attach needs PDF/A-3:"), "\(attach.stderr)")
        let template = scratch.file("faint.yaml")
        try """
        page: {width: 200, height: 100}
        pdfa: 1b
        palette:
          faint: {fill: "#FF000080"}
        elements:
          - rect: {role: faint, x: 10, y: 10, w: 50, h: 50, paint: fill}
        """.write(to: template, atomically: true, encoding: .utf8)
        let faint = try Self.mkpdf(["render", template.path, "-o", "faint.pdf"], in: scratch)
        #expect(faint.status != 0)
        #expect(faint.stderr.contains("PDF/A-1b forbids transparency"), "\(faint.stderr)")
        #expect(faint.stderr.contains("page 1"), "\(faint.stderr)")
        let ok = try Self.mkpdf(["render", template.path, "--pdfa", "2b", "-o", "faint2.pdf"], in: scratch)
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try scratch.contents() == ["data.xml", "faint.yaml", "faint2.pdf"])
    }

    @Test func aes256EncryptionGrantsExactlyThePermissionsAsked() throws {
        let scratch = try Scratch("encrypt")
        let owner = scratch.file("owner.txt")
        try "owner-秘密-1\n".write(to: owner, atomically: true, encoding: .utf8)
        let made = try Self.mkpdf(
            [
                "render", Self.template("receipt.yaml"), "--encrypt", "--owner-password-file", owner.path,
                "--user-password-env", "MKPDF_TEST_USER", "--allow", "print,copy", "-o", "locked.pdf"
            ], in: scratch, environment: ["MKPDF_TEST_USER": "user-pass"])
        #expect(made.status == 0, "\(made.stderr)")
        let file = scratch.file("locked.pdf")
        let shown = try Oracle.run("qpdf", ["--show-encryption", "--password=user-pass", file.path]).stdout
        for line in [
            "R = 6", "extract for any purpose: allowed", "print low resolution: allowed",
            "print high resolution: not allowed", "modify document assembly: not allowed",
            "modify forms: not allowed", "modify annotations: not allowed", "modify other: not allowed",
            "stream encryption method: AESv3", "string encryption method: AESv3"
        ] {
            #expect(shown.contains(line), "\(line) in \(shown)")
        }
        #expect(try Oracle.pdftotext(file, password: "user-pass").contains("𠮷野焼マグカップ"))
        let refused = try Oracle.run("pdftotext", [file.path, "-"])
        #expect(refused.status != 0 && refused.stderr.contains("Incorrect password"), "\(refused.stderr)")
        #expect(try Oracle.qpdfCheck(file, password: "owner-秘密-1").status == 0)

        let both = try Self.mkpdf(
            [
                "render", Self.template("receipt.yaml"), "--encrypt", "--owner-password-file", owner.path,
                "--pdfa", "2b", "-o", "both.pdf"
            ], in: scratch)
        #expect(both.status != 0 && both.stderr.contains("PDF/A forbids encryption"), "\(both.stderr)")
        #expect(!both.stderr.contains("owner-秘密-1"))
        let missing = try Self.mkpdf(
            [
                "render", Self.template("receipt.yaml"), "--encrypt", "--owner-password-env", "MKPDF_UNSET_VARIABLE",
                "-o", "missing.pdf"
            ], in: scratch)
        #expect(missing.status != 0 && missing.stderr.contains("MKPDF_UNSET_VARIABLE"), "\(missing.stderr)")
        #expect(try scratch.contents() == ["locked.pdf", "owner.txt"])
    }
}

extension ArchivalTests {
    @Test func validatePDFAReportsWhatItChecksAndNamesVeraPDF() throws {
        let scratch = try Scratch("validate-pdfa")
        _ = try Self.mkpdf(["render", Self.template("receipt.yaml"), "--pdfa", "2b", "-o", "a.pdf"], in: scratch)
        _ = try Self.mkpdf(["render", Self.template("receipt.yaml"), "--no-pdfua", "-o", "plain.pdf"], in: scratch)
        let good = try Self.mkpdf(["validate", "--pdfa", "2b", "a.pdf"], in: scratch)
        #expect(good.status == 0, "\(good.stdout)")
        #expect(good.stdout.contains("veraPDF"), "\(good.stdout)")
        let wrongPart = try Self.mkpdf(["validate", "--pdfa", "1b", "a.pdf"], in: scratch)
        #expect(wrongPart.status == 1 && wrongPart.stdout.contains("names PDF/A part 2, not 1"), "\(wrongPart.stdout)")
        let plain = try Self.mkpdf(["validate", "--pdfa", "2b", "plain.pdf"], in: scratch)
        #expect(plain.status == 1, "\(plain.stdout)")
        for problem in ["no XMP /Metadata", "no /GTS_PDFA1 OutputIntent", "without a /CIDSet"] {
            #expect(plain.stdout.contains(problem), "\(problem) in \(plain.stdout)")
        }
    }
}
