import Foundation
import Haru
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// libHaru's C error handler reaches Swift as a thrown HaruError with name and context; the delegate hears of
/// every error and decides continue or abort; no failure leaves a file behind.
@Suite struct ErrorBridgingTests {
    /// Adds a page with `line` in Helvetica, saves, and checks qpdf and pdftotext: the document still works.
    func expectStillRenders(_ document: PDFDocument, _ scratch: Scratch, _ line: String) throws {
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let helvetica = try document.font(.helvetica)
        try page.text { t in
            try t.setFont(helvetica, size: 14)
            try t.show(line, x: 50, y: 700)
        }
        let file = try Fixture.save(document, scratch, "after.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        #expect(try Oracle.pdftotext(file).contains(line))
    }

    @Test func invalidFontNameThrowsNamedErrorAndContinues() throws {
        let scratch = try Scratch("haru-badfont")
        let document = try PDFDocument()
        let delegate = RecordingDelegate(.continue)
        document.delegate = delegate
        _ = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let error = try #require(throws: HaruError.self) {
            try document.font(named: "NoSuchFont", encoding: .winAnsi)
        }
        #expect(error.name == "HPDF_INVALID_FONT_NAME" && error.code == 0x102F && error.isFromLibHaru)
        #expect(error.argument?.contains("\"NoSuchFont\"") == true && error.operation == "get a font")
        #expect(error.description.contains("HPDF_INVALID_FONT_NAME") && error.description.contains("NoSuchFont"))
        #expect(error.localizedDescription == error.description)
        #expect(delegate.errors == [error])
        try expectStillRenders(document, scratch, "Later page after a bad font name")
    }

    @Test func missingTrueTypeFileNamesThePath() throws {
        let scratch = try Scratch("haru-nottf")
        let document = try PDFDocument()
        let delegate = RecordingDelegate(.continue)
        document.delegate = delegate
        let missing = scratch.file("no-such-font.ttf")
        let error = try #require(throws: HaruError.self) { try document.loadTrueTypeFont(at: missing) }
        #expect(error.name == "HPDF_FILE_OPEN_ERROR" && error.detail == UInt32(ENOENT))
        #expect(error.argument == "file \(missing.path)")
        // A file that exists but is no font goes to libHaru, whose error is bridged with the same context.
        let bogus = scratch.file("bogus.ttf")
        try Data("not a font at all, just text that is long enough to be read".utf8).write(to: bogus)
        let bridged = try #require(throws: HaruError.self) { try document.loadTrueTypeFont(at: bogus) }
        #expect(bridged.isFromLibHaru && bridged.name.hasPrefix("HPDF_"))
        #expect(bridged.argument == "file \(bogus.path)")
        #expect(delegate.errors.count == 2)
        try expectStillRenders(document, scratch, "Later page after a missing font file")
    }

