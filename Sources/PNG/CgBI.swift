import CPNG
import Foundation

/// Turns Apple's iOS-optimised PNG variant ("CgBI") into a standard PNG, and its pixels back into straight RGBA.
///
/// Xcode rewrites PNGs in app bundles: a `CgBI` chunk before IHDR, IDAT holding raw deflate (no zlib header
/// or Adler-32), colour stored BGR(A) with premultiplied alpha. libpng rejects such files, so we inflate the
/// raw stream, re-wrap it as zlib, drop the `CgBI` chunk, let libpng decode, then swap and unpremultiply.
enum CgBI {
    /// A standard PNG with the same chunks as `data` except `CgBI`, and one IDAT holding a zlib stream.
    static func standardize(_ data: Data, header: PNGHeader, name: String) throws -> Data {
        let bytes = [UInt8](data)
        var out = PNGHeader.signature
        var deflated: [UInt8] = []
        var wroteIDAT = false
        var offset = 8
        while true {
            guard offset + 12 <= bytes.count else {
                throw PNGError(name: name, reason: .truncated("the file ends before the IEND chunk"))
            }
            let length = Int(PNGHeader.readUInt32(bytes, at: offset))
            let type = PNGHeader.chunkType(bytes, at: offset)
            guard length <= bytes.count - offset - 12 else {
                throw PNGError(name: name, reason: .truncated("the \(type) chunk claims \(length) bytes but the file ends first"))
            }
            let chunk = bytes[offset..<(offset + 12 + length)]
            offset += 12 + length
            switch type {
            case "CgBI":
                continue
            case "IDAT":
                deflated += chunk.dropFirst(8).dropLast(4)
            default:
                if !deflated.isEmpty, !wroteIDAT {
                    out += try chunkBytes("IDAT", rewrap(deflated, header: header, name: name))
                    wroteIDAT = true
                }
                out += chunk
            }
            if type == "IEND" { return Data(out) }
        }
    }

    /// Inflates a raw deflate stream (at most the size IHDR implies) and compresses it again as zlib.
    static func rewrap(_ raw: [UInt8], header: PNGHeader, name: String) throws -> [UInt8] {
        let expected = header.inflatedSize
        var inflated = [UInt8](repeating: 0, count: expected + 1)
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw PNGError(name: name, reason: .corrupt("zlib could not start inflating the CgBI image data"))
        }
        defer { inflateEnd(&stream) }
        var input = raw
        let status: Int32 = input.withUnsafeMutableBufferPointer { inp in
            inflated.withUnsafeMutableBufferPointer { outp in
                stream.next_in = inp.baseAddress
                stream.avail_in = UInt32(inp.count)
                stream.next_out = outp.baseAddress
                stream.avail_out = UInt32(outp.count)
                return inflate(&stream, Z_FINISH)
            }
        }
        let produced = Int(stream.total_out)
        guard produced <= expected else {
            throw PNGError(name: name, reason: .corrupt("CgBI image data holds more bytes than the \(header.width)×\(header.height) header allows"))
        }
        switch status {
        case Z_STREAM_END:
            break
        case Z_BUF_ERROR where stream.avail_out > 0:
            break  // input ran out early: libpng reports the missing rows
        default:
            let message = stream.msg.map { String(cString: $0) } ?? "inflate status \(status)"
            throw PNGError(name: name, reason: .corrupt("CgBI image data: \(message)"))
        }
        var bound = compressBound(uLong(produced))
        var zlib = [UInt8](repeating: 0, count: Int(bound))
        let result = zlib.withUnsafeMutableBufferPointer { z in
            inflated.withUnsafeBufferPointer { src in compress2(z.baseAddress, &bound, src.baseAddress, uLong(produced), 1) }
        }
        guard result == Z_OK else {
            throw PNGError(name: name, reason: .corrupt("zlib could not re-compress the CgBI image data (status \(result))"))
        }
        return Array(zlib.prefix(Int(bound)))
    }

    /// A chunk: length, type, data, CRC over type and data.
    static func chunkBytes(_ type: String, _ payload: [UInt8]) throws -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let length = UInt32(payload.count)
        let crc = PNGHeader.crc(typeBytes + payload)
        return bigEndian(length) + typeBytes + payload + bigEndian(crc)
    }

    /// Four big-endian bytes.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Swaps B and R back and undoes premultiplication, in place, on RGBA8 pixels decoded from a CgBI file.
    static func restore(_ pixels: inout [UInt8], swapRedBlue: Bool) {
        pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i + 3 < p.count {
                if swapRedBlue { p.swapAt(i, i + 2) }
                let a = Int(p[i + 3])
                if a == 0 {
                    p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                } else if a < 255 {
                    for k in 0..<3 { p[i + k] = UInt8(min(255, (Int(p[i + k]) * 255 + a / 2) / a)) }
                }
                i += 4
            }
        }
    }
}
