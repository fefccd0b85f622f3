import Foundation
import TestSupport
import Testing

/// The editor in a real browser: Debian's Chromium, headless, driven through Playwright (Browser/editor.py).
@Suite struct EditorBrowserTests {
    @Test func typingChangesThePreviewAndAMisspeltKeyShowsItsLine() throws {
        let (scratch, root) = try RenderServiceTests.root("serve-editor")
        let server = try ServiceProcess(root: root, scratch: scratch)
        let script = Repo.root.appendingPathComponent("Tests/ServeTests/Browser/editor.py")
        let run = try Oracle.run(
            "python3", [script.path, "http://127.0.0.1:\(server.port)", scratch.url.path], directory: scratch.url)
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")
        let seen = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")
        #expect(seen["codeMirror"] as? Bool == true, "CodeMirror from libjs-codemirror loaded")
        #expect(seen["templateLoaded"] as? Bool == true)
        #expect(seen["previewChanged"] as? Bool == true, "typing a venue changed the preview")
        let problem = try #require(seen["problemText"] as? String)
        #expect(problem.contains("palete") && problem.contains("palette"), "the key and its correction: \(problem)")
        #expect(seen["problemLine"] as? Int == seen["expectedLine"] as? Int, "\(seen)")
        #expect(seen["markedLines"] as? Int == 1)
        #expect(seen["previewKept"] as? Bool == true, "the last good preview stays")
        #expect(seen["problemCleared"] as? Bool == true)
        #expect(seen["downloadName"] as? String == "ticket.pdf")
        let pdf = URL(fileURLWithPath: try #require(seen["pdf"] as? String))
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        #expect(try Oracle.pdftotext(pdf).contains("東京ドーム"))
        let selected = try #require(seen["selected"] as? String)
        #expect(selected.contains("qr:"), "a click on the QR code selected its YAML: \(selected)")
    }
}
