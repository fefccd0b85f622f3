import CPNG
import Foundation

/// Rewrites a PNG's image data into a form libpng's simplified API decodes correctly.
///
/// Two cases need it: Apple CgBI files (raw deflate that libpng refuses) and 16-bit Adam7-interlaced files,
/// which libpng 1.6.39's simplified reader garbles when it reduces them to 8 bits (the rows assembled from
/// passes 1–6 come out wrong; measured by DecodeMatrixTests). We inflate the stream ourselves, undo the
/// interlacing if asked, and hand libpng a plain, non-interlaced zlib stream with the other chunks kept.
enum Restream {
    /// A standard PNG with `data`'s chunks minus `CgBI`, IDAT re-compressed (and de-interlaced when `deinterlace`).
    static func rewrite(_ data: Data, header: PNGHeader, name: String, deinterlace: Bool) throws -> Data {
        let bytes = [UInt8](data)
        var out = PNGHeader.signature
        var compressed: [UInt8] = []
        var wroteIDAT = false
        var offset = 8
        while true {
            guard offset + 12 <= bytes.count else {
                throw PNGError(name: name, reason: .truncated("the file ends before the IEND chunk"))
            }
            let length = Int(PNGHeader.readUInt32(bytes, at: offset))
            let type = PNGHeader.chunkType(bytes, at: offset)
            guard length <= bytes.count - offset - 12 else {
                throw PNGError(
                    name: name, reason: .truncated("the \(type) chunk claims \(length) bytes but the file ends first"))
            }
            let payload = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let chunk = bytes[offset..<(offset + 12 + length)]
            let storedCRC = PNGHeader.readUInt32(bytes, at: offset + 8 + length)
            offset += 12 + length
            if type == "IDAT" || type == "IHDR" {
                guard PNGHeader.crc(Array(type.utf8) + payload) == storedCRC else {
                    throw PNGError(name: name, reason: .corrupt("\(type) chunk CRC mismatch"))
                }
            }
            switch type {
            case "CgBI":
                continue
            case "IDAT":
                guard !wroteIDAT else {
                    throw PNGError(
                        name: name,
                        reason: .corrupt("IDAT chunks are not consecutive (another chunk sits between them)"))
                }
                compressed += payload
            case "IHDR" where deinterlace:
                guard out.count == PNGHeader.signature.count, payload.count == 13 else {
                    throw PNGError(name: name, reason: .corrupt("a second or malformed IHDR chunk"))
                }
                var fields = payload
                fields[12] = 0
                out += chunkBytes("IHDR", fields)
            default:
                if !compressed.isEmpty, !wroteIDAT {
                    var filtered = try inflate(compressed, raw: header.isCgBI, limit: header.inflatedSize, name: name)
                    if deinterlace { filtered = try Adam7.deinterlace(filtered, header: header, name: name) }
                    out += chunkBytes("IDAT", try zlib(filtered, name: name))
                    wroteIDAT = true
                }
                out += chunk
            }
            if type == "IEND" { return Data(out) }
        }
    }

    /// Inflates exactly `limit` bytes from a zlib (or raw deflate) stream; less or more is an error.
    static func inflate(_ input: [UInt8], raw: Bool, limit: Int, name: String) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: limit + 1)
        var stream = z_stream()
        guard inflateInit2_(&stream, raw ? -15 : 15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw PNGError(name: name, reason: .corrupt("zlib could not start inflating the image data"))
        }
        defer { inflateEnd(&stream) }
        var source = input
        let status: Int32 = source.withUnsafeMutableBufferPointer { inp in
            output.withUnsafeMutableBufferPointer { outp in
                stream.next_in = inp.baseAddress
                stream.next_out = outp.baseAddress
                return inflateAll(&stream, inputCount: inp.count, outputCount: outp.count)
            }
        }
        let produced = Int(stream.total_out)
        guard produced <= limit else {
            throw PNGError(
                name: name, reason: .corrupt("the image data holds more bytes than the \(limit) the header allows"))
        }
        guard status == Z_STREAM_END || status == Z_BUF_ERROR else {
            let message = stream.msg.map { String(cString: $0) } ?? "inflate status \(status)"
            throw PNGError(name: name, reason: .corrupt("zlib: \(message)"))
        }
        guard produced == limit else {
            throw PNGError(name: name, reason: .truncated("the image data ends after \(produced) of \(limit) bytes"))
        }
        return Array(output.prefix(limit))
    }

    /// Runs `inflate` until the stream ends, the input runs out or the output is full, handing zlib at most 4 GiB − 1
    /// bytes at a time: its counters are 32-bit, and a 16-bit interlaced image near the pixel cap inflates to more.
    ///
    /// Returns `Z_STREAM_END`, zlib's error, or `Z_BUF_ERROR` when it stopped early (out of input or of room),
    /// which the caller tells apart by `total_out`.
    private static func inflateAll(_ stream: inout z_stream, inputCount: Int, outputCount: Int) -> Int32 {
        var inputLeft = inputCount
        var outputLeft = outputCount
        let most = Int(UInt32.max)
        while true {
            let feed = min(inputLeft, most)
            let room = min(outputLeft, most)
            stream.avail_in = UInt32(feed)
            stream.avail_out = UInt32(room)
            inputLeft -= feed
            outputLeft -= room
            let status = CPNG.inflate(&stream, Z_NO_FLUSH)
            inputLeft += Int(stream.avail_in)
            outputLeft += Int(stream.avail_out)
            guard status == Z_OK else { return status }
            if inputLeft == 0 || outputLeft == 0 { return Z_BUF_ERROR }
        }
    }

    /// A zlib stream of `data` at level 1 (it is decoded again at once; speed matters, size does not).
    static func zlib(_ data: [UInt8], name: String) throws -> [UInt8] {
        var bound = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(bound))
        let result = out.withUnsafeMutableBufferPointer { z in
            data.withUnsafeBufferPointer { src in compress2(z.baseAddress, &bound, src.baseAddress, uLong(src.count), 1)
            }
        }
        guard result == Z_OK else {
            throw PNGError(name: name, reason: .corrupt("zlib could not re-compress the image data (status \(result))"))
        }
        return Array(out.prefix(Int(bound)))
    }

    /// A chunk: length, type, data, CRC over type and data.
    static func chunkBytes(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(payload.count)) + typeBytes + payload + bigEndian(PNGHeader.crc(typeBytes + payload))
    }

    /// Four big-endian bytes.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
