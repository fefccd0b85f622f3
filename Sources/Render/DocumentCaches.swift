import Fonts
import Haru
import PNG
import Support

/// What the renderers keep from one document to the next so a batch pays once for what every document repeats:
/// font programs, subsets and shaped texts, set text boxes, barcode layouts, deflate states, encoded texts, the
/// pixels and PDF content of shared page beginnings, the deflated bands of recent PNGs, and templates' fixed commands.
///
/// `mkpdf-bench --cold` empties them before every document, so its figures say what one document costs alone
/// beside what it costs in a batch. Font files stay open, as the anchor programs keep theirs.
package enum DocumentCaches {
    /// Empties every cache the renderers and `fonts` keep across documents.
    package static func removeAll(fonts: FontRegistry = .shared) {
        FontPrograms.shared.removeAll()
        RasterPrefixes.shared.removeAll()
        PDFPrefixes.shared.removeAll()
        BandedDeflate.shared.removeAll()
        fonts.removeCachedWork()
        DocumentLayout.removeCachedWork()
        forgetDocumentCaches()
        RegisteredCaches.removeAll()
    }
}
