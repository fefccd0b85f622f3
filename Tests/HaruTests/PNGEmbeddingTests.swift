import Foundation
import Haru
import PNG
import PNGFixtures
import TestSupport
import Testing

/// PNGs of every kind embedded through the PNG module, checked by poppler: rendered pixels and image metadata.
@Suite struct PNGEmbeddingTests {
    /// One row of `pdfimages -list`.
    struct ImageRow {
        var page: Int, type: String, width: Int, height: Int, color: String, bpc: Int
    }

    /// Parses `pdfimages -list` (columns: page num type width height color comp bpc enc …).
    static func imageList(_ pdf: URL) throws -> [ImageRow] {
        let result = try Oracle.run("pdfimages", ["-list", pdf.path])
        #expect(result.status == 0, "pdfimages failed: \(result.stderr)")
        return result.stdout.split(separator: "\n").dropFirst(2).compactMap { line in
            let f = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard f.count >= 12, let page = Int(f[0]), let w = Int(f[3]), let h = Int(f[4]), let bpc = Int(f[7]) else {
                return nil
            }
            return ImageRow(page: page, type: f[2], width: w, height: h, color: f[5], bpc: bpc)
        }
    }

    /// Rasterises every page so that one image pixel (one point) becomes one sample, and returns each page's RGB.
    ///
    /// poppler's Splash interpolates bilinearly whenever an image is scaled up by less than 4× — even at exactly
    /// 1:1 (`-r 72`), which smears every pixel into its neighbour. At `-r 288` it replicates pixels instead, so we
    /// render there and take the centre of each 4×4 block: the exact colour poppler painted for that pixel.
    static func rasterise(_ pdf: URL, in folder: Scratch) throws -> [(width: Int, height: Int, rgb: [UInt8])] {
        let root = folder.file("page").path
        let result = try Oracle.run("pdftoppm", ["-r", "288", pdf.path, root])
        #expect(result.status == 0, "pdftoppm failed: \(result.stderr)")
        return try folder.contents().filter { $0.hasPrefix("page") && $0.hasSuffix(".ppm") }.map { name in
            let page = try parsePPM([UInt8](Data(contentsOf: folder.file(name))))
            let width = page.width / 4
            let height = page.height / 4
            var rgb: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    let i = ((y * 4 + 2) * page.width + x * 4 + 2) * 3
                    rgb += page.rgb[i..<(i + 3)]
                }
            }
            return (width, height, rgb)
        }
    }

    /// Reads a binary P6 PPM with maxval 255.
    static func parsePPM(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        var fields: [Int] = []
        var i = 2
        var current = ""
        while fields.count < 3 {
            let c = Character(UnicodeScalar(bytes[i]))
            if c.isWhitespace {
                if !current.isEmpty {
                    fields.append(Int(current)!)
                    current = ""
                }
            } else {
                current.append(c)
            }
            i += 1
        }
        #expect(fields[2] == 255)
        return (fields[0], fields[1], Array(bytes[i...]))
    }

    /// The expected on-screen colour: straight RGBA composited over the white page.
    static func overWhite(_ rgba: ArraySlice<UInt8>) -> [Int] {
        let a = Int(rgba[rgba.startIndex + 3])
        return (0..<3).map { (Int(rgba[rgba.startIndex + $0]) * a + 255 * (255 - a) + 127) / 255 }
    }

    /// Builds one PDF with a page per fixture, each page the image's size in points, the image filling it.
    static func document(_ fixtures: [PNGFixtureWriter.Fixture]) throws -> (PDFDocument, [Bitmap]) {
        let document = try PDFDocument()
        var bitmaps: [Bitmap] = []
        for fixture in fixtures {
            let name = "\(fixture.spec).png"
            let image = try document.loadPNG(fixture.png, name: name)
            bitmaps.append(try PNGDecoder().decode(fixture.png, name: name))
            let w = Double(fixture.spec.width)
            let h = Double(fixture.spec.height)
            let page = try document.addPage(size: PageSize(width: w, height: h))
            try page.draw(image, x: 0, y: 0, width: w, height: h)
        }
        return (document, bitmaps)
    }

    @Test func everyKindRendersLikeItsDecodedPixelsAndListsRight() throws {
        let specs = PNGFixtureWriter.matrix
        let fixtures = specs.map(PNGFixtureWriter.make)
        let folder = try Scratch("png-embed")
        let pdf = folder.file("matrix.pdf")
        let (document, bitmaps) = try Self.document(fixtures)
        try document.save(to: pdf)
        #expect(try Oracle.qpdfCheck(pdf).status == 0)

        let pages = try Self.rasterise(pdf, in: folder)
        try #require(pages.count == fixtures.count)
        for (k, page) in pages.enumerated() {
            let bitmap = bitmaps[k]
            let spec = fixtures[k].spec
            #expect(
                page.width == bitmap.width && page.height == bitmap.height, "\(spec): page \(page.width)×\(page.height)"
            )
            guard page.width == bitmap.width, page.height == bitmap.height else { continue }
            // Opaque images must match exactly; with a soft mask poppler blends over white in 8-bit integer
            // arithmetic and may round the other way from our (c·a + 255·(255−a) + 127) / 255, so allow 1.
            let tolerance = bitmap.hasAlpha ? 1 : 0
            var worst = 0
            for p in 0..<(bitmap.width * bitmap.height) {
                let want = Self.overWhite(bitmap.pixels[(p * 4)..<(p * 4 + 4)])
                for c in 0..<3 { worst = max(worst, abs(Int(page.rgb[p * 3 + c]) - want[c])) }
            }
            #expect(worst <= tolerance, "\(spec): rendered pixels differ from the decoded bitmap by up to \(worst)")
        }

        let rows = try Self.imageList(pdf)
        for (k, fixture) in fixtures.enumerated() {
            let spec = fixture.spec
            let bitmap = bitmaps[k]
            let onPage = rows.filter { $0.page == k + 1 }
            let image = try #require(onPage.first { $0.type == "image" }, "\(spec): no image row")
            let gray = spec.colorType == .gray || spec.colorType == .grayAlpha
            #expect(image.color == (gray ? "gray" : "rgb"), "\(spec): colour space \(image.color)")
            #expect(image.bpc == 8, "\(spec): \(image.bpc) bits per component")
            #expect((image.width, image.height) == (spec.width, spec.height))
            let masks = onPage.filter { $0.type == "smask" }
            #expect(
                masks.count == (bitmap.hasAlpha ? 1 : 0), "\(spec): \(masks.count) soft masks, alpha \(bitmap.hasAlpha)"
            )
            if let mask = masks.first {
                #expect(mask.color == "gray" && mask.bpc == 8, "\(spec): smask \(mask.color) \(mask.bpc)")
            }
        }
        // Every image and soft mask stream is Flate-compressed (qpdf's view of the dictionaries).
        let streams = try Self.imageStreams(pdf)
        #expect(streams.count == fixtures.count + bitmaps.filter(\.hasAlpha).count)
        for (id, stream) in streams {
            #expect(stream.filters == ["/FlateDecode"], "\(id): filters \(stream.filters)")
            if let mask = stream.smask { #expect(streams[mask]?.filters == ["/FlateDecode"], "\(id): smask \(mask)") }
        }
    }

    /// Image XObject streams by object reference ("4 0 R"): their filters and soft mask reference.
    static func imageStreams(_ pdf: URL) throws -> [String: (filters: [String], smask: String?)] {
        let json = try Oracle.run("qpdf", ["--json=2", "--json-key=qpdf", pdf.path]).data
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let objects = try #require((root["qpdf"] as? [Any])?.last as? [String: Any])
        var result: [String: (filters: [String], smask: String?)] = [:]
        for (key, value) in objects {
            guard let dict = ((value as? [String: Any])?["stream"] as? [String: Any])?["dict"] as? [String: Any],
                dict["/Subtype"] as? String == "/Image"
            else { continue }
            let filter = dict["/Filter"]
            let filters = (filter as? [String]) ?? (filter as? String).map { [$0] } ?? []
            result[String(key.dropFirst(4))] = (filters, dict["/SMask"] as? String)
        }
        return result
    }

    @Test func interlacedAnd16BitImagesWhereLibHaruFailedRenderExactly() throws {
        // libHaru 2.3.0's own loader crashes on interlaced RGBA, rejects interlacing and garbles 16-bit.
        let specs: [PNGFixtureWriter.Spec] = [
            .init(.rgba, 8, interlaced: true, width: 64, height: 48),
            .init(.rgba, 16, interlaced: true, width: 64, height: 48),
            .init(.rgb, 16, width: 64, height: 48),
            .init(.grayAlpha, 16, interlaced: true, width: 64, height: 48)
        ]
        let fixtures = specs.map(PNGFixtureWriter.make)
        let folder = try Scratch("png-adam7")
        let pdf = folder.file("adam7.pdf")
        let (document, _) = try Self.document(fixtures)
        try document.save(to: pdf)
        let pages = try Self.rasterise(pdf, in: folder)
        try #require(pages.count == specs.count)
        for (k, page) in pages.enumerated() {
            // Compare with the fixture's own expected pixels — independent of our decoder.
            var worst = 0
            for p in 0..<(specs[k].width * specs[k].height) {
                let want = Self.overWhite(fixtures[k].expected[(p * 4)..<(p * 4 + 4)])
                for c in 0..<3 { worst = max(worst, abs(Int(page.rgb[p * 3 + c]) - want[c])) }
            }
            #expect(worst <= (fixtures[k].hasAlpha ? 1 : 0), "\(specs[k]): off by up to \(worst)")
        }
    }

    @Test func corruptPNGsAreErrorsNamingTheFile() throws {
        let document = try PDFDocument()
        var png = PNGFixtureWriter.make(.init(.rgb, 8)).png
        png[40] ^= 0x55
        let error = try #require(throws: PNGError.self) { try document.loadPNG(png, name: "scan-0042.png") }
        #expect(error.description.hasPrefix("scan-0042.png: "))
        let missing = URL(fileURLWithPath: "/nonexistent/logo.png")
        let fileError = try #require(throws: PNGError.self) { try document.loadPNG(contentsOf: missing) }
        #expect(fileError.description.contains("/nonexistent/logo.png"))
        // The document is still usable after a refused image.
        let image = try document.loadPNG(PNGFixtureWriter.make(.init(.gray, 8)).png, name: "ok.png")
        #expect(!image.hasAlpha)
    }
}
