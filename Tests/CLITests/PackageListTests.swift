import Foundation
import TestSupport
import Testing

/// scripts/setup's lists are complete and no larger than needed: every library mkpdf loads and every file it opens
/// comes from the runtime list, every command the tests and docs run from a listed Debian or pinned PyPI package,
/// and the Containerfile installs exactly the runtime list.
@Suite struct PackageListTests {
    static func list(_ name: String) throws -> [String] {
        let result = try Oracle.run("bash", [Repo.root.appendingPathComponent("scripts/setup").path, "--list", name])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// The Debian package that installed `path` (`dpkg -S`), links resolved; `/usr/bin/X` is also looked up as
    /// `/bin/X`, where Debian 12's merged /usr leaves dpkg's record.
    static func package(of path: String) throws -> String? {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var candidates = [path, real]
        for name in [path, real] where name.hasPrefix("/usr/bin/") || name.hasPrefix("/usr/sbin/") || name.hasPrefix("/usr/lib/") {
            candidates.append(String(name.dropFirst(4)))
        }
        for candidate in candidates {
            let result = try Oracle.run("dpkg", ["-S", candidate])
            // `diversion by … from/to: …` lines (moreutils' and parallel's shared name) are not owners.
            if result.status == 0,
                let line = result.stdout.split(separator: "\n").first(where: { !$0.hasPrefix("diversion by") }),
                let colon = line.firstIndex(of: ":")
            {
                return String(line[..<colon])
            }
        }
        return nil
    }

    /// `packages` and everything they depend on (apt-cache, recursively, without recommends).
    static func closure(_ packages: [String]) throws -> Set<String> {
        let result = try Oracle.run(
            "apt-cache",
            [
                "depends", "--recurse", "--no-recommends", "--no-suggests", "--no-conflicts", "--no-breaks",
                "--no-replaces", "--no-enhances"
            ] + packages)
        #expect(result.status == 0, "\(result.stderr)")
        var names = Set(packages)
        for line in result.stdout.split(separator: "\n") where !line.hasPrefix(" ") {
            names.insert(String(line.split(separator: ":").first ?? line))
        }
        return names
    }

    /// The libraries the loaders open on first use (the names passed to dlopen in Sources/*Loader).
    static func openedLibraries() throws -> [String] {
        var names: Set<String> = []
        let sources = Repo.root.appendingPathComponent("Sources")
        for folder in try FileManager.default.contentsOfDirectory(atPath: sources.path) where folder.hasSuffix("Loader")
        {
            let enumerator = FileManager.default.enumerator(atPath: sources.appendingPathComponent(folder).path)
            while let file = enumerator?.nextObject() as? String {
                guard file.hasSuffix(".c") || file.hasSuffix(".h") else { continue }
                let text = try String(
                    contentsOf: sources.appendingPathComponent(folder).appendingPathComponent(file), encoding: .utf8)
                let pattern = try NSRegularExpression(pattern: #""(lib[a-z0-9_+-]+(?:-[0-9.]+)?\.so[0-9.]*)""#)
                for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    names.insert(String(text[Range(match.range(at: 1), in: text)!]))
                }
            }
        }
        return names.sorted()
    }

    @Test("Every library mkpdf links or opens, every font and data file it reads, is brought by the runtime list")
    func runtimeListCoversWhatMkpdfLoads() throws {
        let runtime = try Self.list("runtime")
        let closure = try Self.closure(runtime)
        var needed: [String: String] = [:]  // file → why
        let ldd = try Oracle.run("ldd", [Repo.mkpdf.path])
        #expect(ldd.status == 0, "\(ldd.stderr)")
        for line in ldd.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if let arrow = parts.firstIndex(of: "=>"), arrow + 1 < parts.count, parts[arrow + 1].hasPrefix("/") {
                let path = String(parts[arrow + 1])
                if path.hasPrefix("/opt/swift") { continue }  // the debug build's Swift runtime (release: linked in)
                needed[path] = "linked"
            }
        }
        let opened = try Self.openedLibraries()
        #expect(opened.count >= 6, "\(opened)")
        for name in opened {
            let found = try Oracle.run("bash", ["-c", "ldconfig -p | awk -v n=\(name) '$1 == n {print $NF; exit}'"])
            let path = found.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try #require(!path.isEmpty, "\(name), opened on first use, is not installed")
            needed[path] = "opened"
        }
        let fontText = try String(
            contentsOf: Repo.root.appendingPathComponent("Fonts/fonts.json"), encoding: .utf8)
        let fontFiles = try NSRegularExpression(pattern: #"/usr/share/fonts/[^"]+"#)
            .matches(in: fontText, range: NSRange(fontText.startIndex..., in: fontText))
            .map { String(fontText[Range($0.range, in: fontText)!]) }
        #expect(fontFiles.count >= 10)
        for file in fontFiles where FileManager.default.fileExists(atPath: file) { needed[file] = "font" }
        needed["/usr/share/poppler/cMap/Adobe-Japan1/UniJIS-UTF16-H"] = "CID mode"
        needed["/usr/share/color/icc/ghostscript/srgb.icc"] = "PDF/A"
        needed["/usr/share/javascript/codemirror/lib/codemirror.js"] = "the editor"
        for (file, why) in needed.sorted(by: { $0.key < $1.key }) {
            let owner = try Self.package(of: file)
            let name = try #require(owner, "\(file) (\(why)) belongs to no Debian package")
            #expect(
                closure.contains(name.split(separator: ":").first.map(String.init) ?? name),
                "\(file) (\(why)) comes from \(name), which scripts/setup's runtime list does not bring")
        }
    }

