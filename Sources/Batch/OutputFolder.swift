import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output folder: files written atomically under a temporary name that `--resume` recognises and removes.
///
/// Every file is first written as `.mkpdf-tmp-NAME-RANDOM` beside its final name and renamed into place, so a reader
/// (or a killed run) never sees half a document; temporary files left by a killed run are removed on the next start.
public struct OutputFolder: Sendable {
    /// The prefix of every temporary file a batch writes.
    public static let temporaryPrefix = ".mkpdf-tmp-"

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

    /// Writes `data` as `name` atomically (temporary file, then rename).
    /// - Throws: `BatchError.output`; no file is left at `name` or under a temporary name.
    public func write(_ data: Data, as name: String) throws(BatchError) {
        let final = url.appendingPathComponent(name)
        let temp = url.appendingPathComponent(Self.temporaryPrefix + name + "-" + UUID().uuidString.prefix(8))
        if let reason = Self.writeWithoutSync(data, to: temp.path) {
            unlink(temp.path)
            throw .output(path: final.path, reason: reason)
        }
        guard rename(temp.path, final.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp.path)
            throw .output(path: final.path, reason: reason)
        }
    }

    /// Writes a new file with plain `write(2)` calls and no `fsync` (Foundation's `Data.write` syncs every file, a
    /// quarter of a ticket's time): a killed process loses nothing the kernel has, `--resume` re-hashes every output
    /// against the manifest, and the folder and manifest are synced at the end of a run.
    /// - Returns: the system's reason on failure, nil on success.
    private static func writeWithoutSync(_ data: Data, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        let failure: String? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return nil
        }
        guard close(descriptor) == 0 || failure != nil else { return String(cString: strerror(errno)) }
        return failure
    }

    /// Removes temporary files an interrupted run left behind.
    /// - Returns: how many were removed.
    @discardableResult
    public func removeTemporaryFiles() -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        var removed = 0
        for name in names where name.hasPrefix(Self.temporaryPrefix) {
            if unlink(url.appendingPathComponent(name).path) == 0 { removed += 1 }
        }
        return removed
    }

    /// Flushes the folder's entries (the renames) to the disk.
    func synchronize() {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// `write(2)`, reachable from a type that has its own `write` method.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
