import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes bytes to a path with nothing half-written ever visible: temp file in the same folder, (fsync,) rename.
///
/// Public so that every writer of finished files in mkpdf (PDFDocument here, Render's PDF and PNG output) shares one
/// implementation of the temporary-file dance; callers turn a `Failure` into their own typed error.
public enum AtomicFile {
    /// A failed system call, with the errno and the path it concerned.
    public struct Failure: Error, CustomStringConvertible, LocalizedError {
        /// What was being done, e.g. `create a temporary file beside the destination`.
        public var step: String
        /// The path concerned (symbolic links resolved).
        public var path: String
        /// The C errno.
        public var errno: Int32
        /// True when the file could not be created or opened at all.
        public var isOpen: Bool
        /// `strerror(errno)`.
        public var reason: String { String(cString: strerror(errno)) }
        /// `could not <step> for <path> (<reason>)`.
        public var description: String { "could not \(step) for \(path) (\(reason))" }
        /// The same text as `description`.
        public var errorDescription: String? { description }
    }

    /// Writes `data` to `path`, replacing a regular file atomically or writing a device/FIFO directly.
    ///
    /// `synchronize` flushes the file to the disk before the rename; a writer of many small files (a batch) may skip
    /// it, since one `fsync` costs more than rendering a ticket and durability can be left to the file system.
    /// - Throws: `Failure`; the temporary file is removed and nothing is left at `path`'s place.
    public static func write(_ data: Data, to path: String, synchronize: Bool = true) throws(Failure) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var info = stat()
        if stat(target, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            try writeDirectly(data, to: target)
            return
        }
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var template = Array("\(folder.isEmpty ? "." : folder)/.\(name).tmp-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else {
            throw Failure(step: "create a temporary file beside the destination", path: target, errno: errno,
                          isOpen: true)
        }
        let temp = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        do throws(Failure) {
            fchmod(fd, 0o644)
            try writeAll(data, to: fd, path: target)
            guard !synchronize || fsync(fd) == 0 else {
                throw Failure(step: "flush the file", path: target, errno: errno, isOpen: false)
            }
        } catch {
            close(fd)
            unlink(temp)
            throw error
        }
        guard close(fd) == 0 else {
            let code = errno
            unlink(temp)
            throw Failure(step: "close the file", path: target, errno: code, isOpen: false)
        }
        guard rename(temp, target) == 0 else {
            let code = errno
            unlink(temp)
            throw Failure(step: "rename the temporary file into place", path: target, errno: code, isOpen: false)
        }
    }

    private static func writeDirectly(_ data: Data, to path: String) throws(Failure) {
        let fd = open(path, O_WRONLY | O_TRUNC)
        guard fd >= 0 else { throw Failure(step: "open the file", path: path, errno: errno, isOpen: true) }
        defer { close(fd) }
        try writeAll(data, to: fd, path: path)
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws(Failure) {
        let code: Int32? = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let code { throw Failure(step: "write the file", path: path, errno: code, isOpen: false) }
    }
}
