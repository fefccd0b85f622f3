import Foundation
import Support

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The output folder of a batch: its files written through the one atomic writer (`Support.AtomicFile`), the names
/// it reserves for itself, and the lock (`flock` on the folder) that keeps a second batch or `--resume` out while
/// one runs.
///
/// Temporary files are `.mkpdf-tmp-XXXXXX` beside their final name; those a killed run left are removed when the next
/// run (holding the lock) starts, so a resume never deletes a temporary file of a batch still running.
public struct OutputFolder: Sendable {
    /// The prefix of every temporary file a batch writes.
    public static let temporaryPrefix = AtomicFile.temporaryPrefix

    /// The folder.
    public let url: URL

    /// The folder at `url`, created when missing.
    /// - Throws: `BatchError.output` when it cannot be created or is not a folder.
    public init(url: URL) throws(BatchError) {
        self.url = url
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .output(path: url.path, reason: "it is a file, not a folder") }
        } else {
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw .output(path: url.path, reason: error.localizedDescription)
            }
        }
    }

    /// Why `name` cannot be a record's output, or nil: the names the batch writes itself (`imposed.pdf`, the
    /// manifests, the lock) and hidden names are reserved, so no record can overwrite them.
    public static func reservedNameProblem(_ name: String) -> String? {
        let lower = name.lowercased()
        if lower == "imposed.pdf" { return "imposed.pdf is where --impose puts the imposed sheets" }
        if lower.hasPrefix("manifest") && lower.hasSuffix(".jsonl") { return "\(name) is a manifest's name" }
        if name.hasPrefix(".") { return "a name starting with \".\" is hidden and reserved for the batch's own files" }
        return nil
    }

    /// Writes the files of one record all or none (temporary files, then renames; no `fsync`: `--resume` re-hashes
    /// every output against the manifest, and the folder is synced at the end of a run).
    /// - Throws: `BatchError.output`; no file is left under a final or a temporary name.
    public func write(_ files: [(name: String, data: Data)]) throws(BatchError) {
        do {
            try AtomicFile.writeAll(
                files.map { (url.appendingPathComponent($0.name).path, $0.data) },
                durability: .unflushed)
        } catch {
            throw .output(path: error.path, reason: "could not \(error.step) (\(error.reason))")
        }
    }

    /// Writes `data` as `name` atomically.
    /// - Throws: `BatchError.output`.
    public func write(_ data: Data, as name: String) throws(BatchError) {
        try write([(name, data)])
    }

    /// Removes temporary files an interrupted run left behind; call it only while holding the lock.
    /// - Returns: how many were removed.
    @discardableResult
    public func removeTemporaryFiles() -> Int {
        AtomicFile.removeTemporaryFiles(in: url.path)
    }

    /// Takes the folder's lock (`flock` on the folder) for the rest of the process; taking it again in the same
    /// process returns at once.
    /// - Throws: `BatchError.locked` naming the process that holds it.
    public func lock() throws(BatchError) {
        try OutputLock.acquire(url.path)
    }

    /// Flushes the folder's entries (the renames) to the disk.
    func synchronize() {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// The `flock` locks this process holds on output folders, by path. The lock is taken on the folder itself (no lock
/// file is left in it); its descriptor stays open until the process ends, when the kernel releases it — also after
/// `kill -9`, so no stale lock ever needs cleaning. The holder's pid is found in `/proc/locks`.
private enum OutputLock {
    nonisolated(unsafe) private static var held: [String: Int32] = [:]
    private static let guardLock = NSLock()

    static func acquire(_ folder: String) throws(BatchError) {
        let key = URL(fileURLWithPath: folder).standardizedFileURL.path
        guardLock.lock()
        defer { guardLock.unlock() }
        if held[key] != nil { return }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .output(path: folder, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            var info = stat()
            let inode = fstat(descriptor, &info) == 0 ? UInt64(info.st_ino) : nil
            close(descriptor)
            guard code == EWOULDBLOCK else { throw .output(path: folder, reason: String(cString: strerror(code))) }
            throw .locked(folder: folder, pid: inode.flatMap(holder))
        }
        held[key] = descriptor
    }

    /// The pid holding a `flock` on the inode, from `/proc/locks` (`1: FLOCK ADVISORY WRITE 1234 08:01:5678 0 EOF`).
    private static func holder(of inode: UInt64) -> Int32? {
        guard let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5].hasSuffix(":\(inode)") else { continue }
            return Int32(fields[4])
        }
        return nil
    }
}
