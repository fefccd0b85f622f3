import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The render workers of a service: processes of the service's own binary that each render one document at a time,
/// so a document that traps, runs out of memory or never ends takes down only its worker, which is replaced.
///
/// Each worker has a lane: a thread of the service that owns it, takes the next job from the pool's one queue, sends
/// it, waits for the answer by the job's deadline and hands the answer back. A worker that finishes a job starts the
/// next one queued without waiting for a connection's task to run again, and under load a request costs the
/// service no thread hand-off but the answer's. The lane alone kills, reaps and replaces its worker
/// (`WorkerHandle.retire()`); `stop()` only signals the busy ones.
///
/// The queue admits a request while a lane is idle or fewer than `queueLength` wait: past that it is answered 429 at
/// once rather than left to time out.
final class WorkerPool: Sendable {
    private let launch: WorkerLaunch
    private let metrics: ServiceMetrics
    private let lanes: Int
    private let queueLength: Int
    private let state = Mutex(State())
    /// One signal per job queued (and one per lane at `stop()`): a lane waits on it for work.
    private let jobsQueued = DispatchSemaphore(value: 0)

    /// A job on its way to a worker, with what its requester waits on.
    private struct Job: Sendable {
        var frame: WorkerFrame
        var seconds: Duration
        var finish: CheckedContinuation<Result<WorkerFrame, ServiceProblem>, Never>
    }

    private struct State {
        /// Jobs no lane has taken yet, oldest first.
        var queue: [Job] = []
        /// The workers at work, by lane: what `stop()` kills.
        var working: [Int: pid_t] = [:]
        /// Lanes that have taken a job and not yet answered it.
        var busy = 0
        var stopped = false
    }

    /// Starts `count` workers from `launch`, each with its lane; at most `queueLength` requests wait for one.
    /// - Throws: `WorkerSpawnError` when one cannot be started (the ones started are retired).
    init(launch: WorkerLaunch, count: Int, queueLength: Int, metrics: ServiceMetrics) throws(WorkerSpawnError) {
        self.launch = launch
        self.metrics = metrics
        lanes = max(1, count)
        self.queueLength = max(0, queueLength)
        var started: [WorkerHandle] = []
        do {
            for _ in 0..<lanes { started.append(try WorkerHandle.spawn(launch)) }
        } catch {
            started.forEach { $0.retire() }
            throw error
        }
        metrics.load(running: 0, waiting: 0)
        for (lane, worker) in started.enumerated() {
            let thread = Thread { [self] in run(lane: lane, worker: worker) }
            thread.name = "mkpdf-worker-lane-\(lane)"
            thread.start()
        }
    }

    /// Runs `request` with `body` on the next free worker, allowing it `seconds` per document (a batch's worker
    /// reports each record, which starts the next record's time): past it the worker is killed and replaced.
    /// - Throws: the job's own `ServiceProblem`; `.queueFull` when the queue is full, `.timeLimit` for a worker killed
    ///   at its deadline, `.workerFailed` for one that stopped, `.shuttingDown` after `stop()`.
    func perform(_ request: RenderRequest, body: Data, seconds: Duration) async throws(ServiceProblem)
        -> RenderAnswer
    {
        let frame = WorkerFrame(header: request.header, body: body)
        let answer = await withCheckedContinuation { continuation in
            let job = Job(frame: frame, seconds: seconds, finish: continuation)
            if let refusal = enqueue(job) {
                continuation.resume(returning: .failure(refusal))
            } else {
                jobsQueued.signal()
            }
        }
        do {
            return try RenderAnswerHeader.answer(in: try answer.get())
        } catch let problem as ServiceProblem {
            throw problem
        } catch {
            throw ServiceProblem(.workerFailed, detail: "the render worker's answer was unreadable: \(error)")
        }
    }

    /// Ends the pool at the end of a drain: busy workers are killed at once (their jobs are answered 503), queued
    /// jobs answered 503, and each lane retires its worker and ends; no worker is started after it.
    func stop() {
        let (queued, working) = state.withLock { state in
            state.stopped = true
            defer { state.queue = [] }
            return (state.queue, Array(state.working.values))
        }
        for pid in working { kill(pid, SIGKILL) }
        for job in queued { job.finish.resume(returning: .failure(JobGate.draining)) }
        for _ in 0..<lanes { jobsQueued.signal() }
    }

