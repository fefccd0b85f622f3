import Foundation
import TestSupport
import Testing

/// Another origin's page in a real browser (Debian's Chromium, headless, through Playwright: Browser/cross_origin.py)
/// can neither render nor save through the service: its form and no-cors posts are refused, its JSON and save
/// requests never pass the CORS preflight, and it cannot read the editor's token.
@Suite struct CrossOriginBrowserTests {
    @Test func anotherOriginsPageCannotRenderOrSave() throws {
        let (scratch, root) = try RenderServiceTests.root("serve-cross-origin")
        let before = try String(contentsOf: root.appendingPathComponent("ticket.yaml"), encoding: .utf8)
        let server = try ServiceProcess(root: root, arguments: ["--allow-save"], scratch: scratch)
        let script = Repo.root.appendingPathComponent("Tests/ServeTests/Browser/cross_origin.py")
        let run = try Oracle.run("python3", [script.path, "http://127.0.0.1:\(server.port)"], directory: scratch.url)
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")
        let seen = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        for name in ["json", "save", "settings"] {
            let attempt = try #require(seen[name] as? [String: Any], "\(name): \(seen)")
            #expect(attempt["error"] != nil, "\(name) was blocked by the browser: \(attempt)")
        }
        for name in ["noCorsText", "noCorsBlob"] {
            let attempt = try #require(seen[name] as? [String: Any], "\(name): \(seen)")
            #expect(attempt["type"] as? String == "opaque", "\(name): \(attempt)")
        }
        let metrics = try server.request("GET", "/metrics").text
        let refused = WorkerIsolationTests.metric("mkpdf_problems_total{kind=\"cross-origin\"}", in: metrics)
        #expect(refused == 3, "the form and both no-cors posts reached the service and were refused: \(metrics)")
        #expect(!metrics.contains("route=\"render\",status=\"200\""), "nothing rendered: \(metrics)")
        #expect(WorkerIsolationTests.metric("mkpdf_documents_total", in: metrics) == 0)
        #expect(try String(contentsOf: root.appendingPathComponent("ticket.yaml"), encoding: .utf8) == before)
    }
}
