import Foundation

/// The ToUnicode CMap of an embedded font: which text each two-byte code stands for, so every extractor (poppler,
/// MuPDF, pdfium, pypdf) returns the exact text — including characters above U+FFFF (UTF-16 surrogate pairs) and
/// clusters of several code points such as 葛󠄀 (U+845B U+E0100) drawn as one glyph.
enum ToUnicodeCMap {
    /// The code space of two-byte Identity-H codes.
    static let identity = ["<0000> <FFFF>"]
    /// The CMap for `texts` (two-byte code → its text; empty texts are left out), as `bfchar` and `bfrange` blocks
    /// of at most 100 entries.
    static func make(_ texts: [UInt16: String]) -> Data {
        make(texts.map { (code, text) in ([UInt8(code >> 8), UInt8(code & 0xFF)], text) }, codeSpace: identity)
    }

    /// The CMap for `texts` (code bytes → text) in `codeSpace` (ranges as `<lo> <hi>`).
    static func make(_ texts: [([UInt8], String)], codeSpace: [String]) -> Data {
        let head = """
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
        // Runs of consecutive codes standing for consecutive single Latin-1 units (digits, letters) become one
        // `bfrange` line; the rest are `bfchar` lines.
        var ranges: [(first: [UInt8], last: [UInt8], unit: UInt16)] = []
        var chars: [([UInt8], String)] = []
        var index = 0
        while index < entries.count {
            var end = index + 1
            while end < entries.count, Self.follows(entries[end], entries[end - 1]) { end += 1 }
            // Ghostscript 10 (txtwrite) keeps only the low byte of a range's destination above U+00FF (ます read
            // as "~"), so only ranges of Latin-1 units (digits, letters) are written as bfrange.
            if end - index >= shortestRange, let unit = entries[index].1.utf16.first, unit <= 0xFF {
                ranges.append((entries[index].0, entries[end - 1].0, unit))
            } else {
                chars.append(contentsOf: entries[index..<end])
            }
            index = end
        }
        var bytes = Array(head.utf8)
        bytes.reserveCapacity(bytes.count + 40 * entries.count + 200)
        for start in stride(from: 0, to: chars.count, by: 100) {
            let block = chars[start..<min(start + 100, chars.count)]
            bytes += Array("\(block.count) beginbfchar\n".utf8)
            for (code, text) in block {
                bytes.append(UInt8(ascii: "<"))
                for byte in code { appendHex(byte, to: &bytes) }
                bytes += [UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "<")]
                for unit in text.utf16 { appendHex(unit, to: &bytes) }
                bytes += [UInt8(ascii: ">"), UInt8(ascii: "\n")]
            }
            bytes += Array("endbfchar\n".utf8)
        }
        for start in stride(from: 0, to: ranges.count, by: 100) {
            let block = ranges[start..<min(start + 100, ranges.count)]
            bytes += Array("\(block.count) beginbfrange\n".utf8)
            for range in block {
                bytes.append(UInt8(ascii: "<"))
                for byte in range.first { appendHex(byte, to: &bytes) }
                bytes += [UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "<")]
                for byte in range.last { appendHex(byte, to: &bytes) }
                bytes += [UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "<")]
                appendHex(range.unit, to: &bytes)
                bytes += [UInt8(ascii: ">"), UInt8(ascii: "\n")]
            }
            bytes += Array("endbfrange\n".utf8)
        }
        bytes += Array("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n".utf8)
        return Data(bytes)
    }

    /// A `bfrange` covers at least this many codes; shorter runs stay `bfchar` lines.
    static let shortestRange = 3

    /// True when `entry` is the code after `previous` (same length, same leading bytes, last byte one more) and
    /// stands for the UTF-16 unit after `previous`'s, both single units, without the unit's low byte wrapping (a
    /// `bfrange` destination increments its last byte only).
    private static func follows(_ entry: ([UInt8], String), _ previous: ([UInt8], String)) -> Bool {
        let (code, text) = entry
        let (before, beforeText) = previous
        guard code.count == before.count, code.dropLast() == before.dropLast(), let last = code.last,
            let lastBefore = before.last, lastBefore < 0xFF, last == lastBefore + 1,
            text.utf16.count == 1, beforeText.utf16.count == 1,
            let unit = text.utf16.first, let unitBefore = beforeText.utf16.first,
            unitBefore & 0xFF < 0xFF, unit == unitBefore + 1
        else { return false }
        return true
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Two uppercase hexadecimal digits.
    private static func appendHex(_ byte: UInt8, to bytes: inout [UInt8]) {
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0xF)])
    }

    /// Four uppercase hexadecimal digits.
    private static func appendHex(_ unit: UInt16, to bytes: inout [UInt8]) {
        appendHex(UInt8(unit >> 8), to: &bytes)
        appendHex(UInt8(unit & 0xFF), to: &bytes)
    }
}
