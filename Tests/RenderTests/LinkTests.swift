import Documents
import DrawingModule
import Foundation
import Render
import TestSupport
import Testing

/// Links through the one output entry point: every linked group becomes a `/Link` annotation over what it draws,
/// with a `/URI` action or a `/Dest` to the named group's page and corner, read back by pypdf and pikepdf.
@Suite struct LinkTests {
    /// Each annotation of `pdf` as "page|subtype|URI or destination page|x0 y0 x1 y1", read by pypdf.
    static func pypdfAnnotations(_ pdf: URL) throws -> [String] {
        try Oracle.linkAnnotations(pdf).map(\.description)
    }

    /// The same through pikepdf: "page|URI or /Dest's /XYZ top".
    static func pikepdfAnnotations(_ pdf: URL) throws -> [String] {
        let script = """
            import sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            for number, page in enumerate(pdf.pages, 1):
                for annot in page.obj.get("/Annots", []):
                    if "/A" in annot:
                        print("%d|%s" % (number, str(annot.A.URI)))
                    else:
                        dest = annot.Dest
                        print("%d|%s top %.0f" % (number, str(dest[1]), float(dest[3])))
            """
        let result = try Oracle.run("python3", ["-c", script, pdf.path])
        #expect(result.status == 0, "pikepdf: \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func linksBecomeAnnotationsWithURIsAndDestinations() throws {
        var first = Canvas()
        try first.start(width: 300, height: 200)
        try first.addSlot(role: "ink", stroke: Color(0, 0, 0.8), fill: Color(1, 1, 1))
        try first.link("https://example.jp/会員?id=GCG-40167") { c in
            try c.drawText("ink", "会員ページ", font: "gothic", size: 12, x: 20, y: 20)
        }
        try first.link("#terms") { c in
            try c.drawRect("ink", .stroke, width: 1, x: 20, y: 60, w: 100, h: 30)
        }
        // A part scaled 2×: the link covers where the part shows it.
        var inner = Canvas()
        try inner.start(width: 50, height: 50)
        try inner.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(1, 1, 1))
        try inner.link("mailto:info@example.jp") { c in
            try c.drawRect("ink", .fill, width: 0, x: 10, y: 10, w: 10, h: 5)
        }
        try first.drawPart(try inner.stop(), x: 150, y: 100, w: 100, h: 100)
        var second = Canvas()
        try second.start(width: 300, height: 200)
        try second.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(1, 1, 1))
        try second.name("terms") { c in try c.drawText("ink", "規約 〜−‖①髙", font: "gothic", size: 12, x: 30, y: 40) }
        let document = Document(pages: [try first.stop(), try second.stop()])

        let scratch = try Scratch("links")
        let pdf = scratch.file("links.pdf")
        try render(document, options: OutputOptions()).write(to: pdf)
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        let annotations = try Self.pypdfAnnotations(pdf)
        #expect(annotations.count == 3, "\(annotations)")
        let uri = try #require(annotations.first)
        #expect(uri.hasPrefix("1|/Link|https://example.jp/%E4%BC%9A%E5%93%A1?id=GCG-40167|20 "), "\(uri)")
        // The rectangle (x: 20…120, y: 60…90 from the top of a 200 pt page) is 20 110 120 140 in PDF space.
        #expect(annotations.contains("1|/Link|page 2|20 110 120 140"), "\(annotations)")
        // 10…20 × 10…15 of the part, doubled and moved to (150, 100): x 170…190, y 120…130 → PDF 70…80.
        #expect(annotations.contains("1|/Link|mailto:info@example.jp|170 70 190 80"), "\(annotations)")
        let pike = try Self.pikepdfAnnotations(pdf)
        #expect(pike.contains("1|/XYZ top 160"), "the named text's top, 40 pt below the top of page 2: \(pike)")
        #expect(pike.contains("1|mailto:info@example.jp"), "\(pike)")
    }

    @Test func aLinkToAMissingNameIsAnErrorListingTheNames() throws {
        var canvas = Canvas()
        try canvas.start(width: 100, height: 100)
        try canvas.addSlot(role: "ink", stroke: Color(0, 0, 0), fill: Color(1, 1, 1))
        try canvas.name("summary") { c in try c.drawRect("ink", .fill, width: 0, x: 0, y: 0, w: 5, h: 5) }
        try canvas.link("#sumary") { c in try c.drawRect("ink", .fill, width: 0, x: 10, y: 10, w: 5, h: 5) }
        let drawing = try canvas.stop()
        #expect { try render(drawing, options: OutputOptions()) } throws: { error in
            "\(error)".contains("nothing is named \"sumary\"") && "\(error)".contains("#summary")
                && "\(error)".contains("page 1")
        }
        // PNG output has nothing to click and draws the same page.
        #expect(throws: Never.self) { try render(drawing, options: OutputOptions(format: .png)) }
    }

    @Test func templateElementsTakeLinkAndName() throws {
        let yaml = """
            page: {width: 300, height: 120}
            palette: {ink: {stroke: "#1A1AA0", fill: "#FFFFFF"}}
            data: {url: "https://example.jp"}
            elements:
              - text: {role: ink, text: "詳しくは {{url}}", size: 10, x: 10, y: 10, link: "{{url}}/faq"}
              - rect: {role: ink, paint: stroke, x: 10, y: 40, w: 80, h: 20, link: "#seal"}
              - text: {role: ink, text: 印, size: 20, x: 200, y: 60, name: seal}
            """
        let template = try Template(yaml: yaml, file: "links.yaml")
        let drawing = try template.render(values: [:], options: TemplateRenderOptions(fonts: .shared))
        let scratch = try Scratch("template-links")
        let pdf = scratch.file("links.pdf")
        try render(drawing, options: OutputOptions()).write(to: pdf)
        let annotations = try Self.pypdfAnnotations(pdf)
        #expect(annotations.count == 2, "\(annotations)")
        #expect(annotations.first?.hasPrefix("1|/Link|https://example.jp/faq|10 ") == true, "\(annotations)")
        #expect(annotations.contains("1|/Link|page 1|10 60 90 80"), "\(annotations)")
    }
}
