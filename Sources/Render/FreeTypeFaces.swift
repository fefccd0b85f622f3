import CCairo
import CairoLoader
import Foundation
import Support

/// The font files opened with FreeType for one owner of many documents (its `RenderContext`'s shelf; a page drawn
/// without a context opens its own), each as a cairo font face, opened once.
///
/// Threading rule: FreeType's `FT_New_Face`/`FT_Done_Face` must not run concurrently on one `FT_Library`, so both
/// happen under `freeTypeLock` (`FreeTypeLibrary`), and nothing else does: cairo takes its own locks and may free a
/// face (its destructor taking `freeTypeLock`) while holding them, so a cairo call made under `freeTypeLock` could
/// wait for a thread that waits for it. Drawing with a face from several threads is safe because cairo-ft locks the
/// `FT_Face` (its unscaled font's mutex) around every use. A face let go here is freed only when cairo drops its
/// last reference (`CairoFontFace`), so emptying the cache never frees a face cairo's caches still hold.
final class FreeTypeFaces: ShelvedCache, @unchecked Sendable {
    private let lock = NSLock()
    private var faces: [String: CairoFontFace] = [:]

    /// No file opened yet.
    init() {}

    /// None: an open font file keeps no document's work.
    var keptEntries: Int { 0 }

    /// Keeps the faces open: `mkpdf-bench --cold` measures one document's work with the font files open, as the
    /// anchors keep theirs. The faces are let go with their owner (cairo frees each once it holds it no more).
    func removeAll() {}

    /// The cairo font face for face `index` of the font file at `path`, opening it on first use.
    func face(path: String, index: Int) throws(RenderError) -> CairoFontFace {
        let key = path + "#\(index)"
        if let face = lock.withLock({ faces[key] }) { return face }
        // Opened outside the lock; a thread that opened the same file meanwhile keeps its face, and this one is let go.
        let made = try CairoFontFace(path: path, index: index)
        return lock.withLock {
            if let kept = faces[key] { return kept }
            faces[key] = made
            return made
        }
    }
}

/// The process's one `FT_Library`, made on first use and never freed: cairo may keep faces opened in it in its own
/// caches after every owner has let them go, and `FT_Done_FreeType` would free those too. A library handle, not a
/// cache of work: every context's faces are opened in it, one at a time (`freeTypeLock`).
enum FreeTypeLibrary {
    /// The library, once made; read and written under `freeTypeLock`.
    nonisolated(unsafe) private static var made: UnsafeMutableRawPointer?

    /// Face `index` of the font file at `path` (`FT_New_Face`), the library made on the first call.
    static func newFace(path: String, index: Int) throws(RenderError) -> UnsafeMutableRawPointer {
        freeTypeLock.lock()
        defer { freeTypeLock.unlock() }
        let library: UnsafeMutableRawPointer
        if let made {
            library = made
        } else {
            var initialised: UnsafeMutableRawPointer?
            let error = mkpdf_ft_init_library(&initialised)
            guard error == 0, let initialised else {
                throw .raster(location: nil, operation: "FT_Init_FreeType", reason: "FreeType error \(error)")
            }
            made = initialised
            library = initialised
        }
        var face: UnsafeMutableRawPointer?
        let error = mkpdf_ft_new_face(library, path, index, &face)
        guard error == 0, let face else {
            throw .raster(
                location: nil, operation: "FT_New_Face(\(path), face \(index))",
                reason: "FreeType error \(error); the file is not a font FreeType can read")
        }
        return face
    }

    /// Frees `face` (`FT_Done_Face`).
    static func doneFace(_ face: UnsafeMutableRawPointer) {
        freeTypeLock.withLock { mkpdf_ft_done_face(face) }
    }
}

/// Serialises FreeType face creation and destruction (`FreeTypeLibrary`). Only FreeType runs while it is held, never
/// cairo nor Swift code that could let a face go, so no thread holding it ever waits for another lock.
let freeTypeLock = NSLock()

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

    init(path: String, index: Int) throws(RenderError) {
        try CairoLibrary.load(location: nil)
        let face = try FreeTypeLibrary.newFace(path: path, index: index)
        // FT_LOAD_NO_HINTING (1 << 1): outlines as designed, as poppler draws the PDF's embedded font.
        guard let cairoFace = mkpdf_cairo_ft_font_face_create(face, 1 << 1) else {
            FreeTypeLibrary.doneFace(face)
            throw .raster(
                location: nil, operation: "cairo_ft_font_face_create_for_ft_face(\(path))",
                reason: "out of memory")
        }
        let status = cairo_font_face_set_user_data(cairoFace, ftFaceKey, face) { data in
            if let data { FreeTypeLibrary.doneFace(data) }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(cairoFace)
            FreeTypeLibrary.doneFace(face)
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
