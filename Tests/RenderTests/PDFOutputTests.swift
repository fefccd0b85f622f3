import Drawing
import Foundation
import Render
import Testing
import TestSupport

/// The PDF renderer's output checked by the real tools: qpdf --check, pdffonts, pdftotext.
@Suite struct PDFOutputTests {
    @Test func admissionTicketIsAValidPDFWithItsText() throws {
        let scratch = try Scratch("render-pdf")
        let file = scratch.file("ticket.pdf")
        try PDFRenderer().write(try Samples.admissionTicket(), to: file)
        #expect(try Oracle.qpdfCheck(file).status == 0)
        let text = try Oracle.pdftotext(file)
        #expect(text.contains("入場整理券"))
        #expect(text.contains("FN-579-413"))
    }
}
