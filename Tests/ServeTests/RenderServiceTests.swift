import Foundation
import TestSupport
import Testing

/// `mkpdf serve` over real HTTP on a loopback port: documents checked by the oracles, every problem status with its
/// RFC 9457 body, the root, the limits, reload and draining on SIGTERM.
@Suite(.serialized) struct RenderServiceTests {
    /// A scratch root holding the ticket template and the slow one.
    static func root(_ name: String) throws -> (Scratch, URL) {
        let scratch = try Scratch(name)
        let root = scratch.file("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("Templates/ticket.yaml"),
            to: root.appendingPathComponent("ticket.yaml"))
        try Data(Samples.slowTemplate.utf8).write(to: root.appendingPathComponent("slow.yaml"))
        return (scratch, root)
    }

    @Test func aTicketIsAPDFTheOraclesRead() throws {
        let (scratch, root) = try Self.root("serve-ticket")
        let server = try ServiceProcess(root: root, scratch: scratch)
        let answer = try server.post("/render/ticket", json: #"{"member": "GCG-40167", "venue": "東京ドーム〜① 髙橋 𠮷"}"#)
        #expect(answer.status == 200, "\(answer.text.prefix(400))")
        #expect(answer.headers["content-type"] == "application/pdf")
        let pdf = scratch.file("ticket.pdf")
        try answer.body.write(to: pdf)
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        let text = try Oracle.pdftotext(pdf)
        #expect(text.contains("東京ドーム〜① 髙橋 𠮷"), "\(text)")
        let png = scratch.file("ticket")
        try Oracle.run("pdftoppm", ["-r", "144", "-png", "-singlefile", pdf.path, png.path])
        let code = try Oracle.run("zbarimg", ["-q", "--raw", png.path + ".png"])
        #expect(code.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "FN-579-413/GCG-40167")
    }

    @Test func pngComesByAcceptOrFormatWithItsPageCount() throws {
        let (scratch, root) = try Self.root("serve-png")
        let server = try ServiceProcess(root: root, scratch: scratch)
        for (query, headers) in [("", ["Accept": "image/png"]), ("?format=png&scale=1", [:])] {
            let answer = try server.post("/render/ticket\(query)", json: "{}", headers: headers)
            #expect(answer.status == 200, "\(answer.text.prefix(300))")
            #expect(answer.headers["content-type"] == "image/png")
            #expect(answer.headers["mkpdf-pages"] == "1")
            #expect(answer.body.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            let width = answer.body[16..<20].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == (query.isEmpty ? 800 : 400), "the ticket is 400 pt wide: \(width) px")
        }
        let refused = try server.post("/render/ticket", json: "{}", headers: ["Accept": "text/html"])
        #expect(refused.status == 406)
    }

    @Test func everyProblemHasItsStatusAndPlace() throws {
        let (scratch, root) = try Self.root("serve-problems")
        let server = try ServiceProcess(
            root: root, arguments: ["--body-bytes", "100000", "--limit", "job-seconds=1"], scratch: scratch)
        let badJSON = try server.post("/render/ticket", json: "{\"member\": \"GCG\",\n \"venue\": }")
        #expect(badJSON.status == 400)
        #expect(badJSON.headers["content-type"] == "application/problem+json")
        #expect(badJSON.problem["type"] as? String == "/problems/bad-request")
        #expect(badJSON.problem["line"] as? Int == 2, "\(badJSON.text)")
        let unknownField = try server.post("/render/ticket", json: #"{"membr": "GCG-1"}"#)
        #expect(unknownField.status == 400)
        #expect(
            (unknownField.problem["detail"] as? String)?.contains("member") == true,
            "did you mean: \(unknownField.text)")
        let missing = try server.post("/render/nothing", json: "{}")
        #expect(missing.status == 404)
        #expect(missing.problem["title"] as? String == "No such template")
        let large = try server.post(
            "/render/ticket", json: "{\"venue\": \"" + String(repeating: "あ", count: 40_000) + "\"}")
        #expect(large.status == 413, "\(large.text)")
        let long = String(repeating: "東京国際フォーラム ホールA ", count: 12)
        let unfit = try server.post("/render/ticket", json: "{\"venue\": \"\(long)\"}")
        #expect(unfit.status == 422, "\(unfit.text)")
        #expect(unfit.problem["field"] as? String == "venue")
        let ticket = try String(contentsOf: root.appendingPathComponent("ticket.yaml"), encoding: .utf8)
        let venueLine = try #require(
            ticket.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                $0.contains("text: \"{{venue}}\"")
            })
        #expect(unfit.problem["line"] as? Int == venueLine + 1, "the template line of the box: \(unfit.text)")
        #expect(unfit.problem["file"] as? String == "ticket.yaml")
        #expect(!unfit.text.contains(root.path), "no problem tells where the root is: \(unfit.text)")
        let emoji = try server.post("/render/ticket", json: #"{"venue": "GCG-😀"}"#)
        #expect(emoji.status == 422)
        #expect((emoji.problem["detail"] as? String)?.contains("U+1F600") == true, "\(emoji.text)")
        let slow = try server.post("/render/slow", json: Samples.slowData(2_000))
        #expect(slow.status == 504, "\(slow.text.prefix(300))")
        #expect(slow.problem["limit"] as? String == "job-seconds")
        let kind = try server.request("GET", "/problems/time-limit")
        #expect(kind.status == 200 && kind.text.contains("504"))
    }

