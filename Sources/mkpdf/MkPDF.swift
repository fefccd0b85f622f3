import ArgumentParser
import DrawingModule
import Foundation
import Support

/// The `mkpdf` command: one description of a document, rendered to PDF or PNG.
///
/// `--version` is a flag of this root command only, so the subcommands' help does not list it.
@main
struct MkPDF: ParsableCommand {
    /// The command's name, which every subcommand's `usage` starts with (see `parseSubcommandAlone`).
    static let name = "mkpdf"

    static let configuration = CommandConfiguration(
        commandName: name,
        abstract: "Turn one description of a document into PDF (libHaru) or PNG (cairo + libpng).",
        discussion: HelpText.resolution,
        subcommands: [
            ValidateCommand.self, HelloCommand.self, ImageCommand.self, RenderCommand.self, TicketCommand.self,
            ReportCommand.self, BatchCommand.self, ServeCommand.self, EInvoiceCommand.self
        ]
    )

    /// `mkpdf --version`.
    @Flag(help: "Show the version.")
    var version = false

    func run() throws {
        guard version else { throw CleanExit.helpRequest(self) }
        print(MkPDFVersion.current)
    }

    /// Parses and runs like ArgumentParser's `main`, except that a `ValidationError` thrown by a subcommand's `run()`
    /// is shown with that subcommand's usage (ArgumentParser would show the top-level usage), and every error message
    /// is written with control characters from data escaped (`TerminalText`), so a NUL, ESC or newline in a CSV field
    /// or a template value never reaches the terminal raw, whichever module's error carries it.
    static func main() {
        // `mkpdf --version` alone is answered by the root's own run() before ArgumentParser reflects the root and its
        // completion pseudo-commands, which is most of what the process would do (`VersionTests` compares the two).
        if CommandLine.arguments.dropFirst().elementsEqual(["--version"]) {
            var root = MkPDF()
            root.version = true
            do { try root.run() } catch { exitEscaped(error) }
            return
        }
        AllocatorTuning.tuneForDocuments()
        var command: any ParsableCommand
        do {
            command = try parseSubcommandAlone() ?? parseAsRoot()
        } catch {
            exitEscaped(error)
        }
        // ArgumentParser accepts a parent's flag after a subcommand; `mkpdf hello --version` must not run hello.
        let options = CommandLine.arguments.dropFirst().prefix { $0 != "--" }
        if !(command is MkPDF), options.contains("--version") {
            exitEscaped(ValidationError("--version is an option of mkpdf itself: run mkpdf --version"))
        }
        do {
            try command.run()
        } catch let error as ValidationError {
            let subcommand = type(of: command)
            let text =
                "Error: \(escaped(error.message))\nUsage: \(usageString(for: subcommand))\n"
                + "  See 'mkpdf \(commandName(of: subcommand)) --help' for more information.\n"
            FileHandle.standardError.write(Data(text.utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        } catch {
            exitEscaped(error)
        }
    }

    /// The subcommand the first argument names, parsed from the arguments after it as a command of its own, or nil
    /// when the first argument names none (`--version`, `help ticket`, a typo), nothing follows it (the root shows
    /// its help) or `--version` does (which only the root knows): ArgumentParser's root parse answers those.
    ///
    /// Why: at start-up ArgumentParser's root parse reflects the root command, the completion-script pseudo-commands
    /// and the matched subcommand several times over, and each new type it reflects costs a scan of every protocol
    /// conformance record in the static binary. Parsed alone, the subcommand is reflected only for its own parse.
    /// Each subcommand's configuration gives its usage as `mkpdf ticket …`, so its usage, help and errors read
    /// `mkpdf ticket` exactly as when reached through the root (`HelpTests` compares the two).
    private static func parseSubcommandAlone() throws -> (any ParsableCommand)? {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count > 1, let name = arguments.first,
            let subcommand = configuration.subcommands.first(where: { commandName(of: $0) == name }),
            !arguments.prefix(while: { $0 != "--" }).contains("--version")
        else { return nil }
        return try subcommand.parseAsRoot(Array(arguments.dropFirst()))
    }

    /// Exits as ArgumentParser's `exit(withError:)` does, with the message's control characters escaped and the
    /// code from the error's kind (`exitStatus(for:)`).
    private static func exitEscaped(_ error: any Error) -> Never {
        let code = exitStatus(for: error)
        let message = namingTheRoot(fullMessage(for: error))
        if code == .success {
            if !message.isEmpty { print(message) }
        } else if !message.isEmpty {
            FileHandle.standardError.write(Data((escaped(message) + "\n").utf8))
        }
        fflush(nil)
        Foundation.exit(code.rawValue)
    }

    /// The exit code for `error`: from its `ProblemKind` (`ProblemKind.exitCode`, the table README.md gives) for
    /// the package's errors and Foundation's file errors; ArgumentParser's own for help (0), usage mistakes (64) and
    /// an `ExitCode` a command throws (batch's 1 for failed records, validate's 1 and 2); `internal` (70) for any
    /// other error, which no module classified.
    static func exitStatus(for error: any Error) -> ExitCode {
        if error is any Problem || error is CocoaError || error is POSIXError || error is DecodingError {
            return ExitCode(ProblemKind(of: error).exitCode)
        }
        let code = exitCode(for: error)
        return code == .failure && !(error is ExitCode) ? ExitCode(ProblemKind.internal.exitCode) : code
    }

    /// `message` with a subcommand parsed alone named as `mkpdf ticket` in its "See '… --help'" line: the usage line
    /// is the subcommand's configured `usage`, the help hint names the command that was parsed.
    private static func namingTheRoot(_ message: String) -> String {
        var message = message
        for subcommand in configuration.subcommands {
            let sub = commandName(of: subcommand)
            message = message.replacingOccurrences(of: "\n  See '\(sub) ", with: "\n  See '\(name) \(sub) ")
        }
        return message
    }

    /// The name a subcommand is called by on the command line (`ticket`), from its public configuration.
    private static func commandName(of command: any ParsableCommand.Type) -> String {
        command.configuration.commandName ?? ""
    }

    /// `text` with control characters escaped line by line (newlines kept).
    private static func escaped(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.escaped(String($0)) }.joined(separator: "\n")
    }
}

extension ProblemKind {
    /// The exit code of a command stopped by a problem of this kind: one code per party who must act, stable for
    /// scripts (README.md, "Exit codes"). 1 is also what batch exits with when records failed and validate when a
    /// file has error findings; 2 what validate exits with when a file cannot be read; 64 ArgumentParser's
    /// `EX_USAGE` for usage mistakes, 70 `EX_SOFTWARE`.
    var exitCode: Int32 {
        switch self {
        case .badData, .doesNotFit, .missingGlyph: 1
        case .notFound, .io: 2
        case .badTemplate: 3
        case .limit, .time: 4
        case .badRequest: ExitCode.validationFailure.rawValue
        case .internal: 70
        }
    }
}

/// The version `mkpdf --version` prints.
enum MkPDFVersion {
    static let current = "0.1.0"
}

/// Help text shared by several commands, so they state one rule in the same words.
enum HelpText {
    /// The one resolution rule of ticket, render, report and batch.
    static let resolution = """
        Resolution, one rule in ticket, render, report and batch: --scale F is F \
        pixels per point, 2 unless given (144 dpi: the 400×150 pt ticket becomes \
        800×300 px); --dpi D is --scale D/72. The PNG has that many pixels, and \
        in the PDF QR and barcode modules are placed on the same pixel grid.
        """
}
