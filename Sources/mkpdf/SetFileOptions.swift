import ArgumentParser
import Documents
import Foundation
import Support

/// `--set-file key=FILE`: a placeholder's value read from a text file (a long address, a note written in Excel or
/// Notepad), decoded like data files — `--encoding`, or detected: byte-order mark, then UTF-8, then CP932.
struct SetFileOptions: ParsableArguments {
    /// The placeholder files.
    @Option(
        name: .customLong("set-file"),
        help: ArgumentHelp(
            "Fill a placeholder from a text file (UTF-8, UTF-16 with BOM or CP932, detected; CRLF and CR "
                + "read as LF, one trailing line end dropped), e.g. --set-file venue=venue.txt (repeatable).",
            valueName: "key=file"))
    var files: [String] = []

    /// The encoding of `--set-file` files.
    @Option(
        name: .customLong("set-file-encoding"),
        help: ArgumentHelp(
            "Encoding of --set-file files: " + InputEncoding.names + " (default: detected).",
            valueName: "name"))
    var encoding: String?

    /// The values by placeholder.
    /// - Throws: `ValidationError` for a malformed option, an unreadable file, or bytes that are not text (naming the
    ///   byte offset and the bytes).
    func values() throws -> [String: String] {
        var values: [String: String] = [:]
        let chosen = try encoding.map { name throws -> InputEncoding in
            guard let known = InputEncoding(name: name) else {
                throw ValidationError("--set-file-encoding \(name): give one of \(InputEncoding.names)")
            }
            return known
        }
        for assignment in files {
            guard let equals = assignment.firstIndex(of: "="), equals > assignment.startIndex,
                assignment.index(after: equals) < assignment.endIndex
            else {
                throw ValidationError("--set-file \(assignment): write key=FILE, e.g. --set-file venue=venue.txt")
            }
            let key = String(assignment[..<equals])
            let path = String(assignment[assignment.index(after: equals)...])
            guard values[key] == nil else { throw ValidationError("--set-file \(key)=… is given twice") }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ValidationError("--set-file \(key)=\(path): the file cannot be read")
            }
            do {
                var text = LineEnds.normalized(try InputText.decode(data, source: path, encoding: chosen).text)
                if text.hasSuffix("\n") { text.removeLast() }
                values[key] = text
            } catch {
                throw ValidationError(
                    TerminalText.escaped(
                        "--set-file \(key)=\(path): "
                            + (error.note ?? "byte offset \(error.byteOffset): the bytes "
                                + "\(error.hexBytes) are not \(error.encoding.rawValue). Fix: give --set-file-encoding, or "
                                + "save the file as UTF-8")))
            }
        }
        return values
    }
}
