import CPNG
import Foundation

/// Writes bitmaps as PNG: balanced through libpng's simplified write API, fast through zlib in bands of rows.
///
/// The simplified API reports errors as a status (no setjmp/longjmp reaches Swift), at the price of fewer
/// knobs: it offers exactly two speed/size settings, which ``Compression`` exposes. The fast setting deflates bands
/// that start afresh (`BandedDeflate`), which libpng cannot, so a batch deflates only the rows its pages change.
public struct PNGEncoder: Sendable {
    /// The speed/size trade-off the simplified API allows.
    ///
    /// A "smallest" level (zlib 9, exhaustive filters) would need libpng's classic write API, whose errors
    /// longjmp — unsafe to cross Swift frames — so it is not offered.
    public enum Compression: Sendable, Equatable {
        /// No row filters and zlib level 3 (libpng's `PNG_IMAGE_FLAG_FAST` settings), deflated in bands of rows
        /// that a batch reuses when a page repeats them: for intermediate files and batch rasters.
        case fast
        /// Adaptive row filters and zlib's default level 6: smaller files, slower; for files people keep.
        case balanced
    }

    /// The sample layout of raw pixel buffers given to ``encode(pixels:width:height:layout:name:)``.
    public enum Layout: Sendable, Equatable {
        /// 4 bytes a pixel: R, G, B, straight alpha.
        case rgba
        /// 3 bytes a pixel: R, G, B.
        case rgb
        /// 2 bytes a pixel: gray, straight alpha.
        case grayAlpha
        /// 1 byte a pixel: gray.
        case gray

        /// Bytes per pixel.
        public var bytesPerPixel: Int {
            switch self {
            case .rgba: 4
            case .rgb: 3
            case .grayAlpha: 2
            case .gray: 1
            }
        }

        /// The IHDR colour type.
        var colorType: UInt8 {
            switch self {
            case .rgba: 6
            case .rgb: 2
            case .grayAlpha: 4
            case .gray: 0
            }
        }

        /// libpng's `PNG_FORMAT_*` value.
        var format: UInt32 {
            switch self {
            case .rgba: UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            case .rgb: UInt32(PNG_FORMAT_FLAG_COLOR)
            case .grayAlpha: UInt32(PNG_FORMAT_FLAG_ALPHA)
            case .gray: UInt32(PNG_FORMAT_GRAY)
            }
        }
    }

    /// The trade-off used for every image this encoder writes.
    public var compression: Compression

    /// Asked between bands of rows while `.fast` encodes, and each time libpng hands `.balanced`'s compressed bytes
    /// on (every IDAT chunk of at most 8 KiB, so every few megabytes of pixels at worst): true stops the work with
    /// `PNGError.Reason.encodingFailed` — how a job past its deadline (`job-seconds`) ends inside the encoder.
    /// Nil never stops.
    public var stop: (@Sendable () -> Bool)?
    /// The bands of the owner's recent images (its `RenderContext`'s shelf), which `.fast` takes where rows repeat;
    /// nil deflates every band of every image.
    package var recentImages: BandedDeflate?

    /// Makes an encoder; `.balanced` unless speed matters more than size.
    public init(compression: Compression = .balanced) {
        self.compression = compression
    }

    /// Encodes `bitmap` in the smallest faithful layout: gray when every pixel is gray, no alpha when it is opaque.
    public func encode(_ bitmap: Bitmap, name: String = "bitmap") throws -> Data {
        try check(bitmap.pixels.count, width: bitmap.width, height: bitmap.height, layout: .rgba, name: name)
        let gray = Bitmap.allGray(bitmap.pixels)
        let alpha = Bitmap.anyTranslucent(bitmap.pixels)
        let layout: Layout = gray ? (alpha ? .grayAlpha : .gray) : (alpha ? .rgba : .rgb)
        let pixels: [UInt8]
        switch layout {
        case .rgba: pixels = bitmap.pixels
        case .rgb:
            pixels =
                Bitmap(
                    width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels, hasAlpha: false, isGray: false
                ).colorChannels
        case .gray: pixels = Bitmap.channel(0, of: bitmap.pixels)
        case .grayAlpha:
            pixels = Self.interleave(Bitmap.channel(0, of: bitmap.pixels), Bitmap.channel(3, of: bitmap.pixels))
        }
        return try encode(pixels: pixels, width: bitmap.width, height: bitmap.height, layout: layout, name: name)
    }

    /// Encodes a raw 8-bit buffer of `layout` samples, rows top to bottom without padding.
    public func encode(pixels: [UInt8], width: Int, height: Int, layout: Layout, name: String = "bitmap") throws -> Data
    {
        try check(pixels.count, width: width, height: height, layout: layout, name: name)
        if let stop, stop() { throw PNGError(name: name, reason: .encodingFailed(Self.stopped)) }
        if compression == .fast {
            return try banded(pixels: pixels, width: width, height: height, layout: layout, name: name)
        }
        let png = SimplifiedImage()
        png.image.width = UInt32(width)
        png.image.height = UInt32(height)
        png.image.format = layout.format
        let stride = Int32(width * layout.bytesPerPixel)
        if let stop { return try Self.balanced(png, pixels: pixels, stride: stride, name: name, stop: stop) }
        // Worst case as libpng's PNG_IMAGE_PNG_SIZE_MAX: stored deflate blocks plus chunk overhead.
        let raw = (width * layout.bytesPerPixel + 1) * height
        var capacity = raw + (raw + 7) / 8 + (raw + 63) / 64 + 11 + 8 + 25 + 16 + 44 + 12 + 12 * (raw / 8192 + 2)
        for _ in 0..<2 {
            var size = capacity
            var out = [UInt8](repeating: 0, count: capacity)
            let ok = out.withUnsafeMutableBytes { dst in
                pixels.withUnsafeBytes { src in
                    png_image_write_to_memory(&png.image, dst.baseAddress, &size, 0, src.baseAddress, stride, nil)
                }
            }
            if ok != 0 { return Data(out.prefix(size)) }
            guard size > capacity else {
                throw PNGError(
                    name: name, reason: .encodingFailed(png.message.isEmpty ? "unknown libpng error" : png.message))
            }
            capacity = size
        }
        throw PNGError(name: name, reason: .encodingFailed("the output outgrew its buffer twice"))
    }

