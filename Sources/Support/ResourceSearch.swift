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

    /// The places a data file is looked for, in order, without duplicates: an installed prefix beside the executable
    /// — `<dir>/../share/mkpdf/<installedPath>` — first, so that an installed mkpdf reads its own copy even while the
    /// checkout it was built from still exists; then `<sourceTree>/<treePath>` (builds run in the tree), then
    /// `<dir>/<treePath>` (an unpacked folder), then `<treePath>` in the current directory.
    package static func paths(
        treePath: String, installedPath: String, sourceTree: URL?, executableDirectory: URL?,
        currentDirectory: URL
    ) -> [URL] {
        var paths: [URL] = []
        func add(_ url: URL) {
            let url = url.standardizedFileURL
            if !paths.contains(url) { paths.append(url) }
        }
        if let executableDirectory { add(installed(installedPath, besides: executableDirectory)) }
        if let sourceTree { add(sourceTree.appendingPathComponent(treePath)) }
        if let executableDirectory { add(executableDirectory.appendingPathComponent(treePath)) }
        add(currentDirectory.appendingPathComponent(treePath))
        return paths
    }

    /// `<executableDirectory>/../share/mkpdf/<installedPath>`: where `make install` puts a data file.
    private static func installed(_ installedPath: String, besides executableDirectory: URL) -> URL {
        executableDirectory.appendingPathComponent("../share/mkpdf/" + installedPath).standardizedFileURL
    }

    /// The data file at `treePath`: the file the environment variable `variable` names when it is set, else the first
    /// of the places `paths(treePath:installedPath:sourceTree:executableDirectory:currentDirectory:)` lists that
    /// exists.
    ///
    /// The executable's folder is read once (`/proc/self/exe`); the current directory only when neither the installed
    /// prefix nor the source tree holds the file.
    package static func locate(
        variable: String, environment: [String: String], treePath: String, installedPath: String, sourceTree: URL?,
        executableDirectory: () -> URL?, currentDirectory: () -> URL
    ) -> Outcome {
        if let override = environment[variable], !override.isEmpty {
            return locate(variable: variable, environment: environment, candidates: [])
        }
        let executable = executableDirectory()
        if let executable {
            let copy = installed(installedPath, besides: executable)
            if FileManager.default.fileExists(atPath: copy.path) { return .found(copy) }
        }
        if let sourceTree {
            let inTree = sourceTree.appendingPathComponent(treePath).standardizedFileURL
            if FileManager.default.fileExists(atPath: inTree.path) { return .found(inTree) }
        }
        let candidates = paths(
            treePath: treePath, installedPath: installedPath, sourceTree: sourceTree,
            executableDirectory: executable, currentDirectory: currentDirectory())
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
