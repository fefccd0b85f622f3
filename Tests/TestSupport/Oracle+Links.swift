import DrawingModule
import Foundation

extension Oracle {
    /// One `/Link` annotation as pypdf reads it: its page (from 1), its target (the `/URI`, or `page N` for a
    /// `/Dest`) and its `/Rect` turned to y down from the page's top, in points.
    public struct LinkAnnotation: Sendable, CustomStringConvertible {
        /// The page, from 1.
        public var page: Int
        /// The annotation's `/Subtype`.
        public var subtype: String
        /// The URI, or `page N` for a destination in the document.
        public var target: String
        /// The rectangle in PDF space: x0 y0 x1 y1, y up.
        public var pdfRect: [Double]
        /// The rectangle, y down from the page's top.
        public var rect: Rect

        /// `1|/Link|https://…|20 110 120 140`: the PDF rectangle rounded to whole points.
        public var description: String {
            "\(page)|\(subtype)|\(target)|" + pdfRect.map { String(format: "%.0f", $0) }.joined(separator: " ")
        }

        /// True when `point` (y down) lies in the rectangle, `slack` points around it counted in.
        public func contains(_ point: Point, slack: Double = 0.01) -> Bool {
            point.x >= rect.x - slack && point.x <= rect.maxX + slack && point.y >= rect.y - slack
                && point.y <= rect.maxY + slack
        }
    }

    /// Every annotation of `pdf`, page by page, read by pypdf (strict).
    /// - Throws: `PypdfFailure` when pypdf cannot read the file.
    public static func linkAnnotations(_ pdf: URL) throws -> [LinkAnnotation] {
        let script = """
            import sys
            from pypdf import PdfReader
            reader = PdfReader(sys.argv[1], strict=True)
            for number, page in enumerate(reader.pages, 1):
                height = float(page.mediabox.top)
                for ref in page.get("/Annots", []):
                    annot = ref.get_object()
                    action = annot.get("/A")
                    if action is not None:
                        target = action.get_object()["/URI"]
                    else:
                        target = "page %d" % (reader.get_page_number(annot["/Dest"][0].get_object()) + 1)
                    rect = " ".join("%.3f" % float(v) for v in annot["/Rect"])
                    print("%d|%s|%s|%s|%.3f" % (number, annot["/Subtype"], target, rect, height))
            """
        let result = try run("python3", ["-c", script, pdf.path])
        guard result.status == 0 else { throw PypdfFailure(file: pdf.lastPathComponent, stderr: result.stderr) }
        return result.stdout.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let page = Int(fields[0]), let height = Double(fields[4]) else { return nil }
            let numbers = fields[3].split(separator: " ").compactMap { Double($0) }
            guard numbers.count == 4 else { return nil }
            let (left, right) = (min(numbers[0], numbers[2]), max(numbers[0], numbers[2]))
            let (bottom, top) = (min(numbers[1], numbers[3]), max(numbers[1], numbers[3]))
            return LinkAnnotation(
                page: page, subtype: fields[1], target: fields[2], pdfRect: numbers,
                rect: Rect(x: left, y: height - top, width: right - left, height: top - bottom))
        }
    }
}
