import Documents
import Foundation
import TestSupport
import Testing

/// Member and ticket numbers: the pattern, and no file name built from them can leave its folder.
@Suite struct TicketRulesTests {
    @Test(arguments: ["GCG-40167", "FN-579-413", "a", String(repeating: "9", count: 32)])
    func acceptsTheSeedsNumbers(_ value: String) throws {
        try TicketRules().check(value, field: "member")
        #expect(try TicketRules.fileName(member: value, extension: "pdf") == "ticket-\(value).pdf")
    }

    @Test(arguments: [
        "", "../../etc/x", "/etc/passwd", "a/b", "a\\b", "..", ".hidden", "GCG\n40167", "GCG\r",
        "tab\there", "GCG 40167", "会員", String(repeating: "9", count: 33), "GCG-40167\n"
    ])
    func refusesAnythingElse(_ value: String) throws {
        let error = #expect(throws: TicketError.self) { try TicketRules().check(value, field: "member") }
        guard case .invalidNumber(let field, let shown, _, _) = error else {
            Issue.record("expected invalidNumber, got \(String(describing: error))")
            return
        }
        #expect(field == "member" && shown == value)
        #expect(error?.description.contains("\n") == false, "the message shows control characters escaped")
    }

    /// An ASCII number is checked byte by byte and any other character by character: both name the same problem,
    /// the first of separator, "..", a leading "." and a control character.
    @Test(
        arguments: [
            ("GCG-40167", nil), ("名前-1", nil), ("", "it is empty"),
            ("a/..b", "it holds a path separator"), ("会/..", "it holds a path separator"),
            ("x\n../y", "it holds a path separator"), ("x\\y", "it holds a path separator"),
            ("a..b", "it holds \"..\""), ("会..", "it holds \"..\""), ("x\t..", "it holds \"..\""),
            (".x", "it starts with \".\""), (".会", "it starts with \".\""), (".x\n", "it starts with \".\""),
            ("a\tb", "it holds a control character (such as a line break)"),
            ("a\u{7F}", "it holds a control character (such as a line break)"),
            ("会\r\n", "it holds a control character (such as a line break)")
        ] as [(String, String?)])
    func fileNameProblemsAreNamedAlikeForASCIIAndOtherText(_ value: String, _ problem: String?) {
        #expect(TicketRules.fileNameProblem(value) == problem, "\(value.debugDescription)")
    }

    @Test func aPermissivePatternStillCannotNameAPathOutsideTheFolder() throws {
        let rules = try TicketRules(pattern: ".*")
        for value in ["../x", "a/b", "", "x\n"] {
            #expect(throws: TicketError.self) { try rules.check(value, field: "member") }
            #expect(throws: TicketError.self) { try TicketRules.fileName(member: value, extension: "pdf") }
        }
        try rules.check("名前 with spaces", field: "member")
        let scratch = try Scratch("ticket-rules")
        let url = try TicketRules.outputURL(member: "GCG-40167", extension: "png", in: scratch.url)
        #expect(url.deletingLastPathComponent().standardizedFileURL == scratch.url.standardizedFileURL)
        #expect(url.lastPathComponent == "ticket-GCG-40167.png")
    }

    @Test func customPatternAndBadPattern() throws {
        let digits = try TicketRules(pattern: "^[0-9]{5}$")
        try digits.check("40167", field: "member")
        let error = #expect(throws: TicketError.self) { try digits.check("GCG-40167", field: "member") }
        #expect(error?.description.contains("matching ^[0-9]{5}$") == true)
        let bad = #expect(throws: TicketError.self) { try TicketRules(pattern: "([a-z") }
        guard case .badPattern(let pattern, _) = bad else {
            Issue.record("expected badPattern, got \(String(describing: bad))")
            return
        }
        #expect(pattern == "([a-z")
    }

    @Test func defaultTemplateIsTheRepositorysOrTheOverride() throws {
        let found = try TicketRules.defaultTemplate(environment: [:])
        #expect(found.path.hasSuffix("Templates/ticket.yaml"))
        let error = #expect(throws: TicketError.self) {
            try TicketRules.defaultTemplate(environment: ["MKPDF_TICKET_TEMPLATE": "/no/such.yaml"])
        }
        #expect(error == .templateNotFound(tried: ["/no/such.yaml (from MKPDF_TICKET_TEMPLATE)"]))
    }

    @Test func benchmarkTemplateIsTheAnchorsTicketNotTheRedesign() throws {
        let anchor = try TicketRules.benchmarkTemplate(environment: [:])
        #expect(anchor.path.hasSuffix("Templates/anchor-ticket.yaml"))
        #expect(try TicketRules.defaultTemplate(environment: [:]) != anchor)
        let error = #expect(throws: TicketError.self) {
            try TicketRules.benchmarkTemplate(environment: ["MKPDF_BENCH_TICKET_TEMPLATE": "/no/such.yaml"])
        }
        #expect(error == .templateNotFound(tried: ["/no/such.yaml (from MKPDF_BENCH_TICKET_TEMPLATE)"]))
    }

    @Test func defaultTemplateInTheSourceTreeIsFoundWithoutWorkingOutTheCurrentDirectory() throws {
        var reads = FolderReads()
        let found = try TicketRules.defaultTemplate(
            environment: [:], sourceTree: Repo.root, executableDirectory: reads.folder("executable"),
            currentDirectory: reads.folder("current"))
        #expect(found.path == Repo.root.appendingPathComponent("Templates/ticket.yaml").standardizedFileURL.path)
        let bench = try TicketRules.benchmarkTemplate(
            environment: [:], sourceTree: Repo.root, executableDirectory: reads.folder("executable"),
            currentDirectory: reads.folder("current"))
        #expect(bench.path == Repo.root.appendingPathComponent("Templates/anchor-ticket.yaml").standardizedFileURL.path)
        // Each search looks beside the executable once (an installed prefix comes first), never in the current folder.
        #expect(reads.names == ["executable", "executable"], "read \(reads.names)")
        reads = FolderReads()
        let chosen = try TicketRules.defaultTemplate(
            environment: ["MKPDF_TICKET_TEMPLATE": bench.path], sourceTree: Repo.root,
            executableDirectory: reads.folder("executable"), currentDirectory: reads.folder("current"))
        #expect(chosen.path == bench.path)
        #expect(reads.names.isEmpty, "read \(reads.names)")
    }

    @Test func defaultTemplateIsFoundBesideAnInstalledBinaryAndTheErrorListsThePlaces() throws {
        let scratch = try Scratch("ticket-template-search")
        let bin = scratch.file("prefix/bin")
        let work = scratch.file("work")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let places = [
            scratch.file("prefix/share/mkpdf/Templates/ticket.yaml").path,
            scratch.file("prefix/bin/Templates/ticket.yaml").path, scratch.file("work/Templates/ticket.yaml").path
        ]
        let error = #expect(throws: TicketError.self) {
            try TicketRules.defaultTemplate(
                environment: [:], sourceTree: nil, executableDirectory: bin,
                currentDirectory: work)
        }
        #expect(error == .templateNotFound(tried: places + ["MKPDF_TICKET_TEMPLATE (not set)"]))
        for place in places { #expect(error?.description.contains(place) == true, "\(place)") }
        let share = URL(fileURLWithPath: places[0])
        try FileManager.default.createDirectory(
            at: share.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repo.root.appendingPathComponent("Templates/ticket.yaml"), to: share)
        #expect(
            try TicketRules.defaultTemplate(
                environment: [:], sourceTree: nil, executableDirectory: bin,
                currentDirectory: work
            ).path == share.path)
    }
}
