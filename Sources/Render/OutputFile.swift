import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts finished bytes at a path with nothing half-written ever visible: a temporary file in the same folder,
/// renamed over the destination; a device or FIFO that already exists (`/dev/stdout`) is written directly.
///
/// No `fsync`: a batch writes hundreds of small files and a flush per file costs more than rendering one (measured
/// 5 ms against 1 ms a ticket); like cairo's and libHaru's own writers, durability is left to the file system.
/// A failed write removes the temporary file, so a refused or failed render leaves nothing behind.
enum OutputFile {
    /// Writes `data` to `url`.
    /// - Throws: `RenderError.output` naming the path and the system's reason.
    static func write(_ data: Data, to url: URL) throws(RenderError) {
        let path = url.path
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            let fd = open(path, O_WRONLY | O_TRUNC)
            guard fd >= 0 else { throw failure(path, "cannot open it") }
            defer { close(fd) }
            try writeAll(data, to: fd, path: path)
            return
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(name).tmp-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw failure(path, "cannot create a temporary file beside it") }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        do {
            fchmod(fd, 0o644)
            try writeAll(data, to: fd, path: path)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            let error = failure(path, "cannot close the temporary file")
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = failure(path, "cannot rename the temporary file into place")
            unlink(temporary)
            throw error
        }
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws(RenderError) {
        let failed: Bool = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += written
            }
            return false
        }
        if failed { throw failure(path, "writing failed") }
    }

    /// The error for the current `errno`.
    private static func failure(_ path: String, _ step: String) -> RenderError {
        .output(path: path, reason: step + " (" + String(cString: strerror(errno)) + ")")
    }
}
