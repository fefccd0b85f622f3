import Foundation
import Haru
import TestSupport
import Testing

/// Graphics state, paths, alpha and clipping, checked on pixels rendered by pdftoppm; text widths checked
/// against the fonts' published metrics.
@Suite struct PageDrawingTests {
    /// A page rendered by `pdftoppm -r 72` (1 px per point), RGB.
    struct Raster {
        var width: Int, height: Int, bytes: [UInt8]
        /// The colour at PDF point (x, y) (origin bottom-left).
        func pixel(_ x: Int, _ y: Int) -> [Int] {
            let row = height - 1 - y
            let i = (row * width + x) * 3
            return [Int(bytes[i]), Int(bytes[i + 1]), Int(bytes[i + 2])]
        }
    }

    func rasterize(_ file: URL) throws -> Raster {
        let data = [UInt8](try Oracle.run("pdftoppm", ["-r", "72", "-f", "1", "-l", "1", file.path]).data)
        // P6\n<w> <h>\n255\n<bytes>
        var fields: [String] = []
        var i = 0
        var current = ""
        while fields.count < 4 {
            let c = Character(UnicodeScalar(data[i]))
            if c.isWhitespace {
                if !current.isEmpty {
                    fields.append(current)
                    current = ""
                }
            } else {
                current.append(c)
            }
            i += 1
        }
        return Raster(width: Int(fields[1])!, height: Int(fields[2])!, bytes: Array(data[i...]))
    }

