import Dispatch
import Synchronization

/// How many documents render at once and how many requests may wait: a request past the queue is answered 429 at
/// once rather than left to time out, and once the service drains for shutdown every new request is answered 503
/// while the ones holding a slot finish.
actor JobGate {
    private let slots: Int
    private let queueLength: Int
    private let metrics: ServiceMetrics?
    private let inline: Bool
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private let draining = Atomic(false)

    /// True once shutdown has begun; read without waiting for the gate, as every request does.
    nonisolated var isDraining: Bool { draining.load(ordering: .acquiring) }

    /// A gate with `slots` rendering slots and room for `queueLength` waiting requests, reporting its load to
    /// `metrics`' gauges.
    /// With `inline` the work runs on the caller's thread: a render worker's one job has no connections to keep
    /// serving, and a hop to another thread costs two context switches per document.
    init(slots: Int, queueLength: Int, metrics: ServiceMetrics? = nil, inline: Bool = false) {
        self.slots = max(1, slots)
        self.queueLength = max(0, queueLength)
        self.metrics = metrics
        self.inline = inline
    }

    /// The jobs holding a slot and the requests waiting for one.
    var load: (running: Int, waiting: Int) { (running, waiting.count) }

    /// Takes a slot, waiting in line for one when all are busy.
    /// - Throws: `ServiceProblem` `.queueFull` when the line is full, `.shuttingDown` while draining.
    func enter() async throws(ServiceProblem) {
        guard !isDraining else { throw Self.draining }
        if running < slots {
            running += 1
            report()
            return
        }
        guard waiting.count < queueLength else {
            throw ServiceProblem(
                .queueFull,
                detail: "all \(slots) rendering slots are busy and \(waiting.count) requests wait, the most the "
                    + "queue holds. Fix: retry after a moment, or raise --queue on the server")
        }
        await withCheckedContinuation {
            waiting.append($0)
            report()
        }
    }

    /// Gives the slot back, to the first request in line if there is one.
    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
        report()
    }

    private func report() { metrics?.load(running: running, waiting: waiting.count) }

    /// Refuses new requests from now on; those holding or waiting for a slot go on.
    nonisolated func drain() { draining.store(true, ordering: .releasing) }

    /// The answer to a request that comes while the service drains.
    static let draining = ServiceProblem(
        .shuttingDown, detail: "the service is shutting down and takes no new documents. Fix: retry on another instance"
    )

    /// Runs `work` on a thread of its own once a slot is free, so rendering never blocks the threads that serve
    /// connections (inline: on the caller's thread).
    func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        if inline { return try work() }
        try await enter()
        defer { leave() }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Swift.Result { try work() })
            }
        }
    }
}
