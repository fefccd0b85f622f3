import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

extension RenderService {
    /// Serves the routes on `host`:`port` until SIGTERM or SIGINT, then drains: for `configuration.drainTime`
    /// requests that come are answered 503, then the socket closes, the ones being rendered finish, and the call
    /// returns.
    /// - Parameters:
    ///   - host: The address to listen on (`127.0.0.1`, `0.0.0.0`).
    ///   - port: The port to listen on; 0 lets the system choose one.
    ///   - logger: Where the server logs requests and its shutdown.
    ///   - onListening: called once the server listens, with the port it got (useful with port 0).
    public func serve(
        host: String, port: Int, logger: Logger = Logger(label: "mkpdf-serve"),
        onListening: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let router = Router()
        addRoutes(to: router)
        let application = Application(
            router: router,
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port),
                serverName: "mkpdf"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) }, logger: logger)
        // Shut down in reverse order: the drain flag first, so a request that comes from then on is answered 503,
        // then the server, which closes its socket and waits for the requests in flight.
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [application, Drainer(gate: gate, time: configuration.drainTime)],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger))
        try await group.run()
    }
}

/// Sets the gate's drain flag when graceful shutdown begins, and holds the server's shutdown back for `time` while
/// new requests are answered 503.
private struct Drainer: Service {
    let gate: JobGate
    let time: Duration

    func run() async throws {
        try? await gracefulShutdown()
        await gate.drain()
        if time > .zero { try? await Task.sleep(for: time) }
    }
}
