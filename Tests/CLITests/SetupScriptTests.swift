import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `scripts/setup` run as a normal user installs nothing: it prints the exact `apt-get` and `pip` commands root would
/// run and exits 0 (README.md's "Two commands"; issue 34). Run as `nobody` through util-linux's `setpriv` when the
/// tests run as root, else as the user running them.
@Suite struct SetupScriptTests {
    /// A Debian package and a PyPI package this machine does not have, so the script has something to print.
    static let absentDebian = "sl"
    static let absentPython = "cowsay"

    /// Runs `bash SCRIPT ARGUMENTS` as a normal user.
    static func runAsNormalUser(_ script: URL, _ arguments: [String], in folder: URL) throws -> Oracle.Result {
        guard getuid() == 0 else { return try Oracle.run("bash", [script.path] + arguments, directory: folder) }
        try #require(Oracle.path(of: "setpriv") != nil, "setpriv (util-linux) runs the script as nobody")
        let result = try Oracle.run(
            "setpriv",
            [
                "--reuid=nobody", "--regid=nogroup", "--clear-groups", "bash", "-c", #"id -u; exec bash "$@""#, "-",
                script.path
            ] + arguments,
            directory: folder)
        let uid = result.stdout.split(separator: "\n").first.map(String.init)
        #expect(uid != nil && uid != "0", "setpriv did not drop root: \(result.stdout)\(result.stderr)")
        return result
    }

    /// A copy of scripts/setup (and the proof it reads) whose lists also name the two absent packages.
    static func setupWithAbsentPackages(in scratch: Scratch) throws -> URL {
        let scripts = scratch.file("scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Repo.root.appendingPathComponent("scripts/proof"), to: scripts.appendingPathComponent("proof"))
        var text = try String(contentsOf: Repo.root.appendingPathComponent("scripts/setup"), encoding: .utf8)
        let debian = "\nruntime_packages=(\n"
        let python = "python_packages=("
        try #require(text.contains(debian) && text.contains(python), "scripts/setup's lists moved")
        text = text.replacingOccurrences(of: debian, with: debian + "  \(absentDebian)\n")
            .replacingOccurrences(of: python, with: python + "\(absentPython):\(absentPython) ")
        let copy = scripts.appendingPathComponent("setup")
        try Data(text.utf8).write(to: copy)
        return copy
    }

    static func isInstalled(_ package: String) throws -> Bool {
        let status = try Oracle.run("dpkg-query", ["-W", "-f=${db:Status-Status}", package])
        return status.status == 0 && status.stdout == "installed"
    }

    @Test("Missing packages as a normal user: the exact apt-get and pip commands, exit 0, nothing installed")
    func printsTheCommandsAndInstallsNothing() throws {
        try #require(!(try Self.isInstalled(Self.absentDebian)), "\(Self.absentDebian) is installed here")
        let scratch = try Scratch("setup-user")
        let setup = try Self.setupWithAbsentPackages(in: scratch)
        let result = try Self.runAsNormalUser(setup, [], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let apt = try #require(lines.first { $0.hasPrefix("  apt-get ") }, "\(result.stderr)")
        #expect(apt.hasPrefix("  apt-get update && apt-get install -y --no-install-recommends "), "\(apt)")
        #expect(apt.split(separator: " ").contains(Substring(Self.absentDebian)), "\(apt)")
        let pip = try #require(lines.first { $0.hasPrefix("  python3 -m pip install ") }, "\(result.stderr)")
        #expect(pip.split(separator: " ").contains(Substring(Self.absentPython)), "\(pip)")
        #expect(lines.contains { $0.contains("not root, so nothing is installed. As root, run:") })
        for word in ["installing", "Permission denied", "externally-managed", "E: "] {
            #expect(!result.stderr.contains(word), "\(word): \(result.stderr)")
        }
        #expect(!(try Self.isInstalled(Self.absentDebian)))
        #expect(try Oracle.run("python3", ["-c", "import \(Self.absentPython)"]).status != 0)
    }

    @Test("--runtime as a normal user (what ./mkpdf runs): only the apt-get command, exit 0")
    func runtimePrintsOnlyDebian() throws {
        let scratch = try Scratch("setup-user-runtime")
        let setup = try Self.setupWithAbsentPackages(in: scratch)
        let result = try Self.runAsNormalUser(setup, ["--runtime"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("  apt-get update && apt-get install -y --no-install-recommends "),
            "\(result.stderr)")
        #expect(!result.stderr.contains("pip"), "\(result.stderr)")
    }

    @Test("The repository's scripts/setup as a normal user exits 0 and installs nothing")
    func repositorySetupAsNormalUser() throws {
        let scratch = try Scratch("setup-user-repo")
        let result = try Self.runAsNormalUser(
            Repo.root.appendingPathComponent("scripts/setup"), [], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("installing") && !result.stderr.contains("externally-managed"))
        let runtime = try Self.runAsNormalUser(
            Repo.root.appendingPathComponent("scripts/setup"), ["--runtime"], in: scratch.url)
        #expect(runtime.status == 0, "\(runtime.stderr)")
        #expect(!runtime.stderr.contains("installing"), "\(runtime.stderr)")
    }
}
