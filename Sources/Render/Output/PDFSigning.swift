import Digests
import DrawingModule
import Foundation
import QPDF

/// A PAdES baseline signature (B-B, or B-T with a time-stamp authority) added to a finished PDF.
///
/// Receipts, invoices and tickets must show that they are untouched and who issued them. The signature is an
/// incremental update appended to the bytes libHaru wrote (`SignatureIncrement`), so the signed revision is the file
/// as rendered; its CMS comes from OpenSSL (`SigningIdentity`). A signed file cannot also be encrypted here:
/// `render(_:options:)` refuses the two together.
public struct PDFSigning: Sendable {
    /// The key and certificate that sign.
    public var identity: SigningIdentity
    /// A visible field, or nil for the document's own (a template's `signature:`) or, without one, an invisible
    /// signature on page 1.
    public var field: Document.SignatureField?
    /// An RFC 3161 time-stamp authority's `http://` URL: the signature value is time-stamped there (PAdES B-T).
    public var timestampAuthority: String?
    /// The claimed signing time, the signature dictionary's `/M`; nil for the time of signing.
    public var date: Date?
    /// How long to wait for the time-stamp authority, in seconds.
    public var timestampTimeout: Int = 30
    /// Sign even when the certificate has expired or is not valid yet at the signing time (for tests and
    /// re-signing archives); false refuses such a certificate (`--sign-allow-expired` on the command line).
    public var allowsInvalidCertificateDates = false

    /// Signs with `identity`, invisibly unless `field` is given, time-stamped when `timestampAuthority` is given.
    public init(identity: SigningIdentity, field: Document.SignatureField? = nil, timestampAuthority: String? = nil) {
        self.identity = identity
        self.field = field
        self.timestampAuthority = timestampAuthority
    }

    /// The bytes the `/Contents` placeholder holds: the signature's measured size, room for a time-stamp token
    /// (its TSA's certificates included) when one is asked for, and slack for EC signatures' varying length.
    var reservedBytes: Int { identity.signatureLength + 64 + (timestampAuthority == nil ? 0 : 16_384) }

    /// `pdf` with the signature appended.
    /// - Throws: `RenderError.protection` when the PDF cannot be read, has a form of another program's (a direct
    ///   `/AcroForm`; mkpdf's own form fields are kept, the signature joining them), the page does not exist,
    ///   OpenSSL fails or the time-stamp authority does not grant the request; and when the certificate has
    ///   expired or is not valid yet at the signing time, unless `allowsInvalidCertificateDates`.
    func apply(to pdf: Data) throws(RenderError) -> Data {
        if !allowsInvalidCertificateDates, let problem = identity.validityProblem(at: date ?? Date()) {
            throw .protection(
                step: "sign the PDF", reason: problem,
                fix: "sign with a valid certificate; to sign with this one anyway, pass --sign-allow-expired "
                    + "(PDFSigning.allowsInvalidCertificateDates)")
        }
        let pageIndex = (field?.page ?? 1) - 1
        let revision: PDFRevision
        let document = QPDFDocument()
        do {
            try document.read(bytes: pdf, description: "the rendered PDF", password: nil)
            revision = try document.revision(pageIndex: pageIndex)
        } catch {
            throw .protection(
                step: "sign the PDF", reason: error.message,
                fix: field == nil ? "report it as an mkpdf bug with the input" : "give a page the document has")
        }
        guard !revision.hasForm || revision.form != nil, !revision.encrypted else {
            throw .protection(
                step: "sign the PDF", reason: revision.encrypted ? "it is encrypted" : "it already has a form",
                fix: "sign a PDF mkpdf rendered without encryption")
        }
        guard let previous = SignatureIncrement.startXref(of: pdf) else {
            throw .protection(
                step: "sign the PDF", reason: "the rendered PDF has no startxref",
                fix: "report it as an mkpdf bug with the input")
        }
        let increment = SignatureIncrement(
            revision: revision, previousXref: previous, signerName: identity.name, date: date ?? Date(),
            field: field, reservedBytes: reservedBytes)
        var signed = pdf
        let range = increment.append(to: &signed)
        var hasher = Digest(.sha256)
        hasher.update(data: signed[..<range.lowerBound])
        hasher.update(data: signed[range.upperBound...])
        var cms = try identity.sign(digest: hasher.finalize())
        if let timestampAuthority {
            cms.der = try Timestamp(authority: timestampAuthority, timeout: timestampTimeout).stamp(
                cms.der, signatureValue: cms.value)
        }
        guard cms.der.count <= reservedBytes else {
            throw .protection(
                step: "sign the PDF",
                reason: "the signature takes \(cms.der.count) bytes, more than the \(reservedBytes) reserved",
                fix: "report it as an mkpdf bug, naming the key type and time-stamp authority")
        }
        SignatureIncrement.fill(&signed, contents: range, with: cms.der)
        return signed
    }
}
