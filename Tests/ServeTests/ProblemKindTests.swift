import DrawingModule
import Foundation
import TestSupport
import Testing

@testable import Serve

/// Every `ProblemKind` over real HTTP: the status and `type` come from the kind alone, and the problem's place
/// (file, line, column, field, limit) arrives as members of the problem JSON, not only in its words.
@Suite struct ProblemKindTests {
    /// A root with the repository's templates, the slow one, and stored templates that are broken in one way each.
    static func server(_ name: String, arguments: [String] = []) throws -> ServiceProcess {
        let scratch = try Scratch(name)
        let root = scratch.file("root")
        try FileManager.default.copyItem(at: Repo.root.appendingPathComponent("Templates"), to: root)
        try Data(Samples.slowTemplate.utf8).write(to: root.appendingPathComponent("slow.yaml"))
        for (file, text) in storedTemplates {
            try Data(text.utf8).write(to: root.appendingPathComponent(file))
        }
        return try ServiceProcess(root: root, arguments: arguments, scratch: scratch)
    }

    /// An element kind the language lacks, on line 3.
    static let unknownElement = "page: a6\nelements:\n  - txt: {}\n"
    /// A text in a font no table names, on line 4.
    static let unknownFont = """
        page: a6
        palette: {ink: {stroke: "#000000"}}
        elements:
          - text: {role: ink, text: "会員", font: no-such-font, size: 12, x: 10, y: 10}
        """
    /// A part whose file is not there, on line 3.
    static let missingPart = "page: a6\nelements:\n  - part: {file: gone.yaml, x: 0, y: 0, w: 100, h: 40}\n"

    static let storedTemplates = [
        "broken.yaml": unknownElement, "nofont.yaml": unknownFont, "nopart.yaml": missingPart
    ]

