import CPNG
import Foundation

/// What the signature and IHDR chunk of a PNG declare, read by hand before libpng allocates anything.
///
/// Reading these 33 bytes ourselves lets us refuse absurd sizes (a 50000×50000 IHDR claims 10 GB of RGBA)
/// before any buffer exists, and spot Apple's `CgBI` variant, which libpng cannot read as is.
struct PNGHeader: Equatable, Sendable {
    /// The most RGBA8 pixels libpng's simplified reader can return in one buffer (4 GB).
    static let libpngPixelLimit = Int(UInt32.max / 4)

    /// The 8-byte PNG signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: Int
    var interlaced: Bool
    /// Whether an Apple `CgBI` chunk precedes IHDR (raw deflate, BGRA, premultiplied alpha).
    var isCgBI: Bool

    /// Whether the source colour type is grayscale (0) or gray+alpha (4).
    var isGray: Bool { colorType == 0 || colorType == 4 }

    /// Whether the colour channels are stored (colour type 2 or 6), which CgBI stores in BGR order.
    var hasColorChannels: Bool { colorType == 2 || colorType == 6 }

    /// Bits per pixel of the stored scanlines.
    var bitsPerPixel: Int {
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 1
        return channels * bitDepth
    }

    /// Bytes of filtered scanline data (filter bytes included) the IDAT stream must inflate to.
    var inflatedSize: Int {
        let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var total = 0
        for pass in passes {
            let w = width > pass.x0 ? (width - pass.x0 + pass.dx - 1) / pass.dx : 0
            let h = height > pass.y0 ? (height - pass.y0 + pass.dy - 1) / pass.dy : 0
            if w == 0 || h == 0 { continue }
            total += h * (1 + (w * bitsPerPixel + 7) / 8)
        }
        return total
    }

    /// Reads the signature, an optional `CgBI` chunk and IHDR of `data`, and enforces `maxPixels`.
    static func parse(_ data: Data, name: String, maxPixels: Int) throws -> PNGHeader {
        let bytes = [UInt8](data.prefix(8 + 16 + 25))
        let sigCount = min(bytes.count, 8)
        guard Array(bytes[0..<sigCount]) == Array(signature[0..<sigCount]) else {
            throw PNGError(name: name, reason: .notPNG)
        }
        guard bytes.count >= 8 else {
            throw PNGError(name: name, reason: .truncated("\(bytes.count) bytes, shorter than the 8-byte signature"))
        }
        var offset = 8
        var isCgBI = false
        if bytes.count >= offset + 8, chunkType(bytes, at: offset) == "CgBI" {
            isCgBI = true
            let length = Int(readUInt32(bytes, at: offset))
            guard length <= 16 else {
                throw PNGError(name: name, reason: .badHeader("CgBI chunk of \(length) bytes, expected 4"))
            }
            offset += 12 + length
        }
        guard bytes.count >= offset + 25 else {
            throw PNGError(name: name, reason: .truncated("the file ends inside the IHDR header chunk"))
        }
        guard chunkType(bytes, at: offset) == "IHDR" else {
            throw PNGError(
                name: name, reason: .badHeader("the first chunk is \"\(chunkType(bytes, at: offset))\", not IHDR"))
        }
        guard readUInt32(bytes, at: offset) == 13 else {
            throw PNGError(name: name, reason: .badHeader("IHDR length \(readUInt32(bytes, at: offset)), expected 13"))
        }
        let stored = readUInt32(bytes, at: offset + 21)
        let computed = crc(bytes[(offset + 4)..<(offset + 21)])
        guard stored == computed else {
            throw PNGError(name: name, reason: .badHeader("IHDR CRC mismatch"))
        }
        let header = PNGHeader(
            width: Int(readUInt32(bytes, at: offset + 8)),
            height: Int(readUInt32(bytes, at: offset + 12)),
            bitDepth: Int(bytes[offset + 16]), colorType: Int(bytes[offset + 17]),
            interlaced: bytes[offset + 20] == 1, isCgBI: isCgBI)
        try header.validate(
            compression: bytes[offset + 18], filter: bytes[offset + 19],
            interlace: bytes[offset + 20], name: name, maxPixels: maxPixels)
        return header
    }

    /// Checks the fields against the PNG specification and the pixel cap.
    private func validate(compression: UInt8, filter: UInt8, interlace: UInt8, name: String, maxPixels: Int) throws {
        guard width <= 0x7FFF_FFFF, height <= 0x7FFF_FFFF else {
            throw PNGError(
                name: name, reason: .badHeader("width \(width) or height \(height) above the PNG maximum of 2³¹−1"))
        }
        guard width > 0, height > 0 else {
            throw PNGError(name: name, reason: .zeroSize(width: width, height: height))
        }
        let depths: [Int: Set<Int>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[colorType] else {
            throw PNGError(name: name, reason: .badHeader("colour type \(colorType) does not exist"))
        }
        guard allowed.contains(bitDepth) else {
            throw PNGError(
                name: name, reason: .badHeader("bit depth \(bitDepth) is not allowed for colour type \(colorType)"))
        }
        guard compression == 0, filter == 0, interlace <= 1 else {
            throw PNGError(
                name: name,
                reason: .badHeader(
                    "compression \(compression), filter \(filter), interlace \(interlace): only 0, 0 and 0 or 1 exist"))
        }
        // libpng's simplified reader takes a 32-bit row stride and refuses buffers above 4 GB, so the cap is
        // never above 2³⁰ − 1 pixels (4 bytes each) whatever the caller asks for.
        let cap = min(maxPixels, PNGHeader.libpngPixelLimit)
        guard width * height <= cap, width * 4 <= Int(Int32.max) else {
            throw PNGError(name: name, reason: .tooLarge(width: width, height: height, limit: cap))
        }
    }

    /// The big-endian 32-bit number at `offset`.
    static func readUInt32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    /// The 4-letter type of the chunk whose length field starts at `offset`, bytes outside printable ASCII as `\xNN`.
    static func chunkType(_ bytes: [UInt8], at offset: Int) -> String {
        bytes[(offset + 4)..<(offset + 8)].map { byte in
            (0x21...0x7E).contains(byte)
                ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16, uppercase: true)
        }.joined()
    }

    /// The CRC-32 (zlib's) of `bytes`; `crc32_z` takes a `size_t` length, so no byte count can trap a conversion.
    static func crc<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        let array = Array(bytes)
        return array.withUnsafeBufferPointer { UInt32(crc32_z(0, $0.baseAddress, $0.count)) }
    }
}
