import Fonts
import Foundation
import Support

/// The admission ticket's rules that are not layout: which member and ticket numbers are acceptable, what file a
/// ticket is written to, and where the default template lives.
///
/// Member numbers come from outside (a command line, a CSV of thousands of members) and end up in file names, so
/// they are checked against a pattern and never allowed to name a path outside the output folder.
public struct TicketRules: Sendable {
    /// Letters, digits and '-', 1 to 32 of them: every member and ticket number in use (GCG-40167, FN-579-413) and nothing that
    /// could be a path, an option or a line break.
    public static let defaultPattern = "^[A-Za-z0-9-]{1,32}$"

    /// The pattern member and ticket numbers must match as a whole.
    public let pattern: String
    /// The pattern compiled once: a batch checks thousands of numbers against it. Regex is not declared
    /// `Sendable`, but it is an immutable value whose lazily lowered program is published atomically.
    nonisolated(unsafe) private let regex: Regex<AnyRegexOutput>

    /// Creates the rules with `pattern` (a regular expression, matched against the whole value).
    /// - Throws: `TicketError.badPattern` when the pattern does not compile.
    public init(pattern: String = TicketRules.defaultPattern) throws(TicketError) {
        do {
            regex = try Regex(pattern)
        } catch {
            throw .badPattern(pattern: pattern, reason: "\(error)")
        }
        self.pattern = pattern
    }

    /// Checks a member or ticket number; `field` (`member`, `ticket`) names it in the error.
    /// - Throws: `TicketError.invalidNumber` when the value does not match the pattern or is unsafe in a file name.
    public func check(_ value: String, field: String) throws(TicketError) {
        if let problem = Self.fileNameProblem(value) {
            throw .invalidNumber(field: field, value: value, pattern: pattern, problem: problem)
        }
        let matches: Bool
        do {
            matches = try regex.wholeMatch(in: value) != nil
        } catch {
            throw .badPattern(pattern: pattern, reason: "\(error)")
        }
        guard matches else {
            throw .invalidNumber(field: field, value: value, pattern: pattern, problem: TicketError.mismatch)
        }
    }

    /// `ticket-GCG-40167.pdf`: the default output file name for a member, whatever the pattern allows.
    /// - Throws: `TicketError.invalidNumber` when the member number is empty, holds `/`, `\`, a control character
    ///   or a `..` — anything that could make the name leave its folder.
    public static func fileName(member: String, extension fileExtension: String) throws(TicketError) -> String {
        if let problem = fileNameProblem(member) {
            throw .invalidNumber(field: "member", value: member, pattern: nil, problem: problem)
        }
        return "ticket-\(member).\(fileExtension)"
    }

    /// The default output file for a member inside `folder`, checked to lie directly in it.
    /// - Throws: `TicketError.invalidNumber` as `fileName(member:extension:)`.
    public static func outputURL(
        member: String, extension fileExtension: String,
        in folder: URL
    ) throws(TicketError) -> URL {
        let name = try fileName(member: member, extension: fileExtension)
        let url = folder.appendingPathComponent(name, isDirectory: false)
        guard url.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path else {
            throw .invalidNumber(field: "member", value: member, pattern: nil, problem: "it would leave the folder")
        }
        return url
    }

