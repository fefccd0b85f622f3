import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What another site's page can send through a user's browser is refused: bodies a form can make (415), another
/// `Origin` (403), a rebound `Host` (421), a save without the editor's token (403); half-sent requests are closed and
/// connections capped; batch bodies leave nothing on disk.
@Suite(.serialized) struct RequestGuardTests {
    @Test func bodiesAFormCanSendAreRefused() throws {
        let (scratch, root) = try RenderServiceTests.root("guard-types")
        let server = try ServiceProcess(root: root, scratch: scratch)
        let json = Data(#"{"member": "GCG-1"}"#.utf8)
        for type in ["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""] {
            for path in ["/render/ticket", "/render", "/batch/ticket"] {
                let answer = try server.request("POST", path, body: json, headers: ["Content-Type": type])
                #expect(answer.status == 415, "\(path) \(type): \(answer.text.prefix(200))")
                #expect(answer.problem["type"] as? String == "/problems/unsupported-media-type")
            }
        }
        let places = try server.request(
            "POST", "/places", body: Data("page: a6\n".utf8), headers: ["Content-Type": "text/plain"])
        #expect(places.status == 415)
        #expect(try server.post("/render/ticket", json: #"{"member": "GCG-1"}"#).status == 200)
        let yaml = try server.request(
            "POST", "/render/ticket", body: Data("member: GCG-2\n".utf8), headers: ["Content-Type": "application/yaml"])
        #expect(yaml.status == 200, "\(yaml.text.prefix(200))")
    }

    @Test func anotherOriginIsRefusedAndTheServicesOwnIsNot() throws {
        let (scratch, root) = try RenderServiceTests.root("guard-origin")
        let server = try ServiceProcess(
            root: root, arguments: ["--allow-origin", "https://app.example"], scratch: scratch)
        let json = #"{"member": "GCG-1"}"#
        let evil = try server.post("/render/ticket", json: json, headers: ["Origin": "http://evil.example"])
        #expect(evil.status == 403, "\(evil.text)")
        #expect(evil.problem["type"] as? String == "/problems/cross-origin")
        #expect(try server.post("/render/ticket", json: json, headers: ["Origin": "null"]).status == 403)
        let crossSite = try server.post("/render/ticket", json: json, headers: ["Sec-Fetch-Site": "cross-site"])
        #expect(crossSite.status == 403)
        let own = try server.post(
            "/render/ticket", json: json, headers: ["Origin": "http://127.0.0.1:\(server.port)"])
        #expect(own.status == 200, "\(own.text.prefix(200))")
        let allowed = try server.post("/render/ticket", json: json, headers: ["Origin": "https://app.example"])
        #expect(allowed.status == 200)
    }

    @Test func aReboundHostIsRefusedOnEveryRoute() throws {
        let (scratch, root) = try RenderServiceTests.root("guard-host")
        let before = try String(contentsOf: root.appendingPathComponent("ticket.yaml"), encoding: .utf8)
        let server = try ServiceProcess(
            root: root, arguments: ["--allow-save", "--allow-host", "tickets.example"], scratch: scratch)
        let token = try server.editorToken()
        let rebound = "attacker.example:\(server.port)"
        for (method, path) in [("GET", "/templates"), ("GET", "/templates/ticket"), ("GET", "/healthz")] {
            let answer = try server.request(method, path, headers: ["Host": rebound])
            #expect(answer.status == 421, "\(method) \(path): \(answer.text.prefix(200))")
        }
        let save = try server.request(
            "PUT", "/templates/ticket", body: Data("page: a6\nelements: []\n".utf8),
            headers: [
                "Host": rebound, "Content-Type": "application/yaml", "MKPDF-Editor-Token": token,
                "Origin": "http://\(rebound)"
            ])
        #expect(save.status == 421 && save.problem["type"] as? String == "/problems/misdirected-request")
        #expect(try String(contentsOf: root.appendingPathComponent("ticket.yaml"), encoding: .utf8) == before)
        for host in ["localhost:\(server.port)", "tickets.example", "TICKETS.example.:80", "[::1]:\(server.port)"] {
            #expect(try server.request("GET", "/healthz", headers: ["Host": host]).status == 200, "\(host)")
        }
    }

    @Test func aSaveNeedsTheEditorsToken() throws {
        let (scratch, root) = try RenderServiceTests.root("guard-token")
        let server = try ServiceProcess(root: root, arguments: ["--allow-save"], scratch: scratch)
        let yaml = try Data(contentsOf: root.appendingPathComponent("ticket.yaml"))
        let bare = try server.request("PUT", "/templates/copy", body: yaml, headers: ["Content-Type": "application/yaml"])
        #expect(bare.status == 403 && bare.problem["type"] as? String == "/problems/cross-origin", "\(bare.text)")
        let wrong = try server.request(
            "PUT", "/templates/copy", body: yaml,
            headers: ["Content-Type": "application/yaml", "MKPDF-Editor-Token": "guess"])
        #expect(wrong.status == 403)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("copy.yaml").path))
        let plain = try server.request(
            "PUT", "/templates/copy", body: yaml,
            headers: ["Content-Type": "text/plain", "MKPDF-Editor-Token": try server.editorToken()])
        #expect(plain.status == 415)
        #expect(try server.save("copy", yaml: yaml).status == 200)
    }

    @Test func batchBodiesLeaveNothingOnDiskOnAnyWayOut() throws {
        let (scratch, root) = try RenderServiceTests.root("guard-spool")
        let spool = scratch.file("tmp")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        let server = try ServiceProcess(
            root: root, arguments: ["--batch-records", "2", "--test-fault-key", WorkerIsolationTests.faultKey],
            environment: ["TMPDIR": spool.path], scratch: scratch)
        let records = [
            "{\"member\": \"GCG-1\"}\n{\"member\": \"GCG-2\"}\n",
            "{\"member\": \"GCG-1\"}\n{\"member\": \"GCG-2\"}\n{\"member\": \"GCG-3\"}\n",
            "{\"member\": \"\(WorkerIsolationTests.faultKey)-crash\"}\n",
            "not json\n"
        ]
        var statuses: [Int] = []
        for body in records {
            let answer = try server.request(
                "POST", "/batch/ticket", body: Data(body.utf8), headers: ["Content-Type": "application/x-ndjson"])
            statuses.append(answer.status)
        }
        #expect(statuses[0] == 200 && statuses[1] == 413 && statuses[2] == 500, "\(statuses)")
        let left = try FileManager.default.contentsOfDirectory(atPath: spool.path)
        #expect(left.isEmpty, "nothing spooled is left: \(left)")
    }

    @Test func halfSentRequestsAreClosedAndConnectionsCapped() throws {
        let (scratch, root) = try RenderServiceTests.root("guard-connections")
        let server = try ServiceProcess(
            root: root, arguments: ["--idle-seconds", "2", "--max-connections", "4"], scratch: scratch)
        let held = try (0..<4).map { _ in try RawConnection(port: server.port) }
        for connection in held { try connection.send("POST /render/ticket HTTP/1.1\r\nHost: 127.0.0.1\r\n") }
        let start = Date()
        let blocked = try server.request("GET", "/healthz")
        let waited = Date().timeIntervalSince(start)
        #expect(blocked.status == 200, "answered once the idle timeout closed the held connections")
        #expect(waited >= 1 && waited < 5, "the fifth connection waited for the cap: \(waited) s")
        for connection in held {
            #expect(connection.readUntilClosed(seconds: 3), "the half-sent request's connection was closed")
        }
    }
}

/// A TCP connection to the server on loopback, for requests curl will not half-send.
final class RawConnection {
    private let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        try #require(connected == 0, "connect: \(errno)")
    }

    deinit { close(descriptor) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        try #require(Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count)
    }

    /// True when the server closes the connection within `seconds`.
    func readUntilClosed(seconds: Double) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while Date() < end {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let got = recv(descriptor, &buffer, buffer.count, 0)
            if got <= 0 { return true }
        }
        return false
    }
}
