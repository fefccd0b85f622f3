import Foundation
import Support

/// The table of logical font names read from a fonts.json: each name's candidate files, Debian package and licence.
///
/// Data, not code, so another system (or a user with other fonts) changes a file, not the program.
public struct FontConfiguration: Hashable, Sendable {
    /// One logical name's entry.
    public struct Entry: Codable, Hashable, Sendable {
        /// Candidate files, first existing wins; relative paths are relative to the JSON file's folder.
        public var files: [String]
        /// The Debian package that installs them, named in the error when none exists.
        public var package: String?
        /// The licence, for the record (embedding in PDFs must be allowed).
        public var licence: String?
        /// The face inside a `.ttc` collection; 0 for plain files.
        public var index: Int?
        /// Logical names tried in order for a character this font lacks (𠮷 from a font that has it), each with
        /// its own files; their own fallbacks are not followed.
        public var fallback: [String]?

        /// Creates an entry.
        public init(
            files: [String], package: String? = nil, licence: String? = nil, index: Int? = nil,
            fallback: [String]? = nil
        ) {
            self.files = files
            self.package = package
            self.licence = licence
            self.index = index
            self.fallback = fallback
        }
    }

    /// Logical name → entry.
    public var fonts: [String: Entry]
    /// The file the table was read from, if any; relative paths resolve against its folder.
    public var source: URL?

    /// Creates a table in code.
    public init(fonts: [String: Entry], source: URL? = nil) {
        self.fonts = fonts
        self.source = source
    }

    /// The logical names, sorted.
    public var names: [String] { fonts.keys.sorted() }

    /// How the table is named in messages: its path, or "the font table" for one made in code.
    public var sourceDescription: String { source?.path ?? "the font table" }

    /// The candidate paths for `entry`, made absolute.
    public func candidatePaths(for entry: Entry) -> [String] {
        entry.files.map { file in
            if file.hasPrefix("/") { return file }
            if file.hasPrefix("~/") { return NSString(string: file).expandingTildeInPath }
            let folder =
                source?.deletingLastPathComponent() ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            return folder.appendingPathComponent(file).standardizedFileURL.path
        }
    }

    /// fonts.json's shape, decoded through one coding key type and the containers themselves.
    ///
    /// Reading one small table, JSONDecoder's cost is the generic types it meets for the first time: a keyed
    /// container per coding key type, `Dictionary`'s and `Array`'s own decoding, the casts of their keys, each set
    /// up by the runtime on first use. The containers asked for here are those the synthesized decoding of
    /// `{fonts: [String: Entry]}` asks for, key by key, so a wrong value fails with the same error and coding path.
    private struct FileForm: Decodable {
        var fonts: [String: Entry]

