import Foundation
import TestSupport
import Testing

/// Every command line the docs show is run, so an example cannot name a file the repository lacks, an option that
/// is gone, or an order of commands that fails (issue 34).
///
/// The command lines are those of every ```` ```sh ```` block of README.md and docs/*.md, each `./mkpdf …` code span
/// of their running text (one block per file; a span `mkpdf …` names a command, as in `mkpdf help COMMAND`), and the
/// Examples section of each `mkpdf help COMMAND`. Each block (or help page) runs in a fresh copy of the repository's `examples/`,
/// `samples/` and `Templates/` folders, its lines in order in one bash shell, with `./mkpdf` and `mkpdf` the built
/// binary. A line must exit 0 unless the docs mark it, visibly to readers:
/// - `# fails: WHY` at the end of a line: the line must exit non-zero (an example of an error);
/// - `# prints: TEXT` on the line after a command: its standard output must hold TEXT;
/// - `<!-- not run: WHY -->` on the line before a block's fence: the block is not run (it needs a scheduler, a
///   cluster, root, or is the test suite itself). A server a block needs is started in it with `&`: background jobs
///   are stopped when the block ends.
/// A command outside an `sh` block (in a block of another language) is an error, so no example escapes the test.
@Suite struct DocsCommandTests {
    /// One command line of the docs: its text (continuation lines joined by `\` and a newline), where it is, and
    /// why it fails when the docs say it does.
    struct DocLine: Sendable {
        var text: String
        var location: String
        var fails: String? = nil
        /// The text of a `# prints: TEXT` comment line right after the command: its standard output holds it.
        var prints: String? = nil
    }

    /// The commands of one `sh` block or help page, run together in one shell.
    struct Block: Sendable, CustomStringConvertible {
        var location: String
        var lines: [DocLine]
        var notRun: String? = nil
        var description: String { location }
    }

