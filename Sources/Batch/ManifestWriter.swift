import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Appends manifest lines so that a crash at any instant leaves only whole lines: each line goes out in one `write(2)`
/// on an `O_APPEND` descriptor, after the record's outputs are renamed into place.
///
/// A killed process loses no written line (the kernel holds it), so after `kill -9` the manifest is a prefix of whole
/// lines plus, at worst, nothing. `synchronize()` (`fsync`) runs every few seconds and at the end, for power loss.
/// Owns its descriptor and closes it exactly once.
final class ManifestWriter {
    /// The manifest's path.
    let url: URL
    private let descriptor: Int32
    private var lastSync = ContinuousClock.now

    /// Opens `url` for appending, creating it.
    init(url: URL) throws(BatchError) {
        self.url = url
        descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .output(path: url.path, reason: String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// Appends one entry with a single `write(2)`.
    func append(_ entry: ManifestEntry) throws(BatchError) {
        let bytes = Array(entry.jsonLine.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            let reason =
                written < 0 ? String(cString: strerror(errno)) : "only \(written) of \(bytes.count) bytes written"
            throw .output(path: url.path, reason: reason)
        }
        if ContinuousClock.now - lastSync > .seconds(2) { synchronize() }
    }

    /// Flushes the manifest to the disk.
    func synchronize() {
        fsync(descriptor)
        lastSync = ContinuousClock.now
    }
}
