import Foundation
import Support

/// Puts finished bytes at paths with nothing half-written ever visible, through Support's `AtomicFile` (temporary
/// file in the same folder, renamed over the destination; an existing device or FIFO such as `/dev/stdout` is written
/// directly), so every output shares one implementation with `PDFDocument.save`.
///
/// No `fsync`: a batch writes hundreds of small files and a flush per file costs more than rendering one; like
/// cairo's and libHaru's own writers, durability is left to the file system. A failed write removes the temporary
/// files, so a refused or failed render leaves nothing behind.
enum OutputFile {
    /// Writes every file all or none.
    /// - Throws: `RenderError.output` naming the path and the system's reason.
    static func writeAll(_ files: [(path: String, data: Data)], replacingLinks: Bool = false) throws(RenderError) {
        do {
            try AtomicFile.writeAll(files, durability: .unflushed, links: replacingLinks ? .replace : .follow)
        } catch {
            throw .output(path: error.path, reason: "could not \(error.step) (\(error.reason))")
        }
    }

    /// Writes `data` to `url`.
    /// - Throws: `RenderError.output` naming the path and the system's reason.
    static func write(_ data: Data, to url: URL) throws(RenderError) {
        try writeAll([(url.path, data)])
    }
}
