import Foundation
import TestSupport
import Testing

/// The designer in a real browser (Debian's Chromium, headless, through Playwright: Browser/designer.py): a drag and
/// a pull of a handle edit only the keys they set, undo gives the file back byte for byte, a text added from the
/// palette and made vertical with ruby in the panel is saved and rendered by `mkpdf render`, the invoice's data form
/// changes its total, and the screenshots are made as scripts/samples makes samples/'s.
@Suite struct DesignerBrowserTests {
    @Test func dragResizeUndoPaletteAndTheDataForm() throws {
        let (scratch, root) = try RenderServiceTests.root("serve-designer")
        for name in ["certificate.yaml", "invoice.yaml", "parts/seal.yaml"] {
            let target = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Repo.root.appendingPathComponent("Templates/\(name)"), to: target)
        }
        let server = try ServiceProcess(root: root, arguments: ["--allow-save"], scratch: scratch)
        let script = Repo.root.appendingPathComponent("Tests/ServeTests/Browser/designer.py")
        // The screenshots go to the scratch folder: a test run leaves the repository as it was (scripts/samples
        // makes the ones in samples/ with the same script).
        let samples = scratch.url.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: samples, withIntermediateDirectories: true)
        let run = try Oracle.run(
            "python3", [script.path, "http://127.0.0.1:\(server.port)", scratch.url.path, samples.path],
            directory: scratch.url)
        #expect(run.status == 0, "\(run.stderr.suffix(3000))")
        let seen = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stdout)")

        // The venue moved 16 pt right onto the 8 pt grid, then widened by a pull of 13 pt, snapped to 16: only its
        // `x` and then its `w` changed, every other byte of the file as it was.
        let original = try #require(seen["original"] as? String)
        let venue = "text: \"{{venue}}\", size: 12, x: 152, y: 58, w: 128, h: 26,"
        #expect(original.components(separatedBy: venue).count == 2)
        let moved = original.replacingOccurrences(
            of: venue, with: venue.replacingOccurrences(of: "x: 152", with: "x: 168"))
        #expect(seen["moved"] as? String == moved, "\(seen["moved"] ?? "")")
        #expect(seen["previewMoved"] as? Bool == true, "the preview shows the move")
        let resized = moved.replacingOccurrences(of: "x: 168, y: 58, w: 128", with: "x: 168, y: 58, w: 144")
        #expect(seen["resized"] as? String == resized, "\(seen["resized"] ?? "")")
        let undone = try #require(seen["undone"] as? String)
        #expect(Data(undone.utf8) == Data(original.utf8), "undo restores the file byte for byte")
        #expect(seen["undoneHash"] as? Bool == true, "and its preview")
        #expect(seen["redone"] as? String == moved)
        let nudged = moved.replacingOccurrences(of: "x: 168, y: 58", with: "x: 160, y: 58")
        #expect(seen["nudged"] as? String == nudged, "ArrowLeft moves it one step of the grid")
        #expect(seen["undoneAgain"] as? String == original)
        #expect(seen["cursorSelected"] as? String == "elements:13", "the cursor in the qr: line selects the QR code")

        // The palette's text, vertical with ruby, saved into the root and drawn by `mkpdf render`.
        let designed = try #require(seen["designed"] as? String)
        #expect(seen["problemShown"] as? Bool == false, "\(seen["problem"] ?? "")")
        let added = try #require(designed.split(separator: "\n").last.map(String.init))
        #expect(added.hasPrefix("  - text: {text: ｜東京《とうきょう》駅, "), "\(added)")
        for key in ["x: 16", "y: 16", "w: 32", "h: 120", "writing: vertical"] {
            #expect(added.contains(key), "\(key) in \(added)")
        }
        #expect(designed.hasPrefix(original), "the elements before it are as they were")
        let saved = try String(contentsOf: root.appendingPathComponent("ticket.yaml"), encoding: .utf8)
        #expect(saved == designed)
        let pdf = scratch.file("designed.pdf")
        let render = try Oracle.run(
            Repo.mkpdf.path, ["render", root.appendingPathComponent("ticket.yaml").path, "-o", pdf.path])
        #expect(render.status == 0, "\(render.stderr)")
        let text = try Oracle.pdftotext(pdf).filter { !$0.isWhitespace }
        #expect(text.contains("東京駅"), "the vertical text's base, ruby left out of the reading: \(text)")

        // The certificate's recipient is a vertical box and a paragraph of the laid-out structure.
        #expect(seen["certificateWriting"] as? String == "vertical")
        #expect(seen["certificateRole"] as? String == "P")

        // On the invoice, a click on the title selects its element's line, one on the table the flow's table.
        #expect((seen["titleSelected"] as? String)?.contains("text: 請　求　書") == true, "\(seen["titleSelected"] ?? "")")
        #expect((seen["tableSelected"] as? String)?.hasPrefix("  - table:") == true, "\(seen["tableSelected"] ?? "")")
        #expect(seen["addedIndex"] as? String == "elements:18")

        // The invoice's data form: a line added and a quantity changed; the total follows.
        #expect(seen["rowsBefore"] as? Int == 4)
        #expect(seen["rowsAfter"] as? Int == 5)
        #expect(seen["previewChanged"] as? Bool == true)
        #expect(seen["rowsDefaults"] as? Int == 4 && seen["rowsRecord"] as? Int == 5, "a kept record flipped back to")
        let data = try #require(seen["data"] as? [String: Any])
        let items = try #require(data["items"] as? [[String: Any]])
        #expect(items.count == 5 && items.first?["qty"] as? Int == 5, "\(items)")
        let before = try Oracle.pdftotext(URL(fileURLWithPath: try #require(seen["before"] as? String)))
        let after = try Oracle.pdftotext(URL(fileURLWithPath: try #require(seen["after"] as? String)))
        // 2 × 1,200 + 3 × 980 at 8 %, 2,400 + 2 × 350 at 10 %: ¥9,177; with the first line 5 and a second filter
        // line: 8,940 + 715 + 3,800 + 380 = ¥13,835.
        #expect(before.contains("9,177") && !before.contains("13,835"), "\(before)")
        #expect(after.contains("13,835") && !after.contains("9,177"), "\(after)")
        for shot in ["designer-certificate.png", "designer-invoice.png"] {
            let size = try FileManager.default.attributesOfItem(atPath: samples.appendingPathComponent(shot).path)[
                .size]
            #expect((size as? Int ?? 0) > 10_000, "\(shot) was written")
        }
    }
}
