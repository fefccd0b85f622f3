import DrawingModule
import Foundation
import TestSupport
import Testing
import Validation

@testable import Render

/// A format made in the test: one `static let`-like value and one target (`RecordingTarget`), as a new format is —
/// proof that the output entry point needs nothing else.
struct RecordingBackend: OutputBackend {
    var filePerPage: Bool { true }

    func layOut(_ document: Document, options: OutputOptions) throws(RenderError) -> LaidOutDocument {
        try DocumentLayout(fonts: options.fonts, gridPixelsPerPoint: options.scale.factor).layOut(document)
    }

    func files(for laidOut: LaidOutDocument, options: OutputOptions) throws(RenderError) -> [Data] {
        var files: [Data] = []
        for page in laidOut.pages {
            let target = RecordingTarget()
            try RenderError.converting(location: RenderLocation(page: page.number)) {
                try Painter().paint(page, into: target)
            }
            files.append(Data(target.calls.joined(separator: "\n").utf8))
        }
        return files
    }
}

/// `render(_:options:)`, the one entry point: formats, page naming, all-or-none writes, metadata and errors.
@Suite struct OutputEntryTests {
    static let recording = OutputFormat(name: "rec", backend: RecordingBackend())

    static func page(_ text: String) throws -> Drawing {
        var canvas = Canvas()
        try canvas.start(width: 200, height: 80, opaque: true)
        try canvas.addSlot(role: "ink", stroke: Color(hex: "#1A1A1A")!)
        try canvas.drawText("ink", text, font: "gothic", size: 12, x: 10, y: 10)
        return try canvas.stop()
    }

    @Test func aFormatMadeInATestRendersThroughTheOneEntryPoint() throws {
        let scratch = try Scratch("output-recording")
        let document = Document(pages: [try Self.page("一頁目"), try Self.page("二頁目")])
        let rendered = try render(document, options: OutputOptions(format: Self.recording))
        #expect(rendered.files.count == 2)
        let first = String(decoding: rendered.files[0], as: UTF8.self)
        let second = String(decoding: rendered.files[1], as: UTF8.self)
        #expect(first.contains("一頁目") && first.contains("page 1"), "\(first)")
        #expect(second.contains("二頁目") && second.contains("page 2"), "\(second)")
        let written = try rendered.write(to: scratch.file("out.rec"))
        #expect(written.map(\.lastPathComponent) == ["out-1.rec", "out-2.rec"])
        #expect(try scratch.contents() == ["out-1.rec", "out-2.rec"])
        #expect(try Data(contentsOf: written[1]) == rendered.files[1])
    }

    @Test func extensionsNameTheBuiltInFormatsAndNothingElse() throws {
        #expect(try OutputFormat.of(path: "a/Ticket.PDF") == .pdf)
        #expect(try OutputFormat.of(path: "ticket.png") == .png)
        #expect(try OutputFormat.of(path: nil) == .pdf)
        #expect(try OutputFormat.of(path: "-", explicit: .png) == .png)
        let unknown = #expect(throws: RenderError.self) { try OutputFormat.of(path: "photo.jpg") }
        #expect(unknown == .unknownFormat(path: "photo.jpg", explicit: nil, known: ["pdf", "png"]))
        #expect(unknown?.description.contains(".pdf or .png") == true, "\(String(describing: unknown))")
        let clash = #expect(throws: RenderError.self) { try OutputFormat.of(path: "t.pdf", explicit: .png) }
        #expect(clash?.description.contains("contradicts") == true)
        #expect(OutputFormat(rawValue: "rec") == nil, "a test's format is not a built-in one")
        #expect(OutputFormat.names == "pdf or png")
    }

    @Test func pngPagesAreNamedByPageAndWrittenAllOrNone() throws {
        let scratch = try Scratch("output-png-pages")
        let document = Document(pages: [try Self.page("表"), try Self.page("裏")])
        let rendered = try render(document, options: OutputOptions(format: .png, scale: .factor(1)))
        #expect(rendered.fileNames(for: "dir/card.png") == ["dir/card-1.png", "dir/card-2.png"])
        let written = try rendered.write(to: scratch.file("card.png"))
        #expect(written.map(\.lastPathComponent) == ["card-1.png", "card-2.png"])
        let size = try Oracle.run("file", [written[0].path]).stdout
        #expect(size.contains("200 x 80"), "\(size)")
        let missing = #expect(throws: RenderError.self) {
            try rendered.write(to: scratch.file("no/such/folder/card.png"))
        }
        #expect(missing?.description.contains("cannot write") == true)
        #expect(try scratch.contents() == ["card-1.png", "card-2.png"])
        let pipe = Pipe()
        let many = #expect(throws: RenderError.self) { try rendered.write(to: pipe.fileHandleForWriting) }
        #expect(many?.description.contains("2 png files") == true, "\(String(describing: many))")
    }

    /// A PDF is written at the URL given and the URL written comes back standardized: a clean absolute one as it
    /// is, one with `.`, `..` or a doubled slash resolved; the file is a whole PDF and no temporary file is left.
    @Test func aPDFWrittenGivesBackItsStandardizedURL() throws {
        let scratch = try Scratch("output-pdf-url")
        let rendered = try render(Document(pages: [try Self.page("入場券")]))
        let clean = scratch.file("ticket.pdf")
        #expect(try rendered.write(to: clean) == [clean])
        let winding = URL(fileURLWithPath: scratch.url.path + "/./sub/..//winding.pdf")
        try FileManager.default.createDirectory(at: scratch.file("sub"), withIntermediateDirectories: true)
        let written = try rendered.write(to: winding)
        #expect(written == [scratch.file("winding.pdf").standardizedFileURL], "\(written)")
        for file in [clean, written[0]] {
            #expect(try Data(contentsOf: file) == rendered.files[0])
            #expect(try Oracle.qpdfCheck(file).status == 0)
        }
        #expect(try scratch.contents() == ["sub", "ticket.pdf", "winding.pdf"])
    }

    @Test func optionsMetadataReplacesTheDocumentsEntriesItSets() throws {
        let scratch = try Scratch("output-metadata")
        let document = Document(
            pages: [try Self.page("請求書")], metadata: Document.Metadata(title: "元の題", author: "山田"))
        let file = scratch.file("m.pdf")
        try render(document, options: OutputOptions(metadata: Document.Metadata(title: "新しい題"))).write(to: file)
        let report = try Validator().validate(file)
        #expect(report.inspection.info["Title"] == "新しい題")
        #expect(report.inspection.info["Author"] == "山田")
        #expect(try Oracle.qpdfCheck(file).status == 0)
    }

    @Test func anEmptyDocumentIsRefused() {
        #expect(throws: RenderError.emptyDocument) { try render(Document(), options: OutputOptions()) }
    }
}
