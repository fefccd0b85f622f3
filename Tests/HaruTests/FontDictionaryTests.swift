import Foundation
import Support
import TestSupport
import Testing

@testable import Haru

/// The keys of an embedded font's dictionaries, written by their own hooks (`RawEntries`) rather than as libHaru
/// objects: what qpdf and pikepdf read back must be what was given, escaped names and widths included.
@Suite struct FontDictionaryTests {
    /// A program of IPAexGothic's whole file (the dictionaries are the subject; readers never open the program here).
    static func program(baseFont: String, widths: [(code: UInt16, width: Int)]) throws -> EmbeddedFontProgram {
        let file = try Data(contentsOf: Repo.ipaexGothic)
        let document = try PDFDocument()
        return EmbeddedFontProgram(
            kind: .trueType, baseFont: baseFont, compressedFont: try document.deflate(file), fontLength: file.count,
            compressedToUnicode: try document.deflate(Data("%".utf8)), widths: widths,
            metrics: FontDescriptorValues(
                flags: 4, boundingBox: [-270, -279, 1000, 930], italicAngle: -12.5, ascent: 880, descent: -120,
                capHeight: 724, stemV: 95))
    }

    @Test func widthRunsBecomeRangesAndDefaultWidthsAreLeftOut() {
        let widths: [(code: UInt16, width: Int)] = [
            (1, 500), (2, 1000), (3, 600), (4, 700), (5, 250), (6, 250), (7, 250), (8, 250), (9, 300), (10, 1000),
            (11, 400), (12, 410)
        ]
        #expect(
            WidthEntry.entries(widths, defaultWidth: 1000) == [
                .list(first: 1, widths: [500]), .list(first: 3, widths: [600, 700]),
                .range(first: 5, last: 8, width: 250), .list(first: 9, widths: [300]),
                .list(first: 11, widths: [400, 410])
            ])
        #expect(WidthEntry.entries([(1, 1000), (2, 1000)], defaultWidth: 1000).isEmpty)
    }

    @Test func fontKeysReadBackAsGivenWithEscapedNames() throws {
        let scratch = try Scratch("haru-font-keys")
        let document = try PDFDocument()
        _ = try document.addPage(size: PageSize(width: 200, height: 100))
        let widths: [(code: UInt16, width: Int)] = [(1, 500), (2, 1000), (3, 250), (4, 250), (5, 250), (6, 250)]
        _ = try document.addType0Font(
            try Self.program(baseFont: "ABCDEF+Gothic #1 (test)", widths: widths), verticalOrigin: 880)
        let file = try Fixture.save(document, scratch, "keys.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let script = """
            import sys, pikepdf
            pdf = pikepdf.open(sys.argv[1])
            font = next(o for o in pdf.objects if isinstance(o, pikepdf.Dictionary) and o.get('/Subtype') == '/Type0')
            cid = font.DescendantFonts[0]
            d = cid.FontDescriptor
            print(str(font.BaseFont), str(font.Encoding), str(cid.Subtype), str(cid.CIDToGIDMap), int(cid.DW))
            print([int(x) for x in cid.DW2])
            print([x if isinstance(x, int) else [int(y) for y in x] for x in cid.W])
            print(str(d.FontName), int(d.Flags), [int(x) for x in d.FontBBox], float(d.ItalicAngle))
            print(int(d.Ascent), int(d.Descent), int(d.CapHeight), int(d.StemV), str(cid.CIDSystemInfo.Ordering))
            """
        let result = try Oracle.run("python3", ["-c", script, file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.split(separator: "\n").map(String.init) == [
                "/ABCDEF+Gothic #1 (test) /Identity-V /CIDFontType2 /Identity 1000",
                "[880, -1000]",
                "[1, [500], 3, 6, 250]",
                "/ABCDEF+Gothic #1 (test) 4 [-270, -279, 1000, 930] -12.5",
                "880 -120 724 95 Identity"
            ])
        let bytes = try String(decoding: Data(contentsOf: file), as: UTF8.self)
        #expect(bytes.contains("/BaseFont /ABCDEF+Gothic#20#231#20#28test#29\n"))
    }

    /// A program's `W` entries are made once with it and again whenever its widths change (the proportional variant
    /// gives a shared program other widths): the font written carries the widths the program holds when it is added.
    @Test func aProgramsChangedWidthsAreTheWidthsWritten() throws {
        let scratch = try Scratch("haru-font-widths")
        var program = try Self.program(baseFont: "ABCDEF+Gothic", widths: [(1, 500), (2, 500), (3, 500), (4, 500)])
        var files: [URL] = []
        for widths in [[(1, 500), (2, 500), (3, 500), (4, 500)], [(1, 250), (2, 750), (5, 1000)]] {
            program.widths = widths.map { (code: UInt16($0.0), width: $0.1) }
            let document = try PDFDocument()
            _ = try document.addPage(size: PageSize(width: 200, height: 100))
            _ = try document.addType0Font(program)
            files.append(try Fixture.save(document, scratch, "widths\(files.count).pdf"))
        }
        let script = """
            import sys, pikepdf
            for path in sys.argv[1:]:
                pdf = pikepdf.open(path)
                font = next(o for o in pdf.objects if isinstance(o, pikepdf.Dictionary) and o.get('/Subtype') == '/Type0')
                print(repr([int(x) if not isinstance(x, pikepdf.Array) else [int(y) for y in x] for x in font.DescendantFonts[0].W]))
            """
        let result = try Oracle.run("python3", ["-c", script] + files.map(\.path))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == ["[1, 4, 500]", "[1, [250, 750]]"])
    }

    @Test func aNameLongerThanPDFAllowsIsRefusedLikeLibHarusOwn() throws {
        let document = try PDFDocument()
        _ = try document.addPage(size: PageSize(width: 200, height: 100))
        let long = "ABCDEF+" + String(repeating: "G", count: 130)
        let error = try #require(throws: HaruError.self) {
            try document.addType0Font(try Self.program(baseFont: long, widths: [(1, 500)]))
        }
        #expect(error.code == 0x1045)
        #expect("\(error)".contains("add font"))
    }
    /// The /ID hashes the file with a font program taken as its digest (made once per program), so it must still
    /// change with the program: pypdf-free check in Python, from the file's bytes alone.
    @Test func theIDTakesAFontProgramAsItsDigestAndChangesWithIt() throws {
        let scratch = try Scratch("haru-font-id")
        var files: [URL] = []
        for (index, face) in [Repo.ipaexGothic, Repo.ipaexGothic, Repo.ipaexMincho].enumerated() {
            let document = try PDFDocument()
            _ = try document.addPage(size: PageSize(width: 200, height: 100))
            var program = try Self.program(baseFont: "ABCDEF+Gothic", widths: [(1, 500)])
            program.compressedFont = try document.deflate(try Data(contentsOf: face))
            _ = try document.addType0Font(program)
            files.append(try Fixture.save(document, scratch, "id\(index).pdf"))
        }
        let script = """
            import sys, hashlib, re, pikepdf
            for path in sys.argv[1:]:
                data = open(path, 'rb').read()
                font = pikepdf.open(path)
                raw = next(o for o in font.objects if isinstance(o, pikepdf.Stream) and '/Length1' in o).read_raw_bytes()
                ids = re.findall(rb'\\n/ID \\[<([0-9A-F]{32})> <[0-9A-F]{32}>\\]', data)
                plain = re.sub(rb'\\n/ID \\[<[0-9A-F]{32}> <[0-9A-F]{32}>\\]', b'', data)
                at = plain.index(raw)
                expected = hashlib.sha1(plain[:at] + hashlib.sha1(raw).digest() + plain[at + len(raw):]).hexdigest()
                print(ids[0].decode() == expected[:32].upper(), ids[0].decode())
            """
        let result = try Oracle.run("python3", ["-c", script] + files.map(\.path))
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        try #require(lines.count == 3)
        #expect(lines.allSatisfy { $0.first == "True" }, "\(result.stdout)")
        #expect(lines[0][1] == lines[1][1], "the same document gives the same /ID")
        #expect(lines[0][1] != lines[2][1], "another font program gives another /ID")
    }
}