    @Test func nothingOutsideTheRootIsRead() throws {
        let (scratch, root) = try Self.root("serve-root")
        let outside = scratch.file("secret.yaml")
        try FileManager.default.copyItem(at: root.appendingPathComponent("ticket.yaml"), to: outside)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("link.yaml"), withDestinationURL: outside)
        try Data("page: a6\nelements:\n  - part: {file: ../secret.yaml, x: 0, y: 0, w: 100, h: 40}\n".utf8)
            .write(to: root.appendingPathComponent("escape.yaml"))
        let server = try ServiceProcess(root: root, scratch: scratch)
        for path in ["/render/link", "/render/..%2Fsecret", "/render/../secret", "/render/%2Fetc%2Fpasswd"] {
            let answer = try server.post(path, json: "{}")
            #expect(answer.status == 404, "\(path): \(answer.status) \(answer.text.prefix(200))")
            #expect(!answer.text.contains("GCG-40167"))
        }
        let part = try server.post("/render/escape", json: "{}")
        #expect(part.status == 500, "\(part.text)")
        #expect((part.problem["detail"] as? String)?.contains("outside the template's root") == true, "\(part.text)")
        let listed = try server.request("GET", "/templates")
        let names = (try JSONSerialization.jsonObject(with: listed.body) as? [[String: Any]])?.compactMap {
            $0["name"] as? String
        }
        #expect(names?.contains("ticket") == true && names?.contains("secret") == false, "\(listed.text.prefix(300))")
    }

    @Test func theQueueRefusesPastItsLength() throws {
        let (scratch, root) = try Self.root("serve-queue")
        let server = try ServiceProcess(root: root, arguments: ["--jobs", "1", "--queue", "0"], scratch: scratch)
        let slow = try server.start(
            "POST", "/render/slow", body: Data(Samples.slowData(1_500).utf8),
            headers: ["Content-Type": "application/json"])
        Thread.sleep(forTimeInterval: 0.3)
        let refused = try server.post("/render/ticket", json: "{}")
        #expect(refused.status == 429, "\(refused.text)")
        #expect(refused.headers["retry-after"] == "1")
        #expect(try slow.wait().status == 200)
        #expect(try server.post("/render/ticket", json: "{}").status == 200, "a slot is free again")
    }

    @Test func anEditedTemplateIsServedWithoutARestart() throws {
        let (scratch, root) = try Self.root("serve-reload")
        let server = try ServiceProcess(root: root, scratch: scratch)
        let before = try server.post("/render/ticket", json: "{}")
        try before.body.write(to: scratch.file("before.pdf"))
        #expect(try Oracle.pdftotext(scratch.file("before.pdf")).contains("入場整理券"))
        let file = root.appendingPathComponent("ticket.yaml")
        let edited = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(
            of: "title: 入場整理券", with: "title: 招待状")
        try Data(edited.utf8).write(to: file)
        let after = try server.post("/render/ticket", json: "{}")
        try after.body.write(to: scratch.file("after.pdf"))
        let text = try Oracle.pdftotext(scratch.file("after.pdf"))
        #expect(text.contains("招待状") && !text.contains("入場整理券"), "\(text)")
    }

    /// A job that ends within the drain time finishes (WorkerIsolationTests: one that does not is stopped).
    @Test func sigtermFinishesTheJobInFlightAndRefusesNewOnes() throws {
        let (scratch, root) = try Self.root("serve-drain")
        let server = try ServiceProcess(root: root, arguments: ["--drain-seconds", "5"], scratch: scratch)
        let slow = try server.start(
            "POST", "/render/slow", body: Data(Samples.slowData(1_500).utf8),
            headers: ["Content-Type": "application/json"])
        Thread.sleep(forTimeInterval: 0.3)
        kill(server.process.processIdentifier, SIGTERM)
        Thread.sleep(forTimeInterval: 0.2)
        let late = try server.post("/render/ticket", json: "{}")
        #expect(late.status == 503, "\(late.text)")
        #expect(late.problem["type"] as? String == "/problems/shutting-down")
        #expect(try server.request("GET", "/healthz").status == 503, "a load balancer sees the drain")
        let finished = try slow.wait()
        #expect(finished.status == 200, "\(finished.text.prefix(200))")
        #expect(finished.body.starts(with: Data("%PDF-".utf8)))
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0, "\(server.output)")
    }

    @Test func aBatchIsAZipWithItsManifest() throws {
        let (scratch, root) = try Self.root("serve-batch")
        let server = try ServiceProcess(root: root, scratch: scratch)
        let jsonl = """
            {"member": "GCG-1", "ticket": "FN-1"}
            {"member": "GCG-2", "ticket": "FN-2", "venue": "\(String(repeating: "東京国際フォーラム ", count: 20))"}
            {"member": "GCG-3", "ticket": "FN-3"}

            """
        let answer = try server.request(
            "POST", "/batch/ticket?name=t-%7B%7Bmember%7D%7D", body: Data(jsonl.utf8),
            headers: ["Content-Type": "application/x-ndjson"])
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        #expect(answer.headers["content-type"] == "application/zip")
        let zip = scratch.file("batch.zip")
        try answer.body.write(to: zip)
        let folder = scratch.file("unzipped")
        try Oracle.run("unzip", ["-q", zip.path, "-d", folder.path])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["manifest.jsonl", "t-GCG-1.pdf", "t-GCG-3.pdf"])
        let manifest = try String(contentsOf: folder.appendingPathComponent("manifest.jsonl"), encoding: .utf8)
        let lines = manifest.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].contains("\"status\":\"failed\"") && lines[1].contains("venue"), "\(manifest)")
        #expect(try Oracle.pdftotext(folder.appendingPathComponent("t-GCG-3.pdf")).contains("GCG-3"))
        let small = try ServiceProcess(root: root, arguments: ["--batch-records", "2"], scratch: scratch)
        let tooMany = try small.request(
            "POST", "/batch/ticket", body: Data(jsonl.utf8), headers: ["Content-Type": "application/x-ndjson"])
        #expect(tooMany.status == 413 && tooMany.text.contains("more than 2 records"), "\(tooMany.text)")
    }

    @Test func templatesHealthAndMetricsAnswer() throws {
        let (scratch, root) = try Self.root("serve-catalogue")
        let server = try ServiceProcess(root: root, scratch: scratch)
        let health = try server.request("GET", "/healthz")
        #expect(health.status == 200 && health.text == "ok\n")
        let list = try #require(
            try JSONSerialization.jsonObject(with: try server.request("GET", "/templates").body) as? [[String: Any]])
        let ticket = try #require(list.first { $0["name"] as? String == "ticket" })
        #expect(ticket["width"] as? Double == 400 && ticket["height"] as? Double == 150)
        let inputs = try #require(ticket["inputs"] as? [[String: Any]])
        let member = try #require(inputs.first { $0["name"] as? String == "member" })
        #expect(member["default"] as? String == "GCG-40167" && member["type"] as? String == "text")
        _ = try server.post("/render/ticket", json: "{}")
        _ = try server.post("/render/nothing", json: "{}")
        let metrics = try server.request("GET", "/metrics").text
        #expect(metrics.contains("mkpdf_requests_total{route=\"render\",status=\"200\"} 1"), "\(metrics)")
        #expect(metrics.contains("mkpdf_problems_total{kind=\"unknown-template\"} 1"))
        #expect(metrics.contains("mkpdf_documents_total 1"))
        #expect(metrics.contains("mkpdf_request_duration_seconds_bucket"))
    }

    @Test func theEditorSavesOnlyWhenAllowedAndOnlyTemplatesThatLoad() throws {
        let (scratch, root) = try Self.root("serve-save")
        let text = try String(contentsOf: root.appendingPathComponent("ticket.yaml"), encoding: .utf8)
        let edited = Data(text.replacingOccurrences(of: "title: 入場整理券", with: "title: 優待券").utf8)
        let closed = try ServiceProcess(root: root, scratch: scratch)
        #expect(try closed.save("ticket", yaml: edited).status == 403)
        let open = try ServiceProcess(root: root, arguments: ["--allow-save"], scratch: scratch)
        let broken = try open.save("ticket", yaml: Data("page: a6\nelements:\n  - txt: {}\n".utf8))
        #expect(broken.status == 400 && broken.problem["line"] as? Int == 3, "\(broken.text)")
        #expect(try String(contentsOf: root.appendingPathComponent("ticket.yaml"), encoding: .utf8) == text)
        let outside = try open.save("..%2Fescaped", yaml: edited)
        #expect(outside.status == 403, "\(outside.text)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("escaped.yaml").path))
        #expect(try open.save("ticket", yaml: edited).status == 200)
        #expect(try open.save("copy", yaml: edited).status == 200)
        let saved = try open.request("GET", "/templates/copy")
        #expect(saved.text.contains("title: 優待券"))
        let rendered = try open.post("/render/ticket", json: "{}")
        try rendered.body.write(to: scratch.file("saved.pdf"))
        #expect(try Oracle.pdftotext(scratch.file("saved.pdf")).contains("優待券"))
    }

    @Test func formFieldsAreFlattenedByQueryOrByTheServiceDefault() throws {
        let (scratch, root) = try Self.root("serve-flatten")
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("Templates/application.yaml"),
            to: root.appendingPathComponent("application.yaml"))
        /// The fields pypdf reads in the answer to `path` (failing the test on a status other than 200), and
        /// whether the page's text shows the member's name (a flattened field prints it as page content).
        func fields(_ server: ServiceProcess, _ path: String) throws -> (fields: [String], name: Bool) {
            let answer = try server.post(path, json: #"{"氏名": "髙橋 𠮷野"}"#)
            #expect(answer.status == 200, "\(path): \(answer.text.prefix(300))")
            let pdf = scratch.file("answer-\(UUID().uuidString).pdf")
            try answer.body.write(to: pdf)
            #expect(try Oracle.qpdfCheck(pdf).status == 0)
            return (try Oracle.pypdfFields(pdf), try Oracle.pdftotext(pdf).contains("髙橋 𠮷野"))
        }
        let server = try ServiceProcess(root: root, scratch: scratch)
        let fillable = try fields(server, "/render/application")
        #expect(fillable.fields.contains("氏名|/Tx|髙橋 𠮷野"), "\(fillable.fields)")
        #expect(fillable.fields.count >= 10, "every field of the 申込書: \(fillable.fields)")
        for path in ["/render/application?flatten-forms=true", "/render/application?format=pdf&flatten-forms=TRUE"] {
            let flat = try fields(server, path)
            #expect(flat.fields.isEmpty, "\(path): \(flat.fields)")
            #expect(flat.name, "\(path): the flattened name is page text")
        }
        #expect(try fields(server, "/render/application?flatten-forms=false").fields == fillable.fields)
        let bad = try server.post("/render/application?flatten-forms=yes", json: "{}")
        #expect(bad.status == 400, "\(bad.text)")
        #expect((bad.problem["detail"] as? String)?.contains("flatten-forms=yes is neither true nor false") == true)

        let flattening = try ServiceProcess(root: root, arguments: ["--flatten-forms"], scratch: scratch)
        #expect(try fields(flattening, "/render/application").fields.isEmpty)
        #expect(try fields(flattening, "/render/application?flatten-forms=false").fields == fillable.fields)
    }
}

