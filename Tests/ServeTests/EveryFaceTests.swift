import Foundation
import Serve
import TestSupport
import Testing

/// One template and one record through every face — `mkpdf render`, `mkpdf ticket --template`, a one-record
/// `mkpdf batch`, `POST /render/ticket` and the Swift API — give the same PDF, and a member the template's
/// `patterns:` refuses is refused by all five with the same words (HTTP 422 naming the field).
@Suite(.serialized) struct EveryFaceTests {
    static let refusal = #"the value "髙橋-𠮷" of {{member}} is refused: it does not match the pattern ^[A-Za-z0-9-]{1,32}$"#

    /// The CLI faces' runs for `member`, each writing into `folder`: the argument lists and the file each writes.
    static func cliRuns(member: String, template: URL, in folder: URL) throws -> [(String, [String], URL)] {
        try "member\n\(member)\n".write(to: folder.appendingPathComponent("one.csv"), atomically: true, encoding: .utf8)
        return [
            ("render", ["render", template.path, "--set", "member=\(member)", "-o", "render.pdf"],
                folder.appendingPathComponent("render.pdf")),
            ("ticket", ["ticket", "--member", member, "--template", template.path, "-o", "ticket.pdf"],
                folder.appendingPathComponent("ticket.pdf")),
            ("batch", ["batch", "--data", "one.csv", "--template", template.path, "--out", "batch", "--name", "one"],
                folder.appendingPathComponent("batch/one.pdf"))
        ]
    }

    @Test("The same PDF through render, ticket --template, batch, POST /render and the Swift API")
    func everyFaceWritesTheSameBytes() async throws {
        let (scratch, root) = try RenderServiceTests.root("faces-same")
        let template = root.appendingPathComponent("ticket.yaml")
        var outputs: [(String, Data)] = []
        for (face, arguments, file) in try Self.cliRuns(member: "GCG-40167", template: template, in: scratch.url) {
            let run = try Oracle.run(Repo.mkpdf.path, arguments, directory: scratch.url)
            #expect(run.status == 0, "\(face): \(run.stderr)")
            outputs.append((face, try Data(contentsOf: file)))
        }
        let server = try ServiceProcess(root: root, scratch: scratch)
        let answer = try server.post("/render/ticket", json: #"{"member": "GCG-40167"}"#)
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        outputs.append(("serve", answer.body))
        let service = try RenderService(configuration: ServiceConfiguration(root: root))
        let rendered = try await service.render(
            templateNamed: "ticket", data: Data(#"{"member": "GCG-40167"}"#.utf8), settings: RenderSettings())
        outputs.append(("swift", try #require(rendered.files.first)))
        let (_, first) = outputs[0]
        #expect(first.starts(with: Data("%PDF-".utf8)))
        for (face, bytes) in outputs.dropFirst() {
            #expect(bytes == first, "\(face) differs from render: \(bytes.count) against \(first.count) bytes")
        }
    }

    @Test("A member the template's pattern refuses is refused by every face with the same words")
    func everyFaceRefusesTheSameMember() async throws {
        let (scratch, root) = try RenderServiceTests.root("faces-refuse")
        let template = root.appendingPathComponent("ticket.yaml")
        for (face, arguments, file) in try Self.cliRuns(member: "髙橋-𠮷", template: template, in: scratch.url) {
            let run = try Oracle.run(Repo.mkpdf.path, arguments, directory: scratch.url)
            #expect(run.status != 0, "\(face) accepted it")
            #expect(run.stderr.contains(Self.refusal), "\(face): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: file.path), "\(face) left \(file.lastPathComponent)")
        }
        let server = try ServiceProcess(root: root, scratch: scratch)
        let answer = try server.post("/render/ticket", json: #"{"member": "髙橋-𠮷"}"#)
        #expect(answer.status == 422, "\(answer.text.prefix(300))")
        #expect(answer.problem["field"] as? String == "member")
        #expect((answer.problem["detail"] as? String)?.contains(Self.refusal) == true, "\(answer.text)")
        let service = try RenderService(configuration: ServiceConfiguration(root: root))
        let problem = await #expect(throws: ServiceProblem.self) {
            try await service.render(
                templateNamed: "ticket", data: Data(#"{"member": "髙橋-𠮷"}"#.utf8), settings: RenderSettings())
        }
        #expect(problem?.detail.contains(Self.refusal) == true, "\(String(describing: problem))")
    }
}
