import Prometheus

/// What `GET /metrics` reports, in Prometheus's text format (through swift-prometheus): requests by route and status,
/// problems by kind, request latency as a histogram, documents and bytes made; and what an operator needs to see a
/// stuck or failing renderer: the slots busy, the requests waiting, and the worker processes replaced, by reason.
struct ServiceMetrics: Sendable {
    /// The registry every metric is kept in.
    let registry = PrometheusCollectorRegistry()
    private let latency: DurationHistogram
    private let documents: Counter
    private let bytes: Counter
    private let busy: Gauge
    private let waiting: Gauge

    init() {
        latency = registry.makeDurationHistogram(
            descriptor: Self.name("request_duration", unit: "seconds", help: "Time from request to answer."),
            labels: [],
            buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 10_000].map { .milliseconds($0) })
        documents = registry.makeCounter(
            descriptor: Self.name("documents", unit: "total", help: "Documents rendered."), labels: [])
        bytes = registry.makeCounter(
            descriptor: Self.name("output", unit: "bytes", help: "Bytes of the documents rendered."), labels: [])
        busy = registry.makeGauge(
            descriptor: Self.name(
                "workers_busy", unit: "", help: "Rendering slots (worker processes, or threads with --workers 0) busy."),
            labels: [])
        waiting = registry.makeGauge(
            descriptor: Self.name("queue_length", unit: "", help: "Requests waiting for a rendering slot."), labels: [])
        for reason in [WorkerRestartReason.crash, .deadline] { restarts(reason).increment(by: Int64(0)) }
    }

    /// Counts one answered request on `route` with `status`, and how long it took.
    func request(route: String, status: Int, duration: Duration) {
        registry.makeCounter(
            descriptor: Self.name("requests", unit: "total", help: "Requests answered, by route and status."),
            labels: [("route", route), ("status", String(status))]
        ).increment()
        latency.record(duration)
    }

    /// Counts one problem of `kind`.
    func problem(_ kind: ServiceProblem.Kind) {
        registry.makeCounter(
            descriptor: Self.name("problems", unit: "total", help: "Requests answered with a problem, by kind."),
            labels: [("kind", kind.rawValue)]
        ).increment()
    }

    /// Counts `count` documents of `size` bytes in all.
    func documents(_ count: Int, bytes size: Int) {
        documents.increment(by: Int64(count))
        bytes.increment(by: Int64(size))
    }

    /// Sets the gauges of busy slots and waiting requests.
    func load(running: Int, waiting count: Int) {
        busy.set(Int64(running))
        waiting.set(Int64(count))
    }

    /// Counts one worker process replaced for `reason`.
    func workerRestart(_ reason: WorkerRestartReason) { restarts(reason).increment() }

    private func restarts(_ reason: WorkerRestartReason) -> Counter {
        registry.makeCounter(
            descriptor: Self.name(
                "worker_restarts", unit: "total", help: "Worker processes replaced: crashed, or killed at their deadline."),
            labels: [("reason", reason.rawValue)])
    }

    /// The exposition text.
    func text() -> String { registry.emitToString() }

    private static func name(_ metric: String, unit: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "mkpdf", metricName: metric, unitName: unit, helpText: help)
    }
}
