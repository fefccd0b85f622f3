import Foundation
import TestSupport

/// Writes small PDFs byte by byte, with a correct xref table, so tests control every object and can damage
/// the result in known ways.
struct MiniPDF {
    private var objects: [Data] = []
    var version = "1.4"

    /// Adds an object body (`<< … >>`, `[ … ]`) and returns its number.
    @discardableResult
    mutating func add(_ body: String) -> Int {
        objects.append(Data(body.utf8))
        return objects.count
    }

    /// Adds a stream with `dictionary` entries (without `/Length`, which is computed) and returns its number.
    @discardableResult
    mutating func addStream(_ dictionary: String = "", _ bytes: [UInt8]) -> Int {
        var body = Data("<< \(dictionary) /Length \(bytes.count) >>\nstream\n".utf8)
        body.append(contentsOf: bytes)
        body.append(Data("\nendstream".utf8))
        objects.append(body)
        return objects.count
    }

    /// Reserves a number for an object filled in later with `set`.
    mutating func reserve() -> Int { add("null") }

    /// Replaces the body of object `number`.
    mutating func set(_ number: Int, _ body: String) { objects[number - 1] = Data(body.utf8) }

    /// The file: header, objects, xref table, trailer pointing at `root` (and `info`).
    func data(root: Int, info: Int? = nil) -> Data {
        var out = Data("%PDF-\(version)\n%\u{e2}\u{e3}\u{cf}\u{d3}\n".utf8)
        var offsets: [Int] = []
        for (index, body) in objects.enumerated() {
            offsets.append(out.count)
            out.append(Data("\(index + 1) 0 obj\n".utf8))
            out.append(body)
            out.append(Data("\nendobj\n".utf8))
        }
        let xref = out.count
        out.append(Data("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8))
        for offset in offsets { out.append(Data(String(format: "%010d 00000 n \n", offset).utf8)) }
        let infoEntry = info.map { " /Info \($0) 0 R" } ?? ""
        out.append(
            Data(
                "trailer\n<< /Size \(objects.count + 1) /Root \(root) 0 R\(infoEntry) >>\nstartxref\n\(xref)\n%%EOF\n"
                    .utf8))
        return out
    }
}

/// Ready-made documents the tests build on.
enum Fixtures {
    /// One or more pages showing `content` with Helvetica (a base-14 font, not embedded).
    static func helvetica(
        content: String = "BT /F1 24 Tf 72 700 Td (Hello World) Tj ET",
        pages: Int = 1, mediaBox: String = "[0 0 595 842]"
    ) -> Data {
        var pdf = MiniPDF()
        let catalog = pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        let tree = pdf.reserve()
        let font = pdf.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        var kids: [Int] = []
        for _ in 0..<pages {
            let contents = pdf.addStream("", Array(content.utf8))
            kids.append(
                pdf.add(
                    "<< /Type /Page /Parent \(tree) 0 R /MediaBox \(mediaBox) /Resources << /Font << /F1 \(font) 0 R >> >> /Contents \(contents) 0 R >>"
                ))
        }
        pdf.set(tree, "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages) >>")
        return pdf.data(root: catalog)
    }

    /// UTF-16BE hex of `text`, as a ToUnicode destination.
    static func utf16Hex(_ text: String) -> String {
        text.utf16.map { String(format: "%04X", $0) }.joined()
    }

    /// A ToUnicode CMap mapping codes 1, 2, 3 … to the characters of `text` (bfchar), and codes from 0x100 on by a bfrange.
    static func toUnicode(_ text: String) -> String {
        let chars = text.map { String($0) }
        let entries = chars.enumerated().map { "<\(String(format: "%04X", $0.offset + 1))> <\(utf16Hex($0.element))>" }
        return """
            /CIDInit /ProcSet findresource begin 12 dict begin begincmap
            /CMapName /Test-UCS def /CMapType 2 def
            1 begincodespacerange <0000> <FFFF> endcodespacerange
            \(entries.count) beginbfchar
            \(entries.joined(separator: "\n"))
            endbfchar
            2 beginbfrange
            <0100> <0102> <0041>
            <0200> <0201> [<3042> <D842DFB7>]
            endbfrange
            endcmap CMapName currentdict /CMap defineresource pop end end
            """
    }

    /// A page in an Identity-H composite font (not embedded) whose ToUnicode maps codes to `text`; the page
    /// shows all of `text`, then "ABC" through the bfrange.
    static func japanese(_ text: String, embedded: Bool = false) -> Data {
        var pdf = MiniPDF()
        let catalog = pdf.add("<< /Type /Catalog /Pages 2 0 R >>")
        let tree = pdf.reserve()
        let cmap = pdf.addStream("", Array(toUnicode(text).utf8))
        let fontFile = embedded ? pdf.addStream("", Array(repeating: 0, count: 16)) : nil
        let descriptor = pdf.add(
            "<< /Type /FontDescriptor /FontName /ABCDEF+IPAexGothic /Flags 4 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80\(fontFile.map { " /FontFile2 \($0) 0 R" } ?? "") >>"
        )
        let cid = pdf.add(
            "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+IPAexGothic /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor \(descriptor) 0 R /DW 1000 >>"
        )
        let font = pdf.add(
            "<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+IPAexGothic /Encoding /Identity-H /DescendantFonts [\(cid) 0 R] /ToUnicode \(cmap) 0 R >>"
        )
        let codes = (1...text.count).map { String(format: "%04X", $0) }.joined()
        let content = "BT /F1 20 Tf 50 100 Td <\(codes)> Tj 0 -30 Td <010001010102> Tj ET"
        let contents = pdf.addStream("", Array(content.utf8))
        let page = pdf.add(
            "<< /Type /Page /Parent \(tree) 0 R /MediaBox [0 0 400 150] /Resources << /Font << /F1 \(font) 0 R >> >> /Contents \(contents) 0 R >>"
        )
        pdf.set(tree, "<< /Type /Pages /Kids [\(page) 0 R] /Count 1 >>")
        return pdf.data(root: catalog)
    }
}

/// Ways to damage a valid file, each one a case of the broken-file corpus.
enum Damage: String, CaseIterable, Sendable {
    case truncated, wrongStartxref, wrongXrefOffsets, missingTrailer, badStreamLength, randomBytes

    func apply(to data: Data) -> Data {
        let bytes = [UInt8](data)
        let text = String(decoding: bytes, as: UTF8.self)
        switch self {
        case .truncated:
            return Data(bytes.prefix(bytes.count * 2 / 5))
        case .wrongStartxref:
            let range = text.range(of: "startxref\n", options: .backwards)!
            let tail = text[range.upperBound...]
            let number = tail.prefix { $0.isNumber }
            return Data((text[..<range.upperBound] + "17" + tail.dropFirst(number.count)).utf8)
        case .wrongXrefOffsets:
            let xref = text.range(of: "\nxref\n", options: .backwards)!
            let shifted = text[xref.lowerBound...].split(separator: "\n", omittingEmptySubsequences: false).map {
                line -> String in
                guard line.hasSuffix(" 00000 n "), let offset = Int(line.prefix(10)) else { return String(line) }
                return String(format: "%010d 00000 n ", offset + 5)
            }.joined(separator: "\n")
            return Data((text[..<xref.lowerBound] + shifted).utf8)
        case .missingTrailer:
            let trailer = text.range(of: "trailer", options: .backwards)!
            let startxref = text.range(of: "startxref", options: .backwards)!
            return Data((text[..<trailer.lowerBound] + text[startxref.lowerBound...]).utf8)
        case .badStreamLength:
            let range = text.range(of: "/Length ")!
            let digits = text[range.upperBound...].prefix { $0.isNumber }
            return Data(
                (text[..<range.upperBound] + String(Int(digits)! + 20)
                    + text[range.upperBound...].dropFirst(digits.count)).utf8)
        case .randomBytes:
            var generator = SeededRandom(seed: 42)
            return Data((0..<2000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        }
    }
}
