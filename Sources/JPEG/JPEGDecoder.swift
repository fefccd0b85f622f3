import Foundation
import JPEGShim

/// A decoded JPEG: its pixels in the file's own colour model, 8 bits per component, rows top to bottom.
///
/// Gray stays one byte a pixel and CMYK four, so nothing is converted that a consumer does not ask for; ``rgba()``
/// gives the one layout a raster renderer draws.
public struct JPEGImage: Sendable, Equatable {
    /// The colour models a JPEG decodes to.
    public enum ColorModel: Int, Sendable, Equatable {
        /// One byte a pixel.
        case gray = 1
        /// Red, green, blue (from YCbCr or RGB files).
        case rgb = 3
        /// Cyan, magenta, yellow, black (from CMYK or YCCK files), as stored: see ``JPEGImage/isInverted``.
        case cmyk = 4
    }

    /// Width in pixels, as stored (EXIF orientation is the placement's business).
    public var width: Int
    /// Height in pixels, as stored.
    public var height: Int
    /// The colour model of `pixels`.
    public var colorModel: ColorModel
    /// Whether CMYK values are stored inverted (0 = full ink), as Adobe's applications write them: true when the
    /// file has an Adobe APP14 marker.
    public var isInverted: Bool
    /// Whether the file is progressive.
    public var isProgressive: Bool
    /// `width × height × colorModel.rawValue` bytes.
    public var pixels: [UInt8]

    /// The pixels as RGBA8, opaque: gray spread to three channels, CMYK by the naive formula R = (1 − C)(1 − K)
    /// (the colour a PDF viewer without colour management shows for DeviceCMYK).
    public func rgba() -> [UInt8] {
        let count = width * height
        var out = [UInt8](repeating: 255, count: count * 4)
        out.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { source in
                for pixel in 0..<count {
                    let o = pixel * 4
                    switch colorModel {
                    case .gray:
                        let v = source[pixel]
                        (out[o], out[o + 1], out[o + 2]) = (v, v, v)
                    case .rgb:
                        let i = pixel * 3
                        (out[o], out[o + 1], out[o + 2]) = (source[i], source[i + 1], source[i + 2])
                    case .cmyk:
                        let i = pixel * 4
                        func ink(_ value: UInt8) -> Int { isInverted ? Int(value) : 255 - Int(value) }
                        let white = ink(source[i + 3])
                        for channel in 0..<3 {
                            out[o + channel] = UInt8((ink(source[i + channel]) * white + 127) / 255)
                        }
                    }
                }
            }
        }
        return out
    }
}

/// Decodes JPEG files with libjpeg-turbo (Debian's libjpeg62-turbo), refusing damaged ones with a ``JPEGError``.
///
/// libjpeg reports errors by a jump that must not cross Swift frames, so it runs behind a small C shim (JPEGShim)
/// that catches the jump in C and hands back the message. Warnings about corrupt scan data fail too: a photo that
/// is partly grey is not passed off as the picture.
public struct JPEGDecoder: Sendable {
    /// The default pixel cap: 100 megapixels, as the PNG decoder's.
    public static let defaultMaxPixels = 100_000_000

    /// The most pixels a file may declare; checked from the header before any pixel is decoded.
    public var maxPixels: Int

    /// Makes a decoder that refuses images above `maxPixels` pixels.
    public init(maxPixels: Int = JPEGDecoder.defaultMaxPixels) {
        self.maxPixels = maxPixels
    }

    /// Reads and checks the header of `data`: size, colour model and whether it is progressive, with empty pixels.
    /// - Throws: `JPEGError` naming `name`.
    public func header(_ data: Data, name: String) throws(JPEGError) -> JPEGImage {
        guard data.starts(with: [0xFF, 0xD8]) else { throw JPEGError(name: name, reason: .notJPEG) }
        var info = mkpdf_jpeg_info()
        try call(name) { buffer in
            data.withUnsafeBytes {
                mkpdf_jpeg_read_info(
                    $0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count, &info, buffer.baseAddress,
                    buffer.count)
            }
        }
        return try image(info, pixels: [], name: name)
    }

    /// Decodes `data` whole.
    /// - Throws: `JPEGError` naming `name`: not a JPEG, above `maxPixels`, or refused by libjpeg.
    public func decode(_ data: Data, name: String) throws(JPEGError) -> JPEGImage {
        let header = try header(data, name: name)
        let (count, overflow) = (header.width * header.height).multipliedReportingOverflow(
            by: header.colorModel.rawValue)
        guard !overflow else {
            throw JPEGError(name: name, reason: .tooLarge(width: header.width, height: header.height, limit: maxPixels))
        }
        var pixels = [UInt8](repeating: 0, count: count)
        var info = mkpdf_jpeg_info()
        try call(name) { buffer in
            pixels.withUnsafeMutableBufferPointer { out in
                data.withUnsafeBytes {
                    mkpdf_jpeg_decode(
                        $0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count, out.baseAddress, out.count,
                        &info, buffer.baseAddress, buffer.count)
                }
            }
        }
        return try image(info, pixels: pixels, name: name)
    }

    /// Reads and decodes the JPEG file at `url`; errors carry its path.
    public func decode(contentsOf url: URL) throws(JPEGError) -> JPEGImage {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw JPEGError(name: url.path, reason: .unreadable(error.localizedDescription))
        }
        return try decode(data, name: url.path)
    }

    /// Runs a shim call with a message buffer; throws its message when it returns non-zero.
    private func call(_ name: String, _ body: (UnsafeMutableBufferPointer<CChar>) -> Int32) throws(JPEGError) {
        var buffer = [CChar](repeating: 0, count: 256)
        let status = buffer.withUnsafeMutableBufferPointer { body($0) }
        guard status == 0 else {
            let message = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw JPEGError(name: name, reason: .corrupt(message.isEmpty ? "unknown error" : message))
        }
    }

    /// The image the shim described, checked against the cap and the colour models this library knows.
    private func image(_ info: mkpdf_jpeg_info, pixels: [UInt8], name: String) throws(JPEGError) -> JPEGImage {
        let width = Int(info.width)
        let height = Int(info.height)
        guard width > 0, height > 0, let model = JPEGImage.ColorModel(rawValue: Int(info.components)) else {
            throw JPEGError(
                name: name, reason: .corrupt("\(width)×\(height) pixels with \(info.components) components"))
        }
        guard width * height <= maxPixels else {
            throw JPEGError(name: name, reason: .tooLarge(width: width, height: height, limit: maxPixels))
        }
        return JPEGImage(
            width: width, height: height, colorModel: model, isInverted: info.adobe != 0,
            isProgressive: info.progressive != 0, pixels: pixels)
    }
}
