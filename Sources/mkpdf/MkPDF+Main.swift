import ArgumentParser
import Foundation
import Support

extension MkPDF {
    /// Runs the command as ArgumentParser's `main()` does, but writes error messages with control characters from
    /// data escaped (`TerminalText`), so a NUL, ESC or newline in a CSV field or a template value never reaches the
    /// terminal raw, whichever module's error carries it.
    static func main() {
        do {
            var parsed = try parseAsRoot()
            try parsed.run()
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
            } else if !message.isEmpty {
                let safe = message.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { TerminalText.escaped(String($0)) }.joined(separator: "\n")
                FileHandle.standardError.write(Data((safe + "\n").utf8))
            }
            fflush(nil)
            Foundation.exit(code.rawValue)
        }
    }
}
