import CCairo
import CairoLoader
import Foundation

/// The process's FreeType library and every font file opened in it, each as a cairo font face, opened once.
///
/// Threading rule: FreeType's `FT_New_Face`/`FT_Done_Face` must not run concurrently on one `FT_Library`, so both
/// happen under `freeTypeLock`. Drawing with a face from several threads is safe because cairo-ft locks the
/// `FT_Face` (its unscaled font's mutex) around every use. The library and the faces live for the whole process
/// (a handful of font files), so no face is ever freed while cairo's caches may still refer to it.
final class FreeTypeFaces: @unchecked Sendable {
    /// The one instance.
    static let shared = FreeTypeFaces()

    /// The `FT_Library`.
    private var library: UnsafeMutableRawPointer?
    private var faces: [String: CairoFontFace] = [:]

    private init() {}

    /// The cairo font face for face `index` of the font file at `path`, opening it on first use.
    func face(path: String, index: Int) throws(RenderError) -> CairoFontFace {
        try CairoLibrary.load(location: nil)
        freeTypeLock.lock()
        defer { freeTypeLock.unlock() }
        let key = path + "#\(index)"
        if let face = faces[key] { return face }
        let ready: UnsafeMutableRawPointer
        if let library {
            ready = library
        } else {
            var made: UnsafeMutableRawPointer?
            let error = mkpdf_ft_init_library(&made)
            guard error == 0, let made else {
                throw .raster(location: nil, operation: "FT_Init_FreeType", reason: "FreeType error \(error)")
            }
            library = made
            ready = made
        }
        let face = try CairoFontFace(library: ready, path: path, index: index)
        faces[key] = face
        return face
    }
}

/// Serialises FreeType face creation and destruction (see `FreeTypeFaces`); recursive, because cairo may release
/// a face (running its destructor, which takes this lock) from inside a call made while it is held.
let freeTypeLock = NSRecursiveLock()

/// The key under which a cairo font face holds the `FT_Face` it must release.
nonisolated(unsafe) let ftFaceKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

/// One font file opened with FreeType and wrapped as a cairo font face.
///
/// Ownership: the cairo font face owns the `FT_Face` (its user-data destructor calls `FT_Done_Face` when cairo
/// drops its last reference, as cairo's documentation requires, since cairo may keep the face in its caches after
/// we let go); this object owns one reference to the cairo face and releases it in `deinit`.
final class CairoFontFace: @unchecked Sendable {
    /// The cairo font face (`cairo_font_face_t *`).
    let handle: OpaquePointer

    init(library: UnsafeMutableRawPointer, path: String, index: Int) throws(RenderError) {
        try CairoLibrary.load(location: nil)
        var face: UnsafeMutableRawPointer?
        let error = mkpdf_ft_new_face(library, path, index, &face)
        guard error == 0, let face else {
            throw .raster(
                location: nil, operation: "FT_New_Face(\(path), face \(index))",
                reason: "FreeType error \(error); the file is not a font FreeType can read")
        }
        // FT_LOAD_NO_HINTING (1 << 1): outlines as designed, as poppler draws the PDF's embedded font.
        guard let cairoFace = mkpdf_cairo_ft_font_face_create(face, 1 << 1) else {
            mkpdf_ft_done_face(face)
            throw .raster(
                location: nil, operation: "cairo_ft_font_face_create_for_ft_face(\(path))",
                reason: "out of memory")
        }
        let status = cairo_font_face_set_user_data(cairoFace, ftFaceKey, face) { data in
            freeTypeLock.lock()
            mkpdf_ft_done_face(data)
            freeTypeLock.unlock()
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(cairoFace)
            mkpdf_ft_done_face(face)
            throw .raster(
                location: nil, operation: "cairo_font_face_set_user_data(\(path))",
                reason: String(cString: cairo_status_to_string(status)))
        }
        handle = cairoFace
    }

    deinit {
        cairo_font_face_destroy(handle)
    }
}
