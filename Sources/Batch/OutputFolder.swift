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
        do {
            try data.write(to: temp)
        } catch {
            try? FileManager.default.removeItem(at: temp)
            throw .output(path: final.path, reason: error.localizedDescription)
        }
        guard rename(temp.path, final.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temp.path)
            throw .output(path: final.path, reason: reason)
        }
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
