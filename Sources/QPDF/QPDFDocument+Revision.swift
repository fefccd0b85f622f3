import CQPDF

/// What an incremental update needs from a PDF's last revision: the objects it rewrites (the catalog and one page)
/// as qpdf unparses them, and the trailer entries the new trailer repeats. Read by the signer
/// (`PDFSigning`), which appends the signature's objects after the finished bytes.
package struct PDFRevision: Sendable {
    /// An indirect object's number, generation and dictionary text (`<< … >>`, as qpdf unparses it).
    package struct Object: Sendable {
        /// The object number.
        package var number: Int
        /// The generation number.
        package var generation: Int
        /// The dictionary's text.
        package var dictionary: String
        /// `number generation R`.
        package var reference: String { "\(number) \(generation) R" }
    }

    /// The trailer's `/Size`: the first object number free for new objects.
    package var size: Int
    /// The catalog.
    package var root: Object
    /// True when the catalog already has an `/AcroForm`.
    package var hasForm: Bool
    /// The catalog's `/AcroForm` when it is an indirect object (mkpdf's fields), its dictionary text without
    /// `/Fields` and `/SigFlags`, which a signature rewrites; nil when there is none or it is direct.
    package var form: Object?
    /// The form's `/Fields` (each unparsed: `N 0 R`), to be written back with the signature's.
    package var formFields: [String] = []
    /// The names (`/T`) of the form's fields, so the signature's field takes another.
    package var fieldNames: Set<String> = []
    /// The trailer's `/Info` reference, if any.
    package var info: String?
    /// The trailer's `/ID` array text, if any.
    package var id: String?
    /// The page, its dictionary text without `/Annots`.
    package var page: Object
    /// The page's annotations (each unparsed: `N 0 R` or a direct dictionary), to be written back with new ones.
    package var annotations: [String]
    /// The page's `/MediaBox` (left, bottom, right, top).
    package var mediaBox: [Double]
    /// True when the file is encrypted.
    package var encrypted: Bool
}

extension QPDFDocument {
    /// The revision facts of the open document, for the page at the zero-based `pageIndex`.
    /// - Throws: `QPDFFailure` when the trailer, catalog or page cannot be read as indirect dictionaries.
    package func revision(pageIndex: Int) throws(QPDFFailure) -> PDFRevision {
        func failure(_ message: String) -> QPDFFailure { QPDFFailure(message: message, code: qpdf_e_damaged_pdf) }
        let trailer = self.trailer
        let root = self.root
        guard let size = integer(value(trailer, "/Size")), isDictionary(root), let rootNumber = objectNumber(root)
        else { throw failure("the trailer has no /Size or the catalog is not an indirect dictionary") }
        let count = try pageCount().get()
        guard pageIndex >= 0, pageIndex < count else {
            throw failure("the document has \(count) pages, there is no page \(pageIndex + 1)")
        }
        let page = self.page(at: pageIndex)
        guard isDictionary(page), let pageNumber = objectNumber(page) else {
            throw failure("page \(pageIndex + 1) is not an indirect dictionary")
        }
        let annotations = items(value(page, "/Annots")).map(unparsed)
        guarded(()) { qpdf_oh_remove_key($0, page, "/Annots") }
        let revision = PDFRevision(
            size: size,
            root: .init(number: rootNumber, generation: generation(root), dictionary: resolved(root)),
            hasForm: value(root, "/AcroForm") != nil, info: value(trailer, "/Info").map(unparsed),
            id: value(trailer, "/ID").map(unparsed),
            page: .init(number: pageNumber, generation: generation(page), dictionary: resolved(page)),
            annotations: annotations, mediaBox: items(value(page, "/MediaBox")).compactMap { number($0) },
            encrypted: value(trailer, "/Encrypt") != nil)
        var result = revision
        if let form = value(root, "/AcroForm"), isDictionary(form), let number = objectNumber(form) {
            let fields = items(value(form, "/Fields"))
            result.formFields = fields.map(unparsed)
            result.fieldNames = Set(fields.compactMap { text(value($0, "/T")) })
            guarded(()) { qpdf_oh_remove_key($0, form, "/Fields") }
            guarded(()) { qpdf_oh_remove_key($0, form, "/SigFlags") }
            result.form = .init(number: number, generation: generation(form), dictionary: resolved(form))
        }
        if let error = takeObjectErrors().first { throw failure(error) }
        return result
    }

    /// An object's text as it stands where it is used (`N 0 R` for an indirect one).
    private func unparsed(_ object: qpdf_oh) -> String {
        guarded("") { String(cString: qpdf_oh_unparse($0, object)) }
    }

    /// An indirect object's own text (its dictionary, not `N 0 R`).
    private func resolved(_ object: qpdf_oh) -> String {
        guarded("") { String(cString: qpdf_oh_unparse_resolved($0, object)) }
    }

    private func generation(_ object: qpdf_oh) -> Int {
        guarded(0) { Int(qpdf_oh_get_generation($0, object)) }
    }
}
