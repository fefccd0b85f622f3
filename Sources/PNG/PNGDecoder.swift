import CPNG
import Foundation

/// Decodes any PNG — every colour type, bit depth and interlacing, and Apple's CgBI variant — to an RGBA8 ``Bitmap``.
///
/// libpng's simplified API does the work, so libpng's errors come back as a status and message, never as a
/// longjmp through Swift; the size is checked from IHDR before any pixel buffer exists.
public struct PNGDecoder: Sendable {
    /// The default pixel cap: 100 megapixels (400 MB of RGBA).
    public static let defaultMaxPixels = 100_000_000

    /// The largest `width × height` this decoder accepts; larger images are refused before allocation.
    ///
    /// Values above 2³⁰ − 1 act as 2³⁰ − 1: libpng's simplified reader cannot fill a buffer of 4 GB or more.
    public var maxPixels: Int

    /// Makes a decoder that refuses images above `maxPixels` pixels.
    public init(maxPixels: Int = PNGDecoder.defaultMaxPixels) {
        self.maxPixels = maxPixels
    }

    /// Decodes the PNG file at `url`; errors name the file's path.
    public func decode(contentsOf url: URL) throws -> Bitmap {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PNGError(name: url.path, reason: .unreadable(error.localizedDescription))
        }
        return try decode(data, name: url.path)
    }

    /// Decodes PNG bytes; `name` (a file name or label) goes into every error.
    ///
    /// 16-bit samples are reduced to 8 bits; gAMA/sRGB/cHRM are applied by libpng to give sRGB output,
    /// and 16-bit images without them are taken as sRGB (as viewers do), not as linear light.
    public func decode(_ data: Data, name: String) throws -> Bitmap {
        let header = try PNGHeader.parse(data, name: name, maxPixels: maxPixels)
        // libpng 1.6.39's simplified reader garbles 16-bit Adam7 images when reducing to 8 bits: de-interlace first.
        let deinterlace = header.interlaced && header.bitDepth == 16
        let source =
            header.isCgBI || deinterlace
            ? try Restream.rewrite(data, header: header, name: name, deinterlace: deinterlace) : data
        var pixels = try readRGBA(source, header: header, name: name)
        if header.isCgBI {
            CgBI.restore(&pixels, swapRedBlue: header.hasColorChannels)
        }
        return Bitmap(
            width: header.width, height: header.height, pixels: pixels,
            hasAlpha: Bitmap.anyTranslucent(pixels), isGray: header.isGray)
    }

    /// Runs libpng's begin/finish read over `data`, checking libpng's view of the size before allocating.
    private func readRGBA(_ data: Data, header: PNGHeader, name: String) throws -> [UInt8] {
        let png = SimplifiedImage()
        return try data.withUnsafeBytes { raw -> [UInt8] in
            guard png_image_begin_read_from_memory(&png.image, raw.baseAddress, raw.count) != 0 else {
                throw failure(png.message, name: name)
            }
            let width = Int(png.image.width)
            let height = Int(png.image.height)
            guard width == header.width, height == header.height else {
                throw PNGError(
                    name: name,
                    reason: .badHeader("libpng read \(width)×\(height), the IHDR says \(header.width)×\(header.height)")
                )
            }
            png.image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            png.image.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
            let count = width * height * 4
            var finished: Int32 = 0
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                finished = png_image_finish_read(&png.image, nil, buffer.baseAddress, Int32(width * 4), nil)
                initialized = count
            }
            guard finished != 0 else { throw failure(png.message, name: name) }
            return pixels
        }
    }

    /// Maps a libpng message to the closest ``PNGError/Reason``.
    private func failure(_ message: String, name: String) -> PNGError {
        let text = message.isEmpty ? "unknown libpng error" : message
        let lower = text.lowercased()
        if lower.contains("beyond end of data") || lower.contains("not enough image data")
            || lower.contains("truncated")
        {
            return PNGError(name: name, reason: .truncated("libpng: \(text)"))
        }
        return PNGError(name: name, reason: .corrupt("libpng: \(text)"))
    }
}
