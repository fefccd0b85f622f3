import Dispatch
import Foundation
import Support

#if canImport(Glibc)
    import Glibc
#endif

/// The other side of `WorkerPool`: the loop a worker process (`mkpdf-serve --worker`) runs, taking one job at a time
/// from descriptor 3 and answering it, under limits the service cannot be hurt by.
///
/// Why a process and not a thread: a trap in the engine (a number no check caught), an allocation past the address
/// space, or a loop that never reaches a deadline check ends or stalls only this process; the service answers that
/// one request and starts another worker.
public enum RenderWorker {
    /// Serves jobs on `socket` until the service closes it (exit 0), or its parent is gone.
    /// - Parameters:
    ///   - configuration: the service's own configuration (its `workers` is ignored: a worker renders in itself).
    ///   - socket: the worker's end of the socket pair.
    ///   - testFaultKey: for tests only (`--test-fault-key KEY`): a job whose bytes hold `KEY-crash` traps the
    ///     worker, one holding `KEY-hang` spins without end, as a bug in the engine would.
    /// - Returns: the process's exit status.
    public static func run(configuration: ServiceConfiguration, socket: Int32 = 3, testFaultKey: String? = nil) async
        -> Int32
    {
        // The service decides when a worker ends: signals meant for the service's terminal or process group are not
        // the worker's to act on; the CPU limit's signal keeps its default action (the end of the process).
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXCPU, SIG_DFL)
        if let memory = configuration.workers?.memoryBytes {
            var limit = rlimit(rlim_cur: rlim_t(memory), rlim_max: rlim_t(memory))
            setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
        }
        watchParent()
        // A worker makes documents one after another, as the command line does: the same allocator setting.
        AllocatorTuning.tuneForDocuments()
        var own = configuration
        own.workers = nil
        own.concurrentJobs = 1
        own.queueLength = 0
        let service: RenderService
        let channel = WorkerChannel(descriptor: socket)
        do {
            service = try RenderService(configuration: own, rendersInline: true)
        } catch {
            FileHandle.standardError.write(Data("mkpdf-serve worker: \(error.detail)\n".utf8))
            return 1
        }
        let seconds = configuration.limits.jobSeconds
        let faults = testFaultKey.map { key in (crash: Data((key + "-crash").utf8), hang: Data((key + "-hang").utf8)) }
        while true {
            let frame: WorkerFrame
            do throws(WorkerChannelError) {
                frame = try channel.receive()
            } catch {
                return error == .closed ? 0 : 1
            }
            limitCPU(seconds: seconds)
            if let faults {
                let bytes = frame.header + frame.body
                if bytes.range(of: faults.crash) != nil { fatalError("mkpdf-serve worker: test crash (--test-fault-key)") }
                if bytes.range(of: faults.hang) != nil { spin() }
            }
            let answer: WorkerFrame
            do {
                let request = try RenderRequest(header: frame.header)
                answer = RenderAnswerHeader.frame(
                    try await service.perform(request, body: frame.body) { done in
                        limitCPU(seconds: seconds)
                        try? channel.send(RenderAnswerHeader.progress(done))
                    })
            } catch let error as ServiceProblem {
                answer = RenderAnswerHeader.frame(error)
            } catch {
                answer = RenderAnswerHeader.frame(
                    ServiceProblem(.workerFailed, detail: "the worker could not read its job: \(error)"))
            }
            do throws(WorkerChannelError) {
                try channel.send(answer)
            } catch {
                return error == .closed ? 0 : 1
            }
        }
    }

    /// Runs without end, as a loop with no deadline check would (`--test-fault-key`).
    private static func spin() -> Never {
        var counter = 0
        while true { counter = counter &+ Int(getpid()) }
    }

    /// Sets the CPU-time limit (RLIMIT_CPU, soft) to the CPU time used so far plus `seconds` + 2: the wall-clock
    /// kill in the service comes first; this ends a worker on its own should the service be stopped or stalled.
    private static func limitCPU(seconds: Int) {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let used = Int(usage.ru_utime.tv_sec) + Int(usage.ru_stime.tv_sec) + 1
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
        let wanted = rlim_t(used + max(1, seconds) + 2)
        limit.rlim_cur = limit.rlim_max == rlim_t.max ? wanted : min(wanted, limit.rlim_max)
        setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &limit)
    }

    /// Ends the worker once its parent (the service) is gone, even in the middle of a job: the socket's end of
    /// stream is only seen between jobs.
    private static func watchParent() {
        let parent = getppid()
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler {
            if getppid() != parent { _exit(0) }
        }
        timer.resume()
        parentWatch.timer = timer
    }

    /// Keeps the parent watch's timer alive for the life of the process.
    private static let parentWatch = ParentWatch()

    private final class ParentWatch: @unchecked Sendable {
        /// Set once, by `watchParent()`, before any other thread reads it.
        var timer: (any DispatchSourceTimer)?
    }
}
