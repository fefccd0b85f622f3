import Documents
import DrawingModule
import Foundation
import Support

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The templates of the service's root, each parsed once and parsed again when its file changes (its modification
/// time, size or inode), so an edit is served on the next request without a restart.
///
/// A name is a path under the root without its `.yaml`/`.yml` ending (`ticket`, `shop/receipt`); one that would
/// leave the root — `..`, an absolute path, a symbolic link pointing out — is answered as unknown, like a file that
/// does not exist, so the answer tells nothing about the files outside.
actor TemplateStore {
    /// A parsed template and the file state it was parsed from.
    struct Entry {
        var template: Template
        var stamp: FileStamp
    }

    /// What tells a changed file from the one parsed.
    struct FileStamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
        var inode: UInt64
    }

    /// The root after symbolic links, without a trailing `/`.
    let root: String
    private let limits: Limits
    var entries: [String: Entry] = [:]
    /// How many times a template was parsed (first load and reloads), for `/metrics`.
    private(set) var loads = 0

    /// A store for the templates under `root`.
    /// - Throws: `ServiceProblem` when the root is not a folder.
    init(root: URL, limits: Limits) throws(ServiceProblem) {
        guard let real = Self.realPath(root.path), Self.isFolder(real) else {
            throw ServiceProblem(
                .badRequest,
                detail: "the template root \(root.path) is not a folder. Fix: give --root a folder of templates")
        }
        self.root = real == "/" ? "" : real
        self.limits = limits
    }

    /// The template called `name`, parsed now if it is new or its file changed.
    /// - Throws: `ServiceProblem` `.unknownTemplate` for a name not in the root, `.brokenTemplate` for a file that does
    ///   not load (with its line and column).
    func template(named name: String) throws(ServiceProblem) -> Template {
        let (path, stamp) = try file(named: name)
        if let entry = entries[name], entry.stamp == stamp { return entry.template }
        let template: Template
        do {
            // Named relative to the root, so no problem tells a client where the root is.
            let rootURL = URL(fileURLWithPath: root.isEmpty ? "/" : root, isDirectory: true)
            template = try Template(
                contentsOf: URL(fileURLWithPath: String(path.dropFirst(root.count + 1)), relativeTo: rootURL),
                root: rootURL, limits: limits)
        } catch {
            entries[name] = nil
            var problem = ServiceProblem(error, storedTemplate: true)
            problem.file = name
            throw problem
        }
        loads += 1
        entries[name] = Entry(template: template, stamp: stamp)
        return template
    }

    /// The names of every template under the root (`.yaml`/`.yml`, folders followed to a depth of 4, at most 1,000),
    /// sorted.
    func names() -> [String] {
        var found: [String] = []
        walk(root.isEmpty ? "/" : root, prefix: "", depth: 0, into: &found)
        return found.sorted()
    }

    private func walk(_ folder: String, prefix: String, depth: Int, into found: inout [String]) {
        guard depth < 4, let items = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for item in items.sorted() where !item.hasPrefix(".") && found.count < 1_000 {
            let path = folder + "/" + item
            if Self.isFolder(path) {
                walk(path, prefix: prefix + item + "/", depth: depth + 1, into: &found)
            } else if let name = Self.name(ofFile: item) {
                found.append(prefix + name)
            }
        }
    }

    /// `ticket.yaml` → `ticket`; nil for a file that is not a template.
    static func name(ofFile file: String) -> String? {
        for ending in [".yaml", ".yml"] where file.hasSuffix(ending) && file.count > ending.count {
            return String(file.dropLast(ending.count))
        }
        return nil
    }

    /// The path and state of the file for `name`, after checking that it is a regular file inside the root.
    func file(named name: String) throws(ServiceProblem) -> (String, FileStamp) {
        let unknown = ServiceProblem(
            .unknownTemplate,
            detail: "there is no template \"\(name)\" in the service's root. Fix: GET /templates lists the names")
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, name.utf8.count <= 255,
            parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && $0.allSatisfy(Self.isNameCharacter) })
        else { throw unknown }
        let stem = Self.name(ofFile: name) ?? name
        for ending in [".yaml", ".yml"] {
            guard let real = Self.realPath(root + "/" + stem + ending) else { continue }
            guard real.hasPrefix(root + "/") else { throw unknown }
            var status = stat()
            guard stat(real, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { throw unknown }
            #if canImport(Glibc)
                let modified = status.st_mtim
            #else
                let modified = status.st_mtimespec
            #endif
            return (
                real,
                FileStamp(
                    seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec), size: Int(status.st_size),
                    inode: UInt64(status.st_ino))
            )
        }
        throw unknown
    }

    /// Letters (any script), digits, `-` and `_`, `.` inside a name: what a template file name may hold.
    static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "-" || character == "_" || character == "."
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}

extension TemplateStore {
    /// The file of the template `name`, checked as `template(named:)` checks it.
    /// - Throws: `ServiceProblem.unknownTemplate`.
    func fileURL(named name: String) throws(ServiceProblem) -> URL {
        URL(fileURLWithPath: try file(named: name).0)
    }

    /// Writes `data` as the template `name` (`name.yaml` when it is new), all or nothing, inside the root.
    /// - Throws: `ServiceProblem` for a name that would leave the root or a write that fails.
    func save(_ data: Data, named name: String) throws(ServiceProblem) {
        let path: String
        if let existing = try? file(named: name).0 {
            path = existing
        } else {
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            guard !name.isEmpty,
                parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") && $0.allSatisfy(Self.isNameCharacter) }),
                let folder = Self.realPath((root + "/" + name as NSString).deletingLastPathComponent),
                folder == root || folder.hasPrefix(root + "/")
            else {
                throw ServiceProblem(
                    .saveRefused,
                    detail: "\"\(name)\" is not a template name in the root. Fix: use letters, digits, "
                        + "- and _, in a folder that exists")
            }
            path = root + "/" + (Self.name(ofFile: name) ?? name) + ".yaml"
        }
        do {
            try AtomicFile.writeAll([(path, data)], links: .replace)
        } catch {
            throw ServiceProblem(.saveRefused, detail: "cannot save \(name): \(error)")
        }
        entries[name] = nil
    }
}
