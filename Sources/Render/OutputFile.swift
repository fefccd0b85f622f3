import Foundation
import Support

/// Puts finished bytes at a path with nothing half-written ever visible, through Support's `AtomicFile` (temporary file
/// in the same folder, renamed over the destination; an existing device or FIFO such as `/dev/stdout` is written
/// directly), so PDF and PNG output share one implementation with `PDFDocument.save`.
///
/// No `fsync`: a batch writes hundreds of small files and a flush per file costs more than rendering one (measured
/// 5 ms against 1 ms a ticket); like cairo's and libHaru's own writers, durability is left to the file system.
/// A failed write removes the temporary file, so a refused or failed render leaves nothing behind.
enum OutputFile {
    /// Writes `data` to `url`.
    /// - Throws: `RenderError.output` naming the path and the system's reason.
    static func write(_ data: Data, to url: URL) throws(RenderError) {
        do {
            try AtomicFile.write(data, to: url.path, durability: .unflushed)
        } catch {
            throw .output(path: url.path, reason: "could not \(error.step) (\(error.reason))")
        }
    }
}
