import Foundation
import PNG

extension PDFDocument {
    /// Decodes PNG bytes with the PNG module and stores them as an image XObject of this document.
    ///
    /// libHaru's own PNG loader crashes or garbles on valid files (interlaced, 16-bit), so it never sees PNG
    /// bytes: libpng decodes, and the pixels arrive raw — gray stays DeviceGray, colour is DeviceRGB, both at
    /// 8 bits; alpha becomes a Flate-compressed soft mask and opaque images carry none.
    /// - Parameters:
    ///   - data: the PNG file's bytes (Apple CgBI files included).
    ///   - name: the file name or label every error will carry.
    ///   - decoder: the decoder, for its pixel cap.
    /// - Throws: `PNGError` (naming `name`) when the PNG cannot be decoded; `HaruError` (its argument starting
    ///   with `name`) when libHaru cannot store the pixels.
    package func loadPNG(_ data: Data, name: String, decoder: PNGDecoder = PNGDecoder()) throws -> PDFImage {
        try loadImage(decoder.decode(data, name: name), name: name)
    }

    /// Reads, decodes and stores the PNG file at `url`; errors carry its path.
    package func loadPNG(contentsOf url: URL, decoder: PNGDecoder = PNGDecoder()) throws -> PDFImage {
        try loadImage(decoder.decode(contentsOf: url), name: url.path)
    }

    /// Stores a decoded bitmap: gray when its source was gray, a soft mask only when some pixel is translucent.
    ///
    /// - Throws: `HaruError` whose argument starts with `name`.
    package func loadImage(_ bitmap: Bitmap, name: String) throws -> PDFImage {
        do {
            let raw = try RawImage(
                width: bitmap.width, height: bitmap.height,
                colorSpace: bitmap.isGray ? .gray : .rgb, pixels: bitmap.colorChannels,
                alpha: bitmap.hasAlpha ? bitmap.alphaChannel : nil)
            return try loadImage(raw)
        } catch let error as RawImageError {
            throw reject(code: 0x1030, operation: "load an image", argument: name, hint: error.description)
        } catch let error as HaruError {
            throw HaruError(
                code: error.code, detail: error.detail, name: error.name, summary: error.summary,
                operation: error.operation, argument: "\(name): \(error.argument ?? "image")",
                hint: error.hint, isFromLibHaru: error.isFromLibHaru)
        }
    }
}
