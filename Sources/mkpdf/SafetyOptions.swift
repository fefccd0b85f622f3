import ArgumentParser
import Documents
import Foundation

/// `--root DIR` and `--limit NAME=N`: where the files a template names must stay, and the budgets templates and data
/// are held to (docs/security.md). Shared by every command that reads a template or data.
struct SafetyOptions: ParsableArguments {
    /// The folder every file a template names must resolve inside.
    @Option(
        name: .customLong("root"),
        help: ArgumentHelp(
            "Folder every file a template names (part, image, header logo) must stay inside after symlinks "
                + "(default: the template's folder; / allows any file).",
            valueName: "dir"))
    var root: String?

    /// Raised (or lowered) budgets.
    @Option(
        name: .customLong("limit"),
        help: ArgumentHelp(
            "Change a budget, e.g. --limit csv-columns=50000 (repeatable; K, M, G suffixes allowed). Limits: "
                + Limits.all.map { "\($0.name) (\(Limits()[keyPath: $0.property]))" }.joined(separator: ", ")
                + ".",
            valueName: "name=n"))
    var settings: [String] = []

    /// The root as a URL, or nil for the template's own folder.
    var rootURL: URL? { root.map { URL(fileURLWithPath: $0, isDirectory: true) } }

    /// The defaults with every `--limit` applied.
    /// - Throws: `ValidationError` for an unknown limit name or a value that is not a positive whole number.
    func limits() throws -> Limits { try Limits(settings: settings) }

    func validate() throws {
        _ = try limits()
        if let root {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError(
                    "--root \(root): no such folder. Fix: give an existing folder (/ allows any file)")
            }
        }
    }
}

extension Limits {
    /// The defaults with every `--limit NAME=N` of `settings` applied: the one reading of `--limit` for every command.
    /// - Throws: `ValidationError` for an unknown limit name or a value that is not a positive whole number.
    init(settings: [String]) throws {
        self.init()
        for setting in settings {
            do {
                try set(setting)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }
}
