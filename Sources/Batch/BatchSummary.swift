import Foundation

/// What a run did, for the summary line and the exit status.
public struct BatchSummary: Sendable, Hashable, CustomStringConvertible {
    /// Records rendered and written in this run.
    public var ok = 0
    /// Records that failed (each with its entry in the manifest).
    public var failed = 0
    /// Records not rendered again because `--resume` found their outputs intact.
    public var skipped = 0
    /// Wall-clock seconds.
    public var seconds = 0.0
    /// The signal that stopped the run early (SIGINT, SIGTERM), or nil.
    public var interruptedBy: Int32?
    /// True when `--fail-fast` stopped the run at the first failure.
    public var stoppedAtFirstFailure = false
    /// The manifest written.
    public var manifestPath = ""
    /// What stopped the run before its end (the manifest or an output could not be written: a full disk, a file
    /// size limit), or nil; the manifest holds every record finished before it, each line whole.
    public var stoppedBy: BatchError?

    /// Creates an empty summary.
    public init() {}

    /// `9998 ok, 2 failed, 0 skipped in 41.2s` (plus why the run stopped early, if it did).
    public var description: String {
        var text = "\(ok) ok, \(failed) failed, \(skipped) skipped in " + String(format: "%.1fs", seconds)
        if let interruptedBy {
            text += " (interrupted by signal \(interruptedBy); run again with --resume to finish)"
        } else if let stoppedBy {
            text += " (stopped: \(stoppedBy.description.split(separator: "\n").first ?? ""); run again with --resume)"
        } else if stoppedAtFirstFailure {
            text += " (stopped at the first failure: --fail-fast)"
        }
        return text
    }
}
