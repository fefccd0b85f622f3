import CPNG
import Foundation

/// Writes PNG files byte by byte — every colour type, bit depth, Adam7 interlacing, tRNS, gAMA, Apple CgBI —
/// so the decoder is tested against files we did not make with the library under test.
///
/// Each fixture carries the RGBA8 pixels a correct decoder must produce, computed from the samples written.
public enum PNGFixtureWriter {
    /// PNG colour types.
    public enum ColorType: Int, Sendable, CaseIterable {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        /// Samples per pixel as stored.
        var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][rawValue]! }

        /// The bit depths the specification allows.
        public var depths: [Int] {
            switch self {
            case .gray: [1, 2, 4, 8, 16]
            case .palette: [1, 2, 4, 8]
            default: [8, 16]
            }
        }
    }

    /// What to write.
    public struct Spec: Sendable, CustomStringConvertible {
        /// The PNG colour type.
        public var colorType: ColorType
        /// Bits per sample (1, 2, 4, 8 or 16 as the colour type allows).
        public var bitDepth: Int
        /// Whether the image data is Adam7-interlaced.
        public var interlaced: Bool
        /// Add a tRNS chunk (colour key for gray/RGB, per-entry alpha for palette).
        public var transparency: Bool
        /// A gAMA value (100000 × gamma), if any.
        public var gamma: UInt32?
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int

        /// Describes a fixture; 23×17 by default (odd sizes exercise partial Adam7 passes and bit padding).
        public init(
            _ colorType: ColorType, _ bitDepth: Int, interlaced: Bool = false, transparency: Bool = false,
            gamma: UInt32? = nil, width: Int = 23, height: Int = 17
        ) {
            self.colorType = colorType
            self.bitDepth = bitDepth
            self.interlaced = interlaced
            self.transparency = transparency
            self.gamma = gamma
            self.width = width
            self.height = height
        }

        /// A file-name-like label: `rgba16-adam7`, `palette4-trns`.
        public var description: String {
            let type = ["gray", "", "rgb", "palette", "grayalpha", "", "rgba"][colorType.rawValue]
            return
                "\(type)\(bitDepth)\(interlaced ? "-adam7" : "")\(transparency ? "-trns" : "")\(gamma.map { "-gama\($0)" } ?? "")"
        }
    }

    /// A written file and what decoding it must give.
    public struct Fixture: Sendable {
        /// What was written.
        public var spec: Spec
        /// The PNG file's bytes.
        public var png: Data
        /// Expected RGBA8, straight alpha, rows top to bottom (before any gamma correction).
        public var expected: [UInt8]
        /// Whether the expected pixels hold alpha below 255.
        public var hasAlpha: Bool { stride(from: 3, to: expected.count, by: 4).contains { expected[$0] != 255 } }
    }

    /// The full matrix: every colour type × bit depth × interlace, palette/gray/RGB with and without tRNS.
    public static var matrix: [Spec] {
        var specs: [Spec] = []
        for type in ColorType.allCases {
            for depth in type.depths {
                for interlaced in [false, true] {
                    specs.append(Spec(type, depth, interlaced: interlaced))
                    if type == .palette || type == .gray || type == .rgb {
                        specs.append(Spec(type, depth, interlaced: interlaced, transparency: true))
                    }
                }
            }
        }
        return specs
    }

    // MARK: - Samples

    /// The 8-bit pattern value for channel `c` of pixel (x, y).
    static func pattern(_ x: Int, _ y: Int, _ c: Int) -> Int {
        [(x * 11 + y * 7) % 256, (x * 5 + y * 19 + 40) % 256, (x * 23 + y * 3 + 90) % 256, (x * 9 + y * 29 + 3) % 256][
            c]
    }

    /// Palette entry `k`'s colour.
    static func paletteColor(_ k: Int) -> [Int] { [(k * 37) % 256, (k * 91 + 13) % 256, (k * 151 + 7) % 256] }
    /// Palette entry `k`'s tRNS alpha (0 and 255 included).
    static func paletteAlpha(_ k: Int) -> Int { k % 3 == 0 ? 0 : (k % 3 == 1 ? (k * 53) % 256 : 255) }

    /// Stored samples of pixel (x, y) and its expected RGBA8.
    static func pixel(_ spec: Spec, _ x: Int, _ y: Int) -> (samples: [Int], rgba: [Int]) {
        let depth = spec.bitDepth
        let maxValue = (1 << min(depth, 8)) - 1
        /// A stored sample from an 8-bit value: 16-bit replicates (v × 257), low depths quantise.
        func stored(_ v8: Int) -> Int { depth == 16 ? v8 * 257 : (depth == 8 ? v8 : v8 * maxValue / 255) }
        func expand(_ s: Int) -> Int { depth == 16 ? s >> 8 : s * 255 / maxValue }
        switch spec.colorType {
        case .gray:
            let s = stored(pattern(x, y, 0))
            let transparent = spec.transparency && s == grayKey(spec)
            let g = expand(s)
            return ([s], [g, g, g, transparent ? 0 : 255])
        case .rgb:
            let s = (0..<3).map { stored(pattern(x, y, $0)) }
            let transparent = spec.transparency && s == rgbKey(spec)
            return (s, s.map(expand) + [transparent ? 0 : 255])
        case .palette:
            let entries = 1 << depth
            let k = (x + y * 3) % min(entries, 200)
            let alpha = spec.transparency && k < trnsCount(spec) ? paletteAlpha(k) : 255
            return ([k], paletteColor(k) + [alpha])
        case .grayAlpha:
            let g = stored(pattern(x, y, 0))
            let a = stored(pattern(x, y, 3))
            return ([g, a], [expand(g), expand(g), expand(g), expand(a)])
        case .rgba:
            let s = (0..<4).map { stored(pattern(x, y, $0)) }
            return (s, s.map(expand))
        }
    }

    /// The gray sample made transparent by tRNS: the value of pixel (1, 0).
    static func grayKey(_ spec: Spec) -> Int {
        var plain = spec
        plain.transparency = false
        return pixel(plain, 1, 0).samples[0]
    }

    /// The RGB sample made transparent by tRNS: the value of pixel (2, 1).
    static func rgbKey(_ spec: Spec) -> [Int] {
        var plain = spec
        plain.transparency = false
        return pixel(plain, 2, 1).samples
    }

    /// How many palette entries tRNS lists (fewer than the palette, to test the implicit 255s).
    static func trnsCount(_ spec: Spec) -> Int { max(1, min(1 << spec.bitDepth, 200) * 2 / 3) }

    // MARK: - Writing

    /// Writes the PNG that `spec` describes and the pixels a decoder must return.
    public static func make(_ spec: Spec) -> Fixture {
        var samples: [[Int]] = []
        var expected: [UInt8] = []
        for y in 0..<spec.height {
            for x in 0..<spec.width {
                let p = pixel(spec, x, y)
                samples.append(p.samples)
                expected += p.rgba.map { UInt8($0) }
            }
        }
        var chunks: [(String, [UInt8])] = [
            (
                "IHDR",
                ihdr(
                    width: spec.width, height: spec.height, bitDepth: spec.bitDepth,
                    colorType: spec.colorType.rawValue, interlaced: spec.interlaced)
            )
        ]
        if let gamma = spec.gamma { chunks.append(("gAMA", bigEndian(gamma))) }
        if spec.colorType == .palette {
            let entries = min(1 << spec.bitDepth, 200)
            chunks.append(("PLTE", (0..<entries).flatMap { paletteColor($0).map { UInt8($0) } }))
        }
        if spec.transparency {
            switch spec.colorType {
            case .gray: chunks.append(("tRNS", be16(grayKey(spec))))
            case .rgb: chunks.append(("tRNS", rgbKey(spec).flatMap(be16)))
            case .palette: chunks.append(("tRNS", (0..<trnsCount(spec)).map { UInt8(paletteAlpha($0)) }))
            default: break
            }
        }
        let raw = scanlines(samples, spec: spec)
        chunks.append(("IDAT", zlibCompress(raw)))
        chunks.append(("IEND", []))
        return Fixture(spec: spec, png: file(chunks), expected: expected)
    }

    /// Filtered scanline data (filter type cycling None/Sub/Up per row) for the whole image or each Adam7 pass.
    static func scanlines(_ samples: [[Int]], spec: Spec) -> [UInt8] {
        let passes: [(Int, Int, Int, Int)] =
            spec.interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        let bpp = max(1, spec.colorType.channels * spec.bitDepth / 8)
        var out: [UInt8] = []
        for (x0, y0, dx, dy) in passes {
            var previous: [UInt8]? = nil
            for y in stride(from: y0, to: spec.height, by: dy) {
                let xs = Array(stride(from: x0, to: spec.width, by: dx))
                if xs.isEmpty { break }
                let row = pack(xs.map { samples[y * spec.width + $0] }, depth: spec.bitDepth)
                let filter = y % 3
                out.append(UInt8(filter))
                for i in 0..<row.count {
                    let left = i >= bpp ? Int(row[i - bpp]) : 0
                    let up = previous.map { Int($0[i]) } ?? 0
                    let predictor = [0, left, up][filter]
                    out.append(UInt8((Int(row[i]) - predictor) & 0xFF))
                }
                previous = row
            }
        }
        return out
    }

    /// Packs one row of samples, MSB first for depths below 8, big-endian for 16.
    static func pack(_ pixels: [[Int]], depth: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var acc = 0
        var bits = 0
        for sample in pixels.flatMap({ $0 }) {
            if depth == 16 {
                bytes += be16(sample)
            } else if depth == 8 {
                bytes.append(UInt8(sample))
            } else {
                acc = acc << depth | sample
                bits += depth
                if bits == 8 {
                    bytes.append(UInt8(acc))
                    acc = 0
                    bits = 0
                }
            }
        }
        if bits > 0 { bytes.append(UInt8(acc << (8 - bits))) }
        return bytes
    }

    // MARK: - Bytes

    /// The 13-byte IHDR payload.
    public static func ihdr(width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool = false) -> [UInt8]
    {
        bigEndian(UInt32(truncatingIfNeeded: width)) + bigEndian(UInt32(truncatingIfNeeded: height))
            + [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0]
    }

    /// A PNG file: signature, then each chunk with its length and CRC.
    public static func file(_ chunks: [(String, [UInt8])]) -> Data {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        for (type, payload) in chunks { out += chunk(type, payload) }
        return Data(out)
    }

    /// One chunk: length, type, payload, CRC-32 of type and payload.
    public static func chunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + payload
        let crc = body.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        return bigEndian(UInt32(payload.count)) + body + bigEndian(crc)
    }

    /// A zlib stream (header, deflate, Adler-32) of `data`.
    public static func zlibCompress(_ data: [UInt8]) -> [UInt8] { deflate(data, windowBits: 15) }

    /// A raw deflate stream (no header or checksum), as Apple's CgBI IDAT holds.
    public static func rawDeflate(_ data: [UInt8]) -> [UInt8] { deflate(data, windowBits: -15) }

    static func deflate(_ data: [UInt8], windowBits: Int32) -> [UInt8] {
        var stream = z_stream()
        precondition(
            deflateInit2_(
                &stream, 9, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY,
                ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { deflateEnd(&stream) }
        var input = data
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(data.count))) + 16)
        let status = input.withUnsafeMutableBufferPointer { inp in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = inp.baseAddress
                stream.avail_in = UInt32(inp.count)
                stream.next_out = out.baseAddress
                stream.avail_out = UInt32(out.count)
                return CPNG.deflate(&stream, Z_FINISH)
            }
        }
        precondition(status == Z_STREAM_END)
        return Array(output.prefix(Int(stream.total_out)))
    }

    /// Four big-endian bytes.
    public static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
    /// Two big-endian bytes.
    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    // MARK: - Apple CgBI

    /// An iOS-optimised PNG of straight RGBA8 `pixels`: CgBI chunk, BGRA premultiplied, raw deflate IDAT.
    public static func cgbi(width: Int, height: Int, rgba pixels: [UInt8]) -> Data {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                let i = (y * width + x) * 4
                let a = Int(pixels[i + 3])
                func pre(_ c: UInt8) -> UInt8 { UInt8((Int(c) * a + 127) / 255) }
                raw += [pre(pixels[i + 2]), pre(pixels[i + 1]), pre(pixels[i]), UInt8(a)]
            }
        }
        return file([
            ("CgBI", [0x50, 0x00, 0x20, 0x06]),
            ("IHDR", ihdr(width: width, height: height, bitDepth: 8, colorType: 6)),
            ("IDAT", rawDeflate(raw)),
            ("IEND", [])
        ])
    }
}
