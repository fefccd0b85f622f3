import DrawingModule
import Foundation
import Render
import TestSupport
import Testing
import Validation

/// The document-level entries of our PDFs, read back by Check and qpdf: a header version that covers the features
/// used, Title/Producer/Lang/DisplayDocTitle, and a trailer /ID that depends only on the content.
@Suite struct PDFMetadataTests {
    @Test func ticketCarriesTitleLanguageProducerAndAContentID() throws {
        let scratch = try Scratch("render-metadata")
        let file = scratch.file("ticket.pdf")
        try render(try Samples.admissionTicket(), options: OutputOptions()).write(to: file)
        let again = try PDFRenderer().data(for: try Samples.admissionTicket())
        #expect(try Data(contentsOf: file) == again, "the same ticket must give the same bytes")
        let report = try Validator(options: ValidationOptions(requireMetadata: true)).validate(file)
        #expect(report.findings(.metadataMissing).isEmpty, "\(report.findings)")
        #expect(report.findings(.versionTooLow).isEmpty, "\(report.findings)")
        #expect(report.inspection.language == "ja")
        #expect(report.inspection.info["Producer"] == "mkpdf")
        #expect(!(report.inspection.info["Title"] ?? "").isEmpty)
        #expect(report.inspection.info["CreationDate"] == nil, "dates only when asked, so output stays reproducible")
        let trailer = try Oracle.run("qpdf", ["--show-object=trailer", file.path])
        #expect(trailer.stdout.contains("/ID [ <"), "\(trailer.stdout)")
        let catalog = try Oracle.run("qpdf", ["--show-object=1", file.path])
        #expect(catalog.stdout.contains("/DisplayDocTitle true"), "\(catalog.stdout)")
        #expect(try Oracle.qpdfCheck(file).status == 0)

        // A different ticket gets a different /ID.
        let other = try PDFRenderer().data(for: try Samples.admissionTicket(member: "GCG-40168"))
        let otherFile = scratch.file("other.pdf")
        try other.write(to: otherFile)
        let otherTrailer = try Oracle.run("qpdf", ["--show-object=trailer", otherFile.path])
        #expect(otherTrailer.stdout != trailer.stdout)
    }

    @Test func transparencyRaisesTheHeaderTo14() throws {
        let data = try PDFRenderer().data(for: try TestDrawings.transparentLayers())
        #expect(data.prefix(8) == Data("%PDF-1.4".utf8))
        let report = try Validator().validate(data: data, name: "transparent.pdf")
        #expect(report.findings(.versionTooLow).isEmpty, "\(report.findings)")
    }

    @Test func latinTextStatesNoLanguage() throws {
        let drawing = Drawing(
            size: Size(width: 200, height: 100), background: .white,
            commands: [
                .text(
                    Drawing.Command.Text(
                        color: .black, string: "Invoice", font: "sans", size: 12, origin: Point(x: 10, y: 20)))
            ])
        let report = try Validator().validate(data: try PDFRenderer().data(for: drawing), name: "latin.pdf")
        #expect(report.inspection.language == nil)
        #expect(report.inspection.info["Title"] == "Invoice")
    }
}
