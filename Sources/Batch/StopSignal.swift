import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A request to stop a batch: set by SIGINT/SIGTERM (or a test), read by the run loop before it takes each record.
///
/// The run then takes no new record, lets the documents in flight finish and be recorded, and returns, so the manifest
/// stays consistent; the command exits 130 (SIGINT) or 143 (SIGTERM).
public final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var received: Int32?
    private var sources: [any DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "mkpdf.batch.signals")

    /// A flag that nothing has set yet.
    public init() {}

    /// The signal that asked to stop (`SIGINT`, `SIGTERM`), or nil.
    public var signal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Asks the run to stop as if `signal` had arrived.
    public func request(_ signal: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if received == nil { received = signal }
    }

    /// Routes SIGINT and SIGTERM here (dispatch sources on a private queue, the default action ignored) until the
    /// process ends; a second signal of the same kind exits at once with 128 + signal.
    public func trapInterrupts() {
        for number in [SIGINT, SIGTERM] {
            ignoreDefaultAction(of: number)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in
                guard let self else { return }
                if self.signal == number { exit(128 + number) }
                self.request(number)
            }
            source.resume()
            lock.lock()
            sources.append(source)
            lock.unlock()
        }
    }
}

/// Stops the default action (terminate) of `number`, so only the dispatch source sees it.
private func ignoreDefaultAction(of number: Int32) {
    signal(number, SIG_IGN)
}
