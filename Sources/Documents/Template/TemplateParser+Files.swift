import DrawingModule
import Foundation
import Records
import Support
import Yams

/// What a template and the parts it includes share while they load: the root their files must stay inside, the
/// limits, the parts loaded so far and how deep their element lists nest.
struct TemplateLoading {
    /// What one top template and all its parts count together while they load.
    final class Counts {
        /// The parts loaded so far, over every level.
        var parts = 0
        /// Element or block lists open now (`elements:`, `flow:`, and each `for`/`if` body), through parts.
        var nesting = 0
    }

    /// The folder every file the template names must resolve inside, after symlinks (no trailing `/`; `/` itself
    /// for the explicit way out).
    let root: String
    /// The budgets.
    let limits: Limits
    /// The counts shared by every part of one top template.
    let counts: Counts
    /// How deep this template is in the parts: 0 for the top template.
    let depth: Int

    /// The loading of a top template whose files must stay inside `root` (symlinks resolved now).
    init(root: URL, limits: Limits) {
        self.root = Self.realPath(root.path) ?? root.standardizedFileURL.path
        self.limits = limits
        counts = Counts()
        depth = 0
    }

    private init(root: String, limits: Limits, counts: Counts, depth: Int) {
        self.root = root
        self.limits = limits
        self.counts = counts
        self.depth = depth
    }

    /// The loading of a part one level deeper.
    var part: TemplateLoading { TemplateLoading(root: root, limits: limits, counts: counts, depth: depth + 1) }

    /// One more list of elements or blocks opened at `node` (`elements:`, `flow:`, a `for` or `if` body), counted
    /// through parts: reading and drawing recurse once a level, so the depth is what bounds their stack.
    /// - Throws: `TemplateError` with the `element-depth` limit.
    func enter(_ node: Node, parser: TemplateParser) throws(TemplateError) {
        counts.nesting += 1
        guard counts.nesting <= limits.elementDepth else {
            let depth = counts.nesting
            counts.nesting -= 1
            throw parser.error(
                node,
                .limit(
                    LimitExceeded(
                        limit: "element-depth", what: "for, if and parts nest elements", value: depth,
                        maximum: limits.elementDepth, unit: "levels deep")))
        }
    }

    /// The list opened by `enter` is read.
    func leave() { counts.nesting -= 1 }

    /// True when `path` (absolute, symlinks resolved) is the root or inside it.
    func contains(_ path: String) -> Bool { Self.contains(path, root: root) }

    /// True when `path` (absolute, symlinks resolved) is `root` or inside it: the one test every file a template
    /// names passes, when it is parsed or, for a path made from data, when its document is made.
    static func contains(_ path: String, root: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    /// The size of the regular file at `path`, nil when it is something else (a folder, a FIFO that would block
    /// the read, a device), or -1 when it cannot be examined (the read reports why).
    static func regularFileSize(_ path: String) -> Int? {
        var status = stat()
        guard stat(path, &status) == 0 else { return -1 }
        return status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
    }

    /// Refuses a file a template names before it is read: one that is not a regular file, or is larger than
    /// `maximum` bytes (the limit `limit`).
    /// - Throws: `TemplateError` at `node` (the file that names it is `parser`'s).
    func checkFile(
        _ url: URL, node: Node?, parser: TemplateParser, element: String, maximum: Int, limit: String
    ) throws(TemplateError) {
        guard let size = Self.regularFileSize(url.path) else {
            throw parser.error(
                node, .notATemplate(kind: "the \(element) \(url.lastPathComponent) is not a regular file"))
        }
        guard size <= maximum else {
            throw parser.error(
                node,
                .limit(
                    LimitExceeded(
                        limit: limit, what: "the \(element) file \(url.lastPathComponent) holds", value: size,
                        maximum: maximum, unit: "bytes")))
        }
    }

    /// `path` with every symlink and `.`/`..` resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension TemplateParser {
    /// The file a template names under `element` (`part`, `image`, `header.logo`), resolved against the
    /// template's folder and checked against the root after its symlinks are resolved: the URL to read.
    /// - Throws: `TemplateError.Reason.outsideRoot` naming the element, the path and the root; `.image`/`.unreadable`
    ///   style errors are left to the reader (a file that does not exist resolves lexically).
    func resolve(_ node: Node, path: String, element: String) throws(TemplateError) -> URL {
        let written = path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseURL.appendingPathComponent(path)
        let resolved = TemplateLoading.realPath(written.path) ?? written.standardizedFileURL.path
        guard loading.contains(resolved) else {
            throw error(node, .outsideRoot(element: element, path: path, root: loading.root))
        }
        return URL(fileURLWithPath: resolved)
    }

    /// The bytes of the image file named by `node` under `element`, inside the root.
    /// - Throws: `TemplateError` for a file outside the root or one that cannot be read (never its content).
    func imageData(_ node: Node, key: String, element: String) throws(TemplateError) -> Data {
        let path = try scalar(node, key: key)
        let url = try resolve(node, path: path, element: element)
        try loading.checkFile(
            url, node: node, parser: self, element: element, maximum: loading.limits.imageBytes, limit: "image-bytes")
        do {
            return try Data(contentsOf: url)
        } catch {
            throw self.error(node, .image(path: url.path, reason: error.localizedDescription))
        }
    }

    /// Refuses a document that is not a template, or whose aliases expand past `Limits.yamlNodes`, before anything
    /// else reads it (`YAMLData.nodesOverLimit(_:maximum:)`).
    /// - Throws: `TemplateError` with `.notATemplate` (naming the line, never its text) or `.limit`.
    func checkShape(_ root: Node) throws(TemplateError) {
        guard case .mapping(let mapping) = root else {
            let shape = YAMLData.notAMapping(root, holding: "keys such as page: and elements:")
            throw TemplateError(file: file, line: shape.line, column: nil, reason: .notATemplate(kind: shape.kind))
        }
        // A part is a file another template named: when it is no template at all (a configuration file, say), its
        // keys are the file's content and are not quoted back as unknown keys.
        if loading.depth > 0, mapping["page"] == nil, mapping["size"] == nil {
            throw TemplateError(
                file: file, line: mark(root)?.line ?? 1, column: nil,
                reason: .notATemplate(
                    kind:
                        "line \(mark(root)?.line ?? 1) starts a mapping without page: (a part is a template with a page)"
                ))
        }
        if let exceeded = YAMLData.nodesOverLimit(root, maximum: loading.limits.yamlNodes) {
            throw TemplateError(file: file, reason: .limit(exceeded))
        }
    }
}
