import Foundation

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
    /// invents for a gap (they are in no content stream) are left out.
    public static func characters(_ file: URL) throws -> [PlacedCharacter] {
        let xml = try run("mutool", ["draw", "-q", "-F", "stext", "-o", "-", file.path]).stdout
        var result: [PlacedCharacter] = []
        var page = -1
        var size = 0.0
        func attribute(_ name: String, in tag: Substring) -> String? {
            guard let start = tag.range(of: " \(name)=\"") else { return nil }
            let rest = tag[start.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { return nil }
            return String(rest[..<end])
        }
        for line in xml.split(separator: "\n") {
            let tag = line.drop { $0 == " " }
            if tag.hasPrefix("<page ") {
                page += 1
            } else if tag.hasPrefix("<font ") {
                size = attribute("size", in: tag).flatMap(Double.init) ?? 0
            } else if tag.hasPrefix("<char "), let text = attribute("c", in: tag).map(unescaped), text != " ",
                let quad = attribute("quad", in: tag)?.split(separator: " ").compactMap({ Double($0) }),
                quad.count == 8,
                let x = attribute("x", in: tag).flatMap(Double.init),
                let y = attribute("y", in: tag).flatMap(Double.init)
            {
                let xs = [quad[0], quad[2], quad[4], quad[6]]
                result.append(
                    PlacedCharacter(
                        page: page, text: text, x: x, y: y, minX: xs.min() ?? x, maxX: xs.max() ?? x, size: size))
            }
        }
        return result
    }

    /// `text` with XML's character references and entities replaced.
    private static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&"), let semicolon = rest[amp...].firstIndex(of: ";") {
            result += rest[..<amp]
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let hex = entity.hasPrefix("#x") || entity.hasPrefix("#X")
                let digits = entity.dropFirst(hex ? 2 : 1)
                if let value = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(value) {
                    result.unicodeScalars.append(scalar)
                }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
