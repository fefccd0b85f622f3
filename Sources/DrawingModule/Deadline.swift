/// When one job (one document) must be done by: checked between pieces of its work — template elements, each item
/// of `for`/`if`/`repeat`, each step of an expression's list filters, flow blocks and table rows, text boxes being
/// set, drawing commands, raster bands being encoded — so a template or data that runs away stops with an error
/// naming the `job-seconds` limit and the time it really ran, and a batch goes on with the next record.
public struct Deadline: Sendable, Hashable {
    /// The seconds the job was given.
    public let seconds: Int
    private let start: ContinuousClock.Instant
    private let end: ContinuousClock.Instant

    /// A deadline `seconds` from now.
    public init(seconds: Int) {
        self.seconds = seconds
        start = ContinuousClock.now
        end = start + .seconds(seconds)
    }

    /// True once the time is up.
    public var hasPassed: Bool { ContinuousClock.now >= end }

    /// How long the job has run so far.
    public var elapsed: Duration { ContinuousClock.now - start }

    /// What a job past its deadline went over, with the time it really ran (`1.04 seconds`).
    public var exceeded: LimitExceeded {
        let (whole, attoseconds) = elapsed.components
        let hundredths = Int(whole) * 100 + Int(attoseconds / 10_000_000_000_000_000)
        let shown = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        var limit = LimitExceeded(
            limit: "job-seconds", what: "the document was stopped after", value: max(seconds + 1, hundredths / 100),
            maximum: seconds, unit: "seconds")
        limit.shownValue = shown
        return limit
    }

    /// Throws `failure(exceeded)` once the time is up: the one-line check a loop makes at each step.
    @inline(__always)
    public func check<Failure: Error>(_ failure: (LimitExceeded) -> Failure) throws(Failure) {
        if hasPassed { throw failure(exceeded) }
    }
}