    /// The Markdown files whose `sh` blocks are run.
    static var markdownFiles: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: Repo.root.appendingPathComponent("docs").path))
        return ["README.md"] + (docs ?? []).filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    static let shellLanguages: Set<String> = ["sh", "bash", "shell"]

    /// The blocks of one Markdown text; throws for a command line in a block that is not `sh`.
    static func blocks(markdown: String, file: String) throws -> [Block] {
        let lines = markdown.components(separatedBy: "\n")
        var blocks: [Block] = []
        var inline: [DocLine] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```") else {
                inline += inlineCommands(lines[index]).map { DocLine(text: $0, location: "\(file):\(index + 1)") }
                index += 1
                continue
            }
            let language = fence.dropFirst(3).split(separator: " ").first.map(String.init) ?? ""
            let start = index
            var body: [(Int, String)] = []
            index += 1
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                body.append((index + 1, lines[index]))
                index += 1
            }
            index += 1
            if shellLanguages.contains(language) {
                let previous = lines[..<start].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
                blocks.append(
                    Block(
                        location: "\(file):\(start + 1)", lines: commandLines(body, file: file),
                        notRun: notRunReason(previous)))
            } else if let stray = body.first(where: { isCommand($0.1) }) {
                throw DocsError(
                    "\(file):\(stray.0): a command in a ```\(language) block: \(stray.1). Fix: put commands in a "
                        + "```sh block, so the docs test runs them")
            }
        }
        return inline.isEmpty ? blocks : blocks + [Block(location: "\(file) (running text)", lines: inline)]
    }

    /// The `./mkpdf …` code spans of a line of running text: commands to run (a span `mkpdf …` names a command).
    static func inlineCommands(_ line: String) -> [String] {
        let spans = line.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: spans.count - 1, by: 2).map { String(spans[$0]) }
            .filter { $0.hasPrefix("./mkpdf ") }
    }

    /// A line that starts an mkpdf command.
    static func isCommand(_ line: String) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        return text.hasPrefix("mkpdf ") || text.hasPrefix("./mkpdf ")
    }

    /// The reason of a `<!-- not run: WHY -->` line, or nil.
    static func notRunReason(_ line: String) -> String? {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("<!-- not run:"), text.hasSuffix("-->") else { return nil }
        return String(text.dropFirst("<!-- not run:".count).dropLast(3)).trimmingCharacters(in: .whitespaces)
    }

    /// The command lines of a block's body: comments and blank lines dropped, continuations joined.
    static func commandLines(_ body: [(Int, String)], file: String) -> [DocLine] {
        var result: [DocLine] = []
        var pending: (Int, [String])?
        for (number, line) in body {
            if let (first, parts) = pending {
                pending = (first, parts + [line])
            } else {
                let text = line.trimmingCharacters(in: .whitespaces)
                if text.hasPrefix("# prints: "), !result.isEmpty, result[result.count - 1].prints == nil {
                    result[result.count - 1].prints = String(text.dropFirst("# prints: ".count))
                }
                if text.isEmpty || text.hasPrefix("#") { continue }
                pending = (number, [line])
            }
            if !line.hasSuffix("\\"), let (first, parts) = pending {
                let text = parts.joined(separator: "\n")
                result.append(DocLine(text: text, location: "\(file):\(first)", fails: failsReason(text)))
                pending = nil
            }
        }
        return result
    }

    /// The reason of a trailing `# fails: WHY`, or nil.
    static func failsReason(_ line: String) -> String? {
        guard let range = line.range(of: #"\s#\s*fails:\s*"#, options: .regularExpression) else { return nil }
        return String(line[range.upperBound...])
    }

    /// The Examples of `mkpdf help COMMAND` as one block.
    static func helpBlock(_ command: String) throws -> Block {
        let lines = try HelpTests.help(["help", command]).components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "Examples:" }) else {
            throw DocsError("mkpdf help \(command) has no Examples section. Fix: add one to its discussion")
        }
        let examples = lines[(start + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let file = "mkpdf help \(command)"
        return Block(
            location: file,
            lines: examples.map {
                DocLine(text: $0.trimmingCharacters(in: .whitespaces), location: file, fails: failsReason($0))
            })
    }

    /// Every block: README.md, docs/*.md, then the help pages.
    static func allBlocks() throws -> [Block] {
        var blocks: [Block] = []
        for file in markdownFiles {
            let text = try String(contentsOf: Repo.root.appendingPathComponent(file), encoding: .utf8)
            blocks += try Self.blocks(markdown: text, file: file)
        }
        return try blocks + HelpTests.subcommands.map(helpBlock)
    }

    /// A block's lines as a bash script: each line echoed to standard error, then run, then its exit status
    /// appended to `status`; background jobs stopped at the end.
    static func script(_ block: Block, status: URL) -> String {
        let folder = status.deletingLastPathComponent()
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        // Job control gives each background job its own process group, so stopping it stops a whole pipeline; KILL,
        // as the test process's threads block SIGTERM and its children inherit that mask.
        var script = "set -m -o pipefail\n"
        script += "trap 'for job in $(jobs -p); do kill -KILL -- -$job 2>/dev/null; done' EXIT\n"
        for (number, line) in block.lines.enumerated() {
            script += "printf '$ %s\\n' \(quoted(line.text)) >&2\n"
            // A group, so a trailing comment or `&` stays the line's own; its output is kept to check `# prints:`.
            let output = quoted(folder.appendingPathComponent("stdout-\(number)").path)
            script += "{\n\(line.text)\n} > \(output)\nmkpdf_docs_status=$?\ncat \(output)\n"
            script += "echo \"\(number) $mkpdf_docs_status\" >> \(quoted(status.path))\n"
        }
        return script
    }

    /// Runs a block in a fresh copy of examples/, samples/ and Templates/; returns the number of lines run.
    static func run(_ block: Block) throws -> Int {
        if let reason = block.notRun {
            #expect(!reason.isEmpty, "\(block.location): <!-- not run: --> needs a reason")
            return 0
        }
        let scratch = try Scratch("docs")
        let work = scratch.file("repo")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        for folder in ["examples", "samples", "Templates"] {
            try FileManager.default.copyItem(
                at: Repo.root.appendingPathComponent(folder), to: work.appendingPathComponent(folder))
        }
        let bin = scratch.file("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("mkpdf"), withDestinationURL: Repo.mkpdf)
        try FileManager.default.createSymbolicLink(
            at: work.appendingPathComponent("mkpdf"), withDestinationURL: Repo.mkpdf)
        let status = scratch.file("status")
        let script = scratch.file("block.sh")
        try Data(Self.script(block, status: status).utf8).write(to: script)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try Oracle.run(
            "timeout", ["-k", "5", "120", "bash", script.path], environment: ["PATH": path], directory: work)
        #expect(result.status != 124, "\(block.location): the block ran over 120 s:\n\(result.stderr)")
        let statuses = try String(contentsOf: status, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: " ").compactMap { Int32($0) } }
        #expect(statuses.count == block.lines.count, "\(block.location): not every line ran:\n\(result.stderr)")
        for entry in statuses where entry.count == 2 {
            let line = block.lines[Int(entry[0])]
            if let prints = line.prints {
                let output = try String(contentsOf: scratch.file("stdout-\(entry[0])"), encoding: .utf8)
                #expect(output.contains(prints), "\(line.location): `\(line.text)` printed \(output), not \(prints)")
            }
            if let reason = line.fails {
                #expect(entry[1] != 0, "\(line.location): `\(line.text)` is marked # fails: \(reason), but exited 0")
            } else {
                let why = "mark it `# fails: WHY` if that is the point"
                #expect(
                    entry[1] == 0, "\(line.location): `\(line.text)` exited \(entry[1]) (\(why)):\n\(result.stderr)")
            }
        }
        return statuses.count
    }

    @Test("Every sh block and ./mkpdf span of README.md and docs/*.md runs as the docs say", arguments: markdownFiles)
    func markdownBlocksRun(_ file: String) throws {
        let text = try String(contentsOf: Repo.root.appendingPathComponent(file), encoding: .utf8)
        let blocks = try Self.blocks(markdown: text, file: file)
        let counts = try blocks.map(Self.run)
        let skipped = blocks.filter { $0.notRun != nil }.count
        print(
            "\(file): ran \(counts.reduce(0, +)) command lines in \(counts.count - skipped) blocks, \(skipped) not run")
    }

    @Test("Every mkpdf help page's Examples run", arguments: HelpTests.subcommands)
    func helpExamplesRun(_ command: String) throws {
        let block = try Self.helpBlock(command)
        #expect(!block.lines.isEmpty, "mkpdf help \(command): no examples")
        print("mkpdf help \(command): ran \(try Self.run(block)) command lines")
    }

    @Test("The help pages run are every subcommand mkpdf lists")
    func helpPagesAreEveryCommand() throws {
        let help = try HelpTests.help(["help"])
        let section = try #require(help.components(separatedBy: "SUBCOMMANDS:").last)
        let list = try #require(section.components(separatedBy: "\n\n").first { !$0.isEmpty })
        let listed = list.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "help" }
        #expect(Set(listed) == Set(HelpTests.subcommands), "\(listed)")
        #expect(Self.markdownFiles.contains("docs/templates.md") && Self.markdownFiles.contains("docs/security.md"))
    }

    @Test("The number of command lines the docs test runs")
    func commandLineCount() throws {
        let blocks = try Self.allBlocks()
        let run = blocks.filter { $0.notRun == nil }
        let lines = run.map(\.lines.count).reduce(0, +)
        let skipped = blocks.filter { $0.notRun != nil }
        print(
            "docs test: \(lines) command lines in \(run.count) blocks run; \(skipped.count) blocks marked not run "
                + "(\(skipped.map(\.location).joined(separator: ", ")))")
        #expect(lines >= 60, "the extraction found only \(lines) command lines")
    }

    @Test("examples/receipt.yaml is the walk-through's finished receipt, as docs/templates.md says")
    func receiptIsTheWalkThroughs() throws {
        let text = try String(contentsOf: Repo.root.appendingPathComponent("docs/templates.md"), encoding: .utf8)
        let save = try #require(text.range(of: "Save it as `receipt.yaml` (it is `examples/receipt.yaml`)"))
        let before = text[..<save.lowerBound]
        let open = try #require(before.range(of: "```yaml template\n", options: .backwards))
        let close = try #require(before.range(of: "```", range: open.upperBound..<before.endIndex))
        let example = try String(
            contentsOf: Repo.root.appendingPathComponent("examples/receipt.yaml"), encoding: .utf8)
        #expect(example == String(before[open.upperBound..<close.lowerBound]))
    }

    @Test("The conventions: # fails, <!-- not run -->, continuations, and a command outside an sh block")
    func conventions() throws {
        let markdown = """
            <!-- not run: needs a cluster -->
            ```sh
            kubectl apply -f job.yaml
            ```

            ```sh
            # a comment
            ./mkpdf batch --data a.csv \\
              --out t   # ok
            ./mkpdf render bad.yaml -o x.pdf   # fails: bad.yaml has an error
            # prints: Error
            ```
            """
        let blocks = try Self.blocks(markdown: markdown, file: "t.md")
        #expect(blocks.count == 2)
        #expect(blocks[0].notRun == "needs a cluster")
        #expect(blocks[1].notRun == nil)
        #expect(blocks[1].lines.map(\.location) == ["t.md:8", "t.md:10"])
        #expect(blocks[1].lines[0].text == "./mkpdf batch --data a.csv \\\n  --out t   # ok")
        #expect(blocks[1].lines[0].fails == nil)
        #expect(blocks[1].lines[1].fails == "bad.yaml has an error")
        #expect(blocks[1].lines[0].prints == nil && blocks[1].lines[1].prints == "Error")
        let text = try Self.blocks(markdown: "Run `./mkpdf hello -o a.pdf` or `mkpdf help COMMAND`.\n", file: "t.md")
        #expect(text.map(\.location) == ["t.md (running text)"])
        #expect(text.first?.lines.map(\.text) == ["./mkpdf hello -o a.pdf"])
        #expect(throws: DocsError.self) {
            try Self.blocks(markdown: "```yaml\nmkpdf render x.yaml -o x.pdf\n```\n", file: "t.md")
        }
    }

    @Test("A block's background jobs (a server it starts with &) are stopped when the block ends")
    func backgroundJobsStop() throws {
        let lines = ["sleep 300 | cat &", "sleep 300 &", "true"].map {
            DocLine(text: $0, location: "t.md", fails: nil)
        }
        let start = Date()
        #expect(try Self.run(Block(location: "t.md", lines: lines)) == 3)
        #expect(Date().timeIntervalSince(start) < 30, "the block waited for its background jobs")
    }

    /// A docs file that breaks the conventions, or a help page without Examples.
    struct DocsError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
