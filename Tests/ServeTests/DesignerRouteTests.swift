import Foundation
import TestSupport
import Testing

/// The designer's routes over real HTTP: boxes read from the laid-out document (the invoice's title, a positioned
/// element of a flowing template, which the editor's old click could not find), edits in place, and bad input
/// answered as the caller's problem, never a 500.
@Suite struct DesignerRouteTests {
    static func body(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func theInvoicesTitleHasItsLaidOutBoxAndRole() throws {
        let (scratch, root) = try RenderServiceTests.root("serve-designer-boxes")
        let server = try ServiceProcess(root: root, scratch: scratch)
        let yaml = try String(
            contentsOf: Repo.root.appendingPathComponent("Templates/invoice.yaml"), encoding: .utf8)
        let answer = try server.post("/designer/boxes", json: try Self.body(["template": yaml, "data": "{}"]))
        #expect(answer.status == 200, "\(answer.text.prefix(400))")
        let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let items = try #require(object["elements"] as? [[String: Any]])
        let elements = items.filter { $0["list"] as? String == "elements" }
        #expect(elements.count == 15)
        let title = try #require(elements.first)
        #expect(title["kind"] as? String == "text" && title["role"] as? String == "H1", "\(title)")
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("請　求　書") }) + 1
        #expect(title["firstLine"] as? Int == line)
        // The box is where the 24 pt centred title is set, inside its 595.3 × 30 box: narrower than the box, and
        // centred on the page.
        let box = try #require((title["boxes"] as? [[String: Any]])?.first)
        #expect(box["page"] as? Int == 1)
        let x = try #require(box["x"] as? Double)
        let width = try #require(box["width"] as? Double)
        #expect(width > 60 && width < 200, "the set line, not the description's box: \(box)")
        #expect(abs(x + width / 2 - 595.3 / 2) < 2)
        let y = try #require(box["y"] as? Double)
        #expect(y >= 40 && y < 70)
        // The flow's table is a block of its own, below the first page's 112 mm top margin, a table of the
        // structure; its lines are the `- table:` item's.
        let table = try #require(items.first { $0["list"] as? String == "flow" && $0["kind"] as? String == "table" })
        #expect(table["role"] as? String == "Table", "\(table)")
        #expect(table["firstLine"] as? Int == (try #require(lines.firstIndex { $0 == "  - table:" })) + 1)
        let tableBox = try #require((table["boxes"] as? [[String: Any]])?.first)
        #expect(tableBox["page"] as? Int == 1)
        #expect(try #require(tableBox["y"] as? Double) >= 112 / 25.4 * 72 - 1)
        let pages = try #require(object["pages"] as? [[String: Any]])
        #expect(pages.count == 1)
        let inputs = try #require(object["inputs"] as? [[String: Any]])
        let list = try #require(inputs.first { $0["name"] as? String == "items" })
        #expect(list["type"] as? String == "list")
        let fields = try #require(list["fields"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(fields == ["qty", "price", "rate"])
    }

    /// A base image (a scanned paper form) goes in as the first element, drawn beneath the others across the page;
    /// the PDF draws it and the ticket's texts on it.
    @Test func aBaseImageGoesBeneathTheElements() throws {
        let (scratch, root) = try RenderServiceTests.root("serve-designer-base")
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("Templates/report-logo.png"),
            to: root.appendingPathComponent("form.png"))
        let server = try ServiceProcess(root: root, scratch: scratch)
        let yaml = try String(contentsOf: root.appendingPathComponent("ticket.yaml"), encoding: .utf8)
        let keys: [String: Any] = ["file": "form.png", "x": 0, "y": 0, "w": 400, "h": 150, "decorative": true]
        let answer = try server.post(
            "/designer/edit",
            json: try Self.body(["template": yaml, "add": ["kind": "image", "first": true, "keys": keys]]))
        #expect(answer.status == 200, "\(answer.text.prefix(400))")
        let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let edited = try #require(object["template"] as? String)
        #expect(object["index"] as? Int == 0)
        let base = "  - image: {file: form.png, x: 0, y: 0, w: 400, h: 150, decorative: true}\n"
        let band = "  - rect: {role: band"
        #expect(edited == yaml.replacingOccurrences(of: band, with: base + band), "\(edited)")
        let boxes = try server.post("/designer/boxes", json: try Self.body(["template": edited, "data": "{}"]))
        let laid = try #require(try JSONSerialization.jsonObject(with: boxes.body) as? [String: Any])
        let first = try #require((laid["elements"] as? [[String: Any]])?.first)
        #expect(first["kind"] as? String == "image" && first["role"] as? String == "Artifact", "\(first)")
        let box = try #require((first["boxes"] as? [[String: Any]])?.first)
        #expect(box["x"] as? Double == 0 && box["width"] as? Double == 400 && box["height"] as? Double == 150)
        let pdf = try server.post("/render?format=pdf", json: try Self.body(["template": edited, "data": "{}"]))
        #expect(pdf.status == 200)
        let file = scratch.file("based.pdf")
        try pdf.body.write(to: file)
        #expect(try Oracle.pdftotext(file).contains("入場整理券"))
        let images = try Oracle.run("pdfimages", ["-list", file.path])
        #expect(images.stdout.split(separator: "\n").count >= 3, "the form's image is drawn: \(images.stdout)")
    }

    @Test func anEditKeepsEveryOtherByteAndBadInputIsTheCallersProblem() throws {
        let (scratch, root) = try RenderServiceTests.root("serve-designer-edit")
        let server = try ServiceProcess(root: root, scratch: scratch)
        let yaml = try String(contentsOf: root.appendingPathComponent("ticket.yaml"), encoding: .utf8)
        let answer = try server.post(
            "/designer/edit", json: try Self.body(["template": yaml, "index": 10, "set": ["x": 168, "w": 144]]))
        #expect(answer.status == 200, "\(answer.text.prefix(400))")
        let object = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        let edited = try #require(object["template"] as? String)
        #expect(
            edited
                == yaml.replacingOccurrences(
                    of: "x: 152, y: 58, w: 128, h: 26", with: "x: 168, y: 58, w: 144, h: 26"))
        // A flow block's keys are set the same way: the invoice's closing paragraph, and nothing else.
        let invoice = try String(
            contentsOf: Repo.root.appendingPathComponent("Templates/invoice.yaml"), encoding: .utf8)
        let note = try server.post(
            "/designer/edit",
            json: try Self.body([
                "template": invoice, "list": "flow", "index": 1, "set": ["text": "※は軽減税率の対象です。", "size": 9]
            ]))
        #expect(note.status == 200, "\(note.text.prefix(400))")
        let noted = try #require(
            (try JSONSerialization.jsonObject(with: note.body) as? [String: Any])?["template"] as? String)
        #expect(
            noted
                == invoice.replacingOccurrences(
                    of: "paragraph: {text: \"※印は軽減税率（8%）の対象品目です。\", size: 8,",
                    with: "paragraph: {text: \"※は軽減税率の対象です。\", size: 9,"))
        let bad: [(String, String)] = [
            ("/designer/edit", try Self.body(["template": yaml, "index": 99, "set": ["x": 1]])),
            ("/designer/edit", try Self.body(["template": yaml, "index": 10, "set": ["x": ["a"]]])),
            ("/designer/edit", try Self.body(["template": "page: [", "index": 0, "set": ["x": 1]])),
            ("/designer/edit", try Self.body(["template": yaml])),
            ("/designer/boxes", try Self.body(["template": "page: a4\nelements: 3\n"])),
            ("/designer/boxes", "not json"),
            ("/designer/boxes", try Self.body(["template": yaml, "data": "{\"member\": \"no spaces allowed\"}"]))
        ]
        for (path, body) in bad {
            let answer = try server.post(path, json: body)
            #expect((400..<500).contains(answer.status), "\(path) \(body.prefix(80)): \(answer.status) \(answer.text)")
            #expect(answer.headers["content-type"] == "application/problem+json", "\(answer.headers)")
        }
    }
}
