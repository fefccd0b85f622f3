import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way mkpdf puts a finished file on disk: nothing half-written is ever visible, nothing temporary is left.
///
/// Contract, for every command (render, report, ticket, image, batch outputs, the manifest, imposed sheets):
/// - The bytes go to a temporary file `.mkpdf-tmp-XXXXXX` in the destination's folder (a fixed 17-byte name, so any
///   destination name up to the file system's `NAME_MAX` works), then `rename(2)` puts it in place. A single new
///   file on Linux is written unnamed (`O_TMPFILE`) and linked in place instead, when the file system allows; a
///   small unflushed one is tried that way before the destination is looked at, and written by the rules here when
///   the name turns out to be taken.
/// - Permissions: an existing file keeps its mode (a 0600 file stays 0600); a new file gets 0666 minus the umask.
/// - Symbolic links are written through by default: the link stays and the file it points to is replaced (created
///   when the link dangles), the same whether the target exists or not. With `links: .replace` (a batch's outputs in
///   a shared folder) a link at the destination is itself replaced and what it points to is never touched.
/// - A destination that exists and is not a regular file (`/dev/stdout`, a FIFO) is written directly.
/// - Every failure removes the temporary file: a write error, a full disk (`ENOSPC`) and a file-size limit
///   (`ulimit -f`: `SIGXFSZ` is ignored so the write fails with `EFBIG` and is reported instead of killing mkpdf).
/// - fsync policy: `.flushed` syncs the file before the rename (durable across power loss); `.unflushed` does not
///   (a killed process loses nothing the kernel holds). Document outputs (render, report, ticket, image, batch) are
///   unflushed — a flush costs more than rendering a ticket, a crash may lose the newest file but never leaves a
///   partial one under its name, and batch verifies outputs by SHA-256 on `--resume` and syncs its folder at the
///   end; the batch manifest's rewrite and Haru's `PDFDocument.save` are flushed.
package enum AtomicFile {
    /// Whether the file is synced to the disk before it is renamed into place.
    package enum Durability: Sendable {
        /// `fsync` before the rename.
        case flushed
        /// No `fsync`: durability is left to the file system.
        case unflushed
    }

    /// What a symbolic link (or any other non-regular file) already at the destination means.
    package enum Links: Sendable {
        /// Written through: the link stays and the file it points to is replaced; a device or FIFO is written
        /// directly (what a user naming `-o link` or `-o /dev/stdout` asks for).
        case follow
        /// Replaced: the new file takes the name and the link (or FIFO, or device node) is gone, whatever it
        /// pointed to untouched — for names inside a folder someone else may have written to (a batch's `--out`).
        case replace
    }

    /// The largest file tried as a new name before the destination is looked at.
    private static let unlookedLimit = 1 << 20

    /// The prefix of every temporary file; a folder sweep (`removeTemporaryFiles(in:)`) recognises it.
    package static let temporaryPrefix = ".mkpdf-tmp-"

    /// Writes `data` to `path` atomically.
    /// - Throws: `AtomicFileError`; no temporary file remains and `path` is unchanged.
    package static func write(_ data: Data, to path: String, durability: Durability = .flushed)
        throws(AtomicFileError)
    {
        try writeAll([(path, data)], durability: durability)
    }

    /// Writes several files all or none: every file is written to its temporary name first, and only when all of
    /// them succeeded are they renamed into place (PNG pages of one document, a record's PDF and PNG).
    /// - Throws: `AtomicFileError` for the first failure; every temporary file is removed and no destination changed.
    package static func writeAll(
        _ files: [(path: String, data: Data)], durability: Durability = .flushed, links: Links = .follow
    ) throws(AtomicFileError) {
        _ = ignoreFileSizeSignal
        // A small unflushed single file is first linked in as a new name without looking at the destination: when
        // nothing is there (a batch's every output) that is all, and when something is, the link fails and the file
        // is written again by the rules below (a second write only a small file pays for, and no flush is wasted).
        if files.count == 1, durability == .unflushed, let file = files.first, file.data.count <= unlookedLimit,
            try writeUnnamed(file.data, as: file.path, durability: durability)
        {
            return
        }
        var staged: [(temporary: String, target: String)] = []
        do throws(AtomicFileError) {
            for (path, data) in files {
                let target = try resolve(path, links: links)
                if let direct = target.direct {
                    try writeDirectly(data, to: direct)
                    continue
                }
                if files.count == 1, target.mode == nil,
                    try writeUnnamed(data, as: target.path, durability: durability)
                {
                    continue
                }
                staged.append(
                    (
                        try stage(data, as: target.path, mode: target.mode, durability: durability),
                        target.path
                    ))
            }
        } catch {
            for file in staged { unlink(file.temporary) }
            throw error
        }
        for (index, file) in staged.enumerated() where rename(file.temporary, file.target) != 0 {
            let code = errno
            for rest in staged[index...] { unlink(rest.temporary) }
            throw AtomicFileError(step: "rename the temporary file into place", path: file.target, errno: code)
        }
    }

    /// Renames a finished temporary file that another writer produced (libqpdf writing a joined PDF) into place under
    /// the same rules as `write`: the destination's mode kept, or the umask's for a new file.
    /// - Throws: `AtomicFileError`; the temporary file is removed on failure.
    package static func place(_ temporary: String, at path: String, links: Links = .follow) throws(AtomicFileError) {
        _ = ignoreFileSizeSignal
        do throws(AtomicFileError) {
            let target = try resolve(path, links: links)
            guard target.direct == nil else {
                throw AtomicFileError(step: "replace a device or FIFO by a file", path: path, errno: EINVAL)
            }
            guard chmod(temporary, target.mode ?? newFileMode) == 0 else {
                throw AtomicFileError(step: "set the file's permissions", path: target.path, errno: errno)
            }
            guard rename(temporary, target.path) == 0 else {
                throw AtomicFileError(step: "rename the temporary file into place", path: target.path, errno: errno)
            }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// Removes temporary files an interrupted run left in `folder`.
    /// - Returns: how many were removed.
    @discardableResult
    package static func removeTemporaryFiles(in folder: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix(temporaryPrefix) && unlink(folder + "/" + $0) == 0 }.count
    }

    /// The mode a new file gets: 0666 minus the process's umask.
    package static var newFileMode: mode_t { 0o666 & ~processUmask }

    // MARK: - Steps

    /// Where bytes for `path` go: a regular file's real path and the mode to keep, or a device/FIFO to write directly.
    /// With `.replace`, a link, FIFO or device at `path` is a name to take over, never followed or written into.
    private static func resolve(_ path: String, links: Links = .follow)
        throws(AtomicFileError) -> (path: String, mode: mode_t?, direct: String?)
    {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else { return (current, nil, nil) }
            if links == .replace, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
                return (current, nil, nil)
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(current, &buffer, buffer.count - 1)
                guard count >= 0 else {
                    throw AtomicFileError(step: "read the symbolic link", path: current, errno: errno)
                }
                let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let folder = (current as NSString).deletingLastPathComponent
                current = link.hasPrefix("/") || folder.isEmpty ? link : folder + "/" + link
            case S_IFREG:
                return (current, info.st_mode & 0o7777, nil)
            case S_IFDIR:
                throw AtomicFileError(step: "replace a folder", path: current, errno: EISDIR)
            default:
                return (current, nil, current)
            }
        }
        throw AtomicFileError(step: "follow the symbolic links", path: path, errno: ELOOP)
    }

    /// Writes `data` to a new temporary file beside `target` with the final mode; returns its path.
    private static func stage(_ data: Data, as target: String, mode: mode_t?, durability: Durability)
        throws(AtomicFileError) -> String
    {
        let folder = folderPath(of: target)
        var template = Array(((folder.isEmpty ? "." : folder) + "/" + temporaryPrefix + "XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw AtomicFileError(
                step: "create a temporary file in the destination's folder", path: target,
                errno: errno)
        }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        do throws(AtomicFileError) {
            guard fchmod(descriptor, mode ?? newFileMode) == 0 else {
                throw AtomicFileError(step: "set the file's permissions", path: target, errno: errno)
            }
            try writeAll(data, to: descriptor, path: target)
            if durability == .flushed, fsync(descriptor) != 0 {
                throw AtomicFileError(step: "flush the file to the disk", path: target, errno: errno)
            }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw AtomicFileError(step: "close the file", path: target, errno: code)
        }
        return temporary
    }

    /// Creates a file that does not exist yet as an unnamed file in its folder (Linux `O_TMPFILE`), written and then
    /// linked under its name: one directory entry instead of a temporary name, a permission change and a rename,
    /// and nothing at all left behind if the process dies first. False when the system or the file system cannot
    /// (no `O_TMPFILE`, no `/proc`, the name taken meanwhile): the caller then stages and renames as usual.
    /// - Throws: `AtomicFileError` when the bytes cannot be written or flushed (a full disk fails either way).
    private static func writeUnnamed(_ data: Data, as target: String, durability: Durability)
        throws(AtomicFileError) -> Bool
    {
        #if os(Linux)
            let folder = folderPath(of: target)
            // O_TMPFILE, spelled out: glibc's macro (__O_TMPFILE | O_DIRECTORY) does not import into Swift.
            let unnamed = Int32(0o2000_0000) | O_DIRECTORY
            // AT_EMPTY_PATH, spelled out for the same reason.
            let emptyPath = Int32(0x1000)
            let descriptor = open(folder.isEmpty ? "." : folder, unnamed | O_WRONLY | O_CLOEXEC, newFileMode)
            guard descriptor >= 0 else { return false }
            defer { close(descriptor) }
            try writeAll(data, to: descriptor, path: target)
            if durability == .flushed, fsync(descriptor) != 0 {
                throw AtomicFileError(step: "flush the file to the disk", path: target, errno: errno)
            }
            // Linked by its descriptor where the kernel allows it to the file's opener (Linux 6.10 and later), else
            // through /proc, which costs a path walk of its own.
            if linkat(descriptor, "", AT_FDCWD, target, emptyPath) == 0 { return true }
            guard errno != EEXIST else { return false }
            return linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, target, AT_SYMLINK_FOLLOW) == 0
        #else
            return false
        #endif
    }

    /// The folder part of `path` (`NSString.deletingLastPathComponent`), found by the last `/` without bridging to
    /// `NSString` for a path that neither ends in nor doubles one.
    private static func folderPath(of path: String) -> String {
        let bytes = path.utf8
        let slash = UInt8(ascii: "/")
        var doubled = false
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == slash && previous == slash {
                doubled = true
                break
            }
            previous = byte
        }
        guard bytes.last != slash, !doubled else {
            return (path as NSString).deletingLastPathComponent
        }
        guard let last = bytes.lastIndex(of: slash) else { return "" }
        return last == bytes.startIndex ? "/" : String(path[..<last])
    }

    private static func writeDirectly(_ data: Data, to path: String) throws(AtomicFileError) {
        let descriptor = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        guard descriptor >= 0 else { throw AtomicFileError(step: "open the file", path: path, errno: errno) }
        defer { close(descriptor) }
        try writeAll(data, to: descriptor, path: path)
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(AtomicFileError) {
        let code: Int32? = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let code { throw AtomicFileError(step: "write the file", path: path, errno: code) }
    }

    /// `SIGXFSZ` ignored once per process, so exceeding `ulimit -f` is an `EFBIG` error rather than death.
    private static let ignoreFileSizeSignal: Void = { signal(SIGXFSZ, SIG_IGN) }()

    /// The umask, read without changing it where the system allows (`/proc/self/status` on Linux).
    private static let processUmask: mode_t = {
        if let value = statusUmask() { return value }
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()

    /// The octal value of the `Umask:` line of `/proc/self/status` (Linux 4.7 and later), read with plain system
    /// calls: the file is a few lines, and reading it through Foundation's strings cost every one-shot run more.
    private static func statusUmask() -> mode_t? {
        let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            guard got > 0 else { break }
            count += got
        }
        let key = Array("\nUmask:".utf8)
        guard count > key.count,
            var index = (0...(count - key.count)).first(where: { bytes[$0..<$0 + key.count].elementsEqual(key) })
        else { return nil }
        index += key.count
        while index < count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        var value: mode_t = 0
        var digits = 0
        while index < count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "7") {
            value = value * 8 + mode_t(bytes[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        return digits > 0 && digits <= 4 ? value : nil
    }
}

/// `write(2)`, reachable from a type that has its own `write` method.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// A failed step of `AtomicFile`: what was being done, the path, and the system's errno.
package struct AtomicFileError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// What was being done, e.g. `write the file`.
    package var step: String
    /// The destination (symbolic links followed).
    package var path: String
    /// The C errno.
    package var errno: Int32

    /// Creates an error.
    package init(step: String, path: String, errno: Int32) {
        self.step = step
        self.path = path
        self.errno = errno
    }

    /// True when the file could not be created at all (the folder is missing or not writable).
    package var isOpen: Bool { step.hasPrefix("create") || step.hasPrefix("open") }

    /// The system's reason, with what to do for the cases a user meets (full disk, size limit).
    package var reason: String {
        let text = String(cString: strerror(errno))
        switch errno {
        case ENOSPC: return text + " (the disk is full; free space and run again)"
        case EFBIG: return text + " (the file size limit, ulimit -f, is lower than the file; raise it)"
        case EDQUOT: return text + " (the disk quota is used up)"
        default: return text
        }
    }

    /// `could not <step> for <path> (<reason>)`.
    package var description: String { "could not \(step) for \(TerminalText.escaped(path)) (\(reason))" }

    /// The same text as `description`.
    package var errorDescription: String? { description }
}

extension AtomicFile {
    /// Files written one at a time and placed all or none, for output too large to hold until every file is made
    /// (the PNG pages of a long report): each is staged beside its destination as it comes, and `place()` renames
    /// them all into place; one not placed (a failure, an early exit) is removed with `discard()`.
    package final class Staging {
        private var staged: [(temporary: String, target: String)] = []
        private var direct: Set<String> = []
        private let durability: Durability
        private let links: Links

        /// An empty set of files to be written with `durability`, symbolic links at their names treated as `links`.
        package init(durability: Durability = .flushed, links: Links = .follow) {
            self.durability = durability
            self.links = links
        }

        /// Writes `data` to a temporary file beside `path` (a device or FIFO is written at once).
        /// - Throws: `AtomicFileError`; what was staged before stays staged until `discard()`.
        package func add(_ data: Data, at path: String) throws(AtomicFileError) {
            _ = AtomicFile.ignoreFileSizeSignal
            let target = try AtomicFile.resolve(path, links: links)
            if let device = target.direct {
                try AtomicFile.writeDirectly(data, to: device)
                return
            }
            staged.append(
                (try AtomicFile.stage(data, as: target.path, mode: target.mode, durability: durability), target.path))
        }

        /// Renames every staged file into place.
        /// - Throws: `AtomicFileError` for the first rename that fails; the files not yet renamed are removed.
        package func place() throws(AtomicFileError) {
            defer { staged = [] }
            for (index, file) in staged.enumerated() where rename(file.temporary, file.target) != 0 {
                let code = errno
                for rest in staged[index...] { unlink(rest.temporary) }
                throw AtomicFileError(step: "rename the temporary file into place", path: file.target, errno: code)
            }
        }

        /// Removes every staged file.
        package func discard() {
            for file in staged { unlink(file.temporary) }
            staged = []
        }

        deinit { discard() }
    }
}
