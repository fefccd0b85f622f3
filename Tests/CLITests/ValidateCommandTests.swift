import Foundation
import TestSupport
import Testing

/// `mkpdf validate` end to end: exit codes 0/1/2, the broken-file corpus against `qpdf --check`, JSON output,
/// and the expectation flags.
@Suite struct ValidateCommandTests {
    /// Runs `mkpdf validate` with `arguments`.
    func validate(_ arguments: [String]) throws -> Oracle.Result {
        try Oracle.run(Repo.mkpdf.path, ["validate"] + arguments)
    }

    @Test func validFileExitsZeroWithAReadableReport() throws {
        let scratch = try Scratch("cli-validate")
        let file = scratch.file("ok.pdf")
        try ValidateFixture.pdf(text: "Hello World").write(to: file)
        let result = try validate([file.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("\(file.path): valid"))
        #expect(result.stdout.contains("page 1: 595×842 pt"))
        #expect(result.stdout.contains("[font.not-embedded]"))
        #expect(result.stderr.isEmpty, "qpdf must not write to stderr: \(result.stderr)")
    }

    /// Each damage: exit 1 when qpdf recovers (qpdf --check exits 3), 2 when it cannot open the file at all
    /// (qpdf exits 2); either way broken for both, never a crash.
    @Test(arguments: [
        "truncated", "wrong startxref", "wrong xref offsets", "missing trailer", "bad stream length", "random bytes"
    ])
    func brokenFilesAgreeWithQPDFCheck(_ damage: String) throws {
        let scratch = try Scratch("cli-broken")
        let file = scratch.file("broken.pdf")
        try ValidateFixture.damage(damage, ValidateFixture.pdf(text: "Hello World", pages: 2)).write(to: file)
        let qpdf = try Oracle.qpdfCheck(file)
        let result = try validate([file.path])
        #expect(qpdf.status != 0)
        #expect(result.status == (qpdf.status == 3 ? 1 : 2), "qpdf \(qpdf.status); \(result.stdout)\(result.stderr)")
        if result.status == 1 {
            #expect(result.stdout.contains("INVALID"))
            #expect(result.stdout.contains("error [structure.damaged]"))
        } else {
            #expect(result.stderr.contains("cannot be read: \(file.path): not a PDF qpdf can open"))
        }
    }

    @Test func encryptedFileNeedsItsPassword() throws {
        let scratch = try Scratch("cli-encrypted")
        let plain = scratch.file("plain.pdf")
        let locked = scratch.file("locked.pdf")
        try ValidateFixture.pdf(text: "secret").write(to: plain)
        #expect(
            try Oracle.run("qpdf", ["--encrypt", "user", "owner", "256", "--", plain.path, locked.path]).status == 0)
        #expect(try Oracle.qpdfCheck(locked).status == 2)
        let without = try validate([locked.path])
        #expect(without.status == 2)
        #expect(without.stderr.contains("--password-file PATH or --password-env NAME"), "\(without.stderr)")
        try "wrong\n".write(to: scratch.file("wrong.txt"), atomically: true, encoding: .utf8)
        #expect(try validate(["--password-file", scratch.file("wrong.txt").path, locked.path]).status == 2)
        try "user\n".write(to: scratch.file("user.txt"), atomically: true, encoding: .utf8)
        let with = try validate([
            "--password-file", scratch.file("user.txt").path, "--expect-text", "secret", locked.path
        ])
        #expect(with.status == 0, "\(with.stdout)\(with.stderr)")
        let fromEnvironment = try Oracle.run(
            Repo.mkpdf.path, ["validate", "--password-env", "MKPDF_TEST_PASSWORD", locked.path],
            environment: ["MKPDF_TEST_PASSWORD": "owner"])
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.stdout)\(fromEnvironment.stderr)")
    }

    /// A password on the command line is shown by `ps` to every user: refused, pointing to the file and the variable.
    @Test func aPasswordOnTheCommandLineIsRefused() throws {
        let scratch = try Scratch("cli-password-argv")
        let file = scratch.file("plain.pdf")
        try ValidateFixture.pdf(text: "secret").write(to: file)
        let refused = try validate(["--password", "S3cret", file.path])
        #expect(refused.status != 0 && refused.status != 1, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("--password puts the password on the command line"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--password-file PATH"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--password-env NAME"), "\(refused.stderr)")
        #expect(!refused.stdout.contains("valid"), "nothing was validated: \(refused.stdout)")
    }

    @Test func missingFileExitsTwoAndTheWorstFileDecides() throws {
        let scratch = try Scratch("cli-missing")
        let good = scratch.file("good.pdf")
        try ValidateFixture.pdf(text: "x").write(to: good)
        let missing = scratch.file("missing.pdf")
        let result = try validate([good.path, missing.path])
        #expect(result.status == 2)
        #expect(result.stdout.contains("\(good.path): valid"))
        #expect(result.stderr.contains("\(missing.path): no such file"))
    }

    @Test func jsonOutputParsesAndHoldsTheFindings() throws {
        let scratch = try Scratch("cli-json")
        let good = scratch.file("good.pdf")
        let broken = scratch.file("broken.pdf")
        let missing = scratch.file("missing.pdf")
        try ValidateFixture.pdf(text: "入場整理券").write(to: good)
        try ValidateFixture.damage("wrong startxref", ValidateFixture.pdf(text: "x")).write(to: broken)
        let result = try validate(["--json", "--expect-text", "入場整理券", good.path, broken.path, missing.path])
        #expect(result.status == 2)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["valid"] as? Bool == false)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.count == 3)
        #expect(files[0]["valid"] as? Bool == true)
        let inspection = try #require(files[0]["inspection"] as? [String: Any])
        #expect(inspection["pageCount"] as? Int == 1)
        #expect(files[1]["damaged"] as? Bool == true)
        let findings = try #require(files[1]["findings"] as? [[String: Any]])
        #expect(
            findings.contains { $0["rule"] as? String == "structure.damaged" && $0["severity"] as? String == "error" })
        #expect(files[2]["readable"] as? Bool == false)
        #expect((files[2]["error"] as? String)?.contains("no such file") == true)
    }

    @Test func requireEmbeddedMakesABase14FontAnError() throws {
        let scratch = try Scratch("cli-embedded")
        let file = scratch.file("helvetica.pdf")
        try ValidateFixture.pdf(text: "Hello").write(to: file)
        #expect(try validate([file.path]).status == 0)
        let strict = try validate(["--require-embedded", file.path])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("error [font.not-embedded]"))
    }

    @Test func expectTextWithJapanese() throws {
        let scratch = try Scratch("cli-text")
        let file = scratch.file("jp.pdf")
        try ValidateFixture.pdf(text: "入場整理券 〜 ① 髙 ﾊﾝｶｸ").write(to: file)
        #expect(try validate(["--expect-text", "入場整理券", "--expect-text", "ﾊﾝｶｸ", file.path]).status == 0)
        let absent = try validate(["--expect-text", "会員番号", file.path])
        #expect(absent.status == 1)
        #expect(absent.stdout.contains("error [expect.text] the text \"会員番号\" appears on no page"))
        #expect(try validate(["--expect-text", "𠮷", file.path]).status == 1)
    }

    @Test func expectPagesAndSize() throws {
        let scratch = try Scratch("cli-pages")
        let file = scratch.file("two.pdf")
        try ValidateFixture.pdf(text: "x", pages: 2).write(to: file)
        let fine = try validate(["--expect-pages", "2", "--expect-size", "a4", file.path])
        #expect(fine.status == 0)
        #expect(fine.stdout.contains("pages 1–2: 595×842 pt; fonts: IPAexGothic (Type0/CIDFontType2, not embedded)"))
        let pages = try validate(["--expect-pages", "3", file.path])
        #expect(pages.status == 1)
        #expect(pages.stdout.contains("the document has 2 pages, expected 3"))
        #expect(try validate(["--expect-size", "400x150", file.path]).status == 1)
        let bad = try validate(["--expect-size", "a99", file.path])
        #expect(bad.status != 0 && bad.status != 1 && bad.status != 2)
        #expect(bad.stderr.contains("--expect-size a99"))
    }

    /// --strict counts warnings; the limits are options whose breach is the error resource.limit, and a
    /// non-positive limit is a usage error.
    @Test func strictAndLimits() throws {
        let scratch = try Scratch("cli-strict")
        let file = scratch.file("ok.pdf")
        try ValidateFixture.pdf(text: "Hello World").write(to: file)
        #expect(try validate([file.path]).status == 0)
        let strict = try validate(["--strict", file.path])
        #expect(strict.status == 1, "a warning (font.not-embedded) fails --strict: \(strict.stdout)")
        let limited = try validate(["--max-operators", "2", file.path])
        #expect(limited.status == 1)
        #expect(limited.stdout.contains("error [resource.limit] page 1"), "\(limited.stdout)")
        let small = try validate(["--max-stream-bytes", "10", file.path])
        #expect(
            small.stdout.contains("error [resource.limit]") && small.stdout.contains("stream limit"), "\(small.stdout)")
        let bad = try validate(["--max-content-bytes", "0", file.path])
        #expect(bad.status != 0 && bad.status != 1 && bad.stderr.contains("--max-content-bytes 0"), "\(bad.stderr)")
        let metadata = try validate(["--require-metadata", file.path])
        #expect(metadata.status == 1 && metadata.stdout.contains("[metadata.missing]"), "\(metadata.stdout)")
    }
}