        /// Any key of the file: a fixed field's name or a font's logical name.
        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let table = try decoder.container(keyedBy: Key.self)
                .nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: "fonts"))
            var fonts: [String: Entry] = [:]
            for name in table.allKeys {
                let entry = try table.nestedContainer(keyedBy: Key.self, forKey: name)
                let fallback = Key(stringValue: "fallback")
                fonts[name.stringValue] = Entry(
                    files: try Self.names(entry, Key(stringValue: "files")),
                    package: try entry.decodeIfPresent(String.self, forKey: Key(stringValue: "package")),
                    licence: try entry.decodeIfPresent(String.self, forKey: Key(stringValue: "licence")),
                    index: try entry.decodeIfPresent(Int.self, forKey: Key(stringValue: "index")),
                    fallback: try entry.contains(fallback) && !entry.decodeNil(forKey: fallback)
                        ? Self.names(entry, fallback) : nil)
            }
            self.fonts = fonts
        }

        /// A list of file or font names.
        private static func names(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> [String] {
            var list = try container.nestedUnkeyedContainer(forKey: key)
            var names: [String] = []
            while !list.isAtEnd { names.append(try list.decode(String.self)) }
            return names
        }
    }

    /// Reads a fonts.json; every problem is a `.configurationInvalid` naming the file.
    public static func load(from url: URL) throws(FontError) -> FontConfiguration {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .configurationInvalid(file: url.path, reason: "cannot be read (\(error.localizedDescription))")
        }
        return try parse(data, source: url)
    }

    /// Parses fonts.json bytes; `source` names the file in errors and anchors relative paths.
    public static func parse(_ data: Data, source: URL) throws(FontError) -> FontConfiguration {
        let form: FileForm
        do {
            form = try JSONDecoder().decode(FileForm.self, from: data)
        } catch let error as DecodingError {
            throw .configurationInvalid(file: source.path, reason: reason(for: error, in: data))
        } catch {
            throw .configurationInvalid(file: source.path, reason: "\(error)")
        }
        for (name, entry) in form.fonts.sorted(by: { $0.key < $1.key }) {
            if name.isEmpty { throw .configurationInvalid(file: source.path, reason: "a font has an empty name") }
            if entry.files.isEmpty {
                throw .configurationInvalid(file: source.path, reason: "font \"\(name)\" lists no files")
            }
            for other in entry.fallback ?? [] where form.fonts[other] == nil {
                throw .configurationInvalid(
                    file: source.path,
                    reason: "font \"\(name)\" falls back to \"\(other)\", "
                        + "which the table does not define")
            }
            if let index = entry.index, index < 0 {
                throw .configurationInvalid(
                    file: source.path, reason: "font \"\(name)\" has index \(index); use 0 or more")
            }
        }
        return FontConfiguration(fonts: form.fonts, source: source)
    }

    private static func reason(for error: DecodingError, in data: Data) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context):
            guard context.codingPath.isEmpty else {
                return "wrong value at \(path(context.codingPath)): \(context.debugDescription)"
            }
            return "is not valid JSON" + (jsonSyntaxLocation(in: data).map { " (\($0))" } ?? "")
        case .keyNotFound(let key, let context):
            let place = path(context.codingPath)
            return "missing key \"\(key.stringValue)\"" + (place.isEmpty ? " at the top level" : " in \(place)")
                + " (expected {\"fonts\": {\"gothic\": {\"files\": [\"/path/to/font.ttf\"]}}})"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong value at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    /// The fonts.json used when none is given: `MKPDF_FONTS` if set, else the first of `searchPaths` that exists.
    ///
    /// - Throws: `FontError.configurationNotFound` listing every place tried, so an installed binary's user sees
    ///   where to put the table.
    ///
    /// `executableDirectory` and `currentDirectory` are read only when the source tree holds no table.
    public static func defaultFile(
        environment: [String: String], sourceTree: URL? = sourceTree,
        executableDirectory: @autoclosure () -> URL? = executableDirectory,
        currentDirectory: @autoclosure () -> URL = currentDirectory
    ) throws(FontError) -> URL {
        switch ResourceSearch.locate(
            variable: "MKPDF_FONTS", environment: environment, treePath: treePath, installedPath: "fonts.json",
            sourceTree: sourceTree, executableDirectory: executableDirectory, currentDirectory: currentDirectory)
        {
        case .found(let url): return url
        case .missing(let tried): throw .configurationNotFound(tried: tried)
        }
    }

    /// Where fonts.json is looked for, in order, without duplicates: the source tree's `Fonts/fonts.json` (builds
    /// run in the tree), then beside the executable — `<dir>/../share/mkpdf/fonts.json` (an installed prefix) and
    /// `<dir>/Fonts/fonts.json` (an unpacked folder) — then `Fonts/fonts.json` in the current directory.
    public static func searchPaths(sourceTree: URL?, executableDirectory: URL?, currentDirectory: URL) -> [URL] {
        ResourceSearch.paths(
            treePath: treePath, installedPath: "fonts.json", sourceTree: sourceTree,
            executableDirectory: executableDirectory, currentDirectory: currentDirectory)
    }

    /// Where a checkout holds the table.
    private static let treePath = "Fonts/fonts.json"

    /// The checkout this module was compiled from (found through `#filePath`); it may not exist where the binary
    /// runs, which the search tolerates.
    public static let sourceTree: URL? = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder of the running executable, symbolic links resolved (`/usr/local/bin` for an installed mkpdf).
    /// Read from `/proc/self/exe` (one system call), else from `Bundle.main`.
    public static var executableDirectory: URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path).deletingLastPathComponent()
        }
        return Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The process's current directory.
    public static var currentDirectory: URL {
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    }
}
