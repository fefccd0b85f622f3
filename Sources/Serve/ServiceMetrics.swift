import Prometheus

/// What `GET /metrics` reports, in Prometheus's text format (through swift-prometheus): requests by route and status,
/// problems by kind, request latency as a histogram, documents and bytes made.
struct ServiceMetrics: Sendable {
    /// The registry every metric is kept in.
    let registry = PrometheusCollectorRegistry()
    private let latency: DurationHistogram
    private let documents: Counter
    private let bytes: Counter

    init() {
        latency = registry.makeDurationHistogram(
            descriptor: Self.name("request_duration", unit: "seconds", help: "Time from request to answer."),
            labels: [],
            buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 10_000].map { .milliseconds($0) })
        documents = registry.makeCounter(
            descriptor: Self.name("documents", unit: "total", help: "Documents rendered."), labels: [])
        bytes = registry.makeCounter(
            descriptor: Self.name("output", unit: "bytes", help: "Bytes of the documents rendered."), labels: [])
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

    /// The exposition text.
    func text() -> String { registry.emitToString() }

    private static func name(_ metric: String, unit: String, help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "mkpdf", metricName: metric, unitName: unit, helpText: help)
    }
}
