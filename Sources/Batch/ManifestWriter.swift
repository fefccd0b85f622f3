import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Appends manifest lines so that a crash at any instant leaves only whole lines: each line goes out in one `write(2)`
/// on an `O_APPEND` descriptor, after the record's outputs are renamed into place; a write cut short (a full disk,
/// `ulimit -f`) is cut off again, so the file ends with the last whole line.
///
/// A killed process loses no written line (the kernel holds it), so after `kill -9` the manifest is a prefix of whole
/// lines plus, at worst, nothing. `synchronize()` (`fsync`) runs every few seconds and at the end, for power loss.
/// Owns its descriptor and closes it exactly once.
final class ManifestWriter {
    /// The manifest's path.
    let url: URL
    private let descriptor: Int32
    private var lastSync = ContinuousClock.now
    /// True once a line has been appended.
    private(set) var wroteAny = false

    /// Opens `url` for appending, creating it; a symbolic link planted under its name is refused, never followed.
    init(url: URL) throws(BatchError) {
        self.url = url
        descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            let reason =
                errno == ELOOP
                ? "it is a symbolic link, which a manifest never follows. Fix: remove the link"
                : String(cString: strerror(errno))
            throw .output(path: url.path, reason: reason)
        }
    }

    deinit { close(descriptor) }

    /// Appends one entry with a single `write(2)`.
    func append(_ entry: ManifestEntry) throws(BatchError) {
        let bytes = Array(entry.jsonLine.utf8)
        var before = stat()
        let size = fstat(descriptor, &before) == 0 ? before.st_size : -1
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            let code = errno
            // Part of the line reached the file: cut it off, so the manifest still ends with a whole line.
            if written > 0, size >= 0 { _ = ftruncate(descriptor, size) }
            let reason =
                written < 0
                ? String(cString: strerror(code))
                    + (code == ENOSPC || code == EFBIG
                        ? " (the disk or the file size "
                            + "limit is full). Fix: free space, then run again with --resume" : "")
                : "only \(written) of \(bytes.count) bytes written (the disk or the file size limit is full); the "
                    + "line was cut off again. Fix: free space, then run again with --resume"
            throw .output(path: url.path, reason: reason)
        }
        wroteAny = true
        if ContinuousClock.now - lastSync > .seconds(2) { synchronize() }
    }

    /// Flushes the manifest to the disk.
    func synchronize() {
        fsync(descriptor)
        lastSync = ContinuousClock.now
    }
}
