import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

extension Oracle {
    /// One character as MuPDF places it on a page (`mutool draw -F stext`): the text it stands for, its pen origin,
    /// its glyph box (the advance the PDF gives it, from the font's widths) and its font size.
    public struct PlacedCharacter: Sendable, CustomStringConvertible {
        /// The page, from 0.
        public var page: Int
        /// The character (its ToUnicode text).
        public var text: String
        /// The x of the pen origin, in points from the page's left edge.
        public var x: Double
        /// The y of the baseline, in points from the page's top.
        public var y: Double
        /// The left and right edges of the glyph box, in points.
        public var minX: Double
        public var maxX: Double
        /// The font size in points.
        public var size: Double

        /// `「 at 10.00…30.00 (20 pt)`, for failure messages.
        public var description: String {
            "\(text) at \(String(format: "%.2f", minX))…\(String(format: "%.2f", maxX)) (\(size) pt)"
        }
    }

    /// Every character of `file`'s text layer in MuPDF's reading order, page by page, with where it was drawn —
    /// per character, where `pdftotext -bbox` gives whole words (a Japanese run is one word). The spaces MuPDF
    /// invents for a gap (they are in no content stream) are left out. Pen origins and advance boxes are what
    /// spacing is measured by; `glyphs(_:page:)` gives pdfium's ink boxes and baseline angles instead.
    public static func characters(_ file: URL) throws -> [PlacedCharacter] {
        let xml = try run("mutool", ["draw", "-q", "-F", "stext", "-o", "-", file.path]).data
        let reader = StructuredTextReader()
        let parser = XMLParser(data: xml)
        parser.delegate = reader
        guard parser.parse() else {
            throw UnreadableOutput(tool: "mutool draw -F stext", reason: "\(String(describing: parser.parserError))")
        }
        return reader.characters
    }

    /// Thrown when a tool's output is not what it documents (XML that does not parse).
    public struct UnreadableOutput: Error, CustomStringConvertible {
        /// The command.
        public var tool: String
        /// What went wrong.
        public var reason: String
        /// Names both.
        public var description: String { "\(tool) printed what could not be read: \(reason)" }
    }
}

/// Reads MuPDF's structured text (`<page>`, `<font size>`, `<char quad x y c>`) into placed characters.
private final class StructuredTextReader: NSObject, XMLParserDelegate {
    var characters: [Oracle.PlacedCharacter] = []
    private var page = -1
    private var size = 0.0

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        switch name {
        case "page":
            page += 1
        case "font":
            size = attributes["size"].flatMap(Double.init) ?? 0
        case "char":
            let quad = (attributes["quad"] ?? "").split(separator: " ").compactMap { Double($0) }
            guard let text = attributes["c"], text != " ", quad.count == 8,
                let x = attributes["x"].flatMap(Double.init), let y = attributes["y"].flatMap(Double.init)
            else { return }
            let xs = [quad[0], quad[2], quad[4], quad[6]]
            characters.append(
                Oracle.PlacedCharacter(
                    page: page, text: text, x: x, y: y, minX: xs.min() ?? x, maxX: xs.max() ?? x, size: size))
        default:
            break
        }
    }
}
