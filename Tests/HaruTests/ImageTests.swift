import Foundation
import Haru
import TestSupport
import Testing

/// Raw-pixel images: stored Flate-compressed, alpha as a compressed gray soft mask, drawn where asked.
@Suite struct ImageTests {
    /// A 4×3 RGB gradient with a left-to-right alpha ramp.
    static func sample(alpha: Bool) throws -> RawImage {
        let (w, h) = (40, 30)
        var pixels: [UInt8] = []
        for y in 0..<h { for x in 0..<w { pixels += [UInt8(x * 6), UInt8(y * 8), 200] } }
        let mask = alpha ? (0..<h).flatMap { _ in (0..<w).map { UInt8($0 * 6) } } : nil
        return try RawImage(width: w, height: h, colorSpace: .rgb, pixels: pixels, alpha: mask)
    }

    @Test func imageWithAlphaIsCompressedWithCompressedSoftMask() throws {
        let scratch = try Scratch("haru-image")
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 419.53, height: 595.28))
        let image = try document.loadImage(try Self.sample(alpha: true))
        #expect(image.hasAlpha && image.width == 40 && image.height == 30)
        try page.draw(image, x: 50, y: 50, width: 200, height: 150)
        try page.draw(image, x: 50, y: 300, width: 80, height: 60)
        let file = scratch.file("image.pdf")
        try document.save(to: file)

        #expect(try Oracle.qpdfCheck(file).status == 0)
        let list = try Oracle.run("pdfimages", ["-list", file.path]).stdout
        let rows = list.split(separator: "\n").dropFirst(2).map {
            $0.split(separator: " ", omittingEmptySubsequences: true)
        }
        // page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
        let images = rows.filter { $0[2] == "image" }
        let masks = rows.filter { $0[2] == "smask" }
        #expect(images.count == 2 && masks.count == 2, "pdfimages -list:\n\(list)")
        for row in images { #expect(row[3] == "40" && row[4] == "30" && row[5] == "rgb" && row[7] == "8") }
        for row in masks { #expect(row[5] == "gray" && row[7] == "8") }
        // Flate shows as "image" in the enc column; the ratio column proves the stream is smaller than raw.
        for row in images + masks {
            #expect(row[8] == "image", "enc column: \(row)")
            let ratio = Double(row.last!.dropLast()) ?? 100
            #expect(ratio < 100, "stream not compressed: \(row)")
        }
    }

    @Test func grayImageWithoutAlphaHasNoMask() throws {
        let scratch = try Scratch("haru-gray")
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let raw = try RawImage(width: 8, height: 2, colorSpace: .gray, pixels: Array(repeating: 128, count: 16))
        try page.draw(try document.loadImage(raw), x: 10, y: 10, width: 80, height: 20)
        let file = scratch.file("gray.pdf")
        try document.save(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let list = try Oracle.run("pdfimages", ["-list", file.path]).stdout
        #expect(list.contains("gray") && !list.contains("smask"))
    }

    @Test func rawImageRejectsWrongByteCounts() {
        #expect(throws: RawImageError.self) {
            try RawImage(width: 2, height: 2, colorSpace: .rgb, pixels: [0, 0, 0])
        }
        #expect(throws: RawImageError.self) {
            try RawImage(width: 2, height: 2, colorSpace: .gray, pixels: [0, 0, 0, 0], alpha: [1])
        }
        #expect(throws: RawImageError.self) {
            try RawImage(width: 0, height: 2, colorSpace: .gray, pixels: [])
        }
    }
}
