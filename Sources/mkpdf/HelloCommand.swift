import ArgumentParser
import DrawingModule
import Foundation
import Haru

/// `mkpdf hello`: a "Hello libHaru!" page, a quick check that libHaru, its Japanese fonts and an
/// embedded TrueType font all work on this machine.
struct HelloCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hello",
        abstract: "Write the \"Hello libHaru!\" sample page (Latin, Japanese CID and TrueType text, shapes).",
        usage: "mkpdf hello [--output <output>] [--font <font>]",
        discussion: """
            Examples:
              mkpdf hello -o hello.pdf
              mkpdf hello --font /usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf
            """
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

extension PDFDocument {
    /// The lines the hello sample writes, so callers and tests know what to look for.
    static let helloLines = (
        latin: "Hello libHaru!",
        cid: "こんにちは、libHaru！ MS Gothic 入場整理券〜①髙ｶﾀｶﾅ",
        trueType: "こんにちは、libHaru！ IPAexGothic 入場整理券〜①髙ｶﾀｶﾅ"
    )

    /// A "Hello libHaru!" page of `size` (the command gives A5 landscape): Latin in Helvetica, Japanese in the
    /// non-embedded MS-Gothic (90ms-RKSJ-H) and in an embedded TrueType font, a stroked red rectangle and a
    /// translucent fill.
    ///
    /// A smoke test of the whole wrapper that a person can open and look at.
    static func helloSample(trueTypeFont: URL, size: PageSize) throws -> PDFDocument {
        let document = try PDFDocument()
        try document.setInfo(
            DocumentInfo(
                title: "Hello libHaru!", creator: "mkpdf hello",
                producer: "mkpdf (libHaru 2.3.0)"))
        let page = try document.addPage(size: size)
        let helvetica = try document.font(.helveticaBold)
        let gothic = try document.font(.msGothic, encoding: .rksjH)
        let ipa = try document.loadTrueTypeFont(at: trueTypeFont)

        try page.setFillColor(RGBColor(red: 0.2, green: 0.45, blue: 0.9))
        try page.setAlpha(fill: 0.35)
        try page.fill(.ellipse(x: 430, y: 250, xRadius: 120, yRadius: 70))
        try page.setAlpha(fill: 1)

        try page.setStrokeColor(.red)
        try page.setLineWidth(3)
        try page.setLineJoin(.round)
        try page.stroke(.rectangle(x: 30, y: 30, width: page.size.width - 60, height: page.size.height - 60))

        try page.text { t in
            try t.setFillColor(.black)
            try t.setFont(helvetica, size: 32)
            try t.show(helloLines.latin, x: 60, y: 320)
            try t.setFont(gothic, size: 16)
            try t.show(helloLines.cid, x: 60, y: 240)
            try t.setFont(ipa, size: 16)
            try t.show(helloLines.trueType, x: 60, y: 200)
        }
        try document.addOutline("Hello libHaru!", page: page)
        return document
    }
}
