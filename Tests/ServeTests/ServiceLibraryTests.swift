import Foundation
import Hummingbird
import Logging
import Serve
import ServiceLifecycle
import TestSupport
import Testing

/// The service as a library: called directly from Swift, and its routes mounted in another Hummingbird application.
@Suite struct ServiceLibraryTests {
    @Test func aSwiftProgramRendersThroughTheService() async throws {
        let (scratch, root) = try RenderServiceTests.root("serve-library")
        let service = try RenderService(configuration: ServiceConfiguration(root: root))
        let rendered = try await service.render(
            templateNamed: "ticket", data: Data(#"{"member": "GCG-40167", "venue": "ﾊﾝｶｸ-葛󠄀"}"#.utf8), settings: RenderSettings())
        let pdf = scratch.file("library.pdf")
        try #require(rendered.files.count == 1)
        try rendered.files[0].write(to: pdf)
        #expect(try Oracle.pdftotext(pdf).contains("ﾊﾝｶｸ-葛󠄀"))
        await #expect(throws: ServiceProblem.self) {
            try await service.render(templateNamed: "../ticket", data: Data(), settings: RenderSettings())
        }
    }

    @Test func anotherApplicationMountsTheRoutesUnderItsOwnPath() async throws {
        let (scratch, root) = try RenderServiceTests.root("serve-mount")
        let service = try RenderService(configuration: ServiceConfiguration(root: root))
        let router = Router()
        router.get("own") { _, _ in "mine" }
        service.addRoutes(to: router, atPath: "mkpdf")
        let port = PortBox()
        let application = Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in port.set(channel.localAddress?.port ?? 0) })
        let services = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [application], logger: Logger(label: "mount-test")))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await services.run() }
            let bound = try await port.wait()
            let own = try Oracle.run("curl", ["-sf", "http://127.0.0.1:\(bound)/own"])
            #expect(own.stdout == "mine")
            let pdf = scratch.file("mounted.pdf")
            let ticket = try Oracle.run(
                "curl",
                [
                    "-sf", "-X", "POST", "-H", "Content-Type: application/json", "-d", #"{"member": "MOUNT-1"}"#,
                    "-o", pdf.path, "http://127.0.0.1:\(bound)/mkpdf/render/ticket"
                ])
            #expect(ticket.status == 0, "\(ticket.stderr)")
            #expect(try Oracle.pdftotext(pdf).contains("MOUNT-1"))
            await services.triggerGracefulShutdown()
            try await group.waitForAll()
        }
    }
}

/// The port the application bound, handed from its start-up callback to the test.
final class PortBox: @unchecked Sendable {
    private let lock = NSLock()
    private var port: Int?

    func set(_ value: Int) { lock.withLock { port = value } }

    /// The port, once the server listens (at most 20 seconds).
    func wait() async throws -> Int {
        for _ in 0..<400 {
            if let port = lock.withLock({ port }), port > 0 { return port }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw ServerDidNotStart(output: "the mounted application did not listen")
    }
}
