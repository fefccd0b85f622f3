import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

extension RenderService {
    /// Serves the routes on `host`:`port` until SIGTERM or SIGINT, then drains: for `configuration.drainTime`
    /// requests that come are answered 503, then the worker processes still rendering are killed (their requests
    /// answered 503), the socket closes and the call returns. (With no workers the jobs in flight finish first.)
    ///
    /// Connections are held to Hummingbird's limits: a header (or a silence) longer than `idleTimeout` closes the
    /// connection, past `maximumConnections` new ones wait in the backlog, and a header field is at most 16 KiB (64 KiB
    /// and 100 fields in all).
    /// - Parameters:
    ///   - host: the address to listen on (`127.0.0.1`, or `0.0.0.0` for every interface).
    ///   - port: the port to listen on; 0 lets the system choose one (see `onListening`).
    ///   - logger: where requests and the drain are logged.
    ///   - onListening: called once the server listens, with the port it got (useful with port 0).
    public func serve(
        host: String, port: Int, logger: Logger = Logger(label: "mkpdf-serve"),
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let router = Router()
        addRoutes(to: router)
        let idle = configuration.idleTimeout.components
        let application = Application(
            router: router,
            server: .http1(
                configuration: .init(
                    idleTimeout: .nanoseconds(idle.seconds * 1_000_000_000 + idle.attoseconds / 1_000_000_000),
                    httpDecoderConfiguration: .init(
                        maxHeaderFieldSize: 16 << 10, maxHeaderListSize: 64 << 10, maxHeaderFieldCount: 100))),
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port),
                serverName: "mkpdf",
                availableConnectionsDelegate: .maximum(configuration.maximumConnections, logger: logger)),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) }, logger: logger)
        // Shut down in reverse order: the drain flag first, so a request that comes from then on is answered 503,
        // then the server, which closes its socket and waits for the requests in flight.
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [application, Drainer(gate: gate, pool: pool, time: configuration.drainTime)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        try await group.run()
    }
}

/// Sets the gate's drain flag when graceful shutdown begins, holds the server's shutdown back for `time` while
/// new requests are answered 503, then stops the worker pool: what is still rendering is killed, so the shutdown
/// takes no longer than the drain time however long a document would run.
private struct Drainer: Service {
    let gate: JobGate
    let pool: WorkerPool?
    let time: Duration

    func run() async throws {
        try? await gracefulShutdown()
        gate.drain()
        if time > .zero { try? await Task.sleep(for: time) }
        pool?.stop()
    }
}
