import Foundation
import TestSupport
import Testing

/// The exit code comes from the error's kind (README.md, "Exit codes"): one run per kind, each asserting the code
/// and the words of the message, and that no file was left behind.
@Suite struct ExitCodeTests {
    /// One command that stops with a problem of one kind.
    struct Case: Sendable, CustomTestStringConvertible {
        var kind: String
        var arguments: [String]
        var environment: [String: String] = [:]
        var status: Int32
        var message: String

        var testDescription: String { "\(kind) exits \(status)" }
    }

    static let ticket = Repo.root.appendingPathComponent("Templates/ticket.yaml").path

    static let cases: [Case] = [
        Case(
            kind: "bad data", arguments: ["ticket", "--member", "GCG 40167!", "-o", "out.pdf"], status: 1,
            message: "of {{member}} is refused: it does not match the pattern"),
        Case(
            kind: "does not fit",
            arguments: [
                "ticket", "--member", "GCG-1", "--set",
                "venue=" + String(repeating: "東京国際フォーラム ホールA ", count: 12), "-o", "out.pdf"
            ],
            status: 1, message: "field \"venue\": text"),
        Case(
            kind: "missing glyph", arguments: ["ticket", "--member", "GCG-1", "--set", "venue=GCG-😀", "-o", "out.pdf"],
            status: 1, message: "(U+1F600)"),
        Case(
            kind: "not found", arguments: ["render", "no-such-template.yaml", "-o", "out.pdf"], status: 2,
            message: "no-such-template.yaml: cannot read the template"),
        Case(
            kind: "not found (ticket template)", arguments: ["ticket", "--member", "GCG-1", "-o", "out.pdf"],
            environment: ["MKPDF_TICKET_TEMPLATE": "/no/such/ticket.yaml"], status: 2,
            message: "no ticket template found; tried /no/such/ticket.yaml"),
        Case(
            kind: "I/O", arguments: ["render", ticket, "-o", "no-such-folder/out.pdf"], status: 2,
            message: "no-such-folder/out.pdf: could not create a temporary file"),
        Case(
            kind: "bad template", arguments: ["render", "bad.yaml", "-o", "out.pdf"], status: 3,
            message: "bad.yaml:3:5: unknown element \"txt\""),
        Case(
            kind: "limit", arguments: ["render", ticket, "--limit", "yaml-nodes=10", "-o", "out.pdf"], status: 4,
            message: "over the limit yaml-nodes of 10 nodes"),
        Case(
            kind: "time",
            arguments: ["render", "slow.yaml", "--data", "slow.json", "--limit", "job-seconds=1", "-o", "out.pdf"],
            status: 4, message: "over the limit job-seconds of 1"),
        Case(
            kind: "bad request", arguments: ["ticket", "--member", "GCG-1", "--scale", "0", "-o", "out.png"],
            status: 64,
            message: "--scale 0.0: give pixels per point greater than 0"),
        Case(
            kind: "bad request (a --limit no budget has)",
            arguments: ["render", ticket, "--limit", "nosuch=1", "-o", "out.pdf"],
            status: 64, message: "--limit nosuch=1: there is no limit \"nosuch\"")
    ]

    @Test("A problem's kind chooses the exit code", arguments: cases)
    func theKindChoosesTheExitCode(_ run: Case) throws {
        let scratch = try Scratch("exit-code")
        try Data("page: a6\nelements:\n  - txt: {}\n".utf8).write(to: scratch.file("bad.yaml"))
        try Data(Samples.slowTemplate.utf8).write(to: scratch.file("slow.yaml"))
        try Data(Samples.slowData(4_000).utf8).write(to: scratch.file("slow.json"))
        let result = try Oracle.run(
            Repo.mkpdf.path, run.arguments, environment: run.environment, directory: scratch.url)
        #expect(result.status == run.status, "\(run.kind): \(result.status) \(result.stderr)")
        #expect(result.stderr.contains(run.message), "\(run.kind): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out.pdf").path), "\(run.kind) wrote a PDF")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out.png").path), "\(run.kind) wrote a PNG")
    }
}
