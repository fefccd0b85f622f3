import Foundation
import PNGFixtures
import TestSupport
import Testing

/// `mkpdf image`: PNGs in, a checked PDF or decodable PNGs out; a corrupt input fails cleanly with no output file.
@Suite struct ImageCommandTests {
    /// Writes fixtures into `folder` and returns their names with their sizes.
    static func inputs(_ specs: [PNGFixtureWriter.Spec], in folder: Scratch) throws -> [(
        name: String, width: Int, height: Int
    )] {
        try specs.map { spec in
            let name = "\(spec).png"
            try PNGFixtureWriter.make(spec).png.write(to: folder.file(name))
            return (name, spec.width, spec.height)
        }
    }

    static func mkpdf(_ arguments: [String], in folder: Scratch) throws -> Oracle.Result {
        try Oracle.run(Repo.mkpdf.path, ["image"] + arguments, directory: folder.url)
    }

    /// Page sizes "W x H" from `pdfinfo -f 1 -l N`.
    static func pageSizes(_ pdf: URL, pages: Int) throws -> [String] {
        let info = try Oracle.run("pdfinfo", ["-f", "1", "-l", "\(pages)", pdf.path]).stdout
        return info.split(separator: "\n").filter { $0.hasPrefix("Page ") && $0.contains(" size:") }.map { line in
            let after = line.split(separator: ":", maxSplits: 1)[1]
            return after.replacingOccurrences(of: "pts", with: "").trimmingCharacters(in: .whitespaces)
        }
    }

    static let specs: [PNGFixtureWriter.Spec] = [
        .init(.rgba, 16, interlaced: true, width: 40, height: 30),
        .init(.gray, 2, width: 12, height: 64),
        .init(.palette, 4, interlaced: true, transparency: true, width: 100, height: 7)
    ]