    @Test("The runtime list holds no test lab: no browser, Java, Slurm, valgrind or oracle")
    func runtimeListIsOnlyRuntime() throws {
        let closure = try Self.closure(try Self.list("runtime"))
        for heavy in [
            "chromium", "openjdk-17-jre-headless", "slurmd", "slurmctld", "munge", "valgrind", "qpdf", "poppler-utils",
            "mupdf-tools", "hyperfine", "wrk"
        ] {
            #expect(!closure.contains(heavy), "\(heavy) is brought by the runtime list")
        }
        let test = try Self.list("test")
        #expect(Set(test).isDisjoint(with: try Self.list("runtime")))
    }

    @Test("The Containerfile installs exactly scripts/setup's runtime list, in its build and its final stage")
    func containerfileMatchesRuntimeList() throws {
        let text = try String(
            contentsOf: Repo.root.appendingPathComponent("docs/deploy/Containerfile"), encoding: .utf8)
        let stages = text.components(separatedBy: "apt-get install -y --no-install-recommends").dropFirst()
        #expect(stages.count == 2)
        let runtime = Set(try Self.list("runtime"))
        for (index, stage) in stages.enumerated() {
            let body = stage.components(separatedBy: "&&").first ?? ""
            var names = Set(body.split(whereSeparator: { " \\\n".contains($0) }).map(String.init))
            if index == 0 { names.remove("make") }  // the build stage also runs make install
            #expect(names == runtime, "stage \(index + 1): \(names.symmetricDifference(runtime).sorted())")
        }
    }

    /// The commands the docs' shell blocks and the tests run (first word of each command).
    static func commandsUsed() throws -> Set<String> {
        var commands: Set<String> = []
        let docs = try FileManager.default.contentsOfDirectory(
            atPath: Repo.root.appendingPathComponent("docs").path
        ).filter { $0.hasSuffix(".md") }.map { "docs/" + $0 } + ["README.md"]
        for file in docs {
            let text = try String(contentsOf: Repo.root.appendingPathComponent(file), encoding: .utf8)
            let pieces = text.components(separatedBy: "```sh\n")
            for (index, block) in pieces.enumerated().dropFirst() {
                // A block after `<!-- not run: WHY -->` is documentation the tests do not run (DocsCommandTests).
                let before = pieces[index - 1].trimmingCharacters(in: .whitespacesAndNewlines)
                if before.split(separator: "\n").last?.hasPrefix("<!-- not run") == true { continue }
                let body = block.components(separatedBy: "```").first ?? ""
                var continued = false
                for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
                    // The command without its trailing comment.
                    let command = line.range(of: " #").map { line[..<$0.lowerBound] } ?? line[...]
                    let trimmed = command.trimmingCharacters(in: .whitespaces)
                    defer { continued = trimmed.hasSuffix("\\") }
                    if continued || trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
                    for piece in trimmed.components(separatedBy: CharacterSet(charactersIn: "|;&")) {
                        var words = piece.split(separator: " ").map(String.init)
                        while let first = words.first, first.contains("=") { words.removeFirst() }
                        if let first = words.first, first.first?.isLetter == true { commands.insert(first) }
                    }
                }
            }
        }
        let tests = Repo.root.appendingPathComponent("Tests")
        let enumerator = FileManager.default.enumerator(atPath: tests.path)
        let call = try NSRegularExpression(pattern: #"Oracle\.(?:run|path\(of:)\(\s*"([a-zA-Z0-9_.-]+)""#)
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
            for match in call.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                commands.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return commands
    }

    @Test("Every command the docs and tests run comes from Debian's base system, scripts/setup's lists or a pinned PyPI package")
    func commandsComeFromTheLists() throws {
        let commands = try Self.commandsUsed()
        for expected in ["qpdf", "pdftotext", "zbarimg", "mutool", "curl", "jq", "pyhanko"] {
            #expect(commands.contains(expected), "\(expected) is no longer found by the scan")
        }
        let listed = try Self.closure(try Self.list("runtime") + Self.list("test"))
        // Debian's base system (priority required, important or standard) is on every machine.
        let priorities = try Oracle.run("dpkg-query", ["-W", "-f=${Package} ${Priority}\n"])
        var basePackages = Set<String>()
        for line in priorities.stdout.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, ["required", "important", "standard"].contains(fields[1]) {
                basePackages.insert(String(fields[0]))
            }
        }
        let pinned = try Self.list("python")
        let shellWords: Set<String> = ["cd", "exit", "kill", "export", "set", "wait", "echo", "test", "true", "false"]
        for command in commands.sorted() where !shellWords.contains(command) {
            if ["mkpdf", "swift", "make", "scripts"].contains(where: { command.hasPrefix($0) }) { continue }
            if command == "python3" { continue }
            let path = try #require(Oracle.path(of: command), "\(command) is not installed")
            if path.hasPrefix("/usr/local/bin") || path.contains("/.pyenv/") {
                // A PyPI command: its distribution must be pinned in scripts/setup.
                let owner = try Oracle.run(
                    "python3",
                    [
                        "-c",
                        """
                        from importlib import metadata
                        for d in metadata.distributions():
                            for e in d.entry_points:
                                if e.group == 'console_scripts' and e.name == '\(command)':
                                    print(d.metadata['Name'].lower()); raise SystemExit
                        """
                    ])
                let distribution = owner.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(
                    pinned.contains { $0.lowercased().hasPrefix(distribution + "==") } && !distribution.isEmpty,
                    "\(command) (\(path)) comes from PyPI's \(distribution), not pinned in scripts/setup")
                continue
            }
            let package = try #require(try Self.package(of: path), "\(command) (\(path)) belongs to no package")
            let name = String(package.split(separator: ":").first ?? Substring(package))
            #expect(
                listed.contains(name) || basePackages.contains(name),
                "\(command) comes from \(name), which neither scripts/setup nor the base image brings")
        }
    }
}