    /// `.balanced`'s PNG written through a stream whose every write first asks `stop`: libpng's simplified API
    /// makes the whole image in one call, so the stream is the one place the work can be ended before its end — a
    /// write refused there fails the call (libpng's "Write Error", raised and caught inside libpng, in C frames
    /// only).
    private static func balanced(
        _ png: SimplifiedImage, pixels: [UInt8], stride: Int32, name: String, stop: @escaping @Sendable () -> Bool
    ) throws -> Data {
        let sink = StoppableSink(stop: stop)
        let written = withExtendedLifetime(sink) { () -> Bool in
            var functions = cookie_io_functions_t()
            functions.write = { cookie, buffer, count in
                guard let cookie, let buffer else { return -1 }
                let sink = Unmanaged<StoppableSink>.fromOpaque(cookie).takeUnretainedValue()
                if sink.stop() {
                    sink.stopped = true
                    return 0
                }
                sink.data.append(UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: count)
                return count
            }
            guard let file = fopencookie(Unmanaged.passUnretained(sink).toOpaque(), "w", functions) else {
                return false
            }
            // Unbuffered: each of libpng's writes reaches the sink (and `stop`) as it is made.
            setvbuf(file, nil, _IONBF, 0)
            let ok = pixels.withUnsafeBytes { source in
                png_image_write_to_stdio(&png.image, file, 0, source.baseAddress, stride, nil)
            }
            return fclose(file) == 0 && ok != 0
        }
        if sink.stopped { throw PNGError(name: name, reason: .encodingFailed(Self.stopped)) }
        guard written else {
            throw PNGError(
                name: name, reason: .encodingFailed(png.message.isEmpty ? "unknown libpng error" : png.message))
        }
        return sink.data
    }

    /// Where `balanced(_:pixels:stride:name:stop:)`'s stream puts the bytes, and whether `stop` refused one.
    private final class StoppableSink {
        let stop: @Sendable () -> Bool
        var data = Data()
        var stopped = false

        init(stop: @escaping @Sendable () -> Bool) { self.stop = stop }
    }

    /// A PNG whose image data `BandedDeflate` makes, with the chunks libpng's simplified API writes for 8-bit
    /// sRGB pixels: IHDR, sRGB (perceptual), IDAT, IEND.
    private func banded(pixels: [UInt8], width: Int, height: Int, layout: Layout, name: String) throws -> Data {
        guard
            let data = (recentImages ?? BandedDeflate()).zlibStream(
                pixels: pixels, width: width, height: height, bytesPerPixel: layout.bytesPerPixel, stop: stop)
        else {
            if let stop, stop() { throw PNGError(name: name, reason: .encodingFailed(Self.stopped)) }
            throw PNGError(name: name, reason: .encodingFailed("zlib could not deflate the image data"))
        }
        let header =
            Restream.bigEndian(UInt32(width)) + Restream.bigEndian(UInt32(height)) + [8, layout.colorType, 0, 0, 0]
        var png = PNGHeader.signature
        png.reserveCapacity(data.count + 64)
        png += Restream.chunkBytes("IHDR", header)
        png += Restream.chunkBytes("sRGB", [0])
        // IDAT chunks of at most 1 MiB, as a chunk's length is limited to 2^31 - 1.
        for start in stride(from: 0, to: data.count, by: 1 << 20) {
            png += Restream.chunkBytes("IDAT", Array(data[start..<min(data.count, start + (1 << 20))]))
        }
        png += Restream.chunkBytes("IEND", [])
        return Data(png)
    }

    /// The reason given when `stop` ended the encoding.
    static let stopped = "stopped before the end, as asked (the job's time is up)"

    /// Checks the buffer size against the dimensions before libpng reads it.
    private func check(_ count: Int, width: Int, height: Int, layout: Layout, name: String) throws {
        guard width > 0, height > 0, width <= 0x7FFF_FFFF / 4, height <= 0x7FFF_FFFF else {
            throw PNGError(name: name, reason: .invalidBitmap("size \(width)×\(height) is empty or too large for PNG"))
        }
        guard count == width * height * layout.bytesPerPixel else {
            throw PNGError(
                name: name,
                reason: .invalidBitmap(
                    "\(count) bytes for \(width)×\(height) pixels of \(layout.bytesPerPixel) bytes each; expected \(width * height * layout.bytesPerPixel)"
                ))
        }
    }

    /// Gray and alpha bytes zipped into GA pairs.
    private static func interleave(_ gray: [UInt8], _ alpha: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: gray.count * 2)
        for k in 0..<gray.count {
            out[2 * k] = gray[k]
            out[2 * k + 1] = alpha[k]
        }
        return out
    }
}
