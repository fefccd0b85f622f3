import Foundation

extension FontSubset {
    /// This TrueType program with every glyph's advance `units` font units wider and its outline where it was (the
    /// room goes after the glyph): the program a PDF shows letter-spaced text with, so the `W` widths, the program's
    /// own advances and where the glyphs stand all agree.
    ///
    /// Extractors that space words by the font program's advances (MuPDF) otherwise read a postal code spaced into
    /// its boxes as `1 0 0 0 0 0 5`; widths in `W` alone that differ from the program are not PDF/A. The `hmtx` table
    /// is written again with one full metric per glyph, `hhea` says so; every other table is copied as it is. A CFF
    /// program gets its Private DICTs' default and nominal widths raised instead (`CFFWidening`). Nil for a program
    /// whose tables or DICTs cannot be read so.
    public func spaced(by units: Int) -> FontSubset? {
        guard units >= 0 else { return nil }
        if kind == .cff {
            return CFFWidening.widened(data, by: units).map { FontSubset(kind: .cff, data: $0, codes: codes) }
        }
        let bytes = [UInt8](data)
        func uint16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func uint32(_ at: Int) -> Int { uint16(at) << 16 | uint16(at + 2) }
        guard bytes.count >= 12 else { return nil }
        let count = uint16(4)
        guard count > 0, bytes.count >= 12 + count * 16 else { return nil }
        var tables: [(tag: [UInt8], offset: Int, length: Int)] = []
        for index in 0..<count {
            let record = 12 + index * 16
            let offset = uint32(record + 8)
            let length = uint32(record + 12)
            guard offset + length <= bytes.count else { return nil }
            tables.append((Array(bytes[record..<(record + 4)]), offset, length))
        }
        func table(_ name: String) -> (offset: Int, length: Int)? {
            tables.first { $0.tag == Array(name.utf8) }.map { ($0.offset, $0.length) }
        }
        guard let hhea = table("hhea"), hhea.length >= 36, let hmtx = table("hmtx"), let maxp = table("maxp"),
            maxp.length >= 6
        else { return nil }
        let glyphCount = uint16(maxp.offset + 4)
        let metricCount = uint16(hhea.offset + 34)
        guard metricCount > 0, metricCount <= glyphCount,
            hmtx.length >= metricCount * 4 + (glyphCount - metricCount) * 2
        else { return nil }
        // One (advance, left side bearing) per glyph, each advance widened.
        var metrics: [UInt8] = []
        metrics.reserveCapacity(glyphCount * 4)
        var widest = 0
        for glyph in 0..<glyphCount {
            let advance = uint16(hmtx.offset + 4 * min(glyph, metricCount - 1))
            let bearing =
                glyph < metricCount
                ? uint16(hmtx.offset + 4 * glyph + 2)
                : uint16(hmtx.offset + 4 * metricCount + 2 * (glyph - metricCount))
            let wide = min(advance + units, 0xFFFF)
            widest = max(widest, wide)
            metrics += [UInt8(wide >> 8), UInt8(wide & 0xFF), UInt8(bearing >> 8), UInt8(bearing & 0xFF)]
        }
        var header = Array(bytes[hhea.offset..<(hhea.offset + hhea.length)])
        header[10] = UInt8(widest >> 8)
        header[11] = UInt8(widest & 0xFF)
        header[34] = UInt8(glyphCount >> 8)
        header[35] = UInt8(glyphCount & 0xFF)
        // The file again: the same directory order, each table at a four-byte boundary with its checksum.
        var contents: [[UInt8]] = tables.map { entry in
            switch String(decoding: entry.tag, as: UTF8.self) {
            case "hhea": header
            case "hmtx": metrics
            default: Array(bytes[entry.offset..<(entry.offset + entry.length)])
            }
        }
        if let head = tables.firstIndex(where: { $0.tag == Array("head".utf8) }), contents[head].count >= 12 {
            contents[head].replaceSubrange(8..<12, with: [0, 0, 0, 0])
        }
        var file = Array(bytes[0..<12])
        var offset = 12 + count * 16
        var records: [UInt8] = []
        for (entry, content) in zip(tables, contents) {
            records +=
                entry.tag + Self.bigEndian(Self.checksum(content)) + Self.bigEndian(UInt32(offset))
                + Self.bigEndian(UInt32(content.count))
            offset += (content.count + 3) & ~3
        }
        file += records
        for content in contents {
            file += content + Array(repeating: 0, count: ((content.count + 3) & ~3) - content.count)
        }
        // head.checkSumAdjustment makes the whole file sum to 0xB1B0AFBA.
        if let head = tables.firstIndex(where: { $0.tag == Array("head".utf8) }), contents[head].count >= 12 {
            let start = 12 + count * 16 + contents[..<head].reduce(0) { $0 + (($1.count + 3) & ~3) }
            let adjustment = 0xB1B0_AFBA &- Self.checksum(file)
            file.replaceSubrange((start + 8)..<(start + 12), with: Self.bigEndian(adjustment))
        }
        return FontSubset(kind: .trueType, data: Data(file), codes: codes)
    }

    /// The sum of `bytes` as big-endian 32-bit words, the last one padded with zeros (an sfnt table checksum).
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < bytes.count {
            var word: UInt32 = 0
            for byte in 0..<4 {
                word = word << 8 | UInt32(index + byte < bytes.count ? bytes[index + byte] : 0)
            }
            sum = sum &+ word
            index += 4
        }
        return sum
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
