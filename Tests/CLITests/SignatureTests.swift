import Foundation
import TestSupport
import Testing

/// Signed PDFs (PAdES B-B, B-T with a time-stamp authority): pyHanko and poppler's pdfsig validate what every
/// command that writes PDF signs with `--sign`, catch a flipped byte, and qpdf, pdftotext and PDFBox Preflight still
/// read the files. The keys are made at test time with the openssl CLI (`TestPKI`).
@Suite struct SignatureTests {
    static func mkpdf(_ arguments: [String], in scratch: Scratch, environment: [String: String]? = nil) throws
        -> Oracle.Result
    {
        try ArchivalTests.mkpdf(arguments, in: scratch, environment: environment)
    }

    static func signing(_ pki: TestPKI) -> [String] {
        ["--sign", pki.p12.path, "--sign-password-file", pki.passwordFile.path]
    }

    /// Checks what every signed sample must show, and returns pyHanko's verdict for more.
    @discardableResult
    static func expectSigned(_ file: URL, pki: TestPKI, text: String) throws -> Oracle.SignatureVerdict {
        let verdict = try Oracle.pyhanko(file, trust: [pki.ca])
        let name = file.lastPathComponent
        #expect(verdict.bottomLine && verdict.intact && verdict.valid && verdict.trusted, "\(name): \(verdict)")
        #expect(verdict.coverage == "ENTIRE_FILE", "\(name): \(verdict.coverage)")
        #expect(verdict.subFilter == "/ETSI.CAdES.detached")
        #expect(
            Set(verdict.signedAttributes) == ["content_type", "message_digest", "signing_certificate_v2"],
            "\(name): PAdES B-B signs these three and no signing_time: \(verdict.signedAttributes)")
        let poppler = try Oracle.pdfsig(file)
        #expect(poppler.stdout.contains("Signature Validation: Signature is Valid."), "\(name): \(poppler.stdout)")
        #expect(poppler.stdout.contains("Total document signed"), "\(name): \(poppler.stdout)")
        #expect(poppler.stdout.contains("Common Name: \(pki.signerName)"), "\(name): \(poppler.stdout)")
        #expect(try Oracle.qpdfCheck(file).status == 0, "\(name)")
        #expect(try Oracle.pdftotext(file).contains(text), "\(name): pdftotext lost \(text)")
        let mutool = try Oracle.run("mutool", ["draw", "-q", "-F", "txt", "-o", "-", file.path])
        #expect(mutool.stdout.contains(text), "\(name): mutool lost \(text)")
        return verdict
    }

    @Test func signedTicketReceiptAndReportAreIntactTrustedAndCoverTheWholeFile() throws {
        let scratch = try Scratch("sign")
        let pki = try TestPKI(in: scratch)
        let csv = scratch.file("members.csv")
        try "会員番号,氏名,ランク,入会日,地域,年会費,備考\nGCG-1,髙橋 一郎,ゴールド,2024-04-10,東京都,12000,〜①\n"
            .write(to: csv, atomically: true, encoding: .utf8)
        let runs: [(arguments: [String], text: String)] = [
            (["ticket", "--member", "GCG-40167", "-o", "ticket.pdf"], "GCG-40167"),
            (["render", ArchivalTests.template("receipt.yaml"), "--pdfa", "1b", "-o", "receipt.pdf"], "株式会社サンプル商事"),
            (["report", "--data", csv.path, "-o", "report.pdf"], "髙橋 一郎")
        ]
        for run in runs {
            let made = try Self.mkpdf(run.arguments + Self.signing(pki), in: scratch)
            #expect(made.status == 0, "\(run.arguments): \(made.stderr)")
            try Self.expectSigned(scratch.file(run.arguments.last!), pki: pki, text: run.text)
        }
        // PDF/A-1b and a signature together: PDFBox Preflight still finds the receipt valid.
        let verdict = try ArchivalTests.preflight(scratch.file("receipt.pdf"))
        #expect(verdict.stdout.contains("is a valid PDF/A-1b file"), "\(verdict.stdout)")
    }

    @Test func aFlippedByteInTheSignedRangeIsReportedByPyHankoAndPdfsig() throws {
        let scratch = try Scratch("sign-flip")
        let pki = try TestPKI(in: scratch)
        let made = try Self.mkpdf(["ticket", "--member", "GCG-40167", "-o", "t.pdf"] + Self.signing(pki), in: scratch)
        #expect(made.status == 0, "\(made.stderr)")
        let file = scratch.file("t.pdf")
        var bytes = try Data(contentsOf: file)
        // A byte of the ticket's first page content, well inside the first signed range.
        let stream = try #require(bytes.range(of: Data("stream".utf8)))
        bytes[stream.upperBound + 40] ^= 0x01
        try bytes.write(to: file)
        let verdict = try Oracle.pyhanko(file, trust: [pki.ca])
        #expect(!verdict.intact && !verdict.bottomLine, "\(verdict)")
        let poppler = try Oracle.pdfsig(file)
        #expect(poppler.stdout.contains("Digest Mismatch"), "\(poppler.stdout)")
        #expect(!poppler.stdout.contains("Signature is Valid"), "\(poppler.stdout)")
    }

    @Test func aVisibleFieldSitsWhereSignRectPlacesItOnTheSignPage() throws {
        let scratch = try Scratch("sign-visible")
        let pki = try TestPKI(in: scratch)
        let made = try Self.mkpdf(
            [
                "render", ArchivalTests.template("invoice.yaml"), "--data",
                Repo.root.appendingPathComponent(
                    "samples/invoice.json"
                ).path, "-o", "invoice.pdf", "--sign-rect", "400,30,150,40", "--sign-page", "2"
            ]
                + Self.signing(pki), in: scratch)
        #expect(made.status == 0, "\(made.stderr)")
        let file = scratch.file("invoice.pdf")
        try Self.expectSigned(file, pki: pki, text: "株式会社髙島商店")
        let script = """
            import sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            field = pdf.Root.AcroForm.Fields[0]
            page = [i for i, p in enumerate(pdf.pages) if field.objgen in [a.objgen for a in p.get('/Annots', [])]]
            print(page, [float(v) for v in field.Rect], float(pdf.pages[1].MediaBox[3]), '/N' in field.AP)
            """
        let read = try Oracle.run("python3", ["-c", script, file.path])
        let height = 841.89 // A4
        #expect(
            read.stdout.hasPrefix("[1] [400.0, \(height - 70), 550.0, \(height - 30)]"), "\(read.stdout)\(read.stderr)")
        #expect(read.stdout.contains("True"), "the visible field has an appearance: \(read.stdout)")
    }

    @Test func aTemplatesSignatureKeyPlacesTheFieldAndSignRectOverridesIt() throws {
        let scratch = try Scratch("sign-template")
        let pki = try TestPKI(in: scratch)
        try """
        name: signed-note
        size: {width: 400, height: 150}
        font: gothic
        palette: {ink: {stroke: "#000000"}}
        elements:
          - text: {role: ink, text: "署名済み 〜 髙橋 𠮷野", size: 14, x: 15, y: 20}
        signature: {x: 200, y: 60, w: 150, h: 50}
        """.write(to: scratch.file("note.yaml"), atomically: true, encoding: .utf8)
        let script = """
            import sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            print([float(v) for v in pdf.Root.AcroForm.Fields[0].Rect])
            """
        let runs: [(extra: [String], rect: String)] = [
            ([], "[200.0, 40.0, 350.0, 90.0]"), (["--sign-rect", "10,10,50,20"], "[10.0, 120.0, 60.0, 140.0]")
        ]
        for (index, run) in runs.enumerated() {
            let name = "note-\(index).pdf"
            let made = try Self.mkpdf(
                ["render", scratch.file("note.yaml").path, "-o", name] + run.extra + Self.signing(pki), in: scratch)
            #expect(made.status == 0, "\(made.stderr)")
            try Self.expectSigned(scratch.file(name), pki: pki, text: "署名済み")
            let read = try Oracle.run("python3", ["-c", script, scratch.file(name).path])
            #expect(read.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == run.rect, "\(read.stderr)")
        }
        // Unsigned, the key changes nothing: no form.
        let plain = try Self.mkpdf(["render", scratch.file("note.yaml").path, "-o", "plain.pdf"], in: scratch)
        #expect(plain.status == 0, "\(plain.stderr)")
        let form = try Oracle.run(
            "python3",
            [
                "-c", "import sys, pikepdf; pdf = pikepdf.open(sys.argv[1]); print('/AcroForm' in pdf.Root)",
                scratch.file("plain.pdf").path
            ])
        #expect(form.stdout.hasPrefix("False"), "\(form.stdout)\(form.stderr)")
    }

    @Test func batchSignsEveryTicket() throws {
        let scratch = try Scratch("sign-batch")
        let pki = try TestPKI(in: scratch)
        let csv = scratch.file("members.csv")
        try "member,ticket\nGCG-1,FN-1\nGCG-2,FN-2\nGCG-3,FN-3\n".write(to: csv, atomically: true, encoding: .utf8)
        let made = try Self.mkpdf(
            ["batch", "--data", csv.path, "--out", "out", "--sign", pki.p12.path, "--sign-password-env", "MKPDF_SIGN"],
            in: scratch, environment: ["MKPDF_SIGN": pki.password])
        #expect(made.status == 0, "\(made.stderr)")
        for member in ["GCG-1", "GCG-2", "GCG-3"] {
            try Self.expectSigned(scratch.file("out/ticket-\(member).pdf"), pki: pki, text: member)
        }
    }

    @Test func aTimeStampAuthorityMakesItBTWithTheRequestOpenSSLReads() throws {
        let scratch = try Scratch("sign-tsa")
        let pki = try TestPKI(in: scratch)
        let authority = try LocalTimestampAuthority(pki)
        let made = try Self.mkpdf(
            ["ticket", "--member", "GCG-40167", "-o", "t.pdf", "--tsa", authority.url] + Self.signing(pki), in: scratch)
        #expect(made.status == 0, "\(made.stderr)")
        let verdict = try Self.expectSigned(scratch.file("t.pdf"), pki: pki, text: "GCG-40167")
        #expect(verdict.timestamp == "valid and trusted", "\(verdict)")
        #expect(try String(contentsOf: authority.contentType, encoding: .utf8) == "application/timestamp-query")
        // The request as OpenSSL reads it: version 1, SHA-256 of the signature value, a nonce, certReq.
        let query = try Oracle.run("openssl", ["ts", "-query", "-in", authority.request.path, "-text"])
        for line in ["Version: 1", "Hash Algorithm: sha256", "Nonce: 0x", "Certificate required: yes"] {
            #expect(query.stdout.contains(line), "\(query.stdout)")
        }
        let parsed = try Oracle.run("openssl", ["asn1parse", "-inform", "DER", "-in", authority.request.path])
        #expect(
            parsed.stdout.uppercased().contains("[HEX DUMP]:" + verdict.signatureValueSHA256.uppercased()),
            "the imprint is the SHA-256 of the signature value \(verdict.signatureValueSHA256): \(parsed.stdout)")
    }

    @Test func refusalsNameTheProblemAndNeverThePassword() throws {
        let scratch = try Scratch("sign-refuse")
        let pki = try TestPKI(in: scratch)
        let wrong = scratch.file("wrong.password")
        try "髙橋-wrong-〜\n".write(to: wrong, atomically: true, encoding: .utf8)
        let ticket = ["ticket", "--member", "GCG-40167"]
        let cases: [(arguments: [String], says: String)] = [
            (
                ticket + ["-o", "a.pdf", "--sign", pki.p12.path, "--sign-password-file", wrong.path],
                "the password does not open it"
            ),
            (
                ticket + [
                    "-o", "b.pdf", "--sign", pki.passwordFile.path, "--sign-password-file", pki.passwordFile.path
                ],
                "not a PKCS#12"
            ),
            (
                ticket + ["-o", "c.pdf", "--encrypt", "--owner-password-file", pki.passwordFile.path]
                    + Self.signing(pki),
                "--sign and --encrypt together are not supported"
            ),
            (ticket + ["-o", "d.png"] + Self.signing(pki), "make PDFs"),
            (ticket + ["-o", "e.pdf", "--sign-password-file", pki.passwordFile.path], "apply to --sign"),
            (ticket + ["-o", "f.pdf", "--tsa", "https://tsa.example/"] + Self.signing(pki), "http://"),
            (ticket + ["-o", "g.pdf", "--sign-rect", "1,2,3"] + Self.signing(pki), "four numbers"),
            (ticket + ["-o", "g2.pdf", "--sign-rect", "1e300,0,10,10"] + Self.signing(pki), "each at most 14400"),
            (ticket + ["-o", "h.pdf", "--sign-rect", "1,2,3,4", "--sign-page", "2"] + Self.signing(pki), "page 2")
        ]
        for run in cases {
            let made = try Self.mkpdf(run.arguments, in: scratch)
            #expect(made.status != 0, "\(run.arguments)")
            #expect(made.stderr.contains(run.says), "\(run.arguments): \(made.stderr)")
            #expect(!made.stderr.contains(pki.password) && !made.stderr.contains("髙橋-wrong"), "\(made.stderr)")
        }
        #expect(try scratch.contents().allSatisfy { !$0.hasSuffix(".pdf") && !$0.hasSuffix(".png") })
    }
}
