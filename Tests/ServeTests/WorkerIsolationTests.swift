import Foundation
import TestSupport
import Testing

/// Renders run in worker processes: a document that traps or never ends costs only its worker, which is answered
/// 500 or 504 within job-seconds + 1 s and replaced, while every other client's tickets render and `/healthz` stays
/// ok; SIGTERM ends with the drain time however long a document would run.
@Suite(.serialized) struct WorkerIsolationTests {
    /// The hidden fault key the tests start the server with: `KEY-crash` in a job traps its worker, `KEY-hang` spins.
    static let faultKey = "MKPDF-TEST-FAULT"

    /// Three `for` loops of 1,000 whose body draws nothing: a billion steps with no deadline check in them.
    static let nestedLoops = """
        {"template": "page: {width: 100, height: 100}\\ndata: {items: []}\\npalette: {ink: {stroke: \\"#000000\\"}}\\n\
        elements:\\n  - for: {each: a, in: items, elements: [{for: {each: b, in: items, elements: [{for: {each: c, \
        in: items, elements: [{if: {test: \\"false\\", then: [{text: {role: ink, text: x, size: 9, x: 0, y: 0, w: 10, \
        h: 10}}]}}]}}]}}]}\\n", \
        "data": "{\\"items\\": [\(Array(repeating: "1", count: 1_000).joined(separator: ","))]}"}
        """

    /// A text box whose letter spacing is 1e20: the engine traps on it unless a check refuses it first.
    static let hugeLetterSpacing = """
        {"template": "page: {width: 200, height: 100}\\npalette: {ink: {stroke: \\"#000000\\"}}\\nelements:\\n  - \
        text: {role: ink, text: ABC, size: 9, x: 0, y: 0, w: 100, h: 20, letterSpacing: 1e20}\\n", "data": "{}"}
        """

    /// A `POST` answered with a problem, and how long it took.
    struct Timed {
        var answer: ServiceProcess.Answer
        var seconds: Double
    }

    static func timed(_ body: @Sendable () throws -> ServiceProcess.Answer) rethrows -> Timed {
        let start = Date()
        let answer = try body()
        return Timed(answer: answer, seconds: Date().timeIntervalSince(start))
    }

    /// The value of the metric line that starts with `name` (labels included), or nil.
    static func metric(_ name: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ")[1]) }
    }

