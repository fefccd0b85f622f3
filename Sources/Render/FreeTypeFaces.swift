import CCairo
import CairoLoader
import Foundation
import Support

/// The font files opened with FreeType for one owner of many documents (its `RenderContext`'s shelf; a page drawn
/// without a context opens its own), each as a cairo font face, opened once.
///
/// Threading rule: FreeType's `FT_New_Face`/`FT_Done_Face` must not run concurrently on one `FT_Library`, so both
/// happen under `freeTypeLock`. Drawing with a face from several threads is safe because cairo-ft locks the
/// `FT_Face` (its unscaled font's mutex) around every use. A face let go here is freed only when cairo drops its
/// last reference (`CairoFontFace`), so emptying the cache never frees a face cairo's caches still hold.
final class FreeTypeFaces: ShelvedCache, @unchecked Sendable {
    private var faces: [String: CairoFontFace] = [:]

    /// No file opened yet.
    init() {}

    /// How many faces are open.
    var keptEntries: Int { freeTypeLock.withLock { faces.count } }

    /// Lets go of every face (cairo frees each once it holds it no more).
    func removeAll() { freeTypeLock.withLock { faces.removeAll() } }

    /// The cairo font face for face `index` of the font file at `path`, opening it on first use.
    func face(path: String, index: Int) throws(RenderError) -> CairoFontFace {
        try CairoLibrary.load(location: nil)
        freeTypeLock.lock()
        defer { freeTypeLock.unlock() }
        let key = path + "#\(index)"
        if let face = faces[key] { return face }
        let face = try CairoFontFace(library: try FreeTypeLibrary.handle(), path: path, index: index)
        faces[key] = face
        return face
    }
}

/// The process's one `FT_Library`, made on first use and never freed: cairo may keep faces opened in it in its own
/// caches after every owner has let them go, and `FT_Done_FreeType` would free those too. A library handle, not a
/// cache of work: every context's faces are opened in it.
enum FreeTypeLibrary {
    /// The library, once made; read and written under `freeTypeLock`.
    nonisolated(unsafe) private static var made: UnsafeMutableRawPointer?

    /// The library, made on the first call; the caller holds `freeTypeLock`.
    static func handle() throws(RenderError) -> UnsafeMutableRawPointer {
        if let made { return made }
        var library: UnsafeMutableRawPointer?
        let error = mkpdf_ft_init_library(&library)
        guard error == 0, let library else {
            throw .raster(location: nil, operation: "FT_Init_FreeType", reason: "FreeType error \(error)")
        }
        made = library
        return library
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
