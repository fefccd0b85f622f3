import Foundation
import Haru
import TestSupport
import Testing

/// Document-level features, each read back with qpdf or poppler: page sizes, info, encryption, outlines,
/// page labels, data() and determinism.
@Suite struct DocumentTests {
    /// `pdfinfo -f 1 -l N`'s "Page N size: W x H pts" lines as (W, H).
    func pageSizes(_ file: URL, count: Int) throws -> [(Double, Double)] {
        let out = try Oracle.run("pdfinfo", ["-f", "1", "-l", "\(count)", file.path]).stdout
        return out.split(separator: "\n").filter { $0.hasPrefix("Page") && $0.contains("size:") }.map { line in
            let parts = line.split(separator: " ")
            let i = parts.firstIndex(of: "size:")!
            return (Double(parts[i + 1])!, Double(parts[i + 3])!)
        }
    }

    @Test func pagesTakeTheSizesTheyAreGiven() throws {
        let scratch = try Scratch("haru-sizes")
        let document = try PDFDocument()
        let sizes: [(PageSize, Double, Double)] = [
            (PageSize(width: 841.89, height: 1190.55), 841.89, 1190.55),
            (PageSize(width: 595.276, height: 419.528), 595.276, 419.528),
            (PageSize(width: 728.504, height: 1031.81), 728.504, 1031.81),
            (PageSize(width: 1008, height: 612), 1008, 612),
            (PageSize(width: 400, height: 150), 400, 150)
        ]
        for (size, _, _) in sizes { try document.addPage(size: size) }
        #expect(document.pages.map(\.index) == Array(0..<sizes.count))
        let file = try Fixture.save(document, scratch, "sizes.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let measured = try pageSizes(file, count: sizes.count)
        #expect(measured.count == sizes.count)
        for ((_, w, h), (mw, mh)) in zip(sizes, measured) {
            #expect(abs(mw - w) < 0.01 && abs(mh - h) < 0.01, "expected \(w)×\(h), pdfinfo says \(mw)×\(mh)")
        }
    }

    @Test func infoFieldsIncludingJapaneseAndDatesShowInPdfinfo() throws {
        let scratch = try Scratch("haru-info")
        let document = try PDFDocument()
        _ = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let created = Date(timeIntervalSince1970: 1_700_000_000) // 2023-11-14 22:13:20 UTC
        try document.setInfo(
            DocumentInfo(
                title: "入場整理券 FN-579-413", author: "GCG-40167", creator: "mkpdf tests",
                producer: "mkpdf", subject: "admission ticket", keywords: "ticket, 整理券",
                creationDate: created, modificationDate: created.addingTimeInterval(60)))
        let file = try Fixture.save(document, scratch, "info.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let info = try Oracle.run("pdfinfo", ["-isodates", file.path]).stdout
        for line in [
            "Title:           入場整理券 FN-579-413", "Author:          GCG-40167",
            "Creator:         mkpdf tests", "Producer:        mkpdf", "Subject:         admission ticket",
            "Keywords:        ticket, 整理券", "CreationDate:    2023-11-14T22:13:20Z",
            "ModDate:         2023-11-14T22:14:20Z"
        ] {
            #expect(info.contains(line), "pdfinfo lacks \(line):\n\(info)")
        }
    }

    @Test func userPasswordEncryptionWithPermissions() throws {
        let scratch = try Scratch("haru-crypt")
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let helvetica = try document.font(.helvetica)
        try page.text { t in
            try t.setFont(helvetica, size: 14)
            try t.show("Secret member GCG-40167", x: 50, y: 700)
        }
        try document.encrypt(
            ownerPassword: "owner-pw", userPassword: "user-pw", permissions: [.print],
            mode: .r3(keyLength: 16))
        let file = try Fixture.save(document, scratch, "crypt.pdf")
        #expect(try Oracle.qpdfCheck(file, password: "user-pw").status == 0)
        #expect(try Oracle.run("qpdf", ["--check", file.path]).status != 0)
        let locked = try Oracle.run("pdftotext", [file.path, "-"])
        #expect(locked.status != 0 && !locked.stdout.contains("Secret"))
        #expect(try Oracle.pdftotext(file, password: "user-pw").contains("Secret member GCG-40167"))
        let shown = try Oracle.run("qpdf", ["--show-encryption", "--password=user-pw", file.path]).stdout
        #expect(shown.contains("R = 3"), "\(shown)")
        #expect(shown.contains("print low resolution: allowed"), "\(shown)")
        #expect(shown.contains("extract for any purpose: not allowed"), "\(shown)")
        #expect(shown.contains("modify anything: not allowed"), "\(shown)")
    }

    @Test func badEncryptionSettingsAreNamed() throws {
        let document = try PDFDocument()
        let same = try #require(throws: HaruError.self) { try document.encrypt(ownerPassword: "a", userPassword: "a") }
        #expect(same.name == "HPDF_ENCRYPT_INVALID_PASSWORD")
        let key = try #require(throws: HaruError.self) {
            try document.encrypt(ownerPassword: "o", userPassword: "u", mode: .r3(keyLength: 40))
        }
        #expect(key.name == "HPDF_INVALID_ENCRYPT_KEY_LEN" && key.argument?.contains("40") == true)
    }

    @Test func outlinesNestAndPageLabelsShowInQpdfJSON() throws {
        let scratch = try Scratch("haru-outline")
        let document = try PDFDocument()
        let pages = try (0..<4).map { _ in try document.addPage(size: PageSize(width: 595.28, height: 841.89)) }
        let chapter = try document.addOutline("第1章 Tickets", page: pages[1], opened: true)
        try document.addOutline("1.1 入場整理券", parent: chapter, page: pages[2], top: 500)
        let closed = try document.addOutline("Appendix", page: pages[3], opened: false)
        try document.addOutline("A.1", parent: closed, page: pages[3])
        try document.addPageLabel(fromPage: 0, style: .lowerRoman)
        try document.addPageLabel(fromPage: 1, style: .decimal, firstNumber: 1, prefix: "P-")
        let file = try Fixture.save(document, scratch, "outline.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let json = try Oracle.run("qpdf", ["--json", "--json-key=outlines", "--json-key=pagelabels", file.path]).data
        let root = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let outlines = try #require(root["outlines"] as? [[String: Any]])
        #expect(outlines.map { $0["title"] as? String } == ["第1章 Tickets", "Appendix"])
        let kids = try #require(outlines.first?["kids"] as? [[String: Any]])
        #expect(kids.map { $0["title"] as? String } == ["1.1 入場整理券"])
        #expect(kids.first?["destpageposfrom1"] as? Int == 3)
        #expect(outlines.first?["open"] as? Bool == true && outlines.last?["open"] as? Bool == false)
        let labels = try #require(root["pagelabels"] as? [[String: Any]])
        #expect(labels.count == 2)
        let second = try #require(labels.last?["label"] as? [String: Any])
        #expect(second["/P"] as? String == "u:P-" && second["/S"] as? String == "/D")
        #expect(throws: HaruError.self) { try document.addPageLabel(fromPage: 0, style: .decimal, prefix: "頁") }
    }

    @Test func dataMatchesSavedFileAndOutputIsDeterministic() throws {
        let scratch = try Scratch("haru-data")
        func make() throws -> PDFDocument {
            let document = try PDFDocument()
            let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
            try page.stroke(.rectangle(x: 10, y: 10, width: 100, height: 50))
            return document
        }
        let document = try make()
        let bytes = try document.data()
        let file = try Fixture.save(document, scratch, "data.pdf")
        #expect(try Data(contentsOf: file) == bytes)
        #expect(try make().data() == bytes)
        #expect(bytes.starts(with: Data("%PDF-1.".utf8)))
        #expect(try scratch.contents() == ["data.pdf"])
        // Saving over an existing file replaces it.
        try document.save(to: file)
        #expect(try scratch.contents() == ["data.pdf"])
    }
}
