/// When one job (one document) must be done by: checked between pieces of its work — template elements, flow blocks
/// and pages, drawing commands — so a template or data that runs away stops with an error naming the `job-seconds`
/// limit, and a batch goes on with the next record.
public struct Deadline: Sendable, Hashable {
    /// The seconds the job was given.
    public let seconds: Int
    private let end: ContinuousClock.Instant

    /// A deadline `seconds` from now.
    public init(seconds: Int) {
        self.seconds = seconds
        end = ContinuousClock.now + .seconds(seconds)
    }

    /// True once the time is up.
    public var hasPassed: Bool { ContinuousClock.now >= end }

    /// What a job past its deadline went over.
    public var exceeded: LimitExceeded {
        LimitExceeded(
            limit: "job-seconds", what: "the document took more than", value: seconds + 1, maximum: seconds,
            unit: "seconds")
    }
}
