import Foundation

/// The ToUnicode CMap of an embedded font: which text each two-byte code stands for, so every extractor (poppler,
/// MuPDF, pdfium, pypdf) returns the exact text — including characters above U+FFFF (UTF-16 surrogate pairs) and
/// clusters of several code points such as 葛󠄀 (U+845B U+E0100) drawn as one glyph.
enum ToUnicodeCMap {
    /// The code space of two-byte Identity-H codes.
    static let identity = ["<0000> <FFFF>"]
    /// The CMap for `texts` (two-byte code → its text; empty texts are left out), as `bfchar` blocks of at most 100
    /// entries.
    static func make(_ texts: [UInt16: String]) -> Data {
        make(texts.map { (code, text) in ([UInt8(code >> 8), UInt8(code & 0xFF)], text) }, codeSpace: identity)
    }

    /// The CMap for `texts` (code bytes → text) in `codeSpace` (ranges as `<lo> <hi>`).
    static func make(_ texts: [([UInt8], String)], codeSpace: [String]) -> Data {
        var out = """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def
        \(codeSpace.count) begincodespacerange
        \(codeSpace.joined(separator: "\n"))
        endcodespacerange

        """
        let entries = texts.filter { !$0.1.isEmpty }.sorted { $0.0.lexicographicallyPrecedes($1.0) }
        var index = 0
        while index < entries.count {
            let block = entries[index..<min(index + 100, entries.count)]
            out += "\(block.count) beginbfchar\n"
            for (code, text) in block {
                out += "<" + code.map(hex).joined() + "> <" + text.utf16.map(hex).joined() + ">\n"
            }
            out += "endbfchar\n"
            index += 100
        }
        out += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
        return Data(out.utf8)
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
