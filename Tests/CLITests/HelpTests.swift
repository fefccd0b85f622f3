import Foundation
import TestSupport
import Testing

/// The help reads well in an 80-column terminal: no line wider than 80 (counted in UTF-8 bytes, as mawk's
/// `awk 'length > 80'` counts, which also keeps double-width kana and kanji inside 80 columns), every example on a
/// line of its own, each default printed once, `--version` only at the top, and one PNG-resolution rule.
@Suite struct HelpTests {
    static let subcommands = ["validate", "hello", "image", "render", "ticket", "report", "batch", "serve", "einvoice"]

    static func help(_ arguments: [String]) throws -> String {
        // No COLUMNS: ArgumentParser wraps at 80 when standard output is not a terminal.
        let result = try Oracle.run(Repo.mkpdf.path, arguments, environment: ["COLUMNS": ""])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    @Test(arguments: [[]] + subcommands.map { [$0] })
    func everyLineFitsEightyColumns(_ command: [String]) throws {
        let text = try Self.help(["help"] + command)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.utf8.count <= 80, "mkpdf help \(command.joined()): \(line.utf8.count) bytes: \(line)")
        }
    }

    @Test(arguments: subcommands)
    func examplesAreWholeCommandsOnePerLine(_ command: String) throws {
        let text = try Self.help(["help", command])
        let start = try #require(text.range(of: "Examples:\n"), "mkpdf help \(command) shows no examples")
        let examples = text[start.upperBound...].prefix { _ in true }.split(separator: "\n\n")[0]
            .split(separator: "\n")
        #expect(!examples.isEmpty)
        for line in examples {
            #expect(line.hasPrefix("  mkpdf \(command) ") || line.hasPrefix("  cat "), "\(command): \(line)")
        }
    }

    /// `serve` passes its arguments to mkpdf-serve, whose `--help` lists the options.
    @Test(arguments: subcommands.filter { $0 != "serve" })
    func eachOptionPrintsItsDefaultOnceAndVersionIsNotAmongThem(_ command: String) throws {
        let text = try Self.help(["help", command])
        #expect(!text.contains("--version"), "\(command) lists --version")
        let options = text.components(separatedBy: "\nOPTIONS:\n").last ?? ""
        // An option's entry starts at a line indented by two spaces and a dash.
        var entries: [String] = []
        for line in options.split(separator: "\n") {
            if line.hasPrefix("  -") {
                entries.append(String(line))
            } else if !entries.isEmpty {
                entries[entries.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
            }
        }
        #expect(entries.count >= 2, "\(command): \(options)")
        for entry in entries {
            let defaults = entry.components(separatedBy: "default").count - 1
            #expect(defaults <= 1, "\(command): \(entry)")
        }
    }

    @Test(arguments: ["ticket", "render", "report", "batch"])
    func theResolutionRuleIsStatedInEveryRenderingCommand(_ command: String) throws {
        let text = try Self.help(["help", command]).replacingOccurrences(of: "\n", with: " ")
        #expect(
            text.contains("Resolution, one rule in ticket, render, report and batch: --scale F is F"),
            "\(command)")
        #expect(text.contains("2 unless given (144 dpi"), "\(command)")
        #expect(text.contains("in the PDF QR and barcode modules are placed on the same pixel grid"), "\(command)")
        #expect(text.contains("--dpi <dpi>") && text.contains("--font-mode <font-mode>"), "\(command)")
    }

    @Test func versionIsAnOptionOfTheTopLevelOnly() throws {
        #expect(try Self.help(["help"]).contains("--version"))
        let scratch = try Scratch("cli-sub-version")
        let sub = try Oracle.run(Repo.mkpdf.path, ["hello", "--version"], directory: scratch.url)
        #expect(sub.status == 64 && sub.stderr.contains("mkpdf --version"), "\(sub.stderr)")
        #expect(try scratch.contents().isEmpty, "hello ran")
        let bare = try Oracle.run(Repo.mkpdf.path, [])
        #expect(bare.status == 0 && bare.stdout.contains("SUBCOMMANDS:"), "\(bare.stdout)")
    }

    /// A mistake found while running (ticket checks -o in run()) is shown with the subcommand's usage.
    @Test(arguments: [
        ["ticket", "--member", "GCG-40167", "-o", "x.jpg"], ["render", "Templates/ticket.yaml", "-o", "x.jpg"],
        ["report", "--data", "samples/members.csv", "-o", "x.jpg"]
    ])
    func usageErrorsShowTheSubcommandsUsage(_ arguments: [String]) throws {
        let scratch = try Scratch("cli-usage-error")
        let result = try Oracle.run(Repo.mkpdf.path, arguments, directory: Repo.root)
        #expect(result.status == 64, "\(arguments): \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("x.jpg"), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: mkpdf \(arguments[0]) "), "\(result.stderr)")
        #expect(result.stderr.contains("See 'mkpdf \(arguments[0]) --help'"), "\(result.stderr)")
        #expect(try scratch.contents().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: Repo.root.appendingPathComponent("x.jpg").path))
    }

    /// `mkpdf ticket …` is parsed by the subcommand alone (start-up), `mkpdf help ticket` through the root: both must
    /// read the same, and a parse error must name `mkpdf ticket` as a root parse does.
    @Test(arguments: subcommands.filter { $0 != "serve" })
    func aSubcommandParsedAloneReadsAsThroughTheRoot(_ command: String) throws {
        #expect(try Self.help([command, "--help"]) == Self.help(["help", command]))
        let result = try Oracle.run(Repo.mkpdf.path, [command, "--no-such-option"], environment: ["COLUMNS": ""])
        #expect(result.status == 64, "\(command): \(result.status) \(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(result.stderr.contains("\nUsage: mkpdf \(command) "), "\(result.stderr)")
        #expect(result.stderr.contains("See 'mkpdf \(command) --help' for more information."), "\(result.stderr)")
    }
}
