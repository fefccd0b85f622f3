/// One of N deterministic slices of the records (`--shard i/N`): record index mod N == i, with i counted from 0, so
/// job arrays (Kubernetes Indexed Jobs' JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID with --array=0-(N-1), GNU parallel
/// with `seq 0 N-1`) split a run over machines with no coordination and no record done twice.
///
/// `env/N` takes i from the job array's environment: `JOB_COMPLETION_INDEX` (Kubernetes Indexed Job) or
/// `SLURM_ARRAY_TASK_ID` (Slurm job array), whichever is set.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// The environment variables `env/N` reads the index from, in the order they are tried, with their scheduler.
    public static let indexVariables = [
        (name: "JOB_COMPLETION_INDEX", scheduler: "a Kubernetes Indexed Job"),
        (name: "SLURM_ARRAY_TASK_ID", scheduler: "a Slurm job array")
    ]

    /// This slice, 0 ..< count.
    public let index: Int
    /// The number of slices.
    public let count: Int

    /// Slice `index` of `count`.
    /// - Throws: `BatchError.badOption` unless 0 ≤ index < count.
    public init(index: Int, count: Int) throws(BatchError) {
        guard count > 0, (0..<count).contains(index) else {
            throw .badOption(option: "--shard \(index)/\(count)", reason: Self.form)
        }
        self.index = index
        self.count = count
    }

    /// Parses `i/N`, or `env/N` with i from `JOB_COMPLETION_INDEX` or `SLURM_ARRAY_TASK_ID` in `environment`.
    /// - Throws: `BatchError.badOption` unless 0 ≤ i < N; for `env/N`, also when neither variable is set, one is not
    ///   a number, or both are set to different numbers.
    public init(_ text: String, environment: [String: String] = [:]) throws(BatchError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]), count > 0 else {
            throw .badOption(option: "--shard \(text)", reason: Self.form)
        }
        guard parts[0] == "env" else {
            guard let index = Int(parts[0]), (0..<count).contains(index) else {
                throw .badOption(option: "--shard \(text)", reason: Self.form)
            }
            self.index = index
            self.count = count
            return
        }
        let set = Self.indexVariables.compactMap { variable in
            environment[variable.name].map { (variable.name, variable.scheduler, $0) }
        }
        guard let (name, scheduler, value) = set.first else {
            throw .badOption(
                option: "--shard \(text)",
                reason: "neither JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (a Slurm job "
                    + "array) is set. Fix: run it as one of those, or give the index, e.g. --shard 0/\(count)")
        }
        guard let index = Int(value) else {
            throw .badOption(
                option: "--shard \(text)",
                reason: "\(name)=\(value) is not a whole number. Fix: give the index, e.g. --shard 0/\(count)")
        }
        if set.count > 1, let other = set.last, Int(other.2) != index {
            throw .badOption(
                option: "--shard \(text)",
                reason: "\(name)=\(value) and \(other.0)=\(other.2) disagree. Fix: unset one, or give the index, "
                    + "e.g. --shard \(index)/\(count)")
        }
        guard (0..<count).contains(index) else {
            let fix =
                name == "SLURM_ARRAY_TASK_ID"
                ? "submit with sbatch --array=0-\(count - 1)" : "set completions: \(count) in the Indexed Job"
            throw .badOption(
                option: "--shard \(text)",
                reason: "\(name)=\(value) (from \(scheduler)) is not in 0…\(count - 1): indices count from 0. Fix: "
                    + "\(fix), or give N to match")
        }
        self.index = index
        self.count = count
    }

    private static let form =
        "give i/N with 0 ≤ i < N (counted from 0), e.g. --shard 0/3, --shard 1/3, --shard 2/3, or env/N to read i "
        + "from JOB_COMPLETION_INDEX (Kubernetes) or SLURM_ARRAY_TASK_ID (Slurm)"

    /// True when the record at `recordIndex` belongs to this slice.
    public func contains(_ recordIndex: Int) -> Bool { recordIndex % count == index }

    /// `1/3`.
    public var description: String { "\(index)/\(count)" }
}
