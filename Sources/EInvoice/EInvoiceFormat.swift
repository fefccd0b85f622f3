import Foundation

/// Which e-invoice an invoice's data is written as: the syntax, the file name it travels under inside a PDF/A-3
/// and how that file relates to the printed invoice.
///
/// Japan's digital invoice (デジタルインボイス) is JP PINT, a UBL 2.1 invoice; Europe's is EN 16931, which Factur-X carries
/// as CII inside the PDF. Both are written from one `InvoiceData`, so the printed and the data invoice agree.
public enum EInvoiceFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// Peppol International invoice, Japan (UBL 2.1, CustomizationID `urn:peppol:pint:billing-1@jp-1`).
    case jpPint = "jp-pint"
    /// Factur-X (ZUGFeRD 2) in its EN 16931 profile (UN/CEFACT CII D16B).
    case facturX = "factur-x"

    /// The attachment's file name: Factur-X readers look for `factur-x.xml` and nothing else; JP PINT has no such
    /// rule, so the name says the syntax.
    public var fileName: String {
        switch self {
        case .jpPint: "jp-pint.xml"
        case .facturX: "factur-x.xml"
        }
    }

    /// The `/AFRelationship` of the attachment: `Alternative` for both, since the XML is the same invoice as the
    /// printed pages in another form (Factur-X requires it for the EN 16931 profile; a JP PINT file is the very
    /// invoice the 適格請求書 prints, not data the pages were merely drawn from, which would be `Data` or `Source`).
    public var relationship: String { "Alternative" }

    /// The attachment's `/Desc`, for readers that list attached files.
    public var description: String {
        switch self {
        case .jpPint: "JP PINT invoice (UBL 2.1)"
        case .facturX: "Factur-X invoice (CII, EN 16931 profile)"
        }
    }
}