    @Test func theServiceSurvivesCrashesAndHangsWhile16ClientsRenderTickets() throws {
        let (scratch, root) = try RenderServiceTests.root("serve-isolation")
        let jobSeconds = 2.0
        let server = try ServiceProcess(
            root: root,
            arguments: [
                "--workers", "2", "--queue", "256", "--limit", "job-seconds=\(Int(jobSeconds))", "--test-fault-key",
                Self.faultKey
            ], scratch: scratch)
        let tickets = Locked<[Int]>([])
        let bad = Locked<[String: Timed]>([:])
        let health = Locked<[Int]>([])
        let group = DispatchGroup()
        for client in 0..<16 {
            DispatchQueue.global().async(group: group) {
                for index in 0..<8 {
                    let status =
                        (try? server.post("/render/ticket", json: #"{"member": "GCG-\#(client)-\#(index)"}"#).status)
                        ?? 0
                    tickets.update { $0.append(status) }
                }
            }
        }
        let reproducers: [(String, @Sendable () throws -> ServiceProcess.Answer)] = [
            ("crash", { try server.post("/render/ticket", json: #"{"member": "\#(Self.faultKey)-crash"}"#) }),
            ("hang", { try server.post("/render/ticket", json: #"{"member": "\#(Self.faultKey)-hang"}"#) }),
            ("nested loops", { try server.post("/render", json: Self.nestedLoops) }),
            ("letterSpacing 1e20", { try server.post("/render", json: Self.hugeLetterSpacing) })
        ]
        for (name, post) in reproducers {
            DispatchQueue.global().async(group: group) {
                if let timed = try? Self.timed(post) { bad.update { $0[name] = timed } }
            }
        }
        DispatchQueue.global().async(group: group) {
            for _ in 0..<10 {
                health.update { $0.append((try? server.request("GET", "/healthz").status) ?? 0) }
                Thread.sleep(forTimeInterval: 0.3)
            }
        }
        #expect(group.wait(timeout: .now() + 120) == .success, "the clients finished")

        let statuses = tickets.value
        #expect(statuses.count == 16 * 8)
        #expect(statuses.allSatisfy { $0 == 200 }, "every ticket rendered: \(statuses.filter { $0 != 200 })")
        #expect(health.value.count == 10 && health.value.allSatisfy { $0 == 200 }, "/healthz: \(health.value)")
        let answers = bad.value
        for (name, _) in reproducers {
            let timed = try #require(answers[name], "\(name) was answered")
            let answer = timed.answer
            print("\(name): \(answer.status) in \(String(format: "%.2f", timed.seconds)) s: \(answer.text.prefix(200))")
            #expect(answer.headers["content-type"] == "application/problem+json", "\(name): \(answer.text.prefix(300))")
            #expect(timed.seconds <= jobSeconds + 1, "\(name) took \(timed.seconds) s")
            switch name {
            case "crash":
                #expect(answer.status == 500 && answer.problem["type"] as? String == "/problems/worker-failed")
                #expect((answer.problem["detail"] as? String)?.contains("stopped (signal") == true, "\(answer.text)")
            case "hang", "nested loops":
                #expect(answer.status == 504, "\(name): \(answer.text.prefix(300))")
                #expect(answer.problem["limit"] as? String == "job-seconds")
            default:
                // A trap (500) here; a refusal naming the key (4xx) once the engine checks the number.
                #expect([400, 422, 500].contains(answer.status), "\(name): \(answer.text.prefix(300))")
            }
        }
        let metrics = try server.request("GET", "/metrics").text
        let crashes = try #require(Self.metric("mkpdf_worker_restarts_total{reason=\"crash\"}", in: metrics))
        let kills = try #require(Self.metric("mkpdf_worker_restarts_total{reason=\"deadline\"}", in: metrics))
        #expect(crashes >= 1, "\(metrics)")
        #expect(kills >= 1, "the hang was killed at its deadline: \(metrics)")
        #expect(Self.metric("mkpdf_workers_busy", in: metrics) == 0)
        #expect(Self.metric("mkpdf_queue_length", in: metrics) == 0)
        #expect(try server.post("/render/ticket", json: "{}").status == 200, "the replaced workers render")
        #expect(try server.request("GET", "/healthz").text == "ok\n")
    }

    @Test func sigtermKillsAHungDocumentAtTheEndOfTheDrain() throws {
        let (scratch, root) = try RenderServiceTests.root("serve-drain-kill")
        let server = try ServiceProcess(
            root: root,
            arguments: ["--workers", "1", "--drain-seconds", "1", "--test-fault-key", Self.faultKey],
            scratch: scratch)
        let hung = try server.start(
            "POST", "/render/ticket", body: Data(#"{"member": "\#(Self.faultKey)-hang"}"#.utf8),
            headers: ["Content-Type": "application/json"])
        Thread.sleep(forTimeInterval: 0.3)
        let start = Date()
        kill(server.process.processIdentifier, SIGTERM)
        let answer = try hung.wait()
        #expect(answer.status == 503, "\(answer.text)")
        #expect(answer.problem["type"] as? String == "/problems/shutting-down")
        server.process.waitUntilExit()
        let took = Date().timeIntervalSince(start)
        #expect(took < 3, "the service ended \(took) s after SIGTERM, drain 1 s")
        #expect(server.process.terminationStatus == 0, "\(server.output)")
    }

    @Test func queuedJobsWaitForTheBusyWorkerAndGoToItsReplacement() throws {
        let (scratch, root) = try RenderServiceTests.root("serve-lane-queue")
        let server = try ServiceProcess(
            root: root,
            arguments: [
                "--workers", "1", "--queue", "2", "--limit", "job-seconds=2", "--test-fault-key", Self.faultKey
            ], scratch: scratch)
        let headers = ["Content-Type": "application/json"]
        let hung = try server.start(
            "POST", "/render/ticket", body: Data(#"{"member": "\#(Self.faultKey)-hang"}"#.utf8), headers: headers)
        Thread.sleep(forTimeInterval: 0.3)
        let queued = try (1...2).map { number in
            try server.start(
                "POST", "/render/ticket", body: Data(#"{"member": "LANE-\#(number)"}"#.utf8), headers: headers)
        }
        Thread.sleep(forTimeInterval: 0.3)
        let during = try server.request("GET", "/metrics").text
        #expect(Self.metric("mkpdf_workers_busy", in: during) == 1, "\(during)")
        #expect(Self.metric("mkpdf_queue_length", in: during) == 2, "\(during)")
        let refused = try server.post("/render/ticket", json: "{}")
        #expect(refused.status == 429, "one busy worker and two waiting fill --queue 2: \(refused.text)")
        #expect(try hung.wait().status == 504)
        for (number, request) in queued.enumerated() {
            let answer = try request.wait()
            #expect(answer.status == 200 && answer.body.starts(with: Data("%PDF-".utf8)), "job \(number + 1)")
        }
        let after = try server.request("GET", "/metrics").text
        #expect(Self.metric("mkpdf_workers_busy", in: after) == 0, "\(after)")
        #expect(Self.metric("mkpdf_queue_length", in: after) == 0, "\(after)")
        #expect(Self.metric("mkpdf_worker_restarts_total{reason=\"deadline\"}", in: after) == 1, "\(after)")
    }

    @Test func inProcessRenderingIsKeptForComparison() throws {
        let (scratch, root) = try RenderServiceTests.root("serve-in-process")
        let server = try ServiceProcess(root: root, arguments: ["--workers", "0"], scratch: scratch)
        let answer = try server.post("/render/ticket", json: #"{"member": "INPROC-1"}"#)
        #expect(answer.status == 200 && answer.body.starts(with: Data("%PDF-".utf8)))
        let workers = try Oracle.run("pgrep", ["-P", String(server.process.processIdentifier)])
        #expect(workers.stdout.isEmpty, "no worker processes: \(workers.stdout)")
        let isolated = try ServiceProcess(root: root, arguments: ["--workers", "3"], scratch: scratch)
        let children = try Oracle.run("pgrep", ["-P", String(isolated.process.processIdentifier)])
        #expect(children.stdout.split(separator: "\n").count == 3, "three workers: \(children.stdout)")
    }
}

/// A value shared by the test's client threads.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}
