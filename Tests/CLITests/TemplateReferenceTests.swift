import Foundation
import TestSupport
import Testing

/// docs/templates.md stays true: every YAML example in it renders with `mkpdf`, positioned templates through
/// `mkpdf render` and report templates through `mkpdf report` over samples/members.csv.
@Suite struct TemplateReferenceTests {
    /// One fenced block of the reference: its kind (the word after `yaml`), its text and the line it starts on.
    struct Example: CustomStringConvertible {
        var kind: String
        var yaml: String
        var line: Int
        var description: String { "docs/templates.md:\(line) (\(kind))" }
    }

    /// Every ```` ```yaml KIND ```` block of the reference, in order.
    static func examples() throws -> [Example] {
        let text = try String(contentsOf: Repo.root.appendingPathComponent("docs/templates.md"), encoding: .utf8)
        var examples: [Example] = []
        var open: Example?
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            if var example = open {
                if line.hasPrefix("```") {
                    examples.append(example)
                    open = nil
                } else {
                    example.yaml += line + "\n"
                    open = example
                }
            } else if line.hasPrefix("```yaml") {
                let words = line.dropFirst(3).split(separator: " ")
                open = Example(kind: words.count > 1 ? String(words[1]) : "", yaml: "", line: number + 1)
            }
        }
        return examples
    }

    /// A folder holding the example as `example.yaml` beside copies of Templates/report-logo.png and
    /// examples/photo.jpg (a JPEG turned by EXIF orientation 6), so the reference's
    /// paths resolve as it says (relative to the template, inside its folder: a link out of the folder would leave
    /// the template's root).
    static func folder(for example: Example) throws -> Scratch {
        let scratch = try Scratch("template-reference")
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("Templates/report-logo.png"), to: scratch.file("report-logo.png"))
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("examples/photo.jpg"), to: scratch.file("photo.jpg"))
        try Data(example.yaml.utf8).write(to: scratch.file("example.yaml"))
        return scratch
    }

    @Test func everyYAMLBlockSaysWhichLanguageItIsAndBothAreShown() throws {
        let examples = try Self.examples()
        for example in examples {
            #expect(["template", "report"].contains(example.kind), "\(example): write ```yaml template or report")
        }
        #expect(examples.filter { $0.kind == "template" }.count >= 8)
        #expect(examples.filter { $0.kind == "report" }.count >= 2)
    }

    @Test(arguments: try examples().filter { $0.kind == "template" })
    func positionedExampleRendersToAValidPDF(_ example: Example) throws {
        let scratch = try Self.folder(for: example)
        let result = try Oracle.run(
            Repo.mkpdf.path, ["render", "example.yaml", "-o", "example.pdf"],
            directory: scratch.url)
        #expect(result.status == 0, "\(example): \(result.stderr)")
        #expect(try Oracle.qpdfCheck(scratch.file("example.pdf")).status == 0, "\(example)")
    }

    @Test(arguments: try examples().filter { $0.kind == "report" })
    func reportExampleRendersToAValidPDF(_ example: Example) throws {
        let scratch = try Self.folder(for: example)
        let data = Repo.root.appendingPathComponent("samples/members.csv").path
        let result = try Oracle.run(
            Repo.mkpdf.path,
            [
                "report", "--data", data, "--template", "example.yaml",
                "-o", "report.pdf"
            ], directory: scratch.url)
        #expect(result.status == 0, "\(example): \(result.stderr)")
        #expect(try Oracle.qpdfCheck(scratch.file("report.pdf")).status == 0, "\(example)")
    }

    /// The walk-through's finished receipt reads back: its text from the PDF, its QR and JAN codes from the PNG.
    @Test func theFinishedReceiptHoldsItsTextAndAReadableQRCode() throws {
        let receipt = try #require(try Self.examples().last { $0.kind == "template" && $0.yaml.contains("qr:") })
        let scratch = try Self.folder(for: receipt)
        let pdf = try Oracle.run(
            Repo.mkpdf.path,
            [
                "render", "example.yaml", "--set", "name=佐藤 花子",
                "-o", "receipt.pdf"
            ], directory: scratch.url)
        #expect(pdf.status == 0, "\(pdf.stderr)")
        let text = try Oracle.pdftotext(scratch.file("receipt.pdf"))
        for expected in ["領収書", "佐藤 花子 様", "¥12,000", "但し 書籍代として", "株式会社 髙島書房", "収入印紙"] {
            #expect(text.contains(expected), "\(expected) not in \(text)")
        }
        let png = try Oracle.run(
            Repo.mkpdf.path, ["render", "example.yaml", "-o", "receipt.png"],
            directory: scratch.url)
        #expect(png.status == 0, "\(png.stderr)")
        let scan = try Oracle.run("zbarimg", ["-q", "--raw", scratch.file("receipt.png").path])
        let codes = Set(scan.stdout.split(separator: "\n").map(String.init))
        // The QR holds the receipt number; the JAN's 12 digits come back with their computed check digit.
        #expect(codes == ["R-2024-0001", "4912345678904"], "\(scan.stdout)")
    }
}