/// Small PDFs written byte by byte with a correct xref table, and the damages of the corpus.
enum ValidateFixture {
    /// A PDF with `pages` A4 pages showing `text` through an Identity-H font whose ToUnicode maps code n to the
    /// n-th character (not embedded), so any text, Japanese included, can be asked for.
    static func pdf(text: String, pages: Int = 1) -> Data {
        let characters = Array(text)
        let bfchar = characters.enumerated().map { index, character in
            "<\(String(format: "%04X", index + 1))> <\(character.utf16.map { String(format: "%04X", $0) }.joined())>"
        }.joined(separator: "\n")
        let cmap =
            "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T def /CMapType 2 def\n"
            + "1 begincodespacerange <0000> <FFFF> endcodespacerange\n\(characters.count) beginbfchar\n\(bfchar)\nendbfchar\n"
            + "endcmap CMapName currentdict /CMap defineresource pop end end"
        let codes = (1...max(characters.count, 1)).map { String(format: "%04X", $0) }.joined()
        let content = "BT /F1 20 Tf 50 700 Td <\(codes)> Tj ET"
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "",
            "<< /Type /Font /Subtype /Type0 /BaseFont /IPAexGothic /Encoding /Identity-H /DescendantFonts [4 0 R] /ToUnicode 5 0 R >>",
            "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /IPAexGothic /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 1000 >>",
            stream(cmap),
            stream(content)
        ]
        var kids: [String] = []
        for _ in 0..<pages {
            objects.append(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents 6 0 R >>"
            )
            kids.append("\(objects.count) 0 R")
        }
        objects[1] = "<< /Type /Pages /Kids [\(kids.joined(separator: " "))] /Count \(pages) >>"
        var out = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(out.utf8.count)
            out += "\(index + 1) 0 obj\n\(body)\nendobj\n"
        }
        let xref = out.utf8.count
        out += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        out += offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        out += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(out.utf8)
    }

    private static func stream(_ text: String) -> String {
        "<< /Length \(text.utf8.count) >>\nstream\n\(text)\nendstream"
    }

    /// `data` damaged in one of the corpus's ways.
    static func damage(_ kind: String, _ data: Data) -> Data {
        let text = String(decoding: data, as: UTF8.self)
        func replacing(_ pattern: String, _ transform: (Substring) -> String) -> Data {
            let range = text.range(of: pattern, options: .regularExpression)!
            return Data((text[..<range.lowerBound] + transform(text[range]) + text[range.upperBound...]).utf8)
        }
        switch kind {
        case "truncated": return data.prefix(data.count * 2 / 5)
        case "wrong startxref": return replacing("startxref\n[0-9]+") { _ in "startxref\n17" }
        case "wrong xref offsets":
            return replacing("\nxref\n[^t]*") { table in
                table.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    guard line.hasSuffix(" 00000 n "), let offset = Int(line.prefix(10)) else { return String(line) }
                    return String(format: "%010d 00000 n ", offset + 5)
                }.joined(separator: "\n")
            }
        case "missing trailer": return replacing("trailer\n<<[^>]*>>\n") { _ in "" }
        case "bad stream length":
            return replacing("/Length [0-9]+") { match in "/Length \(Int(match.dropFirst(8))! + 20)" }
        default:
            var state: UInt32 = 2463534242
            return Data(
                (0..<2000).map { _ in
                    state ^= state << 13
                    state ^= state >> 17
                    state ^= state << 5
                    return UInt8(truncatingIfNeeded: state)
                })
        }
    }
}
