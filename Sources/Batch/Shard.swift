/// One of N deterministic slices of the records (`--shard i/N`): record index mod N == i, with i counted from 0, so
/// job arrays (Kubernetes Indexed Jobs' JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID with --array=0-(N-1), GNU parallel
/// with `seq 0 N-1`) split a run over machines with no coordination and no record done twice.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// This slice, 0 ..< count.
    public let index: Int
    /// The number of slices.
    public let count: Int

    /// Parses `i/N`.
    /// - Throws: `BatchError.badOption` unless 0 ≤ i < N.
    public init(_ text: String) throws(BatchError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0,
            (0..<count).contains(index)
        else {
            throw .badOption(
                option: "--shard \(text)",
                reason: "give i/N with 0 ≤ i < N (counted from 0), e.g. "
                    + "--shard 0/3, --shard 1/3, --shard 2/3")
        }
        self.index = index
        self.count = count
    }

    /// True when the record at `recordIndex` belongs to this slice.
    public func contains(_ recordIndex: Int) -> Bool { recordIndex % count == index }

    /// `1/3`.
    public var description: String { "\(index)/\(count)" }
}
