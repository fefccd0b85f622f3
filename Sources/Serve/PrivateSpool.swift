import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A request body on disk for a reader that wants a path (`RecordReader`), where no other user can read it and
/// nothing is left behind on any way out — an error, a crash, SIGKILL.
///
/// The bytes go to a file made with mode 0600 (`O_EXCL`, no link followed) in a folder `mkdtemp` makes with mode
/// 0700; both names are removed as soon as the file is written, and the reader opens it again through
/// `/proc/self/fd/N`, which only this process can. The descriptor is the spool's own and closed once, when the spool
/// ends.
struct PrivateSpool: ~Copyable {
    /// The open, already unlinked file.
    let descriptor: Int32

    /// Calls `body` with a path that opens the spooled file, for this process only; the spool lives at least as long
    /// as the call.
    borrowing func withPath<Result>(_ body: (String) throws -> Result) rethrows -> Result {
        try body("/proc/self/fd/\(descriptor)")
    }

    /// Spools `data` under `folder` (the system's temporary folder by default).
    /// - Throws: `ServiceProblem` `.unprocessable` naming the call that failed (a full or read-only disk).
    init(_ data: Data, in folder: String = NSTemporaryDirectory()) throws(ServiceProblem) {
        var template = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8CString.dropLast())
        template += Array("mkpdf-spool-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Self.failure("mkdtemp", folder) }
        let directory = String(cString: made)
        defer { rmdir(directory) }
        let file = directory + "/body"
        let descriptor = open(file, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("open", file) }
        unlink(file)
        var offset = 0
        let failed = data.withUnsafeBytes { buffer -> Bool in
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return true }
                offset += written
            }
            return false
        }
        guard !failed, lseek(descriptor, 0, SEEK_SET) == 0 else {
            let problem = Self.failure("write", file)
            close(descriptor)
            throw problem
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    private static func failure(_ call: String, _ path: String) -> ServiceProblem {
        ServiceProblem(
            .unprocessable,
            detail: "the batch's records could not be spooled (\(call): \(String(cString: strerror(errno)))). Fix: "
                + "free space in the server's temporary folder (TMPDIR)")
    }
}
