import Foundation
import TestSupport
import Testing

/// libHaru (HaruLoader), HarfBuzz (HarfBuzzLoader), FreeType (with cairo, CairoLoader) and libzint (ZintLoader) are
/// opened on first use, not at start-up: a run that does not need one does not load it, and a run that does says
/// clearly when it cannot.
@Suite struct LibraryLoadingTests {
    /// An environment whose library path finds first, under these names, files that are no libraries at all.
    static func environment(breaking names: [String], in scratch: Scratch) throws -> [String: String] {
        let libraries = scratch.file("lib")
        try FileManager.default.createDirectory(at: libraries, withIntermediateDirectories: true)
        for name in names {
            try Data("not a library".utf8).write(to: libraries.appendingPathComponent(name))
        }
        return ["LD_LIBRARY_PATH": libraries.path]
    }

    /// `mkpdf --version` runs in `environment`: start-up opens none of the libraries.
    static func expectVersionRuns(
        in environment: [String: String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let version = try Oracle.run(Repo.mkpdf.path, ["--version"], environment: environment)
        #expect(version.status == 0 && !version.stdout.isEmpty, "\(version.stderr)", sourceLocation: sourceLocation)
    }

    /// `mkpdf ticket` writing `output` in `environment` is refused with a message saying each of `messages` (what
    /// could not be loaded, the library's file, the install command), no internal error, and no file written.
    static func expectTicketRefused(
        writing output: URL, in environment: [String: String], saying messages: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let ticket = try Oracle.run(
            Repo.mkpdf.path, ["ticket", "--member", "GCG-40167", "-o", output.path],
            environment: environment, directory: Repo.root)
        #expect(ticket.status != 0, sourceLocation: sourceLocation)
        for message in messages {
            #expect(ticket.stderr.contains(message), "\(ticket.stderr)", sourceLocation: sourceLocation)
        }
        #expect(!ticket.stderr.contains("internal error"), "\(ticket.stderr)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: output.path), sourceLocation: sourceLocation)
    }

    @Test func aBrokenHarfBuzzStopsOnlyTheRunsThatOpenAFontAndSaysHowToFixIt() throws {
        let scratch = try Scratch("cli-broken-harfbuzz")
        let environment = try Self.environment(breaking: ["libharfbuzz.so.0", "libfreetype.so.6"], in: scratch)

        try Self.expectVersionRuns(in: environment)

        try Self.expectTicketRefused(
            writing: scratch.file("t.pdf"), in: environment,
            saying: [
                "HarfBuzz could not be loaded", "libharfbuzz.so.0", "apt-get install libharfbuzz0b libharfbuzz-subset0"
            ])
    }

    @Test func aBrokenCairoStopsOnlyPNGOutputAndSaysHowToFixIt() throws {
        let scratch = try Scratch("cli-broken-cairo")
        let environment = try Self.environment(breaking: ["libcairo.so.2"], in: scratch)
        let pdf = try Oracle.run(
            Repo.mkpdf.path, ["render", "Templates/ticket.yaml", "-o", scratch.file("t.pdf").path],
            environment: environment, directory: Repo.root)
        #expect(pdf.status == 0, "\(pdf.stderr)")
        let png = try Oracle.run(
            Repo.mkpdf.path, ["render", "Templates/ticket.yaml", "-o", scratch.file("t.png").path],
            environment: environment, directory: Repo.root)
        #expect(png.status != 0)
        #expect(png.stderr.contains("cannot load cairo for PNG output"), "\(png.stderr)")
        #expect(png.stderr.contains("apt-get install libcairo2"), "\(png.stderr)")
        #expect(!png.stderr.contains("--scale"), "\(png.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("t.png").path))
    }

    @Test func aBrokenLibzintStopsOnlyTheDocumentsWithABarcodeAndSaysHowToFixIt() throws {
        let scratch = try Scratch("cli-broken-zint")
        let environment = try Self.environment(breaking: ["libzint.so.2.11"], in: scratch)

        try Self.expectVersionRuns(in: environment)
        let invoice = try Oracle.run(
            Repo.mkpdf.path, ["render", "Templates/invoice.yaml", "-o", scratch.file("invoice.pdf").path],
            environment: environment, directory: Repo.root)
        #expect(invoice.status == 0, "\(invoice.stderr)")

        try Self.expectTicketRefused(
            writing: scratch.file("t.pdf"), in: environment,
            saying: ["libzint could not be loaded", "libzint.so.2.11", "apt-get install libzint2.11"])
    }

    @Test func aBrokenLibHaruStopsOnlyPDFOutputAndSaysHowToFixIt() throws {
        let scratch = try Scratch("cli-broken-haru")
        let environment = try Self.environment(breaking: ["libhpdf-2.3.0.so"], in: scratch)

        try Self.expectVersionRuns(in: environment)
        let png = try Oracle.run(
            Repo.mkpdf.path, ["ticket", "--member", "GCG-40167", "-o", scratch.file("t.png").path],
            environment: environment, directory: Repo.root)
        #expect(png.status == 0, "\(png.stderr)")

        try Self.expectTicketRefused(
            writing: scratch.file("t.pdf"), in: environment,
            saying: ["libHaru could not be loaded", "libhpdf-2.3.0.so", "apt-get install libhpdf-2.3.0"])
    }
}
