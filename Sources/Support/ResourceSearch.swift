import Foundation

/// One rule for finding the data files mkpdf ships (fonts.json, the ticket template), so that a checkout, an
/// installed prefix and an unpacked folder find every file the same way and report the same list when one is missing.
package enum ResourceSearch {
    /// Where the search ended: the file, or every place tried (for the caller's own "not found" error).
    package enum Outcome: Sendable, Equatable {
        /// The file to use.
        case found(URL)
        /// Nothing was there; the places tried, in order, ending with the environment variable's state.
        case missing(tried: [String])
    }

    /// The places a data file is looked for, in order, without duplicates: `<sourceTree>/<treePath>` (builds run
    /// in the tree), then beside the executable — `<dir>/../share/mkpdf/<installedPath>` (an installed prefix) and
    /// `<dir>/<treePath>` (an unpacked folder) — then `<treePath>` in the current directory.
    package static func paths(
        treePath: String, installedPath: String, sourceTree: URL?, executableDirectory: URL?,
        currentDirectory: URL
    ) -> [URL] {
        var paths: [URL] = []
        func add(_ url: URL) {
            let url = url.standardizedFileURL
            if !paths.contains(url) { paths.append(url) }
        }
        if let sourceTree { add(sourceTree.appendingPathComponent(treePath)) }
        if let executableDirectory {
            add(executableDirectory.appendingPathComponent("../share/mkpdf/" + installedPath))
            add(executableDirectory.appendingPathComponent(treePath))
        }
        add(currentDirectory.appendingPathComponent(treePath))
        return paths
    }

    /// The data file at `treePath`: the file the environment variable `variable` names when it is set, else the first
    /// of the places `paths(treePath:installedPath:sourceTree:executableDirectory:currentDirectory:)` lists that
    /// exists.
    ///
    /// The places beside the executable and in the current directory are worked out only when no variable is set and
    /// the source tree holds no copy: finding the executable's folder reads `Bundle.main` and resolves symbolic
    /// links, work a run from a checkout does not need. The source tree's copy is the first place either way, so the
    /// file found is the same.
    package static func locate(
        variable: String, environment: [String: String], treePath: String, installedPath: String, sourceTree: URL?,
        executableDirectory: () -> URL?, currentDirectory: () -> URL
    ) -> Outcome {
        if let override = environment[variable], !override.isEmpty {
            return locate(variable: variable, environment: environment, candidates: [])
        }
        if let sourceTree {
            let inTree = sourceTree.appendingPathComponent(treePath).standardizedFileURL
            if FileManager.default.fileExists(atPath: inTree.path) { return .found(inTree) }
        }
        let candidates = paths(
            treePath: treePath, installedPath: installedPath, sourceTree: sourceTree,
            executableDirectory: executableDirectory(), currentDirectory: currentDirectory())
        return locate(variable: variable, environment: environment, candidates: candidates)
    }

    /// The file the environment variable `variable` names when it is set (it must exist: a wrong override is an
    /// error, not a reason to fall back), else the first of `candidates` that exists.
    package static func locate(variable: String, environment: [String: String], candidates: [URL]) -> Outcome {
        if let override = environment[variable], !override.isEmpty {
            guard FileManager.default.fileExists(atPath: override) else {
                return .missing(tried: ["\(override) (from \(variable))"])
            }
            return .found(URL(fileURLWithPath: override))
        }
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) {
            return .found(found)
        }
        return .missing(tried: candidates.map(\.path) + ["\(variable) (not set)"])
    }
}
