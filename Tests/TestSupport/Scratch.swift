import Foundation

/// A fresh folder under the system temp directory, removed when the value is released.
///
/// Each test writes into its own folder so tests can run in parallel and leave nothing behind.
public final class Scratch: @unchecked Sendable {
    /// The folder's location.
    public let url: URL

    /// Creates the folder; `label` goes into its name to make leftovers easy to trace.
    public init(_ label: String = "test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("mkpdf-\(label)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A path inside the folder.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The names of the files in the folder, sorted, so tests can assert that nothing stray was left.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

/// Where the repository and its built products are, for tests that run the `mkpdf` command.
public enum Repo {
    /// The repository root, found from this source file's location.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `mkpdf` executable SwiftPM built beside the test bundle.
    public static var mkpdf: URL { product("mkpdf") }

    /// The `mkpdf-serve` executable (`mkpdf serve`'s server) SwiftPM built beside the test bundle.
    public static var mkpdfServe: URL { product("mkpdf-serve") }

    /// The executable product `name` SwiftPM built beside the test bundle.
    public static func product(_ name: String) -> URL {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [bundleDir, bundleDir.deletingLastPathComponent()].map { $0.appendingPathComponent(name) }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    /// The IPAexGothic font file from Debian's fonts-ipaexfont.
    public static let ipaexGothic = URL(fileURLWithPath: "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf")
    /// The IPAexMincho font file from Debian's fonts-ipaexfont.
    public static let ipaexMincho = URL(fileURLWithPath: "/usr/share/fonts/opentype/ipaexfont-mincho/ipaexm.ttf")
}
