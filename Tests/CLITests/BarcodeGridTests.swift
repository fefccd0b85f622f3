import Foundation
import TestSupport
import Testing

/// The rule `mkpdf help` states for --scale: QR and barcode modules sit on its pixel grid in the PDF as in the PNG —
/// read from the PDF's own content stream, for the ticket at scales 1, 2 and 3.
@Suite struct BarcodeGridTests {
    /// The `x y w h re` rectangles of the first page's content, in PDF points (y up).
    static func rectangles(in pdf: URL) throws -> [[Double]] {
        let expanded = pdf.deletingPathExtension().path + "-qdf.pdf"
        let result = try Oracle.run("qpdf", ["--qdf", "--object-streams=disable", pdf.path, expanded])
        #expect(result.status == 0, "qpdf: \(result.stderr)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: expanded)), as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).compactMap { line -> [Double]? in
            let parts = line.split(separator: " ")
            guard parts.count == 5, parts[4] == "re" else { return nil }
            let numbers = parts[0..<4].compactMap { Double($0) }
            return numbers.count == 4 ? numbers : nil
        }
    }

    @Test(arguments: [1.0, 2.0, 3.0]) func qrModulesOfThePDFSitOnTheScalesGrid(scale: Double) throws {
        let scratch = try Scratch("cli-qr-grid")
        let name = "t\(Int(scale)).pdf"
        let run = try Oracle.run(
            Repo.mkpdf.path,
            ["ticket", "--member", "GCG-40167", "--ticket", "FN-579-413", "--scale", String(scale), "-o", name],
            directory: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        // Templates/ticket.yaml puts the QR at x 288…384, y 16…112 of a 150 pt high page: y 38…134 in PDF space.
        let modules = try Self.rectangles(in: scratch.file(name)).filter {
            $0[0] >= 288 - 1e-6 && $0[0] + $0[2] <= 384 + 1e-6 && $0[1] >= 38 - 1e-6 && $0[1] + $0[3] <= 134 + 1e-6
                && $0[2] < 20
        }
        #expect(modules.count > 50, "the QR's dark modules are drawn as rectangles: \(modules.count)")
        let offGrid = modules.filter { rect in
            rect.contains { abs($0 * scale - ($0 * scale).rounded()) > 0.01 }
        }
        #expect(offGrid.isEmpty, "at --scale \(scale), every edge is a whole number of pixels: \(offGrid.prefix(3))")
    }

    @Test func thePDFFollowsTheScaleItIsGiven() throws {
        let scratch = try Scratch("cli-qr-grid-differs")
        for scale in ["2", "3"] {
            let run = try Oracle.run(
                Repo.mkpdf.path, ["ticket", "--member", "GCG-40167", "--scale", scale, "-o", "s\(scale).pdf"],
                directory: scratch.url)
            #expect(run.status == 0, "\(run.stderr)")
        }
        #expect(try Data(contentsOf: scratch.file("s2.pdf")) != Data(contentsOf: scratch.file("s3.pdf")))
    }
}
