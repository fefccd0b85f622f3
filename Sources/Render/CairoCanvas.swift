import CCairo
import PNG

/// A cairo ARGB32 image surface and its drawing context, owned together and destroyed once in `deinit`.
final class CairoCanvas {
    /// The surface (`cairo_surface_t *`).
    let surface: OpaquePointer
    /// The context drawing into it (`cairo_t *`).
    let context: OpaquePointer
    /// Size in pixels.
    let width: Int
    let height: Int

    /// Makes a cleared (transparent) surface; `page` names the page in errors.
    init(width: Int, height: Int, page: Int) throws(RenderError) {
        try CairoLibrary.load(location: RenderLocation(page: page))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw .surfaceTooLarge(page: page, width: width, height: height, limit: RasterRenderer.maximumSide)
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            if status == CAIRO_STATUS_INVALID_SIZE || status == CAIRO_STATUS_NO_MEMORY {
                throw .surfaceTooLarge(page: page, width: width, height: height, limit: RasterRenderer.maximumSide)
            }
            throw .raster(
                location: RenderLocation(page: page), operation: "cairo_image_surface_create",
                reason: String(cString: cairo_status_to_string(status)))
        }
        guard let context = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            throw .raster(location: RenderLocation(page: page), operation: "cairo_create", reason: "out of memory")
        }
        let contextStatus = cairo_status(context)
        guard contextStatus == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw .raster(
                location: RenderLocation(page: page), operation: "cairo_create",
                reason: String(cString: cairo_status_to_string(contextStatus)))
        }
        self.surface = surface
        self.context = context
        self.width = width
        self.height = height
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The context's sticky error, if any, as a `RenderError`.
    func check(_ operation: String, location: RenderLocation?) throws(RenderError) {
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .raster(
                location: location, operation: operation,
                reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// The finished pixels in place (cairo's premultiplied, native-endian ARGB words) and the bytes per row; both
    /// readers start here, after cairo has flushed what it still holds.
    private func pixelWords() throws(RenderError) -> (data: UnsafeMutablePointer<UInt8>, stride: Int) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw .raster(
                location: nil, operation: "cairo_image_surface_get_data",
                reason: String(cString: cairo_status_to_string(cairo_surface_status(surface))))
        }
        return (data, Int(cairo_image_surface_get_stride(surface)))
    }

    /// A copy of the surface's bytes as they stand: what `restore(_:)` puts back into a canvas of the same size.
    func pixelsCopy() throws(RenderError) -> [UInt8] {
        let (data, stride) = try pixelWords()
        return Array(UnsafeBufferPointer(start: data, count: stride * height))
    }

    /// Puts back bytes `pixelsCopy()` took from a canvas of the same size.
    func restore(_ pixels: [UInt8]) throws(RenderError) {
        let (data, stride) = try pixelWords()
        guard pixels.count == stride * height else {
            throw .raster(
                location: nil, operation: "restore the pixels",
                reason: "\(pixels.count) bytes for a surface of \(stride * height)")
        }
        pixels.withUnsafeBytes { data.update(from: $0.bindMemory(to: UInt8.self).baseAddress!, count: $0.count) }
        cairo_surface_mark_dirty(surface)
    }

    /// The pixels as RGB8 (or gray when every pixel is gray) when every pixel is opaque, else nil.
    ///
    /// A page with a background is opaque: one pass straight from cairo's words to the bytes the PNG keeps, instead
    /// of RGBA first and then the encoder's own passes for alpha, gray and RGB.
    func opaquePixels() throws(RenderError) -> (pixels: [UInt8], isGray: Bool)? {
        let (data, stride) = try pixelWords()
        // A page without a background is mostly transparent: find out before making the RGB copy.
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] < 0xFF00_0000 { return nil }
        }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let (isOpaque, isGray) = rgb.withUnsafeMutableBufferPointer { out -> (Bool, Bool) in
            guard var o = out.baseAddress else { return (true, true) }
            var gray = true
            for y in 0..<height {
                var word = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let end = word + width
                while word < end {
                    let value = word.pointee
                    guard value >= 0xFF00_0000 else { return (false, false) }
                    let r = UInt8(truncatingIfNeeded: value >> 16)
                    let g = UInt8(truncatingIfNeeded: value >> 8)
                    let b = UInt8(truncatingIfNeeded: value)
                    o[0] = r
                    o[1] = g
                    o[2] = b
                    gray = gray && r == g && g == b
                    o += 3
                    word += 1
                }
            }
            return (true, gray)
        }
        guard isOpaque else { return nil }
        guard isGray else { return (rgb, false) }
        var gray = [UInt8](repeating: 0, count: width * height)
        for index in gray.indices { gray[index] = rgb[index * 3] }
        return (gray, true)
    }

    /// The pixels as straight-alpha RGBA8 (cairo stores premultiplied, native-endian ARGB words).
    func bitmap() throws(RenderError) -> Bitmap {
        let (data, stride) = try pixelWords()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                var o = y * width * 4
                for x in 0..<width {
                    let word = row[x]
                    let a = word >> 24
                    if a == 255 {
                        out[o] = UInt8(truncatingIfNeeded: word >> 16)
                        out[o + 1] = UInt8(truncatingIfNeeded: word >> 8)
                        out[o + 2] = UInt8(truncatingIfNeeded: word)
                        out[o + 3] = 255
                    } else if a > 0 {
                        let half = a / 2
                        out[o] = UInt8(min(255, ((word >> 16 & 0xFF) * 255 + half) / a))
                        out[o + 1] = UInt8(min(255, ((word >> 8 & 0xFF) * 255 + half) / a))
                        out[o + 2] = UInt8(min(255, ((word & 0xFF) * 255 + half) / a))
                        out[o + 3] = UInt8(a)
                    }
                    o += 4
                }
            }
        }
        return Bitmap(width: width, height: height, rgba: pixels)
    }
}

/// A decoded PNG as a cairo image surface (premultiplied ARGB32), owned and destroyed once.
final class CairoImage {
    /// The surface (`cairo_surface_t *`).
    let surface: OpaquePointer
    /// Size in pixels.
    let width: Int
    let height: Int

    /// Copies `bitmap` (straight RGBA8) into a new surface, premultiplying.
    init(_ bitmap: Bitmap, location: RenderLocation) throws(RenderError) {
        try CairoLibrary.load(location: location)
        guard
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(clamping: bitmap.width),
                Int32(clamping: bitmap.height))
        else {
            throw .raster(location: location, operation: "cairo_image_surface_create", reason: "out of memory")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            throw .raster(
                location: location,
                operation: "cairo_image_surface_create(\(bitmap.width)×\(bitmap.height))",
                reason: String(cString: cairo_status_to_string(status)))
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        bitmap.pixels.withUnsafeBufferPointer { source in
            for y in 0..<bitmap.height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                var i = y * bitmap.width * 4
                for x in 0..<bitmap.width {
                    let a = UInt32(source[i + 3])
                    func premultiplied(_ value: UInt8) -> UInt32 { (UInt32(value) * a + 127) / 255 }
                    row[x] =
                        a << 24 | premultiplied(source[i]) << 16 | premultiplied(source[i + 1]) << 8
                        | premultiplied(source[i + 2])
                    i += 4
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        self.surface = surface
        self.width = bitmap.width
        self.height = bitmap.height
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}
