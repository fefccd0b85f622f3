import Foundation
import TestSupport
import Testing

/// `make install-files` (what `make install` runs after building): an installed mkpdf finds its templates and fonts
/// under PREFIX/share/mkpdf from any directory, and reads them there even while the checkout it was built from exists.
@Suite struct InstallTests {
    /// Installs the built products into `destination` with PREFIX /usr/local; the installed prefix.
    static func install(into destination: URL) throws -> URL {
        let built = Repo.mkpdf.deletingLastPathComponent().path
        let result = try Oracle.run(
            "make", ["-s", "install-files", "DESTDIR=\(destination.path)", "PREFIX=/usr/local", "BUILT=\(built)"],
            directory: Repo.root)
        #expect(result.status == 0, "make install-files: \(result.stderr)")
        return destination.appendingPathComponent("usr/local")
    }

    static let ticket = ["ticket", "--member", "GCG-40167", "--date", "2026年11月21日"]

    @Test("The installed mkpdf, run from /, writes the ticket the checkout writes, from its own share/mkpdf")
    func installedBinaryWritesTheSameTicket() throws {
        let scratch = try Scratch("install")
        let prefix = try Self.install(into: scratch.file("destdir"))
        for file in [
            "bin/mkpdf", "bin/mkpdf-serve", "share/mkpdf/fonts.json", "share/mkpdf/Templates/ticket.yaml",
            "share/mkpdf/Templates/invoice.yaml", "share/mkpdf/mkpdf-serve.service"
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
        let installed = prefix.appendingPathComponent("bin/mkpdf")
        let fromRoot = scratch.file("installed.pdf")
        let run = try Oracle.run(
            installed.path, Self.ticket + ["-o", fromRoot.path], directory: URL(fileURLWithPath: "/"))
        #expect(run.status == 0, "\(run.stderr)")
        let inClone = scratch.file("clone.pdf")
        let clone = try Oracle.run(Repo.mkpdf.path, Self.ticket + ["-o", inClone.path], directory: Repo.root)
        #expect(clone.status == 0, "\(clone.stderr)")
        #expect(try Data(contentsOf: fromRoot) == Data(contentsOf: inClone))

        // The installed template, changed, changes what the installed binary prints: it reads share/mkpdf, not the
        // checkout it was built from.
        let template = prefix.appendingPathComponent("share/mkpdf/Templates/ticket.yaml")
        let text = try String(contentsOf: template, encoding: .utf8)
        try #require(text.contains("入場整理券"))
        try Data(text.replacingOccurrences(of: "入場整理券", with: "入場確認券").utf8).write(to: template)
        let changed = scratch.file("changed.pdf")
        let again = try Oracle.run(
            installed.path, Self.ticket + ["-o", changed.path], directory: URL(fileURLWithPath: "/"))
        #expect(again.status == 0, "\(again.stderr)")
        let printed = try Oracle.pdftotext(changed)
        #expect(printed.contains("入場確認券") && !printed.contains("入場整理券"), "\(printed)")
    }

    @Test("The example systemd unit names the installed server and verifies with systemd-analyze")
    func systemdUnitVerifies() throws {
        let scratch = try Scratch("install-unit")
        let prefix = try Self.install(into: scratch.file("destdir"))
        let unit = try String(
            contentsOf: Repo.root.appendingPathComponent("docs/deploy/mkpdf-serve.service"), encoding: .utf8)
        #expect(unit.contains("ExecStart=/usr/local/bin/mkpdf-serve --root /usr/local/share/mkpdf/Templates"))
        // systemd-analyze checks that ExecStart's program exists: point it at the one just installed.
        let local = unit.replacingOccurrences(of: "/usr/local/", with: prefix.path + "/")
        let copy = scratch.file("mkpdf-serve.service")
        try Data(local.utf8).write(to: copy)
        let tool = try #require(Oracle.path(of: "systemd-analyze"), "systemd-analyze (Debian's systemd)")
        let result = try Oracle.run(tool, ["verify", "--man=no", copy.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains(copy.lastPathComponent + ":"), "\(result.stderr)")
    }
}
