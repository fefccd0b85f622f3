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
    /// The structure tree of a tagged PDF, which a signature field joins; nil for an untagged one.
    package var structure: Structure?

    /// What a new annotation needs of a tagged PDF's structure tree to be in it (PDF/UA wants every widget inside a
    /// `/Form` element): the element it joins, the parent tree that maps the widget back, and the next free key.
    package struct Structure: Sendable {
        /// The `/StructTreeRoot`, its dictionary text without `/ParentTreeNextKey`.
        package var root: Object
        /// The `/ParentTreeNextKey`: the key the new annotation's `/StructParent` takes.
        package var nextKey: Int
        /// The parent tree's root, its dictionary text without `/Nums`.
        package var parentTree: Object
        /// The parent tree's `/Nums` (each unparsed), to be written back with the new entry.
        package var numbers: [String]
        /// The element new content joins at its end: the tree's one top element (the `/Document`), its dictionary
        /// text without `/K`.
        package var container: Object
        /// The container's kids (each unparsed), to be written back with the new element.
        package var kids: [String]
    }
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
        if let tree = value(root, "/StructTreeRoot") {
            result.structure = try structure(tree)
        }
        if let error = takeObjectErrors().first { throw failure(error) }
        return result
    }

    /// The facts of a structure tree as mkpdf writes it: an indirect root whose `/K` is one indirect element, and an
    /// indirect parent tree of one `/Nums` array.
    private func structure(_ tree: qpdf_oh) throws(QPDFFailure) -> PDFRevision.Structure {
        func failure(_ what: String) -> QPDFFailure {
            QPDFFailure(message: "the structure tree \(what)", code: qpdf_e_damaged_pdf)
        }
        guard isDictionary(tree), let treeNumber = objectNumber(tree) else { throw failure("is not indirect") }
        guard let nextKey = integer(value(tree, "/ParentTreeNextKey")) else { throw failure("has no next key") }
        guard let parents = value(tree, "/ParentTree"), isDictionary(parents),
            let parentsNumber = objectNumber(parents),
            value(parents, "/Kids") == nil
        else { throw failure("has no parent tree of one /Nums array") }
        guard let top = value(tree, "/K"), isDictionary(top), let topNumber = objectNumber(top) else {
            throw failure("has no single top element")
        }
        let numbers = items(value(parents, "/Nums")).map(unparsed)
        let kids = value(top, "/K").map { isArray($0) ? items($0).map(unparsed) : [unparsed($0)] } ?? []
        guarded(()) { qpdf_oh_remove_key($0, tree, "/ParentTreeNextKey") }
        guarded(()) { qpdf_oh_remove_key($0, parents, "/Nums") }
        guarded(()) { qpdf_oh_remove_key($0, top, "/K") }
        return PDFRevision.Structure(
            root: .init(number: treeNumber, generation: generation(tree), dictionary: resolved(tree)),
            nextKey: nextKey,
            parentTree: .init(number: parentsNumber, generation: generation(parents), dictionary: resolved(parents)),
            numbers: numbers,
            container: .init(number: topNumber, generation: generation(top), dictionary: resolved(top)), kids: kids)
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
