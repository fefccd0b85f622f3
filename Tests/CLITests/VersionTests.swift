import Foundation
import TestSupport
import Testing

/// The command's own face: `--version` and `--help` answer without touching any C library.
@Suite struct VersionTests {
    @Test func versionPrintsSemver() throws {
        let result = try Oracle.run(Repo.mkpdf.path, ["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        // `--version` alone is answered before ArgumentParser parses; followed by `--` it goes through the root's
        // parse: the two must print the same.
        let parsed = try Oracle.run(Repo.mkpdf.path, ["--version", "--"])
        #expect(parsed.status == 0 && parsed.stdout == result.stdout, "\(parsed.stdout) against \(result.stdout)")
        #expect(result.stderr.isEmpty && parsed.stderr.isEmpty)
    }

    @Test func helpNamesTheCommand() throws {
        let result = try Oracle.run(Repo.mkpdf.path, ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: mkpdf"))
    }
}
