import Foundation
import Support

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The output folder of a batch: its files written through the one atomic writer (`Support.AtomicFile`), the names
/// it reserves for itself, and the locks that let runs with different manifests (the shards of `--shard i/N`, and an
/// unsharded run) write into it at once while a second run of the same manifest, or its `--resume`, is refused.
///
/// Temporary files are `.mkpdf-tmp-XXXXXX` beside their final name; those a killed run left are removed when a run
/// starts with no other run in the folder, so no run ever deletes a temporary file of a run still writing.
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

    /// The manifest a run writes: `manifest.jsonl`, or `manifest-shard-I-of-N.jsonl` for a shard, so shards and an
    /// unsharded run keep their own manifests in one folder.
    public static func manifestName(for shard: Shard?) -> String {
        shard.map { "manifest-shard-\($0.index)-of-\($0.count).jsonl" } ?? "manifest.jsonl"
    }

    /// The sheets `--impose` writes: `imposed.pdf`, or `imposed-shard-I-of-N.pdf` for a shard, so shards sharing a
    /// folder do not overwrite each other's sheets.
    public static func imposedName(for shard: Shard?) -> String {
        shard.map { "imposed-shard-\($0.index)-of-\($0.count).pdf" } ?? "imposed.pdf"
    }

    /// The hidden file whose `flock` marks the run writing the manifest `name`: `.NAME.lock`.
    public static func lockName(forManifest name: String) -> String { ".\(name).lock" }

    /// Why `name` cannot be a record's output, or nil: the names the batch writes itself (the imposed sheets, the
    /// manifests, the locks) and hidden names are reserved, so no record can overwrite them.
    public static func reservedNameProblem(_ name: String) -> String? {
        let lower = name.lowercased()
        if lower == "imposed.pdf" || (lower.hasPrefix("imposed-shard-") && lower.hasSuffix(".pdf")) {
            return "\(name) is where --impose puts the imposed sheets"
        }
        if lower.hasPrefix("manifest") && lower.hasSuffix(".jsonl") { return "\(name) is a manifest's name" }
        if name.hasPrefix(".") { return "a name starting with \".\" is hidden and reserved for the batch's own files" }
        return nil
    }

    /// Writes the files of one record all or none (temporary files, then renames; no `fsync`: `--resume` re-hashes
    /// every output against the manifest, and the folder is synced at the end of a run).
    /// - Throws: `BatchError.output`; no file is left under a final or a temporary name.
    public func write(_ files: [(name: String, data: Data)]) throws(BatchError) {
        do {
            // A link planted under an output's name is replaced, never written through: the folder may be shared.
            try AtomicFile.writeAll(
                files.map { (url.appendingPathComponent($0.name).path, $0.data) },
                durability: .unflushed, links: .replace)
        } catch {
            throw .output(path: error.path, reason: "could not \(error.step) (\(error.reason))")
        }
    }

    /// Writes `data` as `name` atomically.
    /// - Throws: `BatchError.output`.
    public func write(_ data: Data, as name: String) throws(BatchError) {
        try write([(name, data)])
    }

    /// Takes the locks of a run writing the manifest `name` (see `manifestName(for:)`) until `unlock(manifest:)`: an
    /// exclusive `flock` on the lock file `.NAME.lock`, so a second run of the same manifest is refused, and a shared
    /// `flock` on the folder, held by every run that writes there. A run that finds no other run in the folder first
    /// removes the temporary files a killed run left. Runs of one manifest in one process share its lock.
    /// - Throws: `BatchError.locked` naming the process that runs the same manifest (or, for an older mkpdf that
    ///   locks the whole folder, the folder); `.output` when a lock file cannot be opened.
    public func lock(manifest name: String) throws(BatchError) {
        try OutputLock.acquire(
            folder: url.path, manifest: url.appendingPathComponent(name).path,
            lockFile: url.appendingPathComponent(Self.lockName(forManifest: name)).path)
    }

    /// Releases the locks `lock(manifest:)` took, each once every run of this process that took it has released it,
    /// and removes the lock file. A killed run leaves its lock file unlocked behind; the next run of that manifest
    /// takes it over.
    public func unlock(manifest name: String) {
        OutputLock.release(
            folder: url.path, lockFile: url.appendingPathComponent(Self.lockName(forManifest: name)).path)
    }

    /// The other process running the manifest `name` in this folder, or nil when none holds its lock (a run of this
    /// process, finished or not, is not counted); `0` when the lock is held but `/proc/locks` cannot name its process.
    public func runningProcess(manifest name: String) -> Int32? {
        OutputLock.holder(lockFile: url.appendingPathComponent(Self.lockName(forManifest: name)).path)
    }

    /// Flushes the folder's entries (the renames) to the disk.
    func synchronize() {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// The `flock` locks this process holds, by path, with how many of its runs hold each: lock files of manifests
/// (exclusive) and output folders (shared; -1 where the file system cannot lock a folder). The kernel releases them
/// when the process ends, also after `kill -9`, so no stale lock ever needs cleaning. A lock file is removed only by its holder; a run that locks a file
/// which was removed meanwhile (its inode no longer at the path) tries again with the new one. The holder's pid is
/// found in `/proc/locks`.
private enum OutputLock {
    nonisolated(unsafe) private static var held: [String: (descriptor: Int32, runs: Int)] = [:]
    nonisolated(unsafe) private static var folders: [String: (descriptor: Int32, runs: Int)] = [:]
    private static let guardLock = NSLock()

    static func acquire(folder: String, manifest: String, lockFile: String) throws(BatchError) {
        guardLock.lock()
        defer { guardLock.unlock() }
        let fileKey = URL(fileURLWithPath: lockFile).standardizedFileURL.path
        let folderKey = URL(fileURLWithPath: folder).standardizedFileURL.path
        if let lock = held[fileKey] {
            held[fileKey] = (lock.descriptor, lock.runs + 1)
        } else {
            held[fileKey] = (try exclusive(lockFile, manifest: manifest), 1)
        }
        if let lock = folders[folderKey] {
            folders[folderKey] = (lock.descriptor, lock.runs + 1)
        } else {
            do {
                folders[folderKey] = (try share(folder) ?? -1, 1)
            } catch {
                releaseHeld(fileKey, path: lockFile)
                throw error
            }
        }
    }

    static func release(folder: String, lockFile: String) {
        guardLock.lock()
        defer { guardLock.unlock() }
        releaseHeld(URL(fileURLWithPath: lockFile).standardizedFileURL.path, path: lockFile)
        let folderKey = URL(fileURLWithPath: folder).standardizedFileURL.path
        guard let lock = folders[folderKey] else { return }
        if lock.runs > 1 {
            folders[folderKey] = (lock.descriptor, lock.runs - 1)
        } else {
            if lock.descriptor >= 0 { close(lock.descriptor) }
            folders[folderKey] = nil
        }
    }

    /// Drops one run's hold on a lock file; the last one removes the file, still locked, then closes it.
    private static func releaseHeld(_ key: String, path: String) {
        guard let lock = held[key] else { return }
        guard lock.runs == 1 else {
            held[key] = (lock.descriptor, lock.runs - 1)
            return
        }
        unlink(path)
        close(lock.descriptor)
        held[key] = nil
    }

    /// An exclusive lock on `lockFile`, created when missing, still linked at its path once locked.
    private static func exclusive(_ lockFile: String, manifest: String) throws(BatchError) -> Int32 {
        for _ in 0..<100 {
            let descriptor = open(lockFile, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { throw .output(path: lockFile, reason: String(cString: strerror(errno))) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                let pid = pid(holding: descriptor)
                close(descriptor)
                guard code == EWOULDBLOCK else {
                    throw .output(path: lockFile, reason: String(cString: strerror(code)))
                }
                throw .locked(path: manifest, pid: pid)
            }
            var opened = stat()
            var linked = stat()
            if fstat(descriptor, &opened) == 0, stat(lockFile, &linked) == 0, opened.st_ino == linked.st_ino,
                opened.st_dev == linked.st_dev
            {
                return descriptor
            }
            close(descriptor) // The run that held it has ended and removed it: lock the new file.
        }
        throw .locked(path: manifest, pid: nil)
    }

    /// A shared lock on `folder`, after removing stale temporary files when an exclusive lock shows no other run;
    /// nil on a file system that cannot `flock` a folder (then no run there sweeps, and none is kept out).
    private static func share(_ folder: String) throws(BatchError) -> Int32? {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .output(path: folder, reason: String(cString: strerror(errno))) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
            AtomicFile.removeTemporaryFiles(in: folder)
            // Converting to shared may release the lock for a moment; a run slipping in finds no file of ours.
            if flock(descriptor, LOCK_SH) == 0 { return descriptor }
        } else if errno == EWOULDBLOCK {
            // Other runs hold the folder: shared, unless one is sweeping (a moment) or is an older mkpdf that locks
            // the whole folder for its run.
            for _ in 0..<50 {
                if flock(descriptor, LOCK_SH | LOCK_NB) == 0 { return descriptor }
                guard errno == EWOULDBLOCK else { break }
                usleep(100_000)
            }
        }
        let code = errno
        guard code == EWOULDBLOCK else {
            close(descriptor)
            return nil
        }
        let pid = pid(holding: descriptor)
        close(descriptor)
        throw .locked(path: folder, pid: pid)
    }

    /// The pid of another process holding a `flock` on `lockFile`, or nil when none does (or it does not exist).
    /// Read from `/proc/locks` without taking the lock, so a run starting at that moment is never refused because of
    /// the look; where there is no `/proc/locks`, a shared lock is tried and dropped at once.
    static func holder(lockFile: String) -> Int32? {
        guardLock.lock()
        let ours = held[URL(fileURLWithPath: lockFile).standardizedFileURL.path] != nil
        guardLock.unlock()
        if ours { return nil }
        var info = stat()
        guard stat(lockFile, &info) == 0 else { return nil }
        if let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) {
            return pid(holding: UInt64(info.st_ino), in: text)
        }
        let descriptor = open(lockFile, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_SH | LOCK_NB) != 0 else {
            flock(descriptor, LOCK_UN)
            return nil
        }
        return 0
    }

    /// The pid holding a `flock` on the file open as `descriptor`, from `/proc/locks`.
    private static func pid(holding descriptor: Int32) -> Int32? {
        var info = stat()
        guard fstat(descriptor, &info) == 0,
            let text = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
        else { return nil }
        return pid(holding: UInt64(info.st_ino), in: text)
    }

    /// The pid `/proc/locks` (`1: FLOCK ADVISORY WRITE 1234 08:01:5678 0 EOF`) names for a `flock` on `inode`.
    private static func pid(holding inode: UInt64, in locks: String) -> Int32? {
        for line in locks.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5].hasSuffix(":\(inode)") else { continue }
            return Int32(fields[4])
        }
        return nil
    }
}
