import Foundation

/// What every manifest in one output folder says together — the check an operator makes before `--impose` or
/// delivery when shards (`--shard i/N`) or several runs wrote into the folder: records done, records failed, records
/// and shards missing, records done by more than one run, two records writing one file, outputs changed since they
/// were written, and runs still writing.
///
/// Records are known by their 0-based index in the data. Without the number of records (`records`), the missing ones
/// are those below the highest index any manifest lists; records after it are counted only when `records` is given.
public struct BatchStatus: Sendable, Hashable, Encodable {
    /// One manifest of the folder and what it holds.
    public struct ManifestFile: Sendable, Hashable, Encodable {
        /// The file name, `manifest.jsonl` or `manifest-shard-I-of-N.jsonl`.
        public var name: String
        /// The shard it belongs to, or nil for an unsharded run.
        public var shard: Shard?
        /// Records it lists as written.
        public var ok: Int
        /// Records it lists as failed.
        public var failed: Int
        /// The process still writing it, or nil when no run holds its lock.
        public var runningProcess: Int32?

        private enum CodingKeys: String, CodingKey { case name, shard, ok, failed, runningProcess }

        /// Encodes the shard as `i/N`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(shard?.description, forKey: .shard)
            try container.encode(ok, forKey: .ok)
            try container.encode(failed, forKey: .failed)
            try container.encode(runningProcess, forKey: .runningProcess)
        }
    }

    /// A record no manifest lists as written, with the failure one of them gives.
    public struct Failure: Sendable, Hashable, Encodable {
        /// The record's index.
        public var index: Int
        /// Its row in the data.
        public var row: Int
        /// The manifest that lists the failure.
        public var manifest: String
        /// The failure: row, member, field, character and reason.
        public var message: String
    }

    /// A record more than one manifest lists as written.
    public struct Duplicate: Sendable, Hashable, Encodable {
        /// The record's index.
        public var index: Int
        /// The manifests that list it as written.
        public var manifests: [String]
    }

    /// A file that more than one record was written to, so all but the last of them were overwritten.
    public struct SharedOutput: Sendable, Hashable, Encodable {
        /// The file, relative to the folder.
        public var path: String
        /// The records written to it.
        public var indices: [Int]
    }

    /// An output that is gone or no longer has the size and SHA-256 its manifest recorded.
    public struct ChangedOutput: Sendable, Hashable, Encodable {
        /// The record's index.
        public var index: Int
        /// The file, relative to the folder.
        public var path: String
        /// The manifest that recorded it.
        public var manifest: String
    }

    /// The folder.
    public var folder: String
    /// The number of records in the data, when given.
    public var records: Int?
    /// Records 0 ..< `checked` are checked for missing ones (`records`, else one past the highest index listed).
    public var checked: Int
    /// The manifests found, by name.
    public var manifests: [ManifestFile]
    /// Records listed as written by at least one manifest.
    public var done: Int
    /// Records that failed and were not written by any run.
    public var failures: [Failure]
    /// Records below `checked` that no manifest lists.
    public var missingRecords: [Int]
    /// Shards of a count some manifest uses whose manifest is absent.
    public var missingShards: [Shard]
    /// Records written by more than one run.
    public var duplicates: [Duplicate]
    /// Files more than one record was written to.
    public var sharedOutputs: [SharedOutput]
    /// Outputs gone or changed since their run wrote them (checked only when asked).
    public var changedOutputs: [ChangedOutput]

    /// True when at least one manifest exists, none is being written, and every checked record was written exactly
    /// once to files of its own that still match their manifest.
    public var isComplete: Bool {
        !manifests.isEmpty && manifests.allSatisfy { $0.runningProcess == nil } && failures.isEmpty
            && missingRecords.isEmpty && missingShards.isEmpty && duplicates.isEmpty && sharedOutputs.isEmpty
            && changedOutputs.isEmpty
    }

    private enum CodingKeys: String, CodingKey {
        case folder, complete, records, checked, done, manifests, failures, missingRecords, missingShards,
            duplicates, sharedOutputs, changedOutputs
    }

    /// Encodes every field, `complete` (`isComplete`) and the missing shards as `i/N`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(folder, forKey: .folder)
        try container.encode(isComplete, forKey: .complete)
        try container.encode(records, forKey: .records)
        try container.encode(checked, forKey: .checked)
        try container.encode(done, forKey: .done)
        try container.encode(manifests, forKey: .manifests)
        try container.encode(failures, forKey: .failures)
        try container.encode(missingRecords, forKey: .missingRecords)
        try container.encode(missingShards.map(\.description), forKey: .missingShards)
        try container.encode(duplicates, forKey: .duplicates)
        try container.encode(sharedOutputs, forKey: .sharedOutputs)
        try container.encode(changedOutputs, forKey: .changedOutputs)
    }

    /// Reads every manifest in `folder` (`manifest.jsonl` and `manifest-shard-I-of-N.jsonl`).
    /// - Parameters:
    ///   - url: the output folder (`--out`) the manifests are in.
    ///   - records: the number of records in the data, so records after the last one listed count as missing too.
    ///   - verifyOutputs: also re-read every written output and compare its size and SHA-256 with the manifest.
    /// - Throws: `BatchError.unreadableFolder` when the folder cannot be listed, `.unreadableManifest` for a damaged
    ///   manifest.
    public init(folder url: URL, records: Int? = nil, verifyOutputs: Bool = true) throws(BatchError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path)
        } catch {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
            throw .unreadableFolder(
                path: url.path,
                reason: !exists ? "no such folder" : isFolder.boolValue ? error.localizedDescription : "it is a file")
        }
        let outputFolder = try OutputFolder(url: url)
        var files: [ManifestFile] = []
        var written: [Int: [String]] = [:]
        var failedEntries: [Int: Failure] = [:]
        var writers: [String: Set<Int>] = [:]
        var changed: [ChangedOutput] = []
        var highest = -1
        for name in names.sorted() {
            guard let shard = Self.shard(ofManifest: name) else { continue }
            let entries = try Manifest(contentsOf: url.appendingPathComponent(name)).entries.values
                .sorted { $0.index < $1.index }
            var file = ManifestFile(
                name: name, shard: shard, ok: 0, failed: 0,
                runningProcess: outputFolder.runningProcess(manifest: name))
            for entry in entries {
                highest = max(highest, entry.index)
                switch entry.status {
                case .ok:
                    file.ok += 1
                    written[entry.index, default: []].append(name)
                    for output in entry.outputs { writers[output.path, default: []].insert(entry.index) }
                    if verifyOutputs {
                        changed += Manifest.mismatchedOutputs(of: entry, in: url).map {
                            ChangedOutput(index: entry.index, path: $0.path, manifest: name)
                        }
                    }
                case .failed:
                    file.failed += 1
                    if failedEntries[entry.index] == nil {
                        failedEntries[entry.index] = Failure(
                            index: entry.index, row: entry.row, manifest: name,
                            message: entry.failure?.description ?? "row \(entry.row): failed")
                    }
                case .skipped: continue
                }
            }
            files.append(file)
        }
        folder = url.path
        self.records = records
        checked = records ?? (highest + 1)
        manifests = files
        done = written.count
        failures = failedEntries.values.filter { written[$0.index] == nil }.sorted { $0.index < $1.index }
        missingRecords = (0..<checked).filter { written[$0] == nil && failedEntries[$0] == nil }
        var shardsByCount: [Int: Set<Int>] = [:]
        for case let shard? in files.map(\.shard) { shardsByCount[shard.count, default: []].insert(shard.index) }
        missingShards = shardsByCount.keys.sorted().flatMap { count in
            (0..<count).filter { !shardsByCount[count]!.contains($0) }.compactMap {
                try? Shard(index: $0, count: count)
            }
        }
        duplicates = written.filter { $0.value.count > 1 }
            .map { Duplicate(index: $0.key, manifests: $0.value) }.sorted { $0.index < $1.index }
        sharedOutputs = writers.filter { $0.value.count > 1 }
            .map { SharedOutput(path: $0.key, indices: $0.value.sorted()) }.sorted { $0.path < $1.path }
        changedOutputs = changed.sorted { ($0.index, $0.path) < ($1.index, $1.path) }
    }

    /// The shard a manifest's file name belongs to: `.some(nil)` for `manifest.jsonl`, `.some(shard)` for
    /// `manifest-shard-I-of-N.jsonl`, nil for any other name.
    static func shard(ofManifest name: String) -> Shard?? {
        if name == OutputFolder.manifestName(for: nil) { return .some(nil) }
        let prefix = "manifest-shard-"
        let suffix = ".jsonl"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let numbers = name.dropFirst(prefix.count).dropLast(suffix.count).split(separator: "-of-")
        guard numbers.count == 2, let index = Int(numbers[0]), let count = Int(numbers[1]),
            let shard = try? Shard(index: index, count: count), OutputFolder.manifestName(for: shard) == name
        else { return nil }
        return .some(shard)
    }
}
