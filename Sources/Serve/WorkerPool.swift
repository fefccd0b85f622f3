import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The render workers of a service: processes of the service's own binary that each render one document at a time,
/// so a document that traps, runs out of memory or never ends takes down only its worker, which is replaced.
///
/// The pool owns every worker: it starts them, hands an idle one to a job (`JobGate` lets no more jobs in than there
/// are workers), takes it back, and is the only one that kills, reaps and closes one (`WorkerHandle.retire()`).
actor WorkerPool {
    private let launch: WorkerLaunch
    private let metrics: ServiceMetrics
    private var idle: [WorkerHandle] = []
    private var busy: Set<WorkerHandle> = []
    private var stopped = false

    /// Starts `count` workers from `launch`.
    /// - Throws: `WorkerSpawnError` when one cannot be started (the ones started are retired).
    init(launch: WorkerLaunch, count: Int, metrics: ServiceMetrics) throws(WorkerSpawnError) {
        self.launch = launch
        self.metrics = metrics
        var started: [WorkerHandle] = []
        do {
            for _ in 0..<max(1, count) { started.append(try WorkerHandle.spawn(launch)) }
        } catch {
            started.forEach { $0.retire() }
            throw error
        }
        idle = started
    }

    /// True once `stop()` was called.
    var isStopped: Bool { stopped }

    /// An idle worker for one job, started afresh if a replacement could not be started earlier.
    /// - Throws: `ServiceProblem` `.shuttingDown` after `stop()`, `.workerFailed` when no worker can be started.
    func checkOut() throws(ServiceProblem) -> WorkerHandle {
        guard !stopped else { throw JobGate.draining }
        let handle: WorkerHandle
        if let last = idle.popLast() {
            handle = last
        } else {
            do {
                handle = try WorkerHandle.spawn(launch)
            } catch {
                throw ServiceProblem(
                    .workerFailed, detail: "no render worker could be started: \(error). Fix: see the server's log")
            }
        }
        busy.insert(handle)
        return handle
    }

    /// Takes back a worker that answered its job.
    func checkIn(_ handle: WorkerHandle) {
        busy.remove(handle)
        if stopped {
            handle.retire()
        } else {
            idle.append(handle)
        }
    }

    /// Retires a worker that failed its job (crashed, was past its deadline, or broke the protocol) and starts its
    /// replacement, counting the restart by `reason`.
    /// - Returns: how the failed worker ended.
    func replace(_ handle: WorkerHandle, reason: WorkerRestartReason) -> WorkerExit {
        busy.remove(handle)
        let exit = handle.retire()
        metrics.workerRestart(reason)
        if !stopped, let fresh = try? WorkerHandle.spawn(launch) { idle.append(fresh) }
        return exit
    }

    /// Ends the pool at the end of a drain: busy workers are killed at once (their jobs are answered 503), idle ones
    /// retired; no worker is started after it.
    func stop() {
        stopped = true
        for handle in busy { kill(handle.pid, SIGKILL) }
        idle.forEach { $0.retire() }
        idle = []
    }

    /// Runs `request` with `body` on an idle worker, allowing it `seconds` per document (a batch's worker reports
    /// each record, which starts the next record's time): past it the worker is killed and replaced.
    /// - Throws: the job's own `ServiceProblem`; `.timeLimit` for a worker killed at its deadline, `.workerFailed`
    ///   for one that stopped, `.shuttingDown` for one killed by `stop()`.
    func perform(_ request: RenderRequest, body: Data, seconds: Duration) async throws(ServiceProblem)
        -> RenderAnswer
    {
        let frame = WorkerFrame(header: request.header, body: body)
        // A worker that died while idle (never given this job) is replaced and the job given to the next one, once.
        for attempt in 0..<2 {
            let handle = try checkOut()
            let outcome = await Self.exchange(frame, with: handle, seconds: seconds)
            switch outcome {
            case .success(let answer):
                checkIn(handle)
                do {
                    return try RenderAnswerHeader.answer(in: answer)
                } catch let problem as ServiceProblem {
                    throw problem
                } catch {
                    throw ServiceProblem(.workerFailed, detail: "the render worker's answer was unreadable: \(error)")
                }
            case .failure(.unsent) where attempt == 0:
                _ = replace(handle, reason: .crash)
            case .failure(let failure):
                throw problem(for: failure, handle: handle, seconds: seconds)
            }
        }
        throw ServiceProblem(.workerFailed, detail: "no render worker took the job. Fix: see the server's log")
    }

    /// The problem for a job whose worker failed it, once the worker is replaced.
    private func problem(for failure: ExchangeFailure, handle: WorkerHandle, seconds: Duration) -> ServiceProblem {
        let wasStopped = stopped
        let timedOut: Bool
        if case .deadline = failure { timedOut = true } else { timedOut = false }
        let exit = replace(handle, reason: timedOut ? .deadline : .crash)
        if wasStopped {
            return ServiceProblem(
                .shuttingDown,
                detail: "the service shut down (its drain time ended) before the document was made. Fix: retry on "
                    + "another instance")
        }
        let limit = Int(seconds.components.seconds)
        if timedOut || exit.signal == SIGXCPU {
            return ServiceProblem(
                .timeLimit,
                detail: "the document took more than \(limit) seconds, over the limit job-seconds; its renderer was "
                    + "stopped. Fix: make the template do less (loops, records), or raise --limit job-seconds on the "
                    + "server",
                limit: "job-seconds")
        }
        return ServiceProblem(
            .workerFailed,
            detail: "the process rendering this document stopped (\(exit.description)) before it answered; the service "
                + "replaced it and goes on. Fix: this is a bug in mkpdf for this template and data; report them")
    }

    /// Why an exchange failed.
    enum ExchangeFailure: Error {
        /// The request could not be sent: the worker was gone before it got the job.
        case unsent
        /// The worker did not answer within its time.
        case deadline
        /// The worker closed, or sent what is not an answer, after it got the job.
        case broken(WorkerChannelError)
    }

    /// Sends `frame` to `handle` and waits for its answer on a thread of its own, so the blocking reads never hold
    /// the threads that serve connections; progress frames (one per batch record) restart the clock.
    private static func exchange(_ frame: WorkerFrame, with handle: WorkerHandle, seconds: Duration) async
        -> Result<WorkerFrame, ExchangeFailure>
    {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                let channel = WorkerChannel(descriptor: handle.socket)
                do {
                    try channel.send(frame)
                } catch {
                    continuation.resume(returning: .failure(.unsent))
                    return
                }
                do throws(WorkerChannelError) {
                    while true {
                        let answer = try channel.receive(by: .now + seconds)
                        if RenderAnswerHeader.isProgress(answer) { continue }
                        continuation.resume(returning: .success(answer))
                        return
                    }
                } catch .deadline {
                    continuation.resume(returning: .failure(.deadline))
                } catch {
                    continuation.resume(returning: .failure(.broken(error)))
                }
            }
        }
    }
}

/// Why a worker was replaced, the label of `mkpdf_worker_restarts_total`.
enum WorkerRestartReason: String, Sendable {
    /// It stopped on its own: a trap, a signal, its memory limit, or a broken answer.
    case crash
    /// It was killed past its deadline.
    case deadline
}


