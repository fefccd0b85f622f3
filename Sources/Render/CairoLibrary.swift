import CairoLoader

/// cairo as a library opened on first use (CairoLoader), not at start-up: PDF output never loads it.
enum CairoLibrary {
    /// Makes sure libcairo.so.2 is loaded and bound; every path into cairo calls this before its first cairo call.
    /// - Throws: `RenderError.libraryUnavailable` with dlopen's reason and the Debian package that installs cairo.
    static func load(location: RenderLocation?) throws(RenderError) {
        guard let failure = mkpdf_cairo_load_failure() else { return }
        throw .libraryUnavailable(library: "cairo", package: "libcairo2", reason: String(cString: failure))
    }
}
