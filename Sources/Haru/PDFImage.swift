import CHaru
import Foundation

/// An image loaded into one document, ready to be drawn on any of its pages any number of times.
///
/// The image data is stored once in the PDF however often it is drawn. Valid while its document lives (it holds
/// a strong reference to it).
package struct PDFImage {
    /// The document the image belongs to.
    let document: PDFDocument
    /// libHaru's image XObject.
    let handle: HPDF_Image
    /// Width in pixels.
    package let width: Int
    /// Height in pixels.
    package let height: Int
    /// Whether a soft mask (alpha) is attached.
    package let hasAlpha: Bool
}

extension PDFDocument {
    /// Stores raw pixels as a Flate-compressed image XObject, and the alpha plane, if any, as a compressed
    /// gray soft mask.
    ///
    /// - Throws: `HaruError` (`HPDF_INVALID_IMAGE` when the fields do not fit together, or libHaru's error).
    package func loadImage(_ raw: RawImage) throws -> PDFImage {
        let argument = "\(raw.width)×\(raw.height) \(raw.colorSpace) image\(raw.alpha == nil ? "" : " with alpha")"
        try ensureUsable("load an image", argument)
        if let problem = raw.validationProblem {
            throw reject(code: 0x1030, operation: "load an image", argument: argument, hint: problem.description)
        }
        let space = raw.colorSpace == .gray ? HPDF_CS_DEVICE_GRAY : HPDF_CS_DEVICE_RGB
        let image = try loadRaw(raw.pixels, width: raw.width, height: raw.height, space: space, argument: argument)
        if raw.alpha != nil, archive?.part == 1 {
            throw reject(
                code: 0x1030, operation: "load an image", argument: argument,
                hint: "PDF/A-1b forbids transparency, and this image has an alpha channel (a soft mask): "
                    + "flatten the image onto its background, or archive as PDF/A-2b (--pdfa 2b)")
        }
        if let alpha = raw.alpha {
            let mask = try loadRaw(
                alpha, width: raw.width, height: raw.height, space: HPDF_CS_DEVICE_GRAY,
                argument: argument + ", soft mask")
            try check("attach the soft mask", argument) { _ in HPDF_Image_AddSMask(image, mask) }
            requireVersion(HPDF_VER_14)
        }
        return PDFImage(
            document: self, handle: image, width: raw.width, height: raw.height,
            hasAlpha: raw.alpha != nil)
    }

    /// Loads 8-bit samples and marks the stream Flate-compressed whatever the document's compression mode.
    private func loadRaw(
        _ bytes: [UInt8], width: Int, height: Int, space: HPDF_ColorSpace,
        argument: String
    ) throws -> HPDF_Image {
        let image = try make("load an image", argument) { doc in
            bytes.withUnsafeBufferPointer {
                HPDF_LoadRawImageFromMem(doc, $0.baseAddress, HPDF_UINT(width), HPDF_UINT(height), space, 8)
            }
        }
        // The samples are deflated now and libHaru's raw copy freed, so a document holds each image compressed
        // (a page of a decompression-bomb PNG is hundreds of megabytes raw and a few kilobytes deflated) rather
        // than every image raw until the save; the dictionary writes the bytes itself (`DirectStream`).
        let compressed = bytes.withUnsafeBytes { deflate($0, effort: .program) }
        guard let compressed, let length = HPDF_Dict_GetItem(image, "Length", HPDF_UINT16(HPDF_OCLASS_NUMBER)) else {
            image.pointee.filter = HPDF_UINT(HPDF_STREAM_FILTER_FLATE_DECODE)
            return image
        }
        if let raw = image.pointee.stream {
            HPDF_Stream_Free(raw)
            image.pointee.stream = nil
        }
        image.pointee.filter = HPDF_UINT(HPDF_STREAM_FILTER_NONE)
        length.assumingMemoryBound(to: HPDF_Number_Rec.self).pointee.value = HPDF_INT32(clamping: compressed.count)
        image.pointee.attr = UnsafeMutableRawPointer(DirectStream.allocate(Data(compressed)))
        image.pointee.free_fn = freeAttribute
        image.pointee.write_fn = DirectStream.write
        image.pointee.after_write_fn = DirectStream.afterWrite
        directStreams.append(image)
        return image
    }
}
