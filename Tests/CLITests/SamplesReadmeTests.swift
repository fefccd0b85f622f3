import Foundation
import TestSupport
import Testing

/// The README's samples are real: every image it shows is in samples/, and scripts/samples regenerates each of them
/// (so a sample cannot silently go stale or vanish from the script).
@Suite struct SamplesReadmeTests {
    @Test func everyImageTheReadmeShowsExistsAndTheScriptMakesIt() throws {
        let readme = try String(contentsOf: Repo.root.appendingPathComponent("README.md"), encoding: .utf8)
        let script = try String(contentsOf: Repo.root.appendingPathComponent("scripts/samples"), encoding: .utf8)
        let images = try NSRegularExpression(pattern: #"!\[[^\]]*\]\((samples/[^)]+\.png)\)"#)
            .matches(in: readme, range: NSRange(readme.startIndex..., in: readme))
            .map { String(readme[Range($0.range(at: 1), in: readme)!]) }
        #expect(
            Set(images) == [
                "samples/ticket.png", "samples/seed-ticket.png", "samples/receipt.png",
                "samples/certificate.png", "samples/report-1.png", "samples/postcard.png",
                "samples/voucher.png", "samples/invoice-1.png", "samples/invoice-2.png", "samples/serve-editor.png",
                "samples/application.png",
                "samples/chart.png", "samples/designer-certificate.png", "samples/designer-invoice.png"
            ], "\(images)")
        #expect(script.contains("Browser/editor.py \"http://127.0.0.1:$port\" \"$work\" samples/serve-editor.png"))
        #expect(script.contains("Browser/designer.py \"http://127.0.0.1:$port\" \"$work\" samples >"))
        let screenshots: Set = [
            "samples/serve-editor.png", "samples/designer-certificate.png", "samples/designer-invoice.png"
        ]
        for image in Set(images).subtracting(screenshots) {
            #expect(FileManager.default.fileExists(atPath: Repo.root.appendingPathComponent(image).path), "\(image)")
            // A page of a document is OUT-N.png of `-o OUT.png`.
            let written = image.replacingOccurrences(of: #"-\d+\.png$"#, with: ".png", options: .regularExpression)
            let made =
                image == "samples/report-1.png"
                ? script.contains("scripts/report-sample")
                : script.contains("-o " + written)
            #expect(made, "scripts/samples does not make \(image)")
            let pdf = written.replacingOccurrences(of: ".png", with: ".pdf")
            #expect(FileManager.default.fileExists(atPath: Repo.root.appendingPathComponent(pdf).path), "\(pdf)")
        }
    }
}
