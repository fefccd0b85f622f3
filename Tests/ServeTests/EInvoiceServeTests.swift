import Foundation
import TestSupport
import Testing

/// `?einvoice=` on `POST /render/NAME`: the answer is the PDF/A-3b `mkpdf render --einvoice` writes, proved by the
/// factur-x library and CEN's EN 16931 rules; an unknown format or a PNG answer is refused with its fix.
@Suite struct EInvoiceServeTests {
    @Test func aFacturXInvoiceIsAnsweredAndBadAsksAreRefused() throws {
        let (scratch, root) = try RenderServiceTests.root("serve-einvoice")
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("Templates/invoice.yaml"),
            to: root.appendingPathComponent("invoice.yaml"))
        let server = try ServiceProcess(root: root, scratch: scratch)
        let answer = try server.post("/render/invoice?einvoice=factur-x", json: "{}")
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        let pdf = scratch.file("invoice.pdf")
        try answer.body.write(to: pdf)
        let script = Repo.root.appendingPathComponent("Tests/Fixtures/einvoice/check-cii.py").path
        let check = try Oracle.run("python3", [script, pdf.path])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("fatal=0 warning=0 level=EN 16931"), "\(check.stdout)")

        let unknown = try server.post("/render/invoice?einvoice=xrechnung", json: "{}")
        #expect(unknown.status == 400, "\(unknown.text)")
        #expect((unknown.problem["detail"] as? String)?.contains("jp-pint or factur-x") == true, "\(unknown.text)")
        let png = try server.post("/render/invoice?einvoice=jp-pint&format=png", json: "{}")
        #expect(png.status == 400, "\(png.text)")
        #expect((png.problem["detail"] as? String)?.contains("ask for format=pdf") == true, "\(png.text)")
    }
}
