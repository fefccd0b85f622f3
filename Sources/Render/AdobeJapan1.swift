import Foundation
import Haru

/// Unicode → Adobe-Japan1 CID, read once per process from poppler-data's `UniJIS-UTF16-H` CMap, and libHaru's
/// metrics of its Japanese fonts by CID: what the `.cid` font mode shows text with.
///
/// A file without a ToUnicode leaves readers to turn each CID back into Unicode by Adobe's table, so only code
/// points that table gives back count as having a CID: ～ (U+FF5E) shares CID 665 with 〜 and would be read as 〜;
/// — reads as U+0336, _ as U+0332, ⼊ as 入. MuPDF uses a table of its own, which differs in 96 more
/// (`CIDReadback`). Those are drawn from the font's chain, embedded, with a ToUnicode.
final class AdobeJapan1: @unchecked Sendable {
    /// Where poppler-data (a dependency in scripts/setup) keeps the CMap.
    static let cmapPath = "/usr/share/poppler/cMap/Adobe-Japan1/UniJIS-UTF16-H"
    /// Adobe-Japan1's CID → Unicode table in poppler-data, the one poppler reads such files with: one hexadecimal
    /// code point per line, line n for CID n (0000 where there is none).
    static let unicodePath = "/usr/share/poppler/cidToUnicode/Adobe-Japan1"

    /// The process's table, read on first use.
    static let shared = AdobeJapan1()

    private let lock = NSLock()
    private var table: Result<[UInt32: UInt16], RenderError>?
    private var metrics: [JapaneseFont: JapaneseCIDMetrics] = [:]

    /// The CID of each code point `UniJIS-UTF16-H` maps.
    func cids() throws(RenderError) -> [UInt32: UInt16] {
        lock.lock()
        defer { lock.unlock() }
        if let table { return try table.get() }
        let result = Result<[UInt32: UInt16], RenderError> { () throws(RenderError) in try Self.read() }
        table = result
        return try result.get()
    }

    /// libHaru's metrics of `font`, read once.
    func metrics(of font: JapaneseFont) throws -> JapaneseCIDMetrics {
        lock.lock()
        defer { lock.unlock() }
        if let known = metrics[font] { return known }
        let made = try JapaneseCIDMetrics(font)
        metrics[font] = made
        return made
    }

    /// The Adobe-Japan1 supplement that defines every CID up to `cid`.
    static func supplement(for cid: UInt16) -> Int {
        let ends: [(Int, Int)] = [(8283, 1), (8358, 2), (8719, 2), (9353, 3), (15443, 4), (20316, 5), (23057, 6)]
        return ends.first { Int(cid) <= $0.0 }?.1 ?? 7
    }

    private static func read() throws(RenderError) -> [UInt32: UInt16] {
        func unreadable(_ path: String, _ what: String) -> RenderError {
            .font(
                location: RenderLocation(page: 1), font: "cid mode",
                reason: "cannot read \(path) (\(what)). Fix: install poppler-data "
                    + "(`apt-get install poppler-data`, or run scripts/setup)")
        }
        guard let text = try? String(contentsOfFile: cmapPath, encoding: .ascii) else {
            throw unreadable(cmapPath, "Unicode → Adobe-Japan1 CIDs")
        }
        guard let unicode = FileManager.default.contents(atPath: unicodePath) else {
            throw unreadable(unicodePath, "Adobe-Japan1 CIDs → Unicode")
        }
        let back = Self.hexLines(unicode)
        var table: [UInt32: UInt16] = [:]
        table.reserveCapacity(20_000)
        var inBlock = false
        for line in text.split(separator: "\n") {
            if line.hasSuffix("begincidrange") || line.hasSuffix("begincidchar") {
                inBlock = true
                continue
            }
            if line.hasPrefix("endcid") {
                inBlock = false
                continue
            }
            guard inBlock, line.first == "<" else { continue }
            let parts = line.split(separator: " ")
            guard let cid = parts.last.flatMap({ UInt16($0) }) else { continue }
            let keys = parts.dropLast().compactMap { scalar(fromHex: $0) }
            if keys.count == 1 {
                table[keys[0]] = cid
            } else if keys.count == 2, keys[0] <= keys[1], keys[1] - keys[0] < 0x10000 {
                for (offset, value) in (keys[0]...keys[1]).enumerated() {
                    table[value] = cid &+ UInt16(truncatingIfNeeded: offset)
                }
            }
        }
        // Kept: what Adobe's table gives back and the readers too (CIDReadback, measured), and the space (CID 1 is
        // U+00A0 there, yet every reader here extracts it as a space).
        return table.filter { key, cid in
            key == 0x20
                || (Int(cid) < back.count && back[Int(cid)] == key && !CIDReadback.differing.contains(key))
        }
    }

    /// One hexadecimal number per line (0 for a line that is not one), byte by byte: 23,058 lines for Adobe-Japan1.
    private static func hexLines(_ data: Data) -> [UInt32] {
        var values: [UInt32] = []
        values.reserveCapacity(data.count / 5)
        var value: UInt32 = 0
        var valid = true
        for byte in data {
            switch byte {
            case 0x30...0x39: value = value &<< 4 | UInt32(byte - 0x30)
            case 0x41...0x46: value = value &<< 4 | UInt32(byte - 0x37)
            case 0x61...0x66: value = value &<< 4 | UInt32(byte - 0x57)
            case 0x0A:
                values.append(valid ? value : 0)
                value = 0
                valid = true
            default: valid = false
            }
        }
        if data.last != 0x0A, !data.isEmpty { values.append(valid ? value : 0) }
        return values
    }

    /// `<d842dfb7>` or `<5165>` (UTF-16BE) as a code point.
    private static func scalar(fromHex token: Substring) -> UInt32? {
        let hex = token.dropFirst().dropLast()
        guard let value = UInt32(hex, radix: 16) else { return nil }
        if hex.count == 8 {
            let high = value >> 16
            let low = value & 0xFFFF
            return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        }
        return value
    }
}
