import Foundation
import TestSupport
import Testing

/// A template's document information (`title`, `author`, `subject`, `keywords`) is filled with its data like every
/// other text, and what a template declares about its PDF (`pdfa:`) reaches the file through every command that
/// renders it: `render`, `ticket --template` and `batch`.
@Suite struct TemplateMetadataTests {
    static func mkpdf(_ arguments: [String], in scratch: Scratch) throws -> Oracle.Result {
        try Oracle.run(Repo.mkpdf.path, arguments, directory: scratch.url)
    }

    /// pdfinfo's `Key: value` lines.
    static func info(_ pdf: URL) throws -> [String: String] {
        let result = try Oracle.run("pdfinfo", ["-enc", "UTF-8", pdf.path])
        #expect(result.status == 0, "\(result.stderr)")
        var fields: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// pikepdf's Info dictionary (a second reader).
    static func docinfo(_ pdf: URL) throws -> [String: String] {
        let script = """
            import sys, json, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            print(json.dumps({str(k)[1:]: str(v) for k, v in pdf.docinfo.items()}, ensure_ascii=False))
            """
        let result = try Oracle.run("python3", ["-c", script, pdf.path])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String]
        return try #require(object, "pikepdf: \(result.stderr)")
    }

    @Test("The receipt's and the invoice's Author is their data's shop and issuer, not the braces")
    func sampleAuthorsAreFilled() throws {
        let scratch = try Scratch("metadata-samples")
        for (template, author) in [("receipt", "喫茶 髙田珈琲店"), ("invoice", "株式会社サンプル商事")] {
            let output = scratch.file("\(template).pdf")
            let run = try Self.mkpdf(
                ["render", Repo.root.appendingPathComponent("Templates/\(template).yaml").path, "-o", output.path],
                in: scratch)
            #expect(run.status == 0, "\(template): \(run.stderr)")
            #expect(try Self.info(output)["Author"] == author, "\(template)")
            #expect(try Self.docinfo(output)["Author"] == author, "\(template)")
        }
    }

    @Test("title, author, subject and keywords with {{ }} are filled from data and --set")
    func everyMetadataKeyIsATextTemplate() throws {
        let scratch = try Scratch("metadata-keys")
        let template = scratch.file("letter.yaml")
        try """
            page: a6
            title: 請求書 {{number}}
            author: "{{shop}}"
            subject: "{{customer}} 様 {{month}}月分"
            keywords: 請求書, {{number}}, 𠮷
            data:
              number: INV-1
              shop: 髙田珈琲店
              customer: 𠮷田 葛󠄀子
              month: 11
            palette:
              ink: {stroke: "#000000"}
            elements:
              - text: {role: ink, text: "{{customer}}", x: 10, y: 10, size: 12}
            """.write(to: template, atomically: true, encoding: .utf8)
        let output = scratch.file("letter.pdf")
        let run = try Self.mkpdf(
            ["render", template.path, "--set", "number=INV-42", "-o", output.path], in: scratch)
        #expect(run.status == 0, "\(run.stderr)")
        let expected = [
            "Title": "請求書 INV-42", "Author": "髙田珈琲店", "Subject": "𠮷田 葛󠄀子 様 11月分", "Keywords": "請求書, INV-42, 𠮷"
        ]
        let poppler = try Self.info(output)
        let pike = try Self.docinfo(output)
        for (key, value) in expected {
            #expect(poppler[key] == value, "pdfinfo \(key): \(poppler[key] ?? "none")")
            #expect(pike[key] == value, "pikepdf \(key): \(pike[key] ?? "none")")
        }
        // A name the data does not declare is refused at its line, as in any other text.
        try "page: a6\nsubject: \"{{nobody}}\"\nelements: []\n".write(
            to: template, atomically: true, encoding: .utf8)
        let bad = try Self.mkpdf(["render", template.path, "-o", scratch.file("bad.pdf").path], in: scratch)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("letter.yaml:2:") && bad.stderr.contains("nobody"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("bad.pdf").path))
    }

    @Test("A positioned template's pdfa: 1b reaches the PDF through render, ticket --template and batch")
    func pdfaReachesEveryFace() throws {
        let scratch = try Scratch("metadata-pdfa")
        let ticket = try String(
            contentsOf: Repo.root.appendingPathComponent("Templates/ticket.yaml"), encoding: .utf8)
        let template = scratch.file("ticket-a.yaml")
        try ("pdfa: 1b\n" + ticket).write(to: template, atomically: true, encoding: .utf8)
        try "member\nGCG-40167\n".write(to: scratch.file("one.csv"), atomically: true, encoding: .utf8)
        let runs: [(String, [String], String)] = [
            ("render", ["render", template.path, "--set", "member=GCG-40167", "-o", "render.pdf"], "render.pdf"),
            ("ticket", ["ticket", "--member", "GCG-40167", "--template", template.path, "-o", "ticket.pdf"], "ticket.pdf"),
            ("batch", ["batch", "--data", "one.csv", "--template", template.path, "--out", "batch"], "batch")
        ]
        for (face, arguments, output) in runs {
            let run = try Self.mkpdf(arguments, in: scratch)
            #expect(run.status == 0, "\(face): \(run.stderr)")
            var file = scratch.file(output)
            if face == "batch" {
                let made = try FileManager.default.contentsOfDirectory(atPath: file.path).filter { $0.hasSuffix(".pdf") }
                try #require(made.count == 1, "\(made)")
                file = file.appendingPathComponent(made[0])
            }
            let facts = try ArchivalTests.pikepdfFacts(file)
            #expect(facts["part"] == "1" && facts["conformance"] == "B", "\(face): \(facts)")
            #expect(facts["intent"] == "/GTS_PDFA1", "\(face): \(facts)")
            let verdict = try ArchivalTests.preflight(file)
            #expect(verdict.stdout.contains("is a valid PDF/A-1b file"), "\(face): \(verdict.stdout)")
        }
    }
}
