import Foundation
import TestSupport
import Testing

/// A `mkpdf-serve` process on a free loopback port, for tests that talk to it over real HTTP (curl).
///
/// Sendable so that several client threads can talk to one server: every stored property is set once in `init`, and
/// each request runs a curl process of its own.
final class ServiceProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    let scratch: Scratch
    private let log: URL

    /// Starts the server on the templates in `root` with `arguments` (and `environment` over the test's own), and
    /// waits until it listens.
    init(root: URL, arguments: [String] = [], environment: [String: String] = [:], scratch: Scratch) throws {
        self.scratch = scratch
        log = scratch.file("server-\(UUID().uuidString).out")
        try Data().write(to: log)
        let output = try FileHandle(forWritingTo: log)
        process.executableURL = Repo.mkpdfServe
        process.arguments = ["--root", root.path, "--listen", "127.0.0.1:0"] + arguments
        process.standardOutput = output
        process.standardError = output
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        var found: Int?
        while found == nil, Date() < deadline, process.isRunning {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: "listening on http://127.0.0.1:") {
                found = Int(text[range.upperBound...].prefix { $0.isNumber })
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        guard let found else {
            process.terminate()
            throw ServerDidNotStart(output: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
        }
        port = found
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// What the server printed so far.
    var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

    /// One request's answer.
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data

        /// The body as a problem details object.
        var problem: [String: Any] {
            (try? JSONSerialization.jsonObject(with: body) as? [String: Any]) ?? [:]
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// A request in flight: `wait()` gives its answer.
    final class Pending {
        let process: Process
        let bodyFile: URL
        let headerFile: URL
        let statusPipe = Pipe()

        init(process: Process, bodyFile: URL, headerFile: URL) {
            self.process = process
            self.bodyFile = bodyFile
            self.headerFile = headerFile
        }

        func wait() throws -> Answer {
            let status = statusPipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            var headers: [String: String] = [:]
            let head = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
            for line in head.split(whereSeparator: \.isNewline) {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                    .trimmingCharacters(in: .whitespaces)
            }
            return Answer(
                status: Int(String(decoding: status, as: UTF8.self)) ?? 0, headers: headers,
                body: (try? Data(contentsOf: bodyFile)) ?? Data())
        }
    }

    /// Starts `method path` with `body` and `headers`; the answer comes from `wait()`.
    func start(_ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]) throws
        -> Pending
    {
        let id = UUID().uuidString
        let bodyFile = scratch.file("answer-\(id)")
        let headerFile = scratch.file("headers-\(id)")
        var arguments = [
            "-s", "--path-as-is", "-X", method, "-o", bodyFile.path, "-D", headerFile.path, "-w", "%{http_code}"
        ]
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        if let body {
            let file = scratch.file("request-\(id)")
            try body.write(to: file)
            arguments += ["--data-binary", "@" + file.path]
        }
        arguments.append("http://127.0.0.1:\(port)\(path)")
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: try #require(Oracle.path(of: "curl")))
        curl.arguments = arguments
        let pending = Pending(process: curl, bodyFile: bodyFile, headerFile: headerFile)
        curl.standardOutput = pending.statusPipe
        try curl.run()
        return pending
    }

    /// `method path` with `body` and `headers`, waited for.
    func request(_ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]) throws
        -> Answer
    {
        try start(method, path, body: body, headers: headers).wait()
    }

    /// The editor's save token, from `GET /editor/settings`.
    func editorToken() throws -> String {
        let settings = try JSONSerialization.jsonObject(with: try request("GET", "/editor/settings").body)
        return try #require((settings as? [String: Any])?["token"] as? String)
    }

    /// `PUT /templates/NAME` with `yaml`, as the editor sends it (its token, `application/yaml`).
    func save(_ name: String, yaml: Data) throws -> Answer {
        try request(
            "PUT", "/templates/\(name)", body: yaml,
            headers: ["Content-Type": "application/yaml", "MKPDF-Editor-Token": try editorToken()])
    }

    /// `POST path` with a JSON body.
    func post(_ path: String, json: String, headers: [String: String] = [:]) throws -> Answer {
        try request(
            "POST", path, body: Data(json.utf8), headers: ["Content-Type": "application/json"].merging(headers) { $1 })
    }
}

/// The server printed no port within 30 seconds.
struct ServerDidNotStart: Error, CustomStringConvertible {
    var output: String
    var description: String { "mkpdf-serve did not start: \(output)" }
}
