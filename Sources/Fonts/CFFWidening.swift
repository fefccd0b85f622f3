import Foundation

/// Makes every glyph of a bare CFF table wider without touching its charstrings: a CFF glyph's advance is its
/// Private DICT's `nominalWidthX` plus the width its charstring states, or `defaultWidthX` when it states none, so
/// raising both by the same amount widens every glyph by it.
///
/// Each Private DICT (the Top DICT's, or one per Font DICT of a CID-keyed font's FDArray) is written again at the end
/// of the table with the two widths raised, followed by a copy of its local subroutines; the Font DICT's `Private`
/// operands are rewritten in place, in the byte lengths they had, so nothing before the end of the table moves.
enum CFFWidening {
    /// One DICT entry: its operator (escaped operators as 1200 + the second byte), its operands' values (0 for a
    /// real number) and byte ranges, and the byte range of the whole entry.
    private struct Entry {
        var op: Int
        var operands: [(value: Int, range: Range<Int>, real: Bool)]
        var range: Range<Int>
    }

    /// `cff` with every glyph `units` font units wider, or nil when its DICTs cannot be read or rewritten so.
    static func widened(_ cff: Data, by units: Int) -> Data? {
        var bytes = [UInt8](cff)
        guard bytes.count > 4 else { return nil }
        guard let names = CFFCharset.index(bytes, at: Int(bytes[2])), let top = CFFCharset.index(bytes, at: names.end),
            let topDict = top.items.first, let topEntries = entries(bytes, in: topDict)
        else { return nil }
        // Where each Private DICT's (size, offset) operands are.
        var privates: [Entry] = []
        if let fdArray = topEntries.first(where: { $0.op == 1236 }), let offset = fdArray.operands.first?.value {
            guard let fonts = CFFCharset.index(bytes, at: offset) else { return nil }
            for font in fonts.items {
                guard let dict = entries(bytes, in: font) else { return nil }
                privates += dict.filter { $0.op == 18 }
            }
        } else {
            privates = topEntries.filter { $0.op == 18 }
        }
        guard !privates.isEmpty else { return nil }
        var moved: [Int: (size: Int, offset: Int)] = [:]
        for entry in privates {
            guard entry.operands.count == 2, !entry.operands.contains(where: \.real) else { return nil }
            let (size, offset) = (entry.operands[0].value, entry.operands[1].value)
            if moved[offset] == nil {
                guard size >= 0, offset >= 0, offset + size <= bytes.count,
                    let made = rewritten(bytes, privateAt: offset, size: size, by: units, at: bytes.count)
                else { return nil }
                moved[offset] = (made.dict, bytes.count)
                bytes += made.bytes
            }
            guard let new = moved[offset],
                let sizeBytes = encoded(new.size, length: entry.operands[0].range.count),
                let offsetBytes = encoded(new.offset, length: entry.operands[1].range.count)
            else { return nil }
            bytes.replaceSubrange(entry.operands[0].range, with: sizeBytes)
            bytes.replaceSubrange(entry.operands[1].range, with: offsetBytes)
        }
        return Data(bytes)
    }

    /// The Private DICT at `offset` (`size` bytes) with `defaultWidthX` and `nominalWidthX` raised by `units`,
    /// followed by a copy of its local subroutines, for writing at `position`; `dict` is the new DICT's length.
    private static func rewritten(
        _ bytes: [UInt8], privateAt offset: Int, size: Int, by units: Int, at position: Int
    ) -> (bytes: [UInt8], dict: Int)? {
        guard let dict = entries(bytes, in: offset..<(offset + size)) else { return nil }
        var kept: [UInt8] = []
        var widths = [20: 0, 21: 0]
        var subrs: Int?
        for entry in dict {
            switch entry.op {
            case 20, 21:
                guard let value = entry.operands.first, !value.real else { return nil }
                widths[entry.op] = value.value
            case 19:
                guard let value = entry.operands.first, !value.real else { return nil }
                subrs = value.value
            default:
                kept += bytes[entry.range]
            }
        }
        guard let defaultWidth = encoded(widths[20]! + units, length: 5),
            let nominalWidth = encoded(widths[21]! + units, length: 5)
        else { return nil }
        kept += defaultWidth + [20] + nominalWidth + [21]
        guard let subrs else { return (kept, kept.count) }
        // The local subroutines follow the new DICT: its Subrs operand is the DICT's own length.
        guard let local = CFFCharset.index(bytes, at: offset + subrs), let pointer = encoded(kept.count + 6, length: 5)
        else {
            return nil
        }
        kept += pointer + [19]
        return (kept + bytes[(offset + subrs)..<local.end], kept.count)
    }

