import CPNG

/// Owns one libpng simplified-API `png_image` and frees its internal state exactly once.
///
/// libpng frees on error and after a finished read, but not when we stop between begin and finish
/// (a size check failed); `png_image_free` is idempotent, so the deinit always calls it.
final class SimplifiedImage {
    /// The control structure handed to libpng.
    var image = png_image()

    init() {
        image.version = UInt32(PNG_IMAGE_VERSION)
    }

    deinit { png_image_free(&image) }

    /// libpng's last message (an error or warning text in `png_image.message`).
    var message: String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
