import Foundation
import Haru
import Testing

/// A date a PDF cannot hold is a HaruError naming the field, not a trap in an integer conversion.
@Suite struct DateRangeTests {
    @Test(arguments: [1e18, -1e18, -62_200_000_000.0, 253_402_400_000.0])
    func datesOutsideYears1To9999AreRefused(seconds: Double) throws {
        let document = try PDFDocument()
        _ = try document.addPage(size: PageSize(width: 595.28, height: 841.89))
        let date = Date(timeIntervalSince1970: seconds)
        #expect {
            try document.setInfo(DocumentInfo(creationDate: date))
        } throws: { error in
            guard let error = error as? HaruError else { return false }
            return error.name == "HPDF_INVALID_DATE_TIME" && "\(error)".contains("creation date")
        }
        _ = try document.data()
    }
}
