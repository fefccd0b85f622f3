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

    @Test func aBrokenHarfBuzzStopsOnlyTheRunsThatOpenAFontAndSaysHowToFixIt() throws {
        let scratch = try Scratch("cli-broken-harfbuzz")
        let environment = try Self.environment(breaking: ["libharfbuzz.so.0", "libfreetype.so.6"], in: scratch)

        let version = try Oracle.run(Repo.mkpdf.path, ["--version"], environment: environment)
        #expect(version.status == 0 && !version.stdout.isEmpty, "\(version.stderr)")

        let ticket = try Oracle.run(
            Repo.mkpdf.path, ["ticket", "--member", "GCG-40167", "-o", scratch.file("t.pdf").path],
            environment: environment, directory: Repo.root)
        #expect(ticket.status != 0)
        #expect(ticket.stderr.contains("HarfBuzz could not be loaded"), "\(ticket.stderr)")
        #expect(ticket.stderr.contains("libharfbuzz.so.0"), "\(ticket.stderr)")
        #expect(ticket.stderr.contains("apt-get install libharfbuzz0b libharfbuzz-subset0"), "\(ticket.stderr)")
        #expect(!ticket.stderr.contains("internal error"), "\(ticket.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("t.pdf").path))
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

        let version = try Oracle.run(Repo.mkpdf.path, ["--version"], environment: environment)
        #expect(version.status == 0 && !version.stdout.isEmpty, "\(version.stderr)")
        let invoice = try Oracle.run(
            Repo.mkpdf.path, ["render", "Templates/invoice.yaml", "-o", scratch.file("invoice.pdf").path],
            environment: environment, directory: Repo.root)
        #expect(invoice.status == 0, "\(invoice.stderr)")

        let ticket = try Oracle.run(
            Repo.mkpdf.path, ["ticket", "--member", "GCG-40167", "-o", scratch.file("t.pdf").path],
            environment: environment, directory: Repo.root)
        #expect(ticket.status != 0)
        #expect(ticket.stderr.contains("libzint could not be loaded"), "\(ticket.stderr)")
        #expect(ticket.stderr.contains("libzint.so.2.11"), "\(ticket.stderr)")
        #expect(ticket.stderr.contains("apt-get install libzint2.11"), "\(ticket.stderr)")
        #expect(!ticket.stderr.contains("internal error"), "\(ticket.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("t.pdf").path))
    }

    @Test func aBrokenLibHaruStopsOnlyPDFOutputAndSaysHowToFixIt() throws {
        let scratch = try Scratch("cli-broken-haru")
        let environment = try Self.environment(breaking: ["libhpdf-2.3.0.so"], in: scratch)

        let version = try Oracle.run(Repo.mkpdf.path, ["--version"], environment: environment)
        #expect(version.status == 0 && !version.stdout.isEmpty, "\(version.stderr)")
        let png = try Oracle.run(
            Repo.mkpdf.path, ["ticket", "--member", "GCG-40167", "-o", scratch.file("t.png").path],
            environment: environment, directory: Repo.root)
        #expect(png.status == 0, "\(png.stderr)")

        let pdf = try Oracle.run(
            Repo.mkpdf.path, ["ticket", "--member", "GCG-40167", "-o", scratch.file("t.pdf").path],
            environment: environment, directory: Repo.root)
        #expect(pdf.status != 0)
        #expect(pdf.stderr.contains("libHaru could not be loaded"), "\(pdf.stderr)")
        #expect(pdf.stderr.contains("libhpdf-2.3.0.so"), "\(pdf.stderr)")
        #expect(pdf.stderr.contains("apt-get install libhpdf-2.3.0"), "\(pdf.stderr)")
        #expect(!pdf.stderr.contains("internal error"), "\(pdf.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("t.pdf").path))
    }
}
