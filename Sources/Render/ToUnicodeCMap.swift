import Foundation

/// The ToUnicode CMap of an embedded font: which text each two-byte code stands for, so every extractor (poppler,
/// MuPDF, pdfium, pypdf) returns the exact text — including characters above U+FFFF (UTF-16 surrogate pairs) and
/// clusters of several code points such as 葛󠄀 (U+845B U+E0100) drawn as one glyph.
enum ToUnicodeCMap {
    /// The CMap for `texts` (code → its text; empty texts are left out), as `bfchar` blocks of at most 100 entries.
    static func make(_ texts: [UInt16: String]) -> Data {
        var out = """
        /CIDInit /ProcSet findresource begin
        12 dict begin
        begincmap
        /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
        /CMapName /Adobe-Identity-UCS def
        /CMapType 2 def
        1 begincodespacerange
        <0000> <FFFF>
        endcodespacerange

        """
        let entries = texts.filter { !$0.value.isEmpty }.sorted { $0.key < $1.key }
        var index = 0
        while index < entries.count {
            let block = entries[index..<min(index + 100, entries.count)]
            out += "\(block.count) beginbfchar\n"
            for (code, text) in block {
                out += "<" + hex(code) + "> <" + text.utf16.map(hex).joined() + ">\n"
            }
            out += "endbfchar\n"
            index += 100
        }
        out += "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
        return Data(out.utf8)
    }

    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
