import DrawingModule
import Foundation
import PNG
import Render
import TestSupport
import Testing

/// JPEG photos through the one output entry point: stored in the PDF as their own bytes (pdfimages lists them as
/// jpeg and extracts the input unchanged), decoded for PNG output, and turned upright by their EXIF orientation in
/// both.
@Suite struct JPEGRenderTests {
    static let passedThrough = ["rgb", "gray", "cmyk", "progressive"]

    @Test func photosArePassedThroughToThePDFByteForByte() throws {
        var canvas = Canvas()
        try canvas.start(width: 300, height: 60)
        for (index, name) in Self.passedThrough.enumerated() {
            try canvas.drawImage(JPEGFixtures.data(name), x: Double(index) * 70 + 5, y: 5, w: 64, h: 40)
        }
        // The same photo twice is stored once.
        try canvas.drawImage(JPEGFixtures.data("rgb"), x: 285, y: 5, w: 10, h: 10)
        let scratch = try Scratch("jpeg-pass-through")
        let pdf = scratch.file("photos.pdf")
        try render(try canvas.stop(), options: OutputOptions()).write(to: pdf)
        #expect(try Oracle.qpdfCheck(pdf).status == 0)

        let list = try Oracle.run("pdfimages", ["-list", pdf.path])
        let rows = list.stdout.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ").map(String.init) }
        #expect(rows.count == 5, "\(list.stdout)")
        #expect(rows.map { $0[8] } == Array(repeating: "jpeg", count: 5), "\(list.stdout)")
        #expect(rows.prefix(4).map { $0[5] } == ["rgb", "gray", "cmyk", "rgb"], "\(list.stdout)")
        #expect(Set(rows.map { $0[10] }).count == 4, "the repeated photo is one object: \(list.stdout)")

        #expect(try Oracle.run("pdfimages", ["-all", pdf.path, scratch.file("out").path]).status == 0)
        for (index, name) in Self.passedThrough.enumerated() {
            let extracted = try Data(contentsOf: scratch.file(String(format: "out-%03d.jpg", index)))
            #expect(extracted == (try JPEGFixtures.data(name)), "\(name): the PDF holds other bytes than the file")
        }
    }

    /// Each orientation fixture, drawn over the whole page, shows the upright quadrants in the PNG and in the PDF
    /// as pdftoppm draws it.
    @Test(arguments: 1...8)
    func exifOrientationIsShownUprightInBothFormats(_ orientation: Int) throws {
        var canvas = Canvas()
        try canvas.start(width: 128, height: 80)
        try canvas.drawImage(JPEGFixtures.data("orientation-\(orientation)"), x: 0, y: 0, w: 128, h: 80)
        let drawing = try canvas.stop()
        let scratch = try Scratch("jpeg-orientation-\(orientation)")
        let pdf = scratch.file("photo.pdf")
        try render(drawing, options: OutputOptions()).write(to: pdf)
        let prefix = scratch.file("poppler").path
        #expect(try Oracle.run("pdftoppm", ["-r", "72", "-png", "-singlefile", pdf.path, prefix]).status == 0)
        let poppler = try PNGDecoder().decode(contentsOf: URL(fileURLWithPath: prefix + ".png"))
        let raster = try RasterRenderer().bitmap(for: drawing, scale: .factor(1))
        for (name, bitmap) in [("pdftoppm", poppler), ("cairo", raster)] {
            #expect(bitmap.width == 128 && bitmap.height == 80)
            for (centre, colour) in zip(JPEGFixtures.centres, JPEGFixtures.quadrants) {
                let at = (Int(centre.y * 80) * 128 + Int(centre.x * 128)) * 4
                let got = Array(bitmap.pixels[at..<at + 3])
                #expect(
                    zip(got, colour).allSatisfy { abs(Int($0) - Int($1)) <= 12 },
                    "orientation \(orientation), \(name) at \(centre): \(got), expected \(colour)")
            }
        }
    }

    @Test func aDamagedPhotoIsARenderErrorInBothFormats() throws {
        let good = try JPEGFixtures.data("rgb")
        var canvas = Canvas()
        try canvas.start(width: 100, height: 100)
        try canvas.drawImage(good.prefix(good.count - 300), x: 0, y: 0, w: 50, h: 50)
        let drawing = try canvas.stop()
        for format in [OutputFormat.pdf, .png] {
            #expect { try render(drawing, options: OutputOptions(format: format)) } throws: { error in
                "\(error)".contains("page 1") && "\(error)".contains("JPEG") && "\(error)".contains("libjpeg")
            }
        }
    }
}
