// swift-tools-version:6.0
// mkpdf: one description of a document, rendered to PDF (libHaru) or PNG (cairo + libpng).
import PackageDescription

/// Debian packages that provide each system library; SwiftPM prints them when a library is missing.
func apt(_ name: String) -> [SystemPackageProvider] { [.apt([name])] }

let package = Package(
    name: "mkpdf",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "mkpdf", targets: ["mkpdf"]),
        // What a user imports: the drawing API, documents from templates and data, the one output entry point,
        // batches, and validation. The rest (Haru, PNG, Fonts, Typeset, Barcodes, Support) are the house's own.
        .library(name: "DrawingModule", targets: ["DrawingModule"]),
        .library(name: "Documents", targets: ["Documents"]),
        .library(name: "Render", targets: ["Render"]),
        .library(name: "Batch", targets: ["Batch"]),
        .library(name: "Validation", targets: ["Validation"]),
        // The HTTP face of the job: routes a Hummingbird app mounts, and the `mkpdf-serve` program `mkpdf serve` runs.
        .library(name: "Serve", targets: ["Serve"]),
        .executable(name: "mkpdf-serve", targets: ["mkpdf-serve"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.20.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.1.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
        // `swift package generate-documentation --target Drawing` (make docs); used by no target.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0")
    ],
    targets: [
        // C libraries from Debian packages: a module map and a shim header each, no C code of ours.
        // libHaru's headers (libhpdf-dev): libhpdf-2.3.0.so is opened on first use by HaruLoader; zlib is linked.
        .systemLibrary(name: "CHaru", path: "Sources/CHaru", providers: apt("libhpdf-dev")),
        // libdeflate's header (libdeflate-dev); Haru links Debian's libdeflate.a, so start-up loads no more libraries.
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", providers: apt("libdeflate-dev")),
        // glibc's malloc.h (mallopt), part of libc itself.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", providers: apt("libpng-dev")),
        // cairo's headers only (libcairo2-dev): libcairo.so.2 is opened on first use by CairoLoader, FreeType with it.
        .systemLibrary(name: "CCairo", path: "Sources/CCairo"),
        // HarfBuzz's headers only (libharfbuzz-dev): the libraries are opened on first use by HarfBuzzLoader.
        .systemLibrary(name: "CHarfBuzz", path: "Sources/CHarfBuzz"),
        // libqpdf's C API headers; the library itself is linked statically by QPDFBridge.
        .systemLibrary(name: "CQPDF", path: "Sources/CQPDF", providers: apt("libqpdf-dev")),
        // libzint's header only (libzint-dev): libzint.so.2.11 is opened on first use by ZintLoader.
        .systemLibrary(name: "CZint", path: "Sources/CZint", providers: apt("libzint-dev")),

        // What every layer shares, with no dependency: the one atomic file writer, CP932 variants, terminal-safe text,
        // error wording. Package-only (no public symbol), in the style of swift-collections'
        // InternalCollectionsUtilities.
        .target(name: "Support", dependencies: ["CMalloc"]),
        // The one description: pure Swift, no C.
        .target(name: "DrawingModule", dependencies: ["Support"]),
        // PNG in and out through libpng's simplified API; fast PNGs out through zlib in reusable bands.
        // libpng is linked statically (Debian's libpng16.a): start-up does not load and bind libpng16.so, which only
        // libHaru, cairo and libzint, all opened on first use, bring along.
        .target(
            name: "PNG", dependencies: ["CPNG", "DrawingModule", "Support"],
            linkerSettings: [.linkedLibrary(":libpng16.a"), .linkedLibrary("m")]),
        // libjpeg's decoder behind two C calls that return errors: its error jump is caught in C, never crossing Swift.
        .target(name: "JPEGShim", linkerSettings: [.linkedLibrary("jpeg")]),
        // JPEG photos decoded by libjpeg-turbo (for PNG output; PDFs carry the file's bytes as they are).
        .target(name: "JPEG", dependencies: ["JPEGShim", "DrawingModule"]),
        // Barcodes and 2D codes encoded by libzint and placed on the device pixel grid.
        .target(name: "Barcodes", dependencies: ["DrawingModule", "CZint", "ZintLoader", "Support"]),
        // libzint's functions, forwarded to libzint.so.2.11 opened on first use: a run that draws no barcode never
        // loads it.
        .target(name: "ZintLoader", dependencies: ["CZint", "LibraryLoader"]),
        // cairo's functions, defined under their own names and forwarded to libcairo.so.2 opened on first use, so
        // a run that draws no PNG never loads cairo and its dependencies (X11, pixman, fontconfig …).
        .target(name: "CairoLoader", dependencies: ["CCairo", "LibraryLoader"]),
        // libHaru's functions, forwarded to libhpdf-2.3.0.so opened on first use: a run that writes no PDF never loads
        // it (nor libpng with it).
        .target(name: "HaruLoader", dependencies: ["CHaru", "LibraryLoader"]),
        // What CairoLoader, HarfBuzzLoader, HaruLoader and ZintLoader share: opening a library, binding its
        // functions, the forwarding macros.
        .target(name: "LibraryLoader", linkerSettings: [.linkedLibrary("dl")]),
        // The Swift wrapper over libHaru.
        .target(
            name: "Haru",
            dependencies: [
                "CHaru", "HaruLoader", "CDeflate", "PNG", "JPEG", "DrawingModule", "Support", "Digests"
            ],
            linkerSettings: [.linkedLibrary(":libdeflate.a")]),
        // HarfBuzz's functions, forwarding to libharfbuzz.so.0 and libharfbuzz-subset.so.0 opened on first use: a run
        // that opens no font never loads them and GLib, PCRE2, Graphite2 and Brotli with them.
        .target(name: "HarfBuzzLoader", dependencies: ["CHarfBuzz", "LibraryLoader"]),
        // Logical font names → font files (Fonts/fonts.json); metrics, coverage and subsets through HarfBuzz.
        .target(name: "Fonts", dependencies: ["CHarfBuzz", "HarfBuzzLoader", "DrawingModule", "Support"]),
        // Text set in boxes: line breaking with kinsoku, fit policies, runs and weights, ruby, vertical columns.
        .target(name: "Typeset", dependencies: ["DrawingModule", "Fonts", "Support"]),
        // Charts laid out into the primitives both renderers draw: exact decimal values, round axis steps, fit checks.
        .target(name: "Charts", dependencies: ["DrawingModule", "Fonts", "Typeset", "Support"]),
        // The layout stage: drawings → a laid-out document (text boxes set, texts shaped into glyph runs, barcodes
        // placed, charts drawn, link areas measured) with its structure tree, the one value the renderers draw.
        .target(
            name: "Layout", dependencies: ["DrawingModule", "Fonts", "Typeset", "Barcodes", "Charts", "Support"]),
        // Drawing → PDF (libHaru) and Drawing → PNG (cairo + FreeType + libpng), laid out from the same font metrics.
        .target(
            name: "Render",
            dependencies: [
                "DrawingModule", "Layout", "Haru", "PNG", "JPEG", "Fonts", "CCairo", "CairoLoader", "Support",
                // libqpdf (through QPDF's one handle) encrypts finished PDFs with AES-256 and reads the revision a
                // signature is appended to; OpenSSL (CMSBridge) makes the signature's CMS.
                "QPDF", "CMSBridge", "Digests"
            ]),
        // The template language's expressions: `{{ }}` parsed and evaluated over values and scopes, with filters
        // and formatters (dates, yen, kansuji, check digits), each held to its budgets.
        .target(name: "Expressions", dependencies: ["DrawingModule", "Barcodes", "Support"]),
        // Every data reader, in one home below templates and batches: CSV streamed in any of its encodings, JSON Lines,
        // YAML and JSON data files, and a batch's records, each failing with a `DataError` that names its place.
        .target(
            name: "Records",
            dependencies: ["DrawingModule", "Expressions", "Support", .product(name: "Yams", package: "Yams")]),
        // Flowing reports: headings, paragraphs (inline markup), tables and charts broken into pages with headers,
        // footers and contents, each page a Drawing with its structure roles.
        .target(name: "Reports", dependencies: ["DrawingModule", "Fonts", "Typeset", "Charts", "Support"]),
        // E-invoices from an invoice's data: JP PINT (UBL 2.1) and Factur-X (CII, EN 16931) through Foundation's XML
        // tree, the rules of the Japanese qualified invoice checked first (the 登録番号's check digit by Barcodes' one
        // home of check digits). Pure Swift.
        .target(name: "EInvoice", dependencies: ["DrawingModule", "Barcodes"]),
        // Documents as data: templates (Templates/*.yaml) filled with the data Records reads → Drawing and Document,
        // the ticket job; the expressions, data readers and reports a template uses come with it.
        .target(
            name: "Documents",
            dependencies: [
                "DrawingModule", "Expressions", "Records", "Reports", "Layout", "Fonts", "Typeset", "Barcodes",
                "Charts", "Support", "EInvoice", .product(name: "Yams", package: "Yams")
            ]),
        // mkpdf batch: thousands of documents from CSV/JSONL, parallel, resumable, with a manifest; A4 imposition.
        .target(
            name: "Batch",
            dependencies: [
                "Documents", "DrawingModule", "Records", "Render", "Fonts", "Validation", "QPDF", "Support", "Digests",
                "EInvoice"
            ]),
        // The CMS of a PDF signature and its RFC 3161 time-stamp, built by Debian's OpenSSL behind a small C interface.
        // libcrypto is linked statically (Debian's libcrypto.a), so a command that signs nothing does not load and
        // bind libcrypto.so's symbols at start-up.
        .target(
            name: "CMSBridge",
            linkerSettings: [.linkedLibrary(":libcrypto.a"), .linkedLibrary("dl"), .linkedLibrary("pthread")]),
        // SHA-1 and SHA-256 through the libcrypto CMSBridge links (a non-copyable owner of each EVP context): the
        // house's digests without compiling a second crypto library into every binary.
        .target(name: "Digests", dependencies: ["CMSBridge"]),
        // libqpdf's C++ calls the C API lacks (linearization check, streams piped through a size limit), behind a
        // small C interface that traps every exception.
        //
        // libqpdf is linked statically (Debian's libqpdf.a), so start-up does not load and bind libqpdf.so and its
        // 2,900 symbols; its crypto provider's GnuTLS calls go to GnuTLSLoader, which opens GnuTLS on first use.
        .target(
            name: "QPDFBridge", dependencies: ["GnuTLSLoader"],
            linkerSettings: [
                // stdc++ again after libqpdf.a: when scripts/build-release links libstdc++.a, its members libqpdf.a
                // needs are found here (an archive serves only the objects before it).
                .linkedLibrary(":libqpdf.a"), .linkedLibrary("jpeg"), .linkedLibrary("z"), .linkedLibrary("stdc++")
            ]),
        // The GnuTLS functions libqpdf calls when it reads a PDF, forwarded to libgnutls.so.30 opened on first use: a
        // command that reads no PDF (ticket, render, report, batch) never loads GnuTLS and its seven libraries.
        .target(name: "GnuTLSLoader"),
        // The one qpdf handle of the package (read, write, encrypt, merge, revisions), package access only: the
        // renderer encrypts and signs through it and Validation reads through it, neither borrowing the other's.
        .target(name: "QPDF", dependencies: ["CQPDF", "QPDFBridge", "DrawingModule"]),
        // PDF structure validation over libqpdf.
        .target(name: "Validation", dependencies: ["CQPDF", "QPDFBridge", "QPDF", "DrawingModule"]),
        // mkpdf serve: render and batch routes over HTTP, problem details, limits, metrics and the live editor.
        .target(
            name: "Serve",
            dependencies: [
                "Batch", "Documents", "DrawingModule", "Render", "Support", "EInvoice",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation")
            ],
            resources: [
                .embedInCode("Editor/index.html"), .embedInCode("Editor/editor.js"), .embedInCode("Editor/editor.css")
            ]),
        // The server program, apart from mkpdf so that every other command starts without SwiftNIO's code and
        // conformances in its binary; `mkpdf serve` runs it.
        .executableTarget(
            name: "mkpdf-serve",
            dependencies: ["Serve", .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // The command: a thin face over the modules.
        .executableTarget(
            name: "mkpdf",
            dependencies: [
                "Haru", "PNG", "Validation", "DrawingModule", "Render", "Fonts", "Documents", "Batch", "Support",
                "EInvoice", .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]),

        // Timings against the anchor programs in ../shared/bench/anchors (scripts/bench, BENCHMARKS.md).
        .executableTarget(
            name: "mkpdf-bench",
            dependencies: [
                "Batch", "Documents", "DrawingModule", "Render", "Fonts", "Support",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]),

        // Test helpers: run the external oracles (qpdf, pdffonts, pdftotext, …) and make temp folders.
        .target(name: "TestSupport", dependencies: ["DrawingModule"], path: "Tests/TestSupport"),
        // Test-only PNG writer (every colour type, depth, Adam7, CgBI) shared by the PNG, Haru and CLI tests.
        .target(name: "PNGFixtures", dependencies: ["CPNG"], path: "Tests/PNGFixtures"),
        .testTarget(name: "DrawingTests", dependencies: ["DrawingModule", "TestSupport"]),
        .testTarget(
            name: "DocumentsTests",
            dependencies: [
                "Documents", "Expressions", "Reports", "DrawingModule", "Fonts", "Typeset", "Barcodes", "Support",
                "Render", "TestSupport"
            ]),
        .testTarget(
            name: "TypesetTests",
            dependencies: ["Typeset", "DrawingModule", "Fonts", "Render", "Validation", "TestSupport"]),
        .testTarget(name: "FontsTests", dependencies: ["Fonts", "TestSupport"]),
        .testTarget(name: "PNGTests", dependencies: ["PNG", "TestSupport", "PNGFixtures"]),
        .testTarget(name: "JPEGTests", dependencies: ["JPEG", "DrawingModule", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "HaruTests", dependencies: ["Haru", "PNG", "Support", "TestSupport", "PNGFixtures"]),
        .testTarget(name: "ValidationTests", dependencies: ["Validation", "QPDF", "Haru", "TestSupport"]),
        .testTarget(
            name: "BarcodesTests",
            dependencies: [
                "Barcodes", "DrawingModule", "Render", "Documents", "PNG", "mkpdf",
                "TestSupport"
            ]),
        .testTarget(
            name: "RenderTests",
            dependencies: [
                "Render", "Layout", "DrawingModule", "Fonts", "PNG", "Validation", "Documents", "Typeset", "Barcodes",
                "Charts", "TestSupport"
            ]),
        .testTarget(
            name: "BatchTests",
            dependencies: ["Batch", "Documents", "Render", "Layout", "Validation", "Support", "TestSupport"]),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "mkpdf", "mkpdf-bench", "TestSupport", "PNGFixtures", "PNG", "Validation",
                "Documents", "DrawingModule"
            ]),
        .testTarget(name: "SupportTests", dependencies: ["Support", "TestSupport", "CMalloc"]),
        .testTarget(
            name: "ServeTests",
            dependencies: [
                "Serve", "Documents", "DrawingModule", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log")
            ],
            exclude: ["Browser"])
    ]
)