    /// Why `value` cannot be part of a file name, or nil when it can: empty, a path separator, "..", a leading
    /// ".", or a control character — so no name built from data can leave its output folder.
    public static func fileNameProblem(_ value: String) -> String? {
        if value.isEmpty { return "it is empty" }
        if let problem = asciiFileNameProblem(value) { return problem.isEmpty ? nil : problem }
        if value.contains("/") || value.contains("\\") { return "it holds a path separator" }
        if value.contains("..") { return "it holds \"..\"" }
        if value.hasPrefix(".") { return "it starts with \".\"" }
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "it holds a control character (such as a line break)"
        }
        return nil
    }

    /// `fileNameProblem` in one pass over the bytes of an ASCII value (a batch's every member number), where a byte
    /// is a character: the problem, "" for none, or nil for a value with other characters, checked character by
    /// character.
    private static func asciiFileNameProblem(_ value: String) -> String? {
        var dots = false
        var control = false
        var previous: UInt8 = 0
        for byte in value.utf8 {
            switch byte {
            case 0x80...: return nil
            case UInt8(ascii: "/"), UInt8(ascii: "\\"): return "it holds a path separator"
            case UInt8(ascii: "."): dots = dots || previous == byte
            case 0..<0x20, 0x7F: control = true
            default: break
            }
            previous = byte
        }
        if dots { return "it holds \"..\"" }
        if value.utf8.first == UInt8(ascii: ".") { return "it starts with \".\"" }
        return control ? "it holds a control character (such as a line break)" : ""
    }

    /// The ticket template: `MKPDF_TICKET_TEMPLATE` if set, else the first of `templateSearchPaths` that exists.
    ///
    /// `executableDirectory` and `currentDirectory` are read only when the source tree holds no template.
    /// - Throws: `TicketError.templateNotFound` listing every place tried.
    public static func defaultTemplate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        sourceTree: URL? = FontConfiguration.sourceTree,
        executableDirectory: @autoclosure () -> URL? = FontConfiguration.executableDirectory,
        currentDirectory: @autoclosure () -> URL = FontConfiguration.currentDirectory
    ) throws(TicketError) -> URL {
        switch ResourceSearch.locate(
            variable: "MKPDF_TICKET_TEMPLATE", environment: environment, treePath: templatePath,
            installedPath: templatePath, sourceTree: sourceTree, executableDirectory: executableDirectory,
            currentDirectory: currentDirectory)
        {
        case .found(let url): return url
        case .missing(let tried): throw .templateNotFound(tried: tried)
        }
    }

    /// The ticket the benchmark draws, `Templates/anchor-ticket.yaml` — element for element what the anchor programs
    /// draw, so ratios compare the same work: `MKPDF_BENCH_TICKET_TEMPLATE` if set, else the first of the same places
    /// as `defaultTemplate` that holds it. `mkpdf ticket` prints the redesigned `Templates/ticket.yaml`.
    /// - Throws: `TicketError.templateNotFound` listing every place tried.
    public static func benchmarkTemplate(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        sourceTree: URL? = FontConfiguration.sourceTree,
        executableDirectory: @autoclosure () -> URL? = FontConfiguration.executableDirectory,
        currentDirectory: @autoclosure () -> URL = FontConfiguration.currentDirectory
    ) throws(TicketError) -> URL {
        switch ResourceSearch.locate(
            variable: "MKPDF_BENCH_TICKET_TEMPLATE", environment: environment,
            treePath: "Templates/anchor-ticket.yaml", installedPath: "Templates/anchor-ticket.yaml",
            sourceTree: sourceTree, executableDirectory: executableDirectory, currentDirectory: currentDirectory)
        {
        case .found(let url): return url
        case .missing(let tried): throw .templateNotFound(tried: tried)
        }
    }

    /// Where a checkout holds the ticket template, and where an installed prefix holds it under `share/mkpdf`.
    private static let templatePath = "Templates/ticket.yaml"

    /// Where the ticket template is looked for, in order, without duplicates: the source tree's
    /// `Templates/ticket.yaml`, then beside the executable — `<dir>/../share/mkpdf/Templates/ticket.yaml` and
    /// `<dir>/Templates/ticket.yaml` — then `Templates/ticket.yaml` in the current directory.
    public static func templateSearchPaths(
        sourceTree: URL?, executableDirectory: URL?,
        currentDirectory: URL
    ) -> [URL] {
        ResourceSearch.paths(
            treePath: templatePath, installedPath: templatePath,
            sourceTree: sourceTree, executableDirectory: executableDirectory,
            currentDirectory: currentDirectory)
    }
}
