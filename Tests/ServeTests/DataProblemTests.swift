import Foundation
import TestSupport
import Testing

/// Data that does not fit what a stored template declares is the caller's problem (4xx naming the field), never the
/// service's (500): the status comes from the error's kind, not from its words.
@Suite struct DataProblemTests {
    @Test("Text where the template declares a list answers 422 naming the field")
    func textWhereAListIsDeclared() throws {
        let scratch = try Scratch("serve-data-shape")
        let root = scratch.file("root")
        try FileManager.default.copyItem(at: Repo.root.appendingPathComponent("Templates"), to: root)
        let server = try ServiceProcess(root: root, scratch: scratch)
        let answer = try server.post("/render/invoice", json: #"{"items": "髙橋の品物 3点"}"#)
        #expect(answer.status == 422, "\(answer.text.prefix(400))")
        #expect(answer.headers["content-type"] == "application/problem+json")
        #expect(answer.problem["field"] as? String == "items", "\(answer.text)")
        let detail = try #require(answer.problem["detail"] as? String)
        #expect(detail.contains("declares items as a list"), "\(detail)")
        #expect(detail.contains("髙橋の品物 3点"), "\(detail)")
        // The same template given a list renders.
        let list = try server.post(
            "/render/invoice", json: #"{"items": [{"name": "珈琲豆", "qty": 1, "price": 1200, "rate": 8}]}"#)
        #expect(list.status == 200, "\(list.text.prefix(400))")
    }

    @Test("A value that does not read as its declared type answers 422 naming the field, the value and the type")
    func aValueNotOfItsDeclaredType() throws {
        let scratch = try Scratch("serve-data-type")
        let root = scratch.file("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("examples/typed.yaml"), to: root.appendingPathComponent("typed.yaml"))
        let server = try ServiceProcess(root: root, scratch: scratch)
        let answer = try server.post("/render/typed", json: #"{"amount": "8%"}"#)
        #expect(answer.status == 422, "\(answer.text.prefix(400))")
        #expect(answer.problem["field"] as? String == "amount", "\(answer.text)")
        let detail = try #require(answer.problem["detail"] as? String)
        #expect(detail.contains("\"amount\" is \"8%\", which does not read as money"), "\(detail)")
        let read = try server.post("/render/typed", json: #"{"amount": "△1,200", "issued": 45662}"#)
        #expect(read.status == 200, "\(read.text.prefix(400))")
    }
}
