import Foundation

/// Resolves logical font names (`gothic`, `mincho`, `sans` …) to opened fonts, each file loaded once per registry.
///
/// Lookup order for a name: the `MKPDF_FONT_<NAME>` environment variable (a file path), then the table's candidate
/// files in order. The table is the `configurationFile` given, else `MKPDF_FONTS`, else the repository's
/// `Fonts/fonts.json`. A final class with a lock rather than an actor, so synchronous renderer code can call it
/// from any thread; `shared` serves the whole process.
public final class FontRegistry: @unchecked Sendable {
    /// Where a logical name resolves to, before anything is loaded.
    public struct Location: Hashable, Sendable {
        /// The font file.
        public var url: URL
        /// The face inside a collection.
        public var index: Int
        /// Where the choice came from: `MKPDF_FONT_GOTHIC` or the table's path.
        public var origin: String
    }

    /// The process-wide registry, reading the process environment.
    public static let shared = FontRegistry()

    private let lock = NSLock()
    private let configurationFile: URL?
    private let environment: [String: String]
    private var loaded: Result<FontConfiguration, FontError>?
    private var faces: [Location: FontFace] = [:]
    /// Faces by logical name: a batch asks for the same names thousands of times, and resolving a name checks
    /// files on disk (system calls per text command), so a name is resolved once.
    private var facesByName: [String: FontFace] = [:]
    /// Fallback chains by logical name.
    private var chains: [String: [FontFace]] = [:]

    /// Forgets the subsets and shaped texts of every face opened so far; the faces stay open.
    package func removeCachedWork() {
        lock.lock()
        let opened = Array(faces.values)
        lock.unlock()
        for face in opened { face.removeCachedWork() }
    }

    /// Creates a registry reading `configurationFile` (default: `MKPDF_FONTS`, then the repository's table) and
    /// taking overrides from `environment`. Nothing is read until the first lookup.
    public init(
        configurationFile: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.configurationFile = configurationFile
        self.environment = environment
    }

    /// Creates a registry over a table made in code.
    public init(
        configuration: FontConfiguration,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.configurationFile = configuration.source
        self.environment = environment
        self.loaded = .success(configuration)
    }

    /// The environment variable that overrides `name`: `MKPDF_FONT_` + the name upper-cased, other than letters and
    /// digits turned into `_` (`sans-bold` → `MKPDF_FONT_SANS_BOLD`).
    public static func overrideVariable(for name: String) -> String {
        "MKPDF_FONT_" + String(name.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    /// The font table in use, read on first call.
    public func configuration() throws(FontError) -> FontConfiguration {
        lock.lock()
        defer { lock.unlock() }
        return try configurationLocked()
    }

    /// The logical names the table defines, sorted.
    public func names() throws(FontError) -> [String] {
        try configuration().names
    }

    /// Which file `name` resolves to, without opening it.
    public func location(of name: String) throws(FontError) -> Location {
        lock.lock()
        defer { lock.unlock() }
        return try locationLocked(of: name)
    }

    /// The fonts text in `name` is drawn from: `name`'s own face, then its fallbacks in order (fonts.json
    /// `fallback`). A character comes from the first that has it.
    public func chain(named name: String) throws(FontError) -> [FontFace] {
        lock.lock()
        if let chain = chains[name] {
            lock.unlock()
            return chain
        }
        let fallback: [String]
        do throws(FontError) {
            fallback = try configurationLocked().fonts[name]?.fallback ?? []
        } catch {
            lock.unlock()
            throw error
        }
        lock.unlock()
        var chain = [try face(named: name)]
        for other in fallback where other != name {
            let face = try face(named: other)
            if !chain.contains(where: { $0 === face }) { chain.append(face) }
        }
        lock.lock()
        chains[name] = chain
        lock.unlock()
        return chain
    }

    /// The opened font for `name`; each file is opened once and shared by every later call.
    public func face(named name: String) throws(FontError) -> FontFace {
        lock.lock()
        defer { lock.unlock() }
        if let face = facesByName[name] { return face }
        let location = try locationLocked(of: name)
        let face: FontFace
        if let opened = faces[location] {
            face = opened
        } else {
            face = try FontFace(contentsOf: location.url, index: location.index, name: name)
            faces[location] = face
        }
        facesByName[name] = face
        return face
    }

    private func configurationLocked() throws(FontError) -> FontConfiguration {
        if let loaded { return try loaded.get() }
        let result: Result<FontConfiguration, FontError>
        do throws(FontError) {
            let file: URL
            if let configurationFile {
                file = configurationFile
            } else {
                file = try FontConfiguration.defaultFile(environment: environment)
            }
            result = .success(try FontConfiguration.load(from: file))
        } catch {
            result = .failure(error)
        }
        loaded = result
        return try result.get()
    }

    private func locationLocked(of name: String) throws(FontError) -> Location {
        let variable = Self.overrideVariable(for: name)
        if let path = environment[variable], !path.isEmpty {
            guard isReadableFile(path) else {
                throw .fontMissing(name: name, tried: ["\(path) (from \(variable))"], package: nil, variable: variable)
            }
            return Location(url: URL(fileURLWithPath: path), index: 0, origin: variable)
        }
        let configuration = try configurationLocked()
        guard let entry = configuration.fonts[name] else {
            throw .unknownFont(name: name, known: configuration.names, configuration: configuration.sourceDescription)
        }
        let candidates = configuration.candidatePaths(for: entry)
        guard let found = candidates.first(where: isReadableFile) else {
            throw .fontMissing(name: name, tried: candidates, package: entry.package, variable: variable)
        }
        return Location(
            url: URL(fileURLWithPath: found), index: entry.index ?? 0,
            origin: configuration.sourceDescription)
    }

    private func isReadableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isReadableFile(atPath: path)
    }
}
