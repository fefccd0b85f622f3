import CHaru
import Foundation
import JPEG

extension PDFDocument {
    /// Stores a JPEG file's bytes as they are (a `/DCTDecode` image XObject), after libjpeg-turbo has decoded them
    /// once to prove they are whole: a photo keeps its quality and size, and a damaged one fails here, not in a
    /// viewer.
    ///
    /// libHaru's loader (`HPDF_LoadJpegImageFromMem`) reads the frame header of baseline, extended and progressive
    /// files and writes gray as DeviceGray, colour as DeviceRGB and CMYK as DeviceCMYK with `/Decode [1 0 …]` (the
    /// inverted values Adobe's applications store); a CMYK file without Adobe's marker stores plain values, so its
    /// `/Decode` is removed. EXIF orientation is not the image's business: the caller places it turned.
    /// - Parameters:
    ///   - data: the JPEG file's bytes.
    ///   - name: the file name or label every error will carry.
    ///   - decoder: the decoder, for its pixel cap.
    /// - Throws: `JPEGError` (naming `name`) when the JPEG cannot be decoded; `HaruError` (its argument starting
    ///   with `name`) when libHaru cannot store it.
    package func loadJPEG(_ data: Data, name: String, decoder: JPEGDecoder = JPEGDecoder()) throws -> PDFImage {
        let decoded = try decoder.decode(data, name: name)
        let argument = "\(name): \(decoded.width)×\(decoded.height) \(decoded.colorModel) JPEG"
        try ensureUsable("load a JPEG image", argument)
        let image = try make("load a JPEG image", argument) { doc in
            data.withUnsafeBytes {
                HPDF_LoadJpegImageFromMem(
                    doc, $0.baseAddress?.assumingMemoryBound(to: HPDF_BYTE.self), HPDF_UINT(clamping: $0.count))
            }
        }
        if decoded.colorModel == .cmyk, !decoded.isInverted {
            try check("load a JPEG image", argument) { _ in HPDF_Dict_RemoveElement(image, "Decode") }
        }
        return PDFImage(document: self, handle: image, width: decoded.width, height: decoded.height, hasAlpha: false)
    }
}
