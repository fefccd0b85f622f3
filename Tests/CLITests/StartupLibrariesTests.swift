import Foundation
import TestSupport
import Testing

/// What the dynamic loader maps before mkpdf runs a line: cairo (PNG only) and GnuTLS (encrypted PDFs only) are
/// opened on first use, and libqpdf is linked in, so a PDF-only run loads none of them or their dependencies.
@Suite struct StartupLibrariesTests {
    @Test("mkpdf needs neither cairo, GnuTLS nor libqpdf.so at start-up, nor what they bring")
    func lazyLibrariesAreNotNeeded() throws {
        let result = try Oracle.run("/usr/bin/ldd", [Repo.mkpdf.path])
        #expect(result.status == 0)
        let names = result.stdout.split(separator: "\n").compactMap { line in
            line.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init)
        }
        #expect(names.contains { $0.hasPrefix("libhpdf") }, "ldd lists the libraries mkpdf links: \(names)")
        let lazy = ["libcairo", "libpixman", "libX11", "libxcb", "libfontconfig", "libgnutls", "libp11-kit", "libqpdf"]
        for library in lazy {
            #expect(!names.contains { $0.hasPrefix(library) }, "\(library) is loaded at start-up: \(names)")
        }
    }
}
