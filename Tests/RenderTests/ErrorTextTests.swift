import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// A wrapping error reads once: what failed, where, the wrapped reason, and exactly one fix — the wrapped
/// message's own when it has one, else the wrapper's.
@Suite struct ErrorTextTests {
    static func fixes(in text: String) -> Int { text.components(separatedBy: "Fix:").count - 1 }

    @Test func everyRenderErrorHasExactlyOneFix() {
        let location = RenderLocation(page: 2, path: "commands[3]")
        let haru =
            "HPDF_FILE_OPEN_ERROR (0x1017, detail 2): Cannot open the file. Failed to open the file "
            + "(file /x/t.pdf): No such file or directory. Fix: check that the folder exists and is writable."
        let errors: [RenderError] = [
            .output(path: "/x/t.pdf", reason: haru),
            .output(path: "/x/t.pdf", reason: "cannot open it (Is a directory)"),
            .pdf(location: location, reason: haru), .pdf(location: nil, reason: "libHaru said no"),
            .image(location: location, reason: "logo.png: not a PNG file. Fix: convert it to PNG"),
            .image(location: location, reason: "short read"),
            .outline(index: 1, field: "title", reason: haru),
            .raster(location: nil, operation: "fill", reason: "no memory"),
            .libraryUnavailable(library: "cairo", package: "libcairo2", reason: "libcairo.so.2: file too short"),
            .font(location: location, font: "gothic", reason: "unknown font \"gothic\". Fix: use one of those"),
            .emptyDocument, .invalidScale("scale 0"),
            .surfaceTooLarge(page: 1, width: 40_000, height: 10, limit: 32_767)
        ]
        for error in errors {
            #expect(Self.fixes(in: error.description) == 1, "\(error.description)")
            #expect(!error.description.contains(".."), "\(error.description)")
        }
        // The wrapped message's own fix wins over the wrapper's generic one.
        #expect(RenderError.output(path: "/x/t.pdf", reason: haru).description.hasSuffix("is writable"))
    }

    @Test func realFailuresReadOnce() throws {
        let scratch = try Scratch("render-error-text")
        let error = try #require(throws: RenderError.self) {
            try render(try Samples.admissionTicket(), options: OutputOptions()).write(
                to: scratch.file("no/folder/out.pdf"))
        }
        #expect(Self.fixes(in: error.description) == 1, "\(error.description)")
        var canvas = Canvas()
        try canvas.start(width: 20, height: 20)
        // The PNG signature (the canvas checks it) and then nothing: the decoder finds the data cut short.
        try canvas.drawImage(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]), x: 0, y: 0, w: 10, h: 10)
        let drawing = try canvas.stop()
        for render in [{ _ = try RasterRenderer().bitmap(for: drawing) }, { _ = try PDFRenderer().data(for: drawing) }]
        {
            let bad = try #require(throws: RenderError.self) { try render() }
            #expect(Self.fixes(in: bad.description) == 1, "\(bad.description)")
            #expect(
                bad.description.contains("page 1, commands[0]") && bad.description.contains("truncated"),
                "\(bad.description)")
        }
    }
}
