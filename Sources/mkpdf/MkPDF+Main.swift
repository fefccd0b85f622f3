import ArgumentParser
import Foundation
import Support

extension MkPDF {
    /// Runs the command like ArgumentParser's `main()`, but writes error messages with control characters from data
    /// escaped (`TerminalText`), so a NUL, ESC or newline in a CSV field never reaches the terminal raw.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if error is CleanExit || error is ExitCode { exit(withError: error) }
            let message = fullMessage(for: error)
            let safe = message.split(separator: "\n", omittingEmptySubsequences: false)
                .map { TerminalText.escaped(String($0)) }.joined(separator: "\n")
            if !safe.isEmpty { FileHandle.standardError.write(Data((safe + "\n").utf8)) }
            Foundation.exit(exitCode(for: error).rawValue)
        }
    }
}