/// `?pdfua=true`: the service tags a PDF as `mkpdf render --pdfua` does, and says why it cannot.
@Suite struct ServiceTaggedPDFTests {
    @Test func pdfuaTagsThePDFAndRefusesWhatCannotBeTagged() throws {
        let (scratch, root) = try RenderServiceTests.root("serve-pdfua")
        for name in ["invoice.yaml", "report-logo.png"] {
            try FileManager.default.copyItem(
                at: Repo.root.appendingPathComponent("Templates/\(name)"), to: root.appendingPathComponent(name))
        }
        try """
        page: {width: 200, height: 120}
        title: ロゴの見本
        elements:
          - image: {file: report-logo.png, x: 10, y: 10, w: 64, h: 64}

        """.write(to: root.appendingPathComponent("logo.yaml"), atomically: true, encoding: .utf8)
        let server = try ServiceProcess(root: root, scratch: scratch)
        let invoice = try String(contentsOf: Repo.root.appendingPathComponent("samples/invoice.json"), encoding: .utf8)
        // The invoice template claims PDF/UA-1 itself; pdfua=false asks for it untagged.
        for (query, tagged) in [
            ("?pdfua=true", true), ("?pdfua=TRUE&format=pdf", true), ("", true), ("?pdfua=false", false)
        ] {
            let answer = try server.post("/render/invoice\(query)", json: invoice)
            try #require(answer.status == 200, "\(query): \(answer.text.prefix(300))")
            let pdf = scratch.file("invoice-\(tagged)-\(UUID().uuidString).pdf")
            try answer.body.write(to: pdf)
            #expect(try Oracle.qpdfCheck(pdf).status == 0)
            #expect((try Oracle.run("pdfua", ["check", pdf.path]).status == 0) == tagged, "\(query)")
            #expect((try Oracle.run("outloud", ["--no-info", pdf.path]).status == 0) == tagged, "\(query)")
        }
        for query in ["?pdfua=maybe", "?pdfua=true&format=png"] {
            let bad = try server.post("/render/invoice\(query)", json: "{}")
            #expect(bad.status == 400, "\(query): \(bad.text)")
        }
        // An image with no alternative text cannot be tagged: the template's problem, named, not a server error.
        let refused = try server.post("/render/logo?pdfua=true", json: "{}")
        #expect(refused.status == 422, "\(refused.text)")
        #expect((refused.problem["detail"] as? String)?.contains("alt") == true, "\(refused.text)")
        #expect(try server.post("/render/logo", json: "{}").status == 200)
    }
}
