import ArgumentParser
import Foundation

/// `mkpdf serve`: runs the `mkpdf-serve` program beside this one with the same arguments. The server lives in its own
/// binary so that SwiftNIO's code and conformance records are not part of every other command's start-up.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Render templates over HTTP, with a live template editor (mkpdf serve --help for its options).",
        usage: "mkpdf serve [<arguments> ...]",
        discussion: """
            Runs mkpdf-serve, built beside mkpdf (./mkpdf serve builds it on first use; scripts/build-release \
            --product mkpdf-serve). mkpdf serve --help lists its options; README.md, "Serving over HTTP", its routes.

            Examples:
              mkpdf serve --root Templates --listen 127.0.0.1:8090 &
              mkpdf serve --help
            """)

    @Argument(parsing: .captureForPassthrough, help: "The server's options: mkpdf serve --help lists them.")
    var arguments: [String] = []

    func run() throws {
        let folder = URL(fileURLWithPath: Self.executablePath()).deletingLastPathComponent()
        let server = folder.appendingPathComponent("mkpdf-serve").path
        guard FileManager.default.isExecutableFile(atPath: server) else {
            throw ValidationError(
                "mkpdf serve needs the mkpdf-serve program beside mkpdf (\(server)), which is not built. Fix: run "
                    + "./mkpdf serve (it builds it), or scripts/build-release --product mkpdf-serve")
        }
        let argv = [server] + arguments
        var pointers = argv.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        execv(server, &pointers)
        throw ValidationError("cannot run \(server): \(String(cString: strerror(errno)))")
    }

    /// This program's own path (the link /proc/self/exe points at), else the path it was started by.
    private static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
