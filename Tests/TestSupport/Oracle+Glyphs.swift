import DrawingModule
import Foundation

extension Oracle {
    /// One character as pdfium reads it from a page: the character, its font size, its tight glyph box (points,
    /// y down from the page's top) and the angle of its baseline in degrees (0 upright, 90 or 270 turned).
    public struct Glyph: Sendable {
        /// The character.
        public var character: String
        /// The font size pdfium reports (the size times the text matrix's scale).
        public var size: Double
        /// The glyph's ink box, y down from the page's top.
        public var box: Rect
        /// The baseline's angle in degrees, 0 ≤ angle < 360.
        public var angle: Double
    }

    /// Every character pdfium (pypdfium2) reads on page `page` (from 0) of `pdf`, in content-stream order.
    public static func glyphs(_ pdf: URL, page: Int = 0) throws -> [Glyph] {
        let script = """
            import math, sys, pypdfium2 as p, pypdfium2.raw as r
            page = p.PdfDocument(sys.argv[1])[int(sys.argv[2])]
            text = page.get_textpage()
            height = page.get_height()
            for i in range(text.count_chars()):
                left, bottom, right, top = text.get_charbox(i, loose=False)
                size = r.FPDFText_GetFontSize(text, i)
                angle = math.degrees(r.FPDFText_GetCharAngle(text, i)) % 360
                print(ord(text.get_text_range(i, 1) or ' '), size, left, height - top, right - left, top - bottom, angle)
            """
        let result = try run("python3", ["-c", script, pdf.path, String(page)])
        guard result.status == 0 else { throw GlyphReadFailure(message: result.stderr) }
        return result.stdout.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").compactMap { Double($0) }
            guard fields.count == 7, let scalar = Unicode.Scalar(UInt32(fields[0])) else { return nil }
            return Glyph(
                character: String(Character(scalar)), size: fields[1],
                box: Rect(x: fields[2], y: fields[3], width: fields[4], height: fields[5]), angle: fields[6])
        }
    }

    /// pypdfium2 could not read a file's characters; `message` is its error output.
    public struct GlyphReadFailure: Error, CustomStringConvertible {
        /// What pypdfium2 printed.
        public var message: String
        /// The message.
        public var description: String { "pypdfium2 could not read the glyphs: \(message)" }
    }
}
