import DrawingModule
import Foundation
import Records
import Support

/// Why a batch could not run at all (as opposed to one record failing, which is a `RecordFailure` in the manifest).
///
/// The records' reader throws its own `DataError`; a batch it stops wraps it (`.data`), keeping its words, its kind
/// and its place.
public enum BatchError: Error, Sendable, Hashable {
    /// The output folder cannot be created or written.
    case output(path: String, reason: String)
    /// The output folder holds a manifest from an earlier run and neither `--resume` was given.
    case manifestExists(path: String)
    /// An existing manifest cannot be read (for `--resume` or `--status`).
    case unreadableManifest(path: String, line: Int?, reason: String)
    /// The folder `--status` reads cannot be listed (missing, not a folder, no permission).
    case unreadableFolder(path: String, reason: String)
    /// An option value is unusable.
    case badOption(option: String, reason: String)
    /// Another mkpdf process (a batch or a resume) writes the same manifest (`path`), or an older mkpdf holds the
    /// whole output folder (`path` is the folder).
    case locked(path: String, pid: Int32?)
    /// The records cannot be read (an input that cannot be opened, an undecodable byte, an unterminated quote, a
    /// header naming a field twice, a YAML list that is not records): the reader's error, whose kind, place and
    /// words it keeps.
    case data(DataError)
}

extension BatchError {
    /// What `read` returns, a `DataError` it throws wrapped as the batch's (`.data`).
    static func reading<Value>(_ read: () throws(DataError) -> Value) throws(BatchError) -> Value {
        do {
            return try read()
        } catch {
            throw .data(error)
        }
    }
}

extension BatchError: CustomStringConvertible, LocalizedError {
    /// What failed, where, and how to fix it; control characters from data are escaped (`TerminalText`).
    public var description: String { TerminalText.escaped(text) }

    private var text: String {
        switch self {
        case .output(let path, let reason):
            return "cannot write to \(path): \(reason). Fix: check that the folder is writable and has space"
        case .manifestExists(let path):
            return "\(path) already exists from an earlier run. Fix: add --resume to finish that run, or give a new "
                + "--out folder (or remove the old one)"
        case .unreadableManifest(let path, let line, let reason):
            return "cannot read the manifest \(path)" + (line.map { " line \($0)" } ?? "") + ": \(reason). "
                + "Fix: remove the damaged line (--resume then redoes its record), or start again in a new --out folder"
        case .unreadableFolder(let path, let reason):
            return "cannot read the folder \(path): \(reason). Fix: give the --out folder of the batch to check"
        case .badOption(let option, let reason):
            return "\(option): \(reason)"
        case .locked(let path, let pid):
            return "\(path) is in use by another mkpdf batch" + (pid.map { " (process \($0))" } ?? "")
                + ". Fix: wait for it to finish (a --resume must wait too), or give another --out folder or "
                + "another --shard; mkpdf batch --status shows what each run in the folder has done"
        case .data(let error):
            return error.description
        }
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}

extension BatchError: Problem {
    /// `io` for manifests, folders and outputs that cannot be read or written (or are in use), `badRequest` for
    /// options and an earlier run's manifest without `--resume`, and the data reader's own kind for `.data`.
    public var kind: ProblemKind {
        switch self {
        case .output, .unreadableManifest, .unreadableFolder, .locked: .io
        case .badOption, .manifestExists: .badRequest
        case .data(let error): error.kind
        }
    }

    /// The file at fault, with the line or row the reader stopped at.
    public var place: ProblemPlace {
        switch self {
        case .output(let path, _), .manifestExists(let path), .unreadableFolder(let path, _), .locked(let path, _):
            ProblemPlace(file: path)
        case .unreadableManifest(let path, let line, _): ProblemPlace(file: path, line: line)
        case .badOption: ProblemPlace()
        case .data(let error): error.place
        }
    }

    /// The budget the data went over, when that stopped it.
    public var limitExceeded: LimitExceeded? {
        if case .data(let error) = self { error.limitExceeded } else { nil }
    }
}
