import Foundation
import TestSupport
import Testing
import Validation

/// Valid files pass: hand-built ones, and files qpdf itself writes in its various layouts.
@Suite struct ValidPDFTests {
    @Test func handBuiltMinimalPDFIsValidAndInspected() throws {
        let scratch = try Scratch("check-valid")
        let file = scratch.file("min.pdf")
        try Fixtures.helvetica().write(to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)

        let report = try Validator().validate(file)
        #expect(report.isValid, "\(report.findings)")
        #expect(!report.isDamaged)
        #expect(report.inspection.pdfVersion == "1.4")
        #expect(report.inspection.pageCount == 1)
        let page = try #require(report.inspection.pages.first)
        #expect(page.mediaBox == Box(x0: 0, y0: 0, x1: 595, y1: 842))
        #expect(
            page.fonts == [
                FontInfo(
                    resourceName: "F1", type: "Type1", baseFont: "Helvetica", encoding: "WinAnsiEncoding",
                    isEmbedded: false, isSubset: false, hasToUnicode: false)
            ])
        #expect(page.text.contains("Hello World"))
        // A base-14 font is a warning by default, nothing else is found.
        #expect(report.findings.map(\.rule) == [.fontNotEmbedded])
        #expect(report.warnings.count == 1)
    }

    @Test func inMemoryValidationMatchesTheFile() throws {
        let scratch = try Scratch("check-memory")
        let data = Fixtures.helvetica(pages: 3)
        let file = scratch.file("three.pdf")
        try data.write(to: file)
        let fromFile = try Validator().validate(file)
        let fromMemory = try Validator().validate(data: data, name: file.path)
        #expect(fromFile == fromMemory)
        #expect(fromMemory.inspection.pageCount == 3)
    }

    /// qpdf rewrites the file with object streams and xref streams, as QDF, and as a merge of pages.
    @Test(arguments: [
        ["--object-streams=generate"], ["--qdf"], ["--linearize"], ["--empty", "--pages", "IN", "IN", "IN", "--"]
    ])
    func qpdfWrittenFilesAreValid(_ arguments: [String]) throws {
        let scratch = try Scratch("check-qpdf")
        let input = scratch.file("in.pdf")
        let output = scratch.file("out.pdf")
        try Fixtures.japanese("入場整理券").write(to: input)
        let args =
            arguments.contains("--empty")
            ? arguments.map { $0 == "IN" ? input.path : $0 } + [output.path]
            : arguments + [input.path, output.path]
        #expect(try Oracle.run("qpdf", args).status == 0)
        #expect(try Oracle.qpdfCheck(output).status == 0)

        let report = try Validator(options: ValidationOptions(texts: ["入場整理券", "ABC"])).validate(output)
        #expect(report.isValid, "\(report.findings)")
        #expect(!report.isDamaged)
        let pages = arguments.contains("--empty") ? 3 : 1
        #expect(report.inspection.pageCount == pages)
        #expect(report.inspection.pages.allSatisfy { $0.text.contains("入場整理券") })
        #expect(report.inspection.isLinearized == arguments.contains("--linearize"))
    }
}
