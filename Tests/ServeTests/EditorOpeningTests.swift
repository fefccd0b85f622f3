import Foundation
import TestSupport
import Testing

/// The editor at `/` opens on the admission ticket, not on the first name in the folder (`anchor-ticket`, the
/// benchmark's template, sorts before it), in a real browser (Browser/opening.py).
@Suite struct EditorOpeningTests {
    @Test func theEditorOpensOnTheTicket() throws {
        let (scratch, root) = try RenderServiceTests.root("serve-editor-opening")
        for name in ["anchor-ticket.yaml", "application.yaml"] {
            try FileManager.default.copyItem(
                at: Repo.root.appendingPathComponent("Templates/\(name)"), to: root.appendingPathComponent(name))
        }
        let server = try ServiceProcess(root: root, scratch: scratch)
        let script = Repo.root.appendingPathComponent("Tests/ServeTests/Browser/opening.py")
        let run = try Oracle.run("python3", [script.path, "http://127.0.0.1:\(server.port)"], directory: scratch.url)
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")
        let seen = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        let options = try #require(seen["options"] as? [String]).filter { !$0.isEmpty }  // "" is "(new)"
        #expect(options.first == "anchor-ticket", "the folder's first template is the benchmark's: \(options)")
        #expect(seen["selected"] as? String == "ticket", "\(seen)")
        #expect(seen["hasTicketName"] as? Bool == true, "the ticket's YAML is in the editor: \(seen)")
    }
}