    @Test(arguments: [0.0, -10, 2.9, 14_400.5, .nan, .infinity])
    func badPageSizeIsRejectedBeforeC(side: Double) throws {
        let document = try PDFDocument()
        let delegate = RecordingDelegate(.continue)
        document.delegate = delegate
        let error = try #require(throws: HaruError.self) {
            try document.addPage(size: PageSize(width: side, height: 300))
        }
        #expect(error.name == "HPDF_PAGE_INVALID_SIZE" && !error.isFromLibHaru)
        #expect(error.argument?.contains("page 0") == true)
        #expect(delegate.errors.count == 1 && document.pages.isEmpty)
        #expect(try document.addPage(size: PageSize(width: 400, height: 150)).index == 0)
    }

    /// A folder this process cannot create files in: a read-only folder for ordinary users; for root, which
    /// ignores permissions, sysfs.
    func unwritableFolder(_ scratch: Scratch) throws -> URL {
        if geteuid() != 0 {
            let folder = scratch.file("readonly")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            chmod(folder.path, 0o555)
            return folder
        }
        return URL(fileURLWithPath: "/sys")
    }

    @Test func savingToUnwritablePlacesThrowsWithPathAndLeavesNothing() throws {
        let scratch = try Scratch("haru-unwritable")
        let document = try PDFDocument()
        let delegate = RecordingDelegate(.continue)
        document.delegate = delegate
        _ = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let folder = try unwritableFolder(scratch)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let target = folder.appendingPathComponent("out.pdf")
        let error = try #require(throws: HaruError.self) { try document.save(to: target) }
        #expect(error.name == "HPDF_FILE_OPEN_ERROR" && error.detail != 0)
        #expect(error.argument == "file \(target.path)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)

        let missingParent = scratch.file("no-such-folder/out.pdf")
        let second = try #require(throws: HaruError.self) { try document.save(to: missingParent) }
        #expect(second.detail == UInt32(ENOENT) && second.argument?.contains("no-such-folder/out.pdf") == true)
        #expect(try scratch.contents().filter { $0 != "readonly" } == [])
        #expect(delegate.errors.count == 2)
        try expectStillRenders(document, scratch, "Later page after failed saves")
        #expect(try scratch.contents().filter { $0 != "readonly" } == ["after.pdf"])
    }

    @Test func savingToDevFullThrowsNoSpaceAndLeavesNoTempFile() throws {
        let scratch = try Scratch("haru-devfull")
        let document = try PDFDocument()
        let delegate = RecordingDelegate(.continue)
        document.delegate = delegate
        _ = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let before = try FileManager.default.contentsOfDirectory(atPath: "/dev").sorted()
        let error = try #require(throws: HaruError.self) { try document.save(to: URL(fileURLWithPath: "/dev/full")) }
        #expect(error.name == "HPDF_FILE_IO_ERROR" && error.detail == UInt32(ENOSPC))
        #expect(error.argument == "file /dev/full" && error.description.contains("/dev/full"))
        #expect(error.systemReason == String(cString: strerror(ENOSPC)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: "/dev").sorted() == before)
        #expect(delegate.errors == [error])
        try expectStillRenders(document, scratch, "Later page after /dev/full")
    }

    @Test func abortDecisionStopsEveryLaterCallWithoutCallingC() throws {
        let document = try PDFDocument()
        let delegate = RecordingDelegate(.abort)
        document.delegate = delegate
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        #expect(throws: HaruError.self) { try document.font(named: "NoSuchFont", encoding: .winAnsi) }
        #expect(document.isAborted)
        let calls: [() throws -> Void] = [
            { _ = try document.addPage(size: PageSize(width: 595.28, height: 841.89)) },
            { _ = try document.font(.helvetica) },
            { _ = try document.data() },
            { try page.setLineWidth(2) },
            { try page.stroke(.rectangle(x: 0, y: 0, width: 10, height: 10)) },
            { try page.text { _ in } },
            { try document.setInfo(DocumentInfo(title: "x")) }
        ]
        for call in calls {
            let error = try #require(throws: HaruError.self) { try call() }
            #expect(error.isDocumentAborted && error.name == "DOCUMENT_ABORTED")
            #expect(error.description.contains("aborted"))
        }
        // Only the original failure reached the delegate.
        #expect(delegate.errors.count == 1)
    }

    @Test func withoutDelegateErrorsAreResetSoTheDocumentGoesOn() throws {
        let scratch = try Scratch("haru-nodelegate")
        let document = try PDFDocument()
        #expect(throws: HaruError.self) { try document.font(named: "Nope", encoding: .winAnsi) }
        #expect(throws: HaruError.self) { try document.encrypt(ownerPassword: "", userPassword: "") }
        #expect(!document.isAborted)
        try expectStillRenders(document, scratch, "Still fine without a delegate")
    }

    @Test func graphicsInsideTextScopeAndNestedScopesAreRefused() throws {
        let scratch = try Scratch("haru-gmode")
        let document = try PDFDocument()
        let page = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let helvetica = try document.font(.helvetica)
        try page.text { t in
            try t.setFont(helvetica, size: 12)
            let error = try #require(throws: HaruError.self) { try page.setLineWidth(3) }
            #expect(error.name == "HPDF_PAGE_INVALID_GMODE" && !error.isFromLibHaru)
            #expect(throws: HaruError.self) { try page.fill(.rectangle(x: 0, y: 0, width: 5, height: 5)) }
            #expect(throws: HaruError.self) { try page.text { _ in } }
            try t.show("inside", x: 50, y: 700)
        }
        // A scope whose body throws still closes its text object.
        struct Stop: Error {}
        #expect(throws: Stop.self) { try page.text { (_: PDFTextScope) -> Void in throw Stop() } }
        // show without a font is refused before libHaru sees it.
        let noFont = try #require(throws: HaruError.self) { try page.text { t in try t.show("x", x: 0, y: 0) } }
        #expect(noFont.name == "HPDF_PAGE_FONT_NOT_FOUND")
        try page.stroke(.line(from: 10, 10, to: 100, 100))
        let file = try Fixture.save(document, scratch, "gmode.pdf")
        #expect(try Oracle.qpdfCheck(file).status == 0)
        #expect(try Fixture.text(file) == "inside")
    }
}

/// The error table covers every code in the installed libHaru header, with a description each.
@Suite struct ErrorCatalogTests {
    @Test func everyCodeInHpdfErrorHeaderHasNameAndDescription() throws {
        let header = try String(contentsOfFile: "/usr/include/hpdf_error.h", encoding: .utf8)
        let defines = header.split(separator: "\n").compactMap { line -> (String, UInt32)? in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 3, parts[0] == "#define", parts[2].hasPrefix("0x"),
                let code = UInt32(parts[2].dropFirst(2), radix: 16)
            else { return nil }
            return (String(parts[1]), code)
        }
        #expect(defines.count > 100)
        for (name, code) in defines {
            #expect(HaruError.symbolicName(for: code) == name)
            #expect((HaruError.summary(for: code)?.count ?? 0) > 10)
        }
        #expect(HaruError.symbolicName(for: 0x9999) == nil)
    }
}
