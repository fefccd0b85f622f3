import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The README's SLURM recipe on a real scheduler: a one-node Slurm (munged, slurmctld, slurmd from Debian's `munge`,
/// `slurmctld`, `slurmd`, `slurm-client`, installed by scripts/setup) started on 127.0.0.1 with its own config, keys,
/// ports, state and logs in a scratch folder, runs `sbatch --array=0-3` of one batch into one `--out`; then
/// `mkpdf batch --status` must show every record done once. Each daemon is stopped by its pid after. Fails, naming the packages, when Slurm is not installed.
@Suite(.serialized) struct SlurmBatchTests {
    /// A Slurm or munge program that is not installed.
    struct MissingSlurm: Error, CustomStringConvertible {
        var program: String
        var description: String {
            "\(program) is not installed: run scripts/setup as root (Debian packages slurmctld slurmd slurm-client "
                + "munge) — the Slurm batch test needs a real one-node Slurm"
        }
    }

    /// A daemon that did not come up, with its log.
    struct SlurmDidNotStart: Error, CustomStringConvertible {
        var description: String
    }

    static func program(_ name: String) throws -> String {
        for folder in ["/usr/sbin", "/usr/bin", "/sbin", "/bin", "/usr/local/sbin", "/usr/local/bin"] {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw MissingSlurm(program: name)
    }

    /// The daemons of one test, each started in the foreground by a Python launcher that exits at once — with no
    /// descriptor of the test's open (Foundation's `Process` learns that its child ended when a socket it passes to
    /// the child closes, so a daemon holding it would stall the test) and no signal blocked (the test's threads block
    /// SIGTERM) — their output in log files; stopped by pid: SIGTERM, then SIGKILL after 5 s.
    final class Daemons {
        var daemons: [(name: String, pid: pid_t, log: URL)] = []

        static let launcher = """
            import signal, subprocess, sys
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            with open(sys.argv[1], "ab") as log:
                daemon = subprocess.Popen(sys.argv[2:], stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                          close_fds=True, start_new_session=True)
            print(daemon.pid)
            """

        func start(_ program: String, _ arguments: [String], log: URL) throws {
            let launched = try Oracle.run("python3", ["-c", Self.launcher, log.path, program] + arguments)
            let name = URL(fileURLWithPath: program).lastPathComponent
            let pid = try #require(
                pid_t(launched.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(name): \(launched.stderr)")
            daemons.append((name, pid, log))
        }

        /// The first daemon that has exited, or nil.
        var exited: (name: String, pid: pid_t, log: URL)? {
            daemons.first { !Self.isAlive($0.pid) }
        }

        /// Stops every daemon by its pid.
        func stop() {
            for daemon in daemons { kill(daemon.pid, SIGTERM) }
            let deadline = Date().addingTimeInterval(5)
            while daemons.contains(where: { Self.isAlive($0.pid) }), Date() < deadline { usleep(50_000) }
            for daemon in daemons where Self.isAlive(daemon.pid) { kill(daemon.pid, SIGKILL) }
        }

        /// True while `pid` runs (a zombie, which nothing may reap here, has stopped).
        static func isAlive(_ pid: pid_t) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            return !stat[close...].hasPrefix(") Z") && !stat[close...].hasPrefix(") X")
        }
    }

    @Test("sbatch --array=0-3 of the README's --shard env/N line into one --out: --status shows every record once")
    func arrayJobIntoOneFolder() throws {
        let started = ContinuousClock.now
        let (munged, slurmctld, slurmd, sbatch, squeue, sinfo) = (
            try Self.program("munged"), try Self.program("slurmctld"), try Self.program("slurmd"),
            try Self.program("sbatch"), try Self.program("squeue"), try Self.program("sinfo")
        )
        let scratch = try Scratch("slurm")
        let folder = scratch.url.path
        for sub in ["munge", "state", "spool", "log"] {
            try FileManager.default.createDirectory(
                at: scratch.file(sub), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        }
        var key = [UInt8](repeating: 0, count: 1024)
        var random = SystemRandomNumberGenerator()
        for index in key.indices { key[index] = random.next() }
        let keyFile = scratch.file("munge/munge.key")
        try Data(key).write(to: keyFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: keyFile.path)

        let host = try Oracle.run("hostname", ["-s"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let user = try #require(getpwuid(getuid())).pointee.pw_name.map { String(cString: $0) } ?? "root"
        let port = Int.random(in: 20_000..<60_000)
        let socket = "\(folder)/munge/munge.socket"
        let conf = scratch.file("slurm.conf")
        try Data(
            """
            ClusterName=mkpdftest
            SlurmctldHost=\(host)(127.0.0.1)
            SlurmctldPort=\(port)
            SlurmdPort=\(port + 1)
            AuthType=auth/munge
            AuthInfo=socket=\(socket)
            CredType=cred/munge
            SlurmUser=\(user)
            SlurmdUser=\(user)
            StateSaveLocation=\(folder)/state
            SlurmdSpoolDir=\(folder)/spool
            SlurmctldPidFile=\(folder)/slurmctld.pid
            SlurmdPidFile=\(folder)/slurmd.pid
            SlurmctldLogFile=\(folder)/log/slurmctld.log
            SlurmdLogFile=\(folder)/log/slurmd.log
            ProctrackType=proctrack/linuxproc
            TaskPlugin=task/none
            SelectType=select/cons_tres
            SelectTypeParameters=CR_CPU
            SchedulerType=sched/builtin
            ReturnToService=2
            MpiDefault=none
            JobAcctGatherType=jobacct_gather/none
            AccountingStorageType=accounting_storage/none
            NodeName=\(host) NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
            PartitionName=mkpdf Nodes=\(host) Default=YES MaxTime=10 State=UP

            """.utf8
        ).write(to: conf)
        let environment = ["SLURM_CONF": conf.path]

        let daemons = Daemons()
        defer { daemons.stop() }
        try daemons.start(
            munged,
            [
                "-F", "--key-file=\(keyFile.path)", "--socket=\(socket)", "--pid-file=\(folder)/munge/munged.pid",
                "--log-file=\(folder)/munge/munged.log", "--seed-file=\(folder)/munge/munged.seed"
            ], log: scratch.file("log/munged.out"))
        try Self.waitUntil("munged makes its socket", log: scratch.file("log/munged.out"), daemons: daemons) {
            FileManager.default.fileExists(atPath: socket)
        }
        try daemons.start(slurmctld, ["-D", "-f", conf.path], log: scratch.file("log/slurmctld.out"))
        try daemons.start(slurmd, ["-D", "-f", conf.path, "-N", host], log: scratch.file("log/slurmd.out"))
        try Self.waitUntil("the node is idle", log: scratch.file("log/slurmctld.log"), daemons: daemons) {
            let state = try? Oracle.run(sinfo, ["-h", "-o", "%T"], environment: environment)
            return state?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "idle"
        }

        // The README's SLURM line, with N = 4 and the built mkpdf.
        let readme = try ShardFolderTests.fanningOut().split(separator: "\n")
        let comment = try #require(readme.firstIndex { $0.hasPrefix("# SLURM: sbatch --array=0-7 job.sh") })
        let line = String(readme[comment + 1])
        #expect(line == "mkpdf batch --data members.csv --out tickets --shard env/8 --resume")
        let command = line.replacingOccurrences(of: "env/8", with: "env/4")
            .replacingOccurrences(of: "mkpdf batch", with: "'\(Repo.mkpdf.path)' batch")
        let count = 40
        try Data(BatchCommandTests.csv(count: count).utf8).write(to: scratch.file("members.csv"))
        try Data("#!/bin/sh\nexec \(command) --jobs 1\n".utf8).write(to: scratch.file("job.sh"))

        let submitted = try Oracle.run(
            sbatch,
            [
                "--parsable", "--array=0-3", "--chdir=\(folder)", "--output=\(folder)/slurm-%a.out",
                scratch.file("job.sh").path
            ], environment: environment)
        #expect(submitted.status == 0, "\(submitted.stderr)")
        let job = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!job.isEmpty && job.allSatisfy(\.isNumber), "sbatch printed no job id: \(submitted.stdout)")
        try Self.waitUntil(
            "array job \(job) ends", seconds: 45, log: scratch.file("log/slurmd.log"), daemons: daemons
        ) {
            let queue = try? Oracle.run(squeue, ["-h", "-j", job], environment: environment)
            return queue.map { $0.status == 0 && $0.stdout.isEmpty } ?? false
        }

        for task in 0..<4 {
            let output = (try? String(contentsOf: scratch.file("slurm-\(task).out"), encoding: .utf8)) ?? "(none)"
            #expect(output.contains("10 ok, 0 failed"), "array task \(task): \(output)")
        }
        let status = try Oracle.run(
            Repo.mkpdf.path, ["batch", "--status", "tickets", "--data", "members.csv"], directory: scratch.url)
        #expect(status.status == 0, "\(status.stdout)\(status.stderr)")
        #expect(
            status.stdout.hasPrefix(
                "tickets: 4 manifests, 40 records checked (all of members.csv): 40 done, 0 failed, 0 missing, "
                    + "0 done twice — complete\n"), "\(status.stdout)")
        try ShardFolderTests.expectEveryRecordOnce(scratch.file("tickets"), count: count, shards: 4)
        #expect(ContinuousClock.now - started < .seconds(60), "the Slurm test took \(ContinuousClock.now - started)")
    }

    /// Polls `condition` every 0.2 s; throws, quoting the end of `log`, when it is not met in time or a daemon
    /// has exited.
    static func waitUntil(
        _ what: String, seconds: Double = 20, log: URL, daemons: Daemons, _ condition: () throws -> Bool
    ) throws {
        let deadline = Date().addingTimeInterval(seconds)
        var problem = "timed out after \(Int(seconds)) s"
        var log = log
        while Date() < deadline {
            if try condition() { return }
            if let dead = daemons.exited {
                problem = "\(dead.name) (process \(dead.pid)) exited"
                log = dead.log
                break
            }
            usleep(200_000)
        }
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw SlurmDidNotStart(
            description: "\(problem) waiting until \(what); \(log.path) ends:\n"
                + text.split(separator: "\n").suffix(15).joined(separator: "\n"))
    }
}
