import Foundation
import TestSupport
import Testing

/// What the dynamic loader maps before mkpdf runs a line: libHaru (PDF output), cairo (PNG output), HarfBuzz (fonts),
/// libzint (barcodes) and GnuTLS (reading a PDF) are opened on first use, and libqpdf, libcrypto (signing) and libpng
/// are linked in, so `mkpdf --version` loads none of them or their dependencies.
@Suite struct StartupLibrariesTests {
    @Test("mkpdf needs neither libHaru, cairo, HarfBuzz, libzint, GnuTLS, libqpdf.so nor libpng at start-up")
    func lazyLibrariesAreNotNeeded() throws {
        let result = try Oracle.run("/usr/bin/ldd", [Repo.mkpdf.path])
        #expect(result.status == 0)
        let names = result.stdout.split(separator: "\n").compactMap { line in
            line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init)
        }
        #expect(names.contains { $0.hasPrefix("libc.so") }, "ldd lists the libraries mkpdf links: \(names)")
        let lazy = [
            "libhpdf", "libpng", "libcairo", "libpixman", "libX11", "libxcb", "libfontconfig", "libharfbuzz",
            "libfreetype", "libglib", "libzint", "libgnutls", "libp11-kit", "libqpdf", "libcrypto"
        ]
        for library in lazy {
            #expect(!names.contains { $0.hasPrefix(library) }, "\(library) is loaded at start-up: \(names)")
        }
    }

    @Test("Writing a ticket never loads GnuTLS; validating any PDF does, as GnuTLSLoader's comment says")
    func gnuTLSLoadsWhenAPDFIsRead() throws {
        let scratch = try Scratch("cli-gnutls")
        let write = try Oracle.run(
            Repo.mkpdf.path, ["ticket", "--member", "GCG-40167", "-o", "t.pdf"], environment: ["LD_DEBUG": "libs"],
            directory: scratch.url)
        #expect(write.status == 0)
        #expect(!write.stderr.contains("libgnutls.so"), "mkpdf ticket opened GnuTLS")
        for opened in ["libhpdf-2.3.0.so", "libharfbuzz.so", "libzint.so"] {
            #expect(write.stderr.contains(opened), "a ticket PDF (text, QR code) opens \(opened) on first use")
        }
        let read = try Oracle.run(
            Repo.mkpdf.path, ["validate", "t.pdf"], environment: ["LD_DEBUG": "libs"], directory: scratch.url)
        #expect(read.status == 0)
        #expect(read.stderr.contains("libgnutls.so"), "validate reads the PDF through libqpdf, which opens GnuTLS")
    }
}