    /// The 1-based line of the repository's template `file` that holds `text`.
    static func line(of file: String, holding text: String) throws -> Int {
        let yaml = try String(contentsOf: Repo.root.appendingPathComponent("Templates/" + file), encoding: .utf8)
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    /// `POST /render` with a template in the body, as the editor sends it.
    static func templateBody(_ template: String, data: String = "{}") throws -> String {
        let body = try JSONSerialization.data(withJSONObject: ["template": template, "data": data])
        return String(decoding: body, as: UTF8.self)
    }

    @Test("bad request: a value for a name the template does not declare is 400, naming the field")
    func badRequest() throws {
        let answer = try Self.server("kind-bad-request").post("/render/ticket", json: #"{"membr": "GCG-1"}"#)
        #expect(answer.status == 400, "\(answer.text)")
        #expect(answer.problem["type"] as? String == "/problems/bad-request")
        #expect(answer.problem["field"] as? String == "membr", "\(answer.text)")
        #expect(answer.problem["file"] as? String == "ticket.yaml", "\(answer.text)")
        #expect((answer.problem["detail"] as? String)?.contains("did you mean") == true, "\(answer.text)")
    }

    @Test("bad data: text where the template declares a list is 422, naming the field and the template")
    func badData() throws {
        let answer = try Self.server("kind-bad-data").post("/render/invoice", json: #"{"items": "髙橋の品物 3点"}"#)
        #expect(answer.status == 422, "\(answer.text)")
        #expect(answer.problem["type"] as? String == "/problems/unprocessable")
        #expect(answer.problem["field"] as? String == "items", "\(answer.text)")
        #expect(answer.problem["file"] as? String == "invoice.yaml", "\(answer.text)")
        #expect((answer.problem["detail"] as? String)?.contains("declares items as a list") == true)
    }

    @Test(
        "bad template: the request's own template is 400, a stored one is the service's 500; both with line and column")
    func badTemplate() throws {
        let server = try Self.server("kind-bad-template")
        let sent = try server.post("/render", json: Self.templateBody(Self.unknownElement))
        #expect(sent.status == 400, "\(sent.text)")
        #expect(sent.problem["type"] as? String == "/problems/bad-template")
        #expect(sent.problem["file"] as? String == "template", "\(sent.text)")
        #expect(sent.problem["line"] as? Int == 3 && sent.problem["column"] as? Int == 5, "\(sent.text)")
        let stored = try server.post("/render/broken", json: "{}")
        #expect(stored.status == 500, "\(stored.text)")
        #expect(stored.problem["type"] as? String == "/problems/broken-template")
        #expect(stored.problem["file"] as? String == "broken", "the template's name in the root: \(stored.text)")
        #expect(stored.problem["line"] as? Int == 3 && stored.problem["column"] as? Int == 5, "\(stored.text)")
        #expect((stored.problem["detail"] as? String)?.contains("unknown element \"txt\"") == true)
    }

    @Test("not found: a font no table names is the request's template's (400) or a stored template's (500)")
    func notFound() throws {
        let server = try Self.server("kind-not-found")
        let sent = try server.post("/render", json: Self.templateBody(Self.unknownFont))
        #expect(sent.status == 400, "\(sent.text)")
        #expect(sent.problem["type"] as? String == "/problems/bad-template")
        #expect(sent.problem["line"] as? Int == 4, "\(sent.text)")
        #expect((sent.problem["detail"] as? String)?.contains("no-such-font") == true, "\(sent.text)")
        let stored = try server.post("/render/nofont", json: "{}")
        #expect(stored.status == 500, "\(stored.text)")
        #expect(stored.problem["type"] as? String == "/problems/broken-template")
        #expect(stored.problem["file"] as? String == "nofont.yaml" && stored.problem["line"] as? Int == 4, "\(stored.text)")
    }

    @Test("I/O: a stored template's part that cannot be read is the service's 500, naming the file")
    func io() throws {
        let answer = try Self.server("kind-io").post("/render/nopart", json: "{}")
        #expect(answer.status == 500, "\(answer.text)")
        #expect(answer.problem["type"] as? String == "/problems/broken-template")
        #expect(answer.problem["file"] as? String == "nopart", "\(answer.text)")
        #expect((answer.problem["detail"] as? String)?.contains("gone.yaml") == true, "\(answer.text)")
    }

    @Test("does not fit: a venue too long for its box is 422, naming the field, file and line of the box")
    func doesNotFit() throws {
        let long = String(repeating: "東京国際フォーラム ホールA ", count: 12)
        let answer = try Self.server("kind-fit").post("/render/ticket", json: "{\"venue\": \"\(long)\"}")
        #expect(answer.status == 422, "\(answer.text)")
        #expect(answer.problem["type"] as? String == "/problems/unprocessable")
        #expect(answer.problem["field"] as? String == "venue", "\(answer.text)")
        #expect(answer.problem["file"] as? String == "ticket.yaml")
        #expect(
            answer.problem["line"] as? Int == (try Self.line(of: "ticket.yaml", holding: "text: \"{{venue}}\"")),
            "\(answer.text)")
        #expect((answer.problem["detail"] as? String)?.contains("does not fit") == true)
    }

    @Test("missing glyph: a character no font has is 422, naming the field, the code point and the table row")
    func missingGlyph() throws {
        let answer = try Self.server("kind-glyph").post("/render/ticket", json: #"{"venue": "GCG-😀"}"#)
        #expect(answer.status == 422, "\(answer.text)")
        #expect(answer.problem["field"] as? String == "venue", "\(answer.text)")
        #expect((answer.problem["detail"] as? String)?.contains("U+1F600") == true, "\(answer.text)")
        let items =
            #"{"items": [{"name": "珈琲豆", "qty": 1, "price": 1200, "rate": 8}, {"name": "x😀", "qty": 2, "price": 5, "rate": 8}]}"#
        let row = try Self.server("kind-glyph-row").post("/render/invoice", json: items)
        #expect(row.status == 422, "\(row.text)")
        #expect(row.problem["record"] as? String == "row 2 of `lines`", "\(row.text)")
        #expect(row.problem["field"] as? String == "item.name", "\(row.text)")
        #expect(row.problem["file"] as? String == "invoice.yaml", "\(row.text)")
        #expect(
            row.problem["line"] as? Int == (try Self.line(of: "invoice.yaml", holding: "{{item.name}}")), "\(row.text)")
    }

    @Test("limit: more elements than --limit elements-per-page allows is 422, naming the limit, file and line")
    func limit() throws {
        let server = try Self.server("kind-limit", arguments: ["--limit", "elements-per-page=20"])
        let answer = try server.post("/render/slow", json: Samples.slowData(50))
        #expect(answer.status == 422, "\(answer.text)")
        #expect(answer.problem["type"] as? String == "/problems/unprocessable")
        #expect(answer.problem["limit"] as? String == "elements-per-page", "\(answer.text)")
        #expect(answer.problem["file"] as? String == "slow.yaml" && answer.problem["line"] as? Int == 5)
    }

    @Test("time: a document past --limit job-seconds is 504, naming the limit")
    func time() throws {
        let server = try Self.server("kind-time", arguments: ["--limit", "job-seconds=1"])
        let answer = try server.post("/render/slow", json: Samples.slowData(2_000))
        #expect(answer.status == 504, "\(answer.text.prefix(300))")
        #expect(answer.problem["type"] as? String == "/problems/time-limit")
        #expect(answer.problem["limit"] as? String == "job-seconds", "\(answer.text)")
    }

    /// `internal` is the one kind no request reaches (sound input must not make mkpdf fail): its status is checked
    /// where it is chosen, beside every other kind's, so a new kind cannot go unanswered.
    @Test("Every kind has its status: client kinds 4xx, a stored template's own 500, internal 500")
    func everyKindHasItsStatus() {
        for kind in ProblemKind.allCases {
            let sent = ServiceProblem.Kind(kind, storedTemplate: false).status
            let stored = ServiceProblem.Kind(kind, storedTemplate: true).status
            switch kind {
            case .internal:
                #expect(sent == 500 && stored == 500)
            case .time:
                #expect(sent == 504 && stored == 504)
            case .badTemplate, .notFound, .io:
                #expect(sent == 400 && stored == 500, "\(kind)")
            case .badRequest:
                #expect(sent == 400 && stored == 400)
            case .badData, .doesNotFit, .missingGlyph, .limit:
                #expect(sent == 422 && stored == 422, "\(kind)")
            }
        }
    }
}
