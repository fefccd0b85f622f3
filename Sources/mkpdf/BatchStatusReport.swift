import ArgumentParser
import Batch
import Foundation
import Support

/// `mkpdf batch --status DIR [--data FILE] [--json]`: what every manifest in an output folder says together, the
/// check before `--impose` or delivery when shards or several runs wrote into it. Exits 1 unless every record was
/// written exactly once.
enum BatchStatusReport {
    /// How many record indices a text report lists before it says how many more there are.
    static let listed = 20

    /// Prints the status of `folder` (counting the records of `data` when given) and exits 1 unless it is complete.
    static func run(folder: String, data: BatchInput?, json: Bool) throws {
        let records = try data.map { input throws -> Int in
            guard let count = try RecordReader.count(input) else {
                throw ValidationError("--status counts the records of --data: give a file, not \(input.name)")
            }
            return count
        }
        let status = try BatchStatus(folder: URL(fileURLWithPath: folder), records: records)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(status), as: UTF8.self))
        } else {
            for line in lines(status, folder: folder, data: data?.name) { print(TerminalText.escaped(line)) }
        }
        if !status.isComplete { throw ExitCode.failure }
    }

    /// The report: one summary line, then one line per problem with its fix.
    static func lines(_ status: BatchStatus, folder: String, data: String?) -> [String] {
        let twice = status.duplicates.count
        var lines = [
            "\(folder): \(status.manifests.count) manifest\(status.manifests.count == 1 ? "" : "s"), "
                + "\(status.checked) records checked" + (data.map { " (all of \($0))" } ?? "") + ": "
                + "\(status.done) done, \(status.failures.count) failed, \(status.missingRecords.count) missing, "
                + "\(twice) done twice — " + (status.isComplete ? "complete" : "INCOMPLETE")
        ]
        if status.manifests.isEmpty {
            lines.append("no manifest: \(folder) holds no manifest.jsonl or manifest-shard-I-of-N.jsonl")
        }
        for manifest in status.manifests {
            if let pid = manifest.runningProcess {
                lines.append("running: \(manifest.name) is being written by process \(pid); check again when it ends")
            }
        }
        for shard in status.missingShards {
            lines.append(
                "missing shard \(shard): no \(OutputFolder.manifestName(for: shard)). Fix: run mkpdf batch with "
                    + "--shard \(shard) --out \(folder)")
        }
        if !status.missingRecords.isEmpty {
            lines.append(
                "missing records (0-based index): " + Self.list(status.missingRecords)
                    + ". Fix: run their shards again with --resume")
        }
        for failure in status.failures.prefix(listed) {
            lines.append("failed: record \(failure.index) in \(failure.manifest): \(failure.message)")
        }
        if status.failures.count > listed {
            lines.append("failed: \(status.failures.count - listed) more records (--json lists them all)")
        }
        for duplicate in status.duplicates.prefix(listed) {
            lines.append(
                "done twice: record \(duplicate.index) in " + duplicate.manifests.joined(separator: " and ")
                    + ". Fix: keep one run's manifest (runs of one folder must not overlap: one --shard count, "
                    + "or no --shard)")
        }
        if twice > listed { lines.append("done twice: \(twice - listed) more records (--json lists them all)") }
        for shared in status.sharedOutputs.prefix(listed) {
            lines.append(
                "one file, several records: \(shared.path) was written by records "
                    + shared.indices.map(String.init).joined(separator: ", ")
                    + "; only the last survives. Fix: make --name distinct, e.g. add {{index}}")
        }
        for changed in status.changedOutputs.prefix(listed) {
            lines.append(
                "changed: \(changed.path) of record \(changed.index) (\(changed.manifest)) is gone or differs from "
                    + "its manifest. Fix: run that shard again with --resume")
        }
        if status.changedOutputs.count > listed {
            lines.append("changed: \(status.changedOutputs.count - listed) more files (--json lists them all)")
        }
        if data == nil, !status.manifests.isEmpty {
            let after = status.checked > 0 ? "after index \(status.checked - 1), the last one listed, " : ""
            lines.append("note: records \(after)are not checked: give --data FILE to count them")
        }
        return lines
    }

    /// `3, 11, 19` or `3, 11, … and 40 more`.
    private static func list(_ indices: [Int]) -> String {
        let shown = indices.prefix(listed).map(String.init).joined(separator: ", ")
        return indices.count > listed ? shown + ", … and \(indices.count - listed) more" : shown
    }
}