    func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 6) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func fillsStrokesAlphaAndClipLandWhereExpected() throws {
        let scratch = try Scratch("haru-draw")
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 200, height: 200))
        try page.setFillColor(.red)
        try page.fill(.rectangle(x: 10, y: 10, width: 40, height: 40))
        try page.withGraphicsState {
            try page.setAlpha(fill: 0.5)
            try page.setFillColor(RGBColor(red: 0, green: 0, blue: 1))
            try page.fill(.rectangle(x: 100, y: 10, width: 40, height: 40))
        }
        // Restored state: opaque again.
        try page.setFillColor(RGBColor(red: 0, green: 0, blue: 1))
        try page.fill(.rectangle(x: 150, y: 10, width: 40, height: 40))
        // Clip to a circle, then fill a big square: only the circle is painted.
        try page.withClip(to: .circle(x: 100, y: 130, radius: 20)) {
            try page.setFillColor(RGBColor(red: 0, green: 0.5, blue: 0))
            try page.fill(.rectangle(x: 50, y: 80, width: 100, height: 100))
        }
        // Every path element and the line settings, stroked.
        var path = PDFPath()
        path.move(to: 10, 190)
        path.line(to: 60, 190)
        path.curve(x1: 70, y1: 190, x2: 70, y2: 170, to: 60, 170)
        path.close()
        path.ellipse(x: 170, y: 170, xRadius: 20, yRadius: 10)
        path.arc(x: 30, y: 110, radius: 15, from: 0, to: 270)
        try page.setLineWidth(2)
        try page.setLineCap(.round)
        try page.setLineJoin(.bevel)
        try page.setDash([4, 2], phase: 1)
        try page.setStrokeColor(RGBColor(red255: 0, green: 0, blue: 0))
        try page.fillAndStroke(path)
        try page.setDash([])
        let file = try Fixture.save(document, scratch, "draw.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)

        let raster = try rasterize(file)
        #expect(raster.width == 200 && raster.height == 200)
        #expect(near(raster.pixel(30, 30), [255, 0, 0]))
        #expect(near(raster.pixel(120, 30), [128, 128, 255], 10), "half-transparent blue over white")
        #expect(near(raster.pixel(170, 30), [0, 0, 255]))
        #expect(near(raster.pixel(100, 130), [0, 128, 0], 10), "inside the clip circle")
        #expect(near(raster.pixel(60, 90), [255, 255, 255]), "outside the clip circle")
        #expect(near(raster.pixel(5, 5), [255, 255, 255]))
    }

    @Test func alphaExtGStatesAreMadeOncePerPairPerDocument() throws {
        let scratch = try Scratch("haru-gstate")
        let document = try PDFDocument()
        for _ in 0..<3 {
            let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
            try page.setAlpha(stroke: 0.5, fill: 0.25)
            try page.setAlpha(stroke: 1, fill: 0.25)
            try page.setAlpha(stroke: 0.5, fill: 0.25)
        }
        try document.setCompression([])
        let file = try Fixture.save(document, scratch, "gstate.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let qdf = try Oracle.run("qpdf", ["--qdf", "--object-streams=disable", file.path, "-"]).stdout
        // Two pairs, two states (each with one /CA), shared by the three pages.
        #expect(qdf.components(separatedBy: "/CA ").count - 1 == 2, "\(qdf)")
        let bad = try #require(throws: HaruError.self) { try document.pages[0].setAlpha(fill: 1.5) }
        #expect(bad.name == "HPDF_EXT_GSTATE_OUT_OF_RANGE")
    }

    @Test func transformScalesUnevenlyUntilTheStateIsRestored() throws {
        let scratch = try Scratch("haru-transform")
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 200, height: 200))
        try page.withGraphicsState {
            // A 10×10 square at (0, 0) becomes 80×20 at (20, 150): x scaled 8, y scaled 2.
            try page.transform(a: 8, b: 0, c: 0, d: 2, tx: 20, ty: 150)
            try page.setFillColor(.red)
            try page.fill(.rectangle(x: 0, y: 0, width: 10, height: 10))
        }
        // Restored: the same square lands untransformed.
        try page.setFillColor(RGBColor(red: 0, green: 0, blue: 1))
        try page.fill(.rectangle(x: 20, y: 20, width: 10, height: 10))
        try document.setCompression([])
        let file = try Fixture.save(document, scratch, "transform.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let qdf = try Oracle.run("qpdf", ["--qdf", "--object-streams=disable", file.path, "-"]).stdout
        #expect(qdf.contains("8 0 0 2 20 150 cm"), "content stream lacks the cm operator")

        let raster = try rasterize(file)
        #expect(near(raster.pixel(95, 160), [255, 0, 0]), "inside the stretched square")
        #expect(near(raster.pixel(95, 175), [255, 255, 255]), "above it: y scaled by 2 only")
        #expect(near(raster.pixel(102, 160), [255, 255, 255]), "right of it: x scaled by 8")
        #expect(near(raster.pixel(25, 25), [0, 0, 255]), "after the restore")
        #expect(near(raster.pixel(45, 25), [255, 255, 255]), "after the restore, not scaled")
        let flat = try #require(throws: HaruError.self) { try page.transform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0) }
        #expect(flat.description.contains("a·d − b·c"))
        #expect(throws: HaruError.self) { try page.transform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
    }

    @Test func invalidPathsAndDashesAreRefusedBeforeC() throws {
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        var startsWithLine = PDFPath()
        startsWithLine.line(to: 10, 10)
        #expect(throws: HaruError.self) { try page.stroke(startsWithLine) }
        #expect(throws: HaruError.self) { try page.stroke(.rectangle(x: .nan, y: 0, width: 1, height: 1)) }
        #expect(throws: HaruError.self) { try page.fill(PDFPath()) }
        #expect(throws: HaruError.self) { try page.setDash(Array(repeating: 1, count: 9)) }
        #expect(throws: HaruError.self) { try page.restoreGraphicsState() }
        // The page still works.
        try page.stroke(.line(from: 0, 0, to: 10, 10))
        #expect(try document.data().count > 0)
    }

    @Test func textWidthsFollowFontMetrics() throws {
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        // Helvetica AFM: H 722, e 556, l 222, o 556 → 2278/1000 em.
        let helvetica = try document.font(.helvetica)
        #expect(abs(try helvetica.width(of: "Hello", size: 10) - 22.78) < 0.001)
        // MS-Gothic is fixed width: full-width 1 em, half-width katakana 1/2 em.
        let gothic = try document.font(.msGothic)
        #expect(abs(try gothic.width(of: "入場整理券", size: 10) - 50) < 0.001)
        #expect(abs(try gothic.width(of: "ｶﾀｶﾅ", size: 10) - 20) < 0.001)
        let ipa = try document.loadTrueTypeFont(at: Repo.ipaexGothic)
        #expect(abs(try ipa.width(of: "入場", size: 10) - 20) < 0.5)
        try page.text { t in
            try t.setFont(helvetica, size: 20)
            #expect(abs(try t.width(of: "Hello") - 45.56) < 0.001)
        }
    }
}
