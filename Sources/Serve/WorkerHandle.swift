import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How the service starts a render worker: the program (the service's own binary) and its arguments, which carry the
/// same options the service was started with and `--worker`.
public struct WorkerLaunch: Sendable, Hashable {
    /// The program to run; `/proc/self/exe` runs the service's own binary even if the file was replaced since.
    public var executable: String
    /// The arguments after the program's name.
    public var arguments: [String]

    /// A launch of `executable` with `arguments`.
    public init(executable: String, arguments: [String]) {
        self.executable = executable
        self.arguments = arguments
    }
}

/// One running worker as the service sees it: its process id and the service's end of their socket.
///
/// A plain value so it can travel between the pool and the thread that talks to it, but with one owner at a time:
/// `WorkerPool` while it is idle, the job that checked it out while it is busy; only the pool's `retire(_:)` kills,
/// reaps and closes it, once.
struct WorkerHandle: Sendable, Hashable {
    /// The worker's process id.
    let pid: pid_t
    /// The service's end of the socket pair; the worker has the other end as descriptor 3.
    let socket: Int32

    /// The descriptor a worker finds its socket on.
    static let workerSocket: Int32 = 3

    /// Starts a worker from `launch`, connected to the service by a new socket pair.
    /// - Throws: `WorkerSpawnError` naming the call that failed.
    static func spawn(_ launch: WorkerLaunch) throws(WorkerSpawnError) -> WorkerHandle {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw WorkerSpawnError(call: "socketpair", errno: errno)
        }
        var child = pair[1]
        if child == workerSocket {
            // dup2 onto itself would leave close-on-exec set; move it out of the way first.
            child = fcntl(pair[1], F_DUPFD_CLOEXEC, workerSocket + 1)
            close(pair[1])
            guard child >= 0 else {
                let failure = errno
                close(pair[0])
                throw WorkerSpawnError(call: "fcntl", errno: failure)
            }
        }
        defer { close(child) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, child, workerSocket)
        let argv = ([launch.executable] + launch.arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        let environment = Self.environment().map { strdup($0) }
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, launch.executable, &actions, nil, argv + [nil], environment + [nil])
        guard result == 0 else {
            close(pair[0])
            throw WorkerSpawnError(call: "posix_spawn \(launch.executable)", errno: result)
        }
        return WorkerHandle(pid: pid, socket: pair[0])
    }

    /// The service's environment for a worker, with Swift's crash backtracer off unless `SWIFT_BACKTRACE` is set:
    /// it takes about a second in the crashing process, which would hold the request and the slot that long.
    private static func environment() -> [String] {
        var environment = ProcessInfo.processInfo.environment
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        return environment.map { "\($0.key)=\($0.value)" }
    }

    /// Kills the worker (SIGKILL), waits for it and closes the socket: the one end of a handle.
    /// - Returns: how it ended, as `waitpid` tells.
    @discardableResult
    func retire() -> WorkerExit {
        kill(pid, SIGKILL)
        let exit = reap()
        close(socket)
        return exit
    }

    /// Waits for the worker to end (it must have been killed or told to stop).
    private func reap() -> WorkerExit {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return WorkerExit(status: nil) }
        }
        return WorkerExit(status: status)
    }
}

/// How a worker process ended, decoded from `waitpid`'s status.
struct WorkerExit: Sendable, Hashable {
    /// The raw status; nil when the process could not be waited for.
    var status: Int32?

    /// The signal that ended it, if one did.
    var signal: Int32? {
        guard let status, status & 0x7f != 0, status & 0x7f != 0x7f else { return nil }
        return status & 0x7f
    }

    /// Its exit code, if it exited.
    var code: Int32? {
        guard let status, status & 0x7f == 0 else { return nil }
        return (status >> 8) & 0xff
    }

    /// "signal 4 (SIGILL)", "exit code 1", for problem details and logs.
    var description: String {
        if let signal { return "signal \(signal) (\(Self.name(of: signal)))" }
        if let code { return "exit code \(code)" }
        return "an unknown end"
    }

    private static func name(of signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGSEGV: "SIGSEGV"
        case SIGXCPU: "SIGXCPU, its CPU time limit"
        default: "a signal"
        }
    }
}

/// A worker could not be started: the system call and its `errno`.
struct WorkerSpawnError: Error, Sendable, CustomStringConvertible {
    var call: String
    var errno: Int32

    var description: String { "\(call) failed: \(String(cString: strerror(errno)))" }
}
