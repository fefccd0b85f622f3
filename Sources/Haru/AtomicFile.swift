import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes bytes to a path with nothing half-written ever visible: temp file in the same folder, fsync, rename.
enum AtomicFile {
    /// A failed system call, with the errno and the path it concerned.
    struct Failure: Error {
        /// What was being done, e.g. `create a temporary file`.
        var step: String
        /// The path concerned.
        var path: String
        /// The C errno.
        var errno: Int32
        /// True when the file could not be created or opened at all.
        var isOpen: Bool
        /// `strerror(errno)`.
        var reason: String { String(cString: strerror(errno)) }
    }

    /// Writes `data` to `path`, replacing a regular file atomically or writing a device/FIFO directly.
    static func write(_ data: Data, to path: String) throws {
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
        let temp = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard fd >= 0 else {
            throw Failure(step: "create a temporary file beside the destination", path: target, errno: errno,
                          isOpen: true)
        }
        do {
            fchmod(fd, 0o644)
            try writeAll(data, to: fd, path: target)
            guard fsync(fd) == 0 else { throw Failure(step: "flush the file", path: target, errno: errno, isOpen: false) }
            guard close(fd) == 0 else {
                throw Failure(step: "close the file", path: target, errno: errno, isOpen: false)
            }
        } catch {
            close(fd)
            unlink(temp)
            throw error
        }
        guard rename(temp, target) == 0 else {
            let code = errno
            unlink(temp)
            throw Failure(step: "rename the temporary file into place", path: target, errno: code, isOpen: false)
        }
    }

    private static func writeDirectly(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_TRUNC)
        guard fd >= 0 else { throw Failure(step: "open the file", path: path, errno: errno, isOpen: true) }
        defer { close(fd) }
        try writeAll(data, to: fd, path: path)
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw Failure(step: "write the file", path: path, errno: errno, isOpen: false)
                }
                offset += written
            }
        }
    }
}