    /// The entries of the DICT in `range`, or nil when it cannot be read.
    private static func entries(_ bytes: [UInt8], in range: Range<Int>) -> [Entry]? {
        guard range.upperBound <= bytes.count else { return nil }
        var result: [Entry] = []
        var operands: [(value: Int, range: Range<Int>, real: Bool)] = []
        var start = range.lowerBound
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            let b0 = Int(bytes[cursor])
            switch b0 {
            case 32...246:
                operands.append((b0 - 139, cursor..<(cursor + 1), false))
                cursor += 1
            case 247...254:
                guard cursor + 1 < range.upperBound else { return nil }
                let magnitude = (b0 < 251 ? b0 - 247 : b0 - 251) * 256 + Int(bytes[cursor + 1]) + 108
                operands.append((b0 < 251 ? magnitude : -magnitude, cursor..<(cursor + 2), false))
                cursor += 2
            case 28:
                guard cursor + 2 < range.upperBound else { return nil }
                let value = Int(Int16(bitPattern: UInt16(bytes[cursor + 1]) << 8 | UInt16(bytes[cursor + 2])))
                operands.append((value, cursor..<(cursor + 3), false))
                cursor += 3
            case 29:
                guard cursor + 4 < range.upperBound else { return nil }
                let raw = bytes[(cursor + 1)...(cursor + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                operands.append((Int(Int32(bitPattern: raw)), cursor..<(cursor + 5), false))
                cursor += 5
            case 30:
                let first = cursor
                cursor += 1
                while cursor < range.upperBound, bytes[cursor] & 0x0F != 0x0F, bytes[cursor] & 0xF0 != 0xF0 {
                    cursor += 1
                }
                cursor += 1
                operands.append((0, first..<cursor, true))
            case 12:
                guard cursor + 1 < range.upperBound else { return nil }
                result.append(Entry(op: 1200 + Int(bytes[cursor + 1]), operands: operands, range: start..<(cursor + 2)))
                operands.removeAll()
                cursor += 2
                start = cursor
            case 0...21:
                result.append(Entry(op: b0, operands: operands, range: start..<(cursor + 1)))
                operands.removeAll()
                cursor += 1
                start = cursor
            default:
                return nil
            }
        }
        return cursor == range.upperBound ? result : nil
    }

    /// `value` as a DICT integer operand exactly `length` bytes long (1, 2, 3 or 5), or nil when it does not fit.
    private static func encoded(_ value: Int, length: Int) -> [UInt8]? {
        switch length {
        case 1 where (-107...107).contains(value):
            return [UInt8(value + 139)]
        case 2 where (108...1131).contains(value):
            return [UInt8((value - 108) / 256 + 247), UInt8((value - 108) % 256)]
        case 2 where (-1131 ... -108).contains(value):
            return [UInt8((-value - 108) / 256 + 251), UInt8((-value - 108) % 256)]
        case 3 where (-32768...32767).contains(value):
            let raw = UInt16(bitPattern: Int16(value))
            return [28, UInt8(raw >> 8), UInt8(raw & 0xFF)]
        case 5 where (-2_147_483_648...2_147_483_647).contains(value):
            let raw = UInt32(bitPattern: Int32(value))
            return [29, UInt8(raw >> 24), UInt8(raw >> 16 & 0xFF), UInt8(raw >> 8 & 0xFF), UInt8(raw & 0xFF)]
        default:
            return nil
        }
    }
}
