import Documents
import DrawingModule
import Foundation
import Support

/// Why a batch could not run at all (as opposed to one record failing, which is a `RecordFailure` in the manifest).
public enum BatchError: Error, Sendable, Hashable {
    /// The input could not be opened or read; `row` is the last row read when it broke off mid-way.
    case unreadableInput(name: String, row: Int?, reason: String)
    /// The CSV header is empty, has an empty or a repeated column name.
    case badHeader(name: String, reason: String)
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
    /// The data file cannot be decoded or parsed (an undecodable byte, an unterminated quote).
    case data(CSVDataError)
    /// A YAML or JSON list of records cannot be read as records (its syntax, a budget, a value of another shape):
    /// the input's name and the reader's error, whose kind and place it keeps.
    case records(name: String, TemplateError)
}

extension BatchError: CustomStringConvertible, LocalizedError {
    /// What failed, where, and how to fix it; control characters from data are escaped (`TerminalText`).
    public var description: String { TerminalText.escaped(text) }

    private var text: String {
        switch self {
        case .unreadableInput(let name, let row, let reason):
            return "cannot read \(name)" + (row.map { " after row \($0)" } ?? "") + ": \(reason). "
                + "Fix: check the path and that the file is complete"
        case .badHeader(let name, let reason):
            return "\(name): the header row \(reason). Fix: give every column a distinct name, e.g. member,ticket,date"
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
        case .records(let name, let error):
            return ErrorText.wrapping(
                "cannot read \(name)", error.description, fix: "check the path and that the file is complete")
        }
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}

extension BatchError: Problem {
    /// `io` for inputs, manifests, folders and outputs that cannot be read or written (or are in use),
    /// `badRequest` for options and an earlier run's manifest without `--resume`, `badData` for a header that cannot
    /// be used, and the data reader's own kind for `.data` and `.records`.
    public var kind: ProblemKind {
        switch self {
        case .unreadableInput, .output, .unreadableManifest, .unreadableFolder, .locked: .io
        case .badOption, .manifestExists: .badRequest
        case .badHeader: .badData
        case .data(let error): error.kind
        case .records(_, let error): error.kind
        }
    }

    /// The file at fault, with the line or row the reader stopped at.
    public var place: ProblemPlace {
        switch self {
        case .unreadableInput(let name, let row, _): ProblemPlace(file: name, record: row.map { "row \($0)" })
        case .badHeader(let name, _): ProblemPlace(file: name, line: 1, record: "row 0")
        case .output(let path, _), .manifestExists(let path), .unreadableFolder(let path, _), .locked(let path, _):
            ProblemPlace(file: path)
        case .unreadableManifest(let path, let line, _): ProblemPlace(file: path, line: line)
        case .badOption: ProblemPlace()
        case .data(let error): error.place
        case .records(_, let error): error.place
        }
    }

    /// The budget the data went over, when that stopped it.
    public var limitExceeded: LimitExceeded? {
        switch self {
        case .data(let error): error.limitExceeded
        case .records(_, let error): error.limitExceeded
        default: nil
        }
    }
}