    /// Queues `job`, or says why not.
    private func enqueue(_ job: Job) -> ServiceProblem? {
        state.withLock { state in
            if state.stopped { return JobGate.draining }
            let idle = lanes - state.busy
            let waiting = state.queue.count - idle
            guard waiting < queueLength else {
                return ServiceProblem(
                    .queueFull,
                    detail: "all \(lanes) rendering slots are busy and \(max(0, waiting)) requests wait, the most the "
                        + "queue holds. Fix: retry after a moment, or raise --queue on the server")
            }
            state.queue.append(job)
            report(state)
            return nil
        }
    }

    /// The next job for `lane`, waiting for one; nil once the pool is stopped.
    private func nextJob(lane: Int) -> Job? {
        while true {
            jobsQueued.wait()
            let next: Job?? = state.withLock { state in
                if state.stopped { return .some(nil) }
                guard !state.queue.isEmpty else { return nil }
                state.busy += 1
                let job = state.queue.removeFirst()
                report(state)
                return job
            }
            if let next { return next }
        }
    }

    /// A lane: jobs one after another on its worker, replaced when it fails one, until the pool stops.
    private func run(lane: Int, worker first: WorkerHandle) {
        var worker: WorkerHandle? = first
        while let job = nextJob(lane: lane) {
            let result = serve(job, lane: lane, worker: &worker)
            state.withLock { state in
                state.busy -= 1
                report(state)
            }
            job.finish.resume(returning: result)
        }
        worker?.retire()
    }

    /// `job` sent to the lane's worker and its answer, the worker replaced when it fails; a worker found dead
    /// before it got the job is replaced and the job given to the new one, once.
    private func serve(_ job: Job, lane: Int, worker: inout WorkerHandle?) -> Result<WorkerFrame, ServiceProblem> {
        for attempt in 0..<2 {
            if worker == nil { worker = try? WorkerHandle.spawn(launch) }
            guard let handle = worker else {
                return .failure(
                    ServiceProblem(.workerFailed, detail: "no render worker could be started. Fix: see the server's log"))
            }
            let stopped = state.withLock { state in
                state.working[lane] = handle.pid
                return state.stopped
            }
            if stopped { return .failure(JobGate.draining) }
            let outcome = Self.exchange(job.frame, with: handle, seconds: job.seconds)
            let stoppedSince = state.withLock { state in
                state.working[lane] = nil
                return state.stopped
            }
            switch outcome {
            case .success(let answer):
                return .success(answer)
            case .failure(.unsent) where attempt == 0 && !stoppedSince:
                replace(&worker, reason: .crash)
            case .failure(let failure):
                let timedOut: Bool
                if case .deadline = failure { timedOut = true } else { timedOut = false }
                let exit = replace(&worker, reason: timedOut ? .deadline : .crash)
                return .failure(Self.problem(timedOut: timedOut, exit: exit, stopped: stoppedSince, seconds: job.seconds))
            }
        }
        return .failure(
            ServiceProblem(.workerFailed, detail: "no render worker took the job. Fix: see the server's log"))
    }

    /// Retires a worker that failed its job and starts its replacement (none once the pool is stopped), counting
    /// the restart by `reason`.
    /// - Returns: how the failed worker ended.
    @discardableResult
    private func replace(_ worker: inout WorkerHandle?, reason: WorkerRestartReason) -> WorkerExit {
        let exit = worker?.retire() ?? WorkerExit(status: nil)
        metrics.workerRestart(reason)
        worker = state.withLock { $0.stopped } ? nil : try? WorkerHandle.spawn(launch)
        return exit
    }

    private func report(_ state: State) {
        metrics.load(running: state.busy, waiting: max(0, state.queue.count - (lanes - state.busy)))
    }

    /// The problem for a job whose worker failed it.
    private static func problem(timedOut: Bool, exit: WorkerExit, stopped: Bool, seconds: Duration) -> ServiceProblem
    {
        if stopped {
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

    /// Sends `frame` to `handle` and waits for its answer, on the lane's own thread; progress frames (one per batch
    /// record) restart the clock.
    private static func exchange(_ frame: WorkerFrame, with handle: WorkerHandle, seconds: Duration)
        -> Result<WorkerFrame, ExchangeFailure>
    {
        let channel = WorkerChannel(descriptor: handle.socket)
        do {
            try channel.send(frame)
        } catch {
            return .failure(.unsent)
        }
        do throws(WorkerChannelError) {
            while true {
                let answer = try channel.receive(by: .now + seconds)
                if RenderAnswerHeader.isProgress(answer) { continue }
                return .success(answer)
            }
        } catch .deadline {
            return .failure(.deadline)
        } catch {
            return .failure(.broken(error))
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
