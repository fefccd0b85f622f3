import ArgumentParser
import DrawingModule
import Foundation
import Haru

/// `mkpdf hello`: a "Hello libHaru!" page, a quick check that libHaru, its Japanese fonts and an
/// embedded TrueType font all work on this machine.
struct HelloCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hello",
        abstract: "Write the \"Hello libHaru!\" sample page (Latin, Japanese CID and TrueType text, shapes)."
    )

    /// Where the PDF goes.
    @Option(name: .shortAndLong, help: "Output PDF path.")
    var output: String = "hello.pdf"

    /// The TrueType font embedded for the second Japanese line.
    @Option(name: .long, help: "TrueType font to embed (IPAexGothic, from fonts-ipaexfont).")
    var font: String = "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf"

    func run() throws {
        let a5 = Paper.a5.size(.landscape)
        let document = try PDFDocument.helloSample(
            trueTypeFont: URL(fileURLWithPath: font),
            size: PageSize(width: a5.width, height: a5.height))
        let url = URL(fileURLWithPath: output)
        try document.save(to: url)
        print(url.standardizedFileURL.path)
    }
}
