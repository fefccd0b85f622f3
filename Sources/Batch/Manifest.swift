import Foundation
import Support

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The manifest of an output folder as `--resume` finds it: the last entry per record, read tolerantly.
///
/// A run killed mid-write can leave a torn last line (no newline, or not JSON): it is ignored and its record redone.
/// Any other unreadable line is an error, since it means the file was damaged some other way.
public struct Manifest: Sendable {
    /// The last complete entry per record index.
    public var entries: [Int: ManifestEntry]

    /// Reads the manifest at `url`; a missing file is an empty manifest.
    /// - Throws: `BatchError.unreadableManifest` for a damaged line other than a torn last one.
    public init(contentsOf url: URL) throws(BatchError) {
        entries = [:]
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableManifest(path: url.path, line: nil, reason: error.localizedDescription)
        }
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() where !line.isEmpty {
            let isLast = number == lines.count - 1
            guard let text = String(data: Data(line), encoding: .utf8), let entry = ManifestEntry(jsonLine: text) else {
                if isLast { break }
                throw .unreadableManifest(path: url.path, line: number + 1, reason: "the line is not a manifest entry")
            }
            if isLast { break }
            entries[entry.index] = entry
        }
    }

    /// True when every output of `entry` exists in `folder` with the recorded size and SHA-256.
    public static func verify(_ entry: ManifestEntry, in folder: URL) -> Bool {
        entry.status == .ok && !entry.outputs.isEmpty && mismatchedOutputs(of: entry, in: folder).isEmpty
    }

    /// The outputs of `entry` that are missing from `folder` or differ from the recorded size or SHA-256.
    public static func mismatchedOutputs(of entry: ManifestEntry, in folder: URL) -> [ManifestEntry.Output] {
        entry.outputs.filter { output in
            let url = folder.appendingPathComponent(output.path)
            guard let data = try? Data(contentsOf: url), data.count == output.bytes else { return true }
            return Checksum.sha256(data) != output.sha256
        }
    }

    /// Replaces the manifest at `url` by `entries` (sorted by index) atomically: the file is either the old one or
    /// the new one whatever happens.
    static func rewrite(_ entries: [ManifestEntry], to url: URL) throws(BatchError) {
        let text = entries.sorted { $0.index < $1.index }.map(\.jsonLine).joined()
        do {
            try AtomicFile.writeAll([(url.path, Data(text.utf8))], durability: .flushed, links: .replace)
        } catch {
            throw .output(path: url.path, reason: "could not \(error.step) (\(error.reason))")
        }
    }
}