    @Test func pngsBecomeOnePagePerImageAtTheirSize() throws {
        let folder = try Scratch("cli-image")
        let inputs = try Self.inputs(Self.specs, in: folder)
        let result = try Self.mkpdf(inputs.map(\.name) + ["-o", "album.pdf"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("album.pdf"))
        let pdf = folder.file("album.pdf")
        #expect(try Oracle.qpdfCheck(pdf).status == 0)
        #expect(try Self.pageSizes(pdf, pages: 3) == inputs.map { "\($0.width) x \($0.height)" })
    }

    @Test func dpiScalesThePages() throws {
        let folder = try Scratch("cli-image-dpi")
        let inputs = try Self.inputs(Self.specs, in: folder)
        let result = try Self.mkpdf(inputs.map(\.name) + ["-o", "half.pdf", "--dpi", "144"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let sizes = try Self.pageSizes(folder.file("half.pdf"), pages: 3)
        #expect(sizes == ["20 x 15", "6 x 32", "50 x 3.5"])
    }

    @Test func pngOutputReencodesAndDecodesAgain() throws {
        let folder = try Scratch("cli-image-png")
        let inputs = try Self.inputs(Self.specs, in: folder)
        let one = try Self.mkpdf([inputs[0].name, "-o", "copy.png"], in: folder)
        #expect(one.status == 0, "\(one.stderr)")
        let many = try Self.mkpdf(inputs.map(\.name) + ["-o", "set.png", "--fast"], in: folder)
        #expect(many.status == 0, "\(many.stderr)")
        let written = ["copy.png", "set-1.png", "set-2.png", "set-3.png"]
        #expect(Set(written).isSubset(of: Set(try folder.contents())))
        // Each re-encoded PNG is itself a valid input: its page comes out at the original size.
        let back = try Self.mkpdf(written + ["-o", "back.pdf"], in: folder)
        #expect(back.status == 0, "\(back.stderr)")
        let sizes = try Self.pageSizes(folder.file("back.pdf"), pages: 4)
        #expect(sizes == ([inputs[0]] + inputs).map { "\($0.width) x \($0.height)" })
    }

    @Test(arguments: ["truncated", "crc", "notpng", "missing"])
    func aCorruptInputFailsWithItsNameAndWritesNothing(kind: String) throws {
        let folder = try Scratch("cli-image-bad")
        let inputs = try Self.inputs([Self.specs[0]], in: folder)
        var bad = PNGFixtureWriter.make(Self.specs[1]).png
        switch kind {
        case "truncated": bad = bad.prefix(bad.count / 2)
        case "crc": bad[bad.count - 20] ^= 0x40
        case "notpng": bad = Data("GIF89a not a png at all".utf8)
        default: break
        }
        if kind != "missing" { try bad.write(to: folder.file("broken photo.png")) }
        // An older output must survive a failed run untouched.
        try Data("previous".utf8).write(to: folder.file("keep.pdf"))
        let before = try folder.contents()
        for output in ["keep.pdf", "new.pdf", "new.png"] {
            let result = try Self.mkpdf([inputs[0].name, "broken photo.png", "-o", output], in: folder)
            #expect(result.status != 0)
            #expect(result.stderr.contains("broken photo.png"), "\(kind) → \(output): \(result.stderr)")
            let after = try folder.contents()
            #expect(after == before, "\(kind) → \(output) left \(after)")
        }
        #expect(try Data(contentsOf: folder.file("keep.pdf")) == Data("previous".utf8))
    }

    @Test func anyValidImageGetsAPageWithoutOptionsAndANoteNamesTheDpi() throws {
        let folder = try Scratch("cli-image-tiny")
        let images: [(String, PNGFixtureWriter.Spec)] = [
            ("dot.png", .init(.gray, 8, width: 2, height: 2)), ("pixel.png", .init(.rgb, 8, width: 1, height: 1)),
            ("strip.png", .init(.gray, 8, width: 10, height: 1)), ("three.png", .init(.gray, 8, width: 3, height: 3)),
            ("long.png", .init(.gray, 1, width: 30_000, height: 10))
        ]
        for (name, spec) in images { try PNGFixtureWriter.make(spec).png.write(to: folder.file(name)) }
        let result = try Self.mkpdf(images.map(\.0) + ["-o", "all.pdf"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        for note in [
            "dot.png is 2×2 px", "using 48 dpi", "pixel.png is 1×1 px", "using 24 dpi", "strip.png is 10×1 px",
            "long.png is 30000×10 px", "using 150 dpi"
        ] {
            #expect(result.stderr.contains(note), "\(note) not in \(result.stderr)")
        }
        #expect(!result.stderr.contains("three.png"), "\(result.stderr)")
        #expect(try Oracle.qpdfCheck(folder.file("all.pdf")).status == 0)
        #expect(
            try Self.pageSizes(folder.file("all.pdf"), pages: 5) == ["3 x 3", "3 x 3", "30 x 3", "3 x 3", "14400 x 4.8"]
        )
    }

    @Test func aGivenDpiOutsidePDFLimitsIsRefusedWithTheRange() throws {
        let folder = try Scratch("cli-image-tiny-dpi")
        try PNGFixtureWriter.make(.init(.gray, 8, width: 2, height: 2)).png.write(to: folder.file("dot.png"))
        let result = try Self.mkpdf(["dot.png", "-o", "dot.pdf", "--dpi", "72"], in: folder)
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("dot.png") && result.stderr.contains("--dpi between 1 and 48"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("dot.pdf").path))
    }

    @Test func anImageNoResolutionFitsIsRefusedWithoutAnOutput() throws {
        let folder = try Scratch("cli-image-thread")
        try PNGFixtureWriter.make(.init(.gray, 1, width: 48_001, height: 1)).png.write(to: folder.file("thread.png"))
        let result = try Self.mkpdf(["thread.png", "-o", "thread.pdf"], in: folder)
        #expect(result.status != 0)
        #expect(result.stderr.contains("thread.png") && result.stderr.contains("crop or pad"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("thread.pdf").path))
    }
}
