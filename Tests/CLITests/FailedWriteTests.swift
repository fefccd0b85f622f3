import Foundation
import TestSupport
import Testing

/// A write that fails halfway (the file-size limit of `ulimit -f`, with SIGXFSZ ignored so `write` returns EFBIG)
/// leaves an existing output file exactly as it was and no temporary file beside it: output goes to a temporary file
/// that is renamed into place, never straight over the destination.
@Suite struct FailedWriteTests {
    /// The bytes an earlier run left at the destination: short enough to fit under the limit.
    ///
    /// The commands chosen write no temporary font file first (the embedded-font ticket would fail on its subset
    /// file before reaching the output) and produce more than 2 KiB (the CID ticket about 4 KB).
    static let earlier = Data("%PDF-1.4 earlier output, kept when a later write fails\n".utf8)

    /// Runs `mkpdf` in `folder` under a 2 KiB file-size limit (POSIX `ulimit -f` counts 512-byte blocks).
    static func mkpdfWithSmallFileLimit(_ arguments: [String], in folder: URL) throws -> Oracle.Result {
        let quoted = ([Repo.mkpdf.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try Oracle.run("/bin/sh", ["-c", "trap '' XFSZ; ulimit -f 4; exec \(quoted)"], directory: folder)
    }

    @Test(arguments: [
        ["ticket", "--member", "GCG-40167", "--font-mode", "cid", "-o", "out.pdf"],
        ["ticket", "--member", "GCG-40167", "-o", "out.png"],
        ["hello", "-o", "out.pdf"]
    ])
    func writeCutShortKeepsTheEarlierFileAndLeavesNoTemporary(arguments: [String]) throws {
        let scratch = try Scratch("cli-failed-write")
        let target = scratch.file(arguments.last!)
        try Self.earlier.write(to: target)
        let result = try Self.mkpdfWithSmallFileLimit(arguments, in: scratch.url)
        #expect(result.status != 0, "mkpdf \(arguments) succeeded under a 2 KiB limit: \(result.stdout)")
        #expect(result.stderr.contains(target.lastPathComponent), "stderr: \(result.stderr)")
        #expect(try Data(contentsOf: target) == Self.earlier, "the earlier \(target.lastPathComponent) was overwritten")
        #expect(try scratch.contents() == [target.lastPathComponent])
        // Without the limit the same command replaces the file with a valid one.
        let fresh = try Oracle.run(Repo.mkpdf.path, arguments, directory: scratch.url)
        #expect(fresh.status == 0, "stderr: \(fresh.stderr)")
        #expect(try Data(contentsOf: target) != Self.earlier)
        #expect(try scratch.contents() == [target.lastPathComponent])
    }
}
