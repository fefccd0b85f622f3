import CHaru
import Foundation
import HaruLoader
import Support

/// A PDF being built with libHaru: owns one `HPDF_Doc`, frees it exactly once, and turns every libHaru error
/// into a thrown `HaruError`.
///
/// A document is used from one thread at a time (libHaru is not thread-safe per document); make one per task.
package final class PDFDocument {
    /// The libHaru document; freed in `deinit` and nowhere else.
    let handle: HPDF_Doc
    /// Where the C error handler records; owned here so it outlives `handle`.
    private let errors: ErrorBox

    /// Told of every error before it is thrown; decides continue or abort. Held weakly.
    package weak var delegate: HaruErrorDelegate?

    /// True once a delegate chose `.abort`: every later call throws `DOCUMENT_ABORTED` without calling libHaru.
    package internal(set) var isAborted = false

    /// The pages added so far, in order (made on demand: the document keeps only libHaru's handles, since a
    /// `PDFPage` holds its document strongly).
    package var pages: [PDFPage] {
        pageRecords.enumerated().map { PDFPage(document: self, handle: $1.handle, index: $0, size: $1.size) }
    }
    /// libHaru's page handles and their sizes, in order.
    private(set) var pageRecords: [(handle: HPDF_Page, size: PageSize)] = []

    /// The page whose text object is open, so graphics calls can be refused before libHaru sees them.
    var openTextPage: Int?
    /// ExtGStates already made, one per (stroke alpha, fill alpha) pair.
    var alphaStates: [AlphaPair: HPDF_ExtGState] = [:]
    /// Which of libHaru's optional font and encoding sets have been switched on.
    var enabledSets: Set<OptionalSet> = []
    /// TrueType files already loaded, by path, with the font name libHaru gave them.
    var trueTypeNames: [String: String] = [:]
    /// Streams written by their own hooks (`DirectStream`), turned into libHaru streams if the document is encrypted.
    var directStreams: [HPDF_Dict] = []
    /// The PDF/A level and what its parts are written from, when the document is to be archival (`setArchiveLevel`).
    var archive: ArchiveState?
    /// The information dictionary's entries as set, mirrored in the XMP packet a PDF/A or PDF/UA document carries.
    var xmpInfo = DocumentInfo()
    /// The tagged-PDF state once the document is tagged (`setTagged`): its PDF/UA claim and what is written.
    var structure: StructureState?
    /// The interactive form (`/AcroForm`) once a field is added (`addFormField`).
    var form: FormState?
    /// The zlib states of recent page contents' shared beginnings (the owner's), or nil: each content deflated whole.
    let contentPrefixes: ContentPrefixes?
    /// Idle libdeflate compressors: the owner's, or this document's own.
    let compressors: WholeCompressors
    /// Shift_JIS bytes of texts the owner's documents encoded, or nil: each text encoded.
    let encodedTexts: EncodedTextCache?

    /// A libHaru feature set that must be enabled once per document before use.
    enum OptionalSet: Hashable {
        case japaneseFonts, japaneseEncodings, utfEncodings
    }

    /// Creates an empty document with compression of all streams switched on. `caches`, the shelf of the owner of
    /// many documents (its `RenderContext`'s), lends the deflate states and encodings its recent documents left;
    /// without one nothing outlives the document.
    /// - Throws: `HaruError` named `LIBHARU_UNAVAILABLE` when libHaru cannot be loaded (see `HaruLoader`).
    package init(caches: CacheShelf? = nil) throws {
        contentPrefixes = caches?.cache(ContentPrefixes.self)
        compressors = caches?.cache(WholeCompressors.self) ?? WholeCompressors()
        encodedTexts = caches?.cache(EncodedTextCache.self)
        if let failure = mkpdf_haru_load_failure() {
            throw HaruError(
                code: 0, name: "LIBHARU_UNAVAILABLE", summary: "libHaru could not be loaded.",
                operation: "create a document", systemReason: String(cString: failure),
                hint: "install libhpdf-2.3.0 (`apt-get install libhpdf-2.3.0`, or run scripts/setup).",
                isFromLibHaru: false)
        }
        let box = ErrorBox()
        guard let doc = HPDF_New(ErrorBox.handler, Unmanaged.passUnretained(box).toOpaque()) else {
            throw HaruError(code: 0x1015, operation: "create a document", isFromLibHaru: true)
        }
        handle = doc
        errors = box
        try setCompression(.all)
        // libHaru names itself the Producer; the program that makes the bytes is mkpdf.
        try setInfo(DocumentInfo(producer: "mkpdf"))
    }

    /// `input` deflated as `effort` says, with the deflate states and compressors this document was given.
    func deflate(_ input: UnsafeRawBufferPointer, effort: Deflate.Effort) -> [UInt8]? {
        Deflate.compress(input, effort: effort, prefixes: contentPrefixes, compressors: compressors)
    }

    deinit {
        HPDF_Free(handle)
    }

    // MARK: - Calling libHaru

    /// Runs `body` against libHaru unless the document is aborted, then throws if libHaru reported an error
    /// or `failed` says the result means failure.
    ///
    /// `argument` is only built when an error is thrown: drawing makes thousands of calls per second and
    /// formatting their context eagerly cost more than libHaru itself (callgrind, mkpdf-bench).
    func call<T>(
        _ operation: String, _ argument: @autoclosure () -> String? = nil, _ body: (HPDF_Doc) -> T,
        failed: (T) -> Bool
    ) throws -> T {
        guard !isAborted else { throw HaruError.aborted(operation: operation, argument: argument()) }
        errors.clear()
        let result = body(handle)
        if errors.code != 0 || failed(result) {
            let code = errors.code != 0 ? errors.code : 0x1033
            throw report(
                HaruError(
                    code: code, detail: errors.detail, operation: operation, argument: argument(),
                    isFromLibHaru: true))
        }
        return result
    }

    /// Runs a libHaru call that returns an `HPDF_STATUS`, throwing on anything but `HPDF_OK`.
    func check(
        _ operation: String, _ argument: @autoclosure () -> String? = nil,
        _ body: (HPDF_Doc) -> HPDF_STATUS
    ) throws {
        _ = try call(operation, argument(), body) { $0 != HPDF_STATUS(HPDF_OK) }
    }

    /// Runs a libHaru call that returns a handle, throwing when it returns nil.
    func make<T>(
        _ operation: String, _ argument: @autoclosure () -> String? = nil,
        _ body: (HPDF_Doc) -> T?
    ) throws -> T {
        try call(operation, argument(), body) { $0 == nil }!
    }

    /// Refuses a call before C when the document is aborted.
    func ensureUsable(_ operation: String, _ argument: @autoclosure () -> String?) throws {
        guard !isAborted else { throw HaruError.aborted(operation: operation, argument: argument()) }
    }

    /// Tells the delegate, applies its decision, and returns the error for the caller to throw.
    ///
    /// Used for libHaru's errors and for the wrapper's own checks alike, so the delegate sees every failure.
    func report(_ error: HaruError) -> HaruError {
        let decision = delegate?.document(self, didFail: error) ?? .continue
        switch decision {
        case .continue:
            HPDF_ResetError(handle)
            errors.clear()
        case .abort:
            isAborted = true
        }
        return error
    }

    /// Reports a failure the wrapper found before calling libHaru.
    func reject(
        code: UInt32, detail: UInt32 = 0, operation: String, argument: String?, hint: String? = nil,
        systemReason: String? = nil
    ) -> HaruError {
        report(
            HaruError(
                code: code, detail: detail, operation: operation, argument: argument,
                systemReason: systemReason, hint: hint, isFromLibHaru: false))
    }

    // MARK: - Pages

    /// Adds a page at the end; the size is checked before libHaru sees it.
    ///
    /// - Throws: `HPDF_PAGE_INVALID_SIZE` for a width or height that is not a number from 3 to 14400 points.
    @discardableResult
    package func addPage(size: PageSize) throws -> PDFPage {
        let index = pageRecords.count
        let argument = "page \(index), size \(size.width)×\(size.height) pt"
        try ensureUsable("add a page", argument)
        guard size.isValid else {
            throw reject(code: 0x1054, operation: "add a page", argument: argument)
        }
        if openTextPage != nil {
            throw reject(
                code: 0x1051, operation: "add a page", argument: argument,
                hint: "add pages outside a text { } scope.")
        }
        let page = try make("add a page", argument) { HPDF_AddPage($0) }
        MemoryStream.copyWrites(of: page.pointee.attr.assumingMemoryBound(to: HPDF_PageAttr_Rec.self).pointee.stream)
        try check("set the page width", argument) { _ in HPDF_Page_SetWidth(page, Float(size.width)) }
        try check("set the page height", argument) { _ in HPDF_Page_SetHeight(page, Float(size.height)) }
        try dropProcSet(of: page, argument)
        pageRecords.append((page, size))
        return PDFPage(document: self, handle: page, index: index, size: size)
    }
}

extension PDFDocument {
    /// Removes the `/ProcSet` array libHaru puts in every page's resources: PDF 1.4 and later readers ignore it
    /// (PDF 2.0 deprecates it), and it is 49 bytes of every ticket.
    private func dropProcSet(of page: HPDF_Page, _ argument: String) throws {
        let resources = HPDF_Dict(OpaquePointer(HPDF_Dict_GetItem(page, "Resources", HPDF_UINT16(HPDF_OCLASS_DICT))))
        guard let resources, HPDF_Dict_GetItem(resources, "ProcSet", HPDF_UINT16(HPDF_OCLASS_ARRAY)) != nil else {
            return
        }
        try check("drop the ProcSet", argument) { _ in HPDF_Dict_RemoveElement(resources, "ProcSet") }
    }
}

/// A stroke and fill alpha pair, the key of the ExtGState cache.
struct AlphaPair: Hashable {
    var stroke: Double
    var fill: Double
}
