import CQPDF
import DrawingModule
import Foundation

/// What a libqpdf call reported as an error: its full text and qpdf's error category.
package struct QPDFFailure: Error {
    /// qpdf's full message, with file name and offset.
    package var message: String
    /// qpdf's category (password, damaged PDF, system, …).
    package var code: qpdf_error_code_e
}

/// The single owner of one `qpdf_data` handle, freed exactly once in `deinit`.
///
/// qpdf reports failures through return codes and `qpdf_has_error`: errors are silenced (`qpdf_silence_errors`),
/// warnings kept off stderr, and every call goes through `guarded`, which collects an error raised by a
/// `qpdf_oh_*` call instead of trusting its fallback value. Only calls that trap C++ exceptions are used: qpdf
/// 11's document-level getters `qpdf_get_pdf_extension_level`, `qpdf_is_linearized`, `qpdf_get_info_key` and
/// `qpdf_allow_*` do not, and one of them aborted the process on a fuzzed file (no /Root), so those facts are
/// read through the trapped object-handle calls instead; `qpdf_get_object_by_id` is not trapped either, so
/// objects are reached only from the trailer.
/// A `qpdf_data` is not thread-safe, so one instance serves one validation (or one merge) on one thread. The one
/// qpdf handle of the package: `mkpdf validate` reads through it, the batch's imposition merges through it.
package final class QPDFDocument {
    private var handle: qpdf_data?
    /// The bytes `qpdf_read_memory` reads from; qpdf keeps a pointer to them, so they live as long as `handle`
    /// (every buffer given, should the document be read more than once, freed after `qpdf_cleanup`).
    private var memory: [UnsafeMutableRawBufferPointer] = []
    /// Errors raised by object-handle calls since the last `takeObjectErrors()`, in order.
    private var objectErrors: [String] = []
    /// Warnings taken out of qpdf early (around a page-content read) and not yet handed out.
    private var pendingWarnings: [String] = []
    /// Documents whose pages this one copies: qpdf reads them while writing, so they live as long as this one.
    private var sources: [QPDFDocument] = []

    package init() {
        handle = qpdf_init()
        qpdf_silence_errors(handle)
        qpdf_set_suppress_warnings(handle, QPDF_TRUE)
    }

    deinit {
        qpdf_cleanup(&handle)
        for buffer in memory { buffer.deallocate() }
    }

    // MARK: Opening and checking

    /// Opens the file at `path`; a nil or empty password is qpdf's "no password".
    package func read(path: String, password: String?) throws(QPDFFailure) {
        let status = qpdf_read(handle, path, password ?? "")
        try throwIfFailed(status)
    }

    /// Opens `bytes` in memory; `description` stands for the file name in qpdf's messages.
    package func read(bytes: Data, description: String, password: String?) throws(QPDFFailure) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        bytes.copyBytes(to: buffer)
        memory.append(buffer)
        let base = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
        let status = qpdf_read_memory(handle, description, base, UInt64(bytes.count), password ?? "")
        try throwIfFailed(status)
    }

    /// Makes this an empty PDF that pages from other documents are added to.
    package func startEmpty() throws(QPDFFailure) {
        try throwIfFailed(qpdf_empty_pdf(handle))
    }

    /// Appends page `index` (from 0) of `source`, which is kept alive until this document is freed.
    package func appendPage(_ index: Int, of source: QPDFDocument) throws(QPDFFailure) {
        sources.append(source)
        let page = qpdf_get_page_n(source.handle, index)
        try source.throwIfFailed(QPDF_SUCCESS)
        try throwIfFailed(qpdf_add_page(handle, source.handle, page, QPDF_FALSE))
    }

    /// Writes the document to `path`, streams compressed, with an /ID derived from the content (the same input
    /// gives the same bytes).
    package func write(to path: String) throws(QPDFFailure) {
        try throwIfFailed(qpdf_init_write(handle, path))
        qpdf_set_deterministic_ID(handle, QPDF_TRUE)
        qpdf_set_compress_streams(handle, QPDF_TRUE)
        try throwIfFailed(qpdf_write(handle))
    }

    /// What an encrypted file's user password allows (`encryptedData`).
    package struct Permissions: Sendable {
        package var print, highQualityPrint, copy, modify, annotate, fillForms, assemble: Bool

        package init(
            print: Bool, highQualityPrint: Bool, copy: Bool, modify: Bool, annotate: Bool, fillForms: Bool,
            assemble: Bool
        ) {
            self.print = print
            self.highQualityPrint = highQualityPrint
            self.copy = copy
            self.modify = modify
            self.annotate = annotate
            self.fillForms = fillForms
            self.assemble = assemble
        }
    }

    /// The document written to memory encrypted with AES-256 (revision 6), metadata included, with a random /ID (qpdf
    /// derives no deterministic ID for an encrypted file); accessibility extraction is always allowed, as PDF 2.0
    /// requires of revision 6.
    package func encryptedData(userPassword: String, ownerPassword: String, allow: Permissions) throws(QPDFFailure)
        -> Data
    {
        try throwIfFailed(qpdf_init_write_memory(handle))
        qpdf_set_compress_streams(handle, QPDF_TRUE)
        func flag(_ value: Bool) -> QPDF_BOOL { value ? QPDF_TRUE : QPDF_FALSE }
        qpdf_set_r6_encryption_parameters2(
            handle, userPassword, ownerPassword, QPDF_TRUE, flag(allow.copy), flag(allow.assemble),
            flag(allow.annotate), flag(allow.fillForms), flag(allow.modify),
            allow.highQualityPrint ? qpdf_r3p_full : allow.print ? qpdf_r3p_low : qpdf_r3p_none, QPDF_TRUE)
        try throwIfFailed(qpdf_write(handle))
        let length = qpdf_get_buffer_length(handle)
        guard let buffer = qpdf_get_buffer(handle) else {
            throw QPDFFailure(message: "qpdf wrote no bytes", code: qpdf_e_internal)
        }
        return Data(bytes: buffer, count: length)
    }

    /// qpdf's structural check: writes the whole file to nowhere, decoding every stream it can.
    package func check() throws(QPDFFailure) {
        try throwIfFailed(qpdf_check_pdf(handle))
    }

    /// The warnings qpdf has gathered and not yet handed out (damage it recovered from), in order.
    package func takeWarnings() -> [String] {
        var texts = pendingWarnings
        pendingWarnings.removeAll()
        while qpdf_more_warnings(handle) != QPDF_FALSE {
            guard let warning = qpdf_next_warning(handle) else { break }
            texts.append(String(cString: qpdf_get_error_full_text(handle, warning)))
        }
        return texts
    }

    /// The errors object-handle calls raised since the last call, so inspection can report what it could not read.
    package func takeObjectErrors() -> [String] {
        defer { objectErrors.removeAll() }
        return objectErrors
    }

    private func throwIfFailed(_ status: QPDF_ERROR_CODE) throws(QPDFFailure) {
        guard status & QPDF_ERRORS != 0 || qpdf_has_error(handle) != QPDF_FALSE else { return }
        throw takeError() ?? QPDFFailure(message: "qpdf reported an error without a message", code: qpdf_e_internal)
    }

    private func takeError() -> QPDFFailure? {
        guard qpdf_has_error(handle) != QPDF_FALSE, let error = qpdf_get_error(handle) else { return nil }
        return QPDFFailure(
            message: String(cString: qpdf_get_error_full_text(handle, error)),
            code: qpdf_get_error_code(handle, error))
    }

    /// Runs one qpdf call; when it raised an error, records the error and returns `fallback` instead.
    package func guarded<T>(_ fallback: T, _ body: (qpdf_data?) -> T) -> T {
        let value = body(handle)
        if let failure = takeError() {
            objectErrors.append(failure.message)
            return fallback
        }
        return value
    }

    // MARK: Document-level facts

    /// The header's version, e.g. "1.7".
    package var pdfVersion: String { guarded("") { String(cString: qpdf_get_pdf_version($0)) } }
    /// The page count, or qpdf's error when it cannot walk the page tree.
    package func pageCount() -> Result<Int, QPDFFailure> {
        let count = qpdf_get_num_pages(handle)
        if count < 0 || qpdf_has_error(handle) != QPDF_FALSE {
            return .failure(takeError() ?? QPDFFailure(message: "the page tree cannot be read", code: qpdf_e_pages))
        }
        return .success(Int(count))
    }

    /// The page at a zero-based index.
    package func page(at index: Int) -> qpdf_oh { guarded(0) { qpdf_get_page_n($0, index) } }
    /// The trailer dictionary.
    package var trailer: qpdf_oh { guarded(0) { qpdf_get_trailer($0) } }
    /// The document catalog.
    package var root: qpdf_oh { guarded(0) { qpdf_get_root($0) } }

    /// Lets go of every object handle, to keep memory flat across many pages.
    package func releaseObjects() { qpdf_oh_release_all(handle) }

    // MARK: Objects

    /// qpdf's type code for an object (null for handle 0).
    package func type(_ object: qpdf_oh) -> qpdf_object_type_e {
        guard object != 0 else { return ot_uninitialized }
        return guarded(ot_uninitialized) { qpdf_oh_get_type_code($0, object) }
    }

    package func isDictionary(_ object: qpdf_oh) -> Bool { type(object) == ot_dictionary }
    package func isStream(_ object: qpdf_oh) -> Bool { type(object) == ot_stream }
    package func isArray(_ object: qpdf_oh) -> Bool { type(object) == ot_array }

    /// The value under `key` (with its slash) of a dictionary or stream dictionary; nil when absent or not a dictionary.
    package func value(_ object: qpdf_oh, _ key: String) -> qpdf_oh? {
        let kind = type(object)
        guard kind == ot_dictionary || kind == ot_stream else { return nil }
        let dictionary = kind == ot_stream ? guarded(0) { qpdf_oh_get_dict($0, object) } : object
        guard dictionary != 0, guarded(false, { qpdf_oh_has_key($0, dictionary, key) != QPDF_FALSE }) else {
            return nil
        }
        let found = guarded(0) { qpdf_oh_get_key($0, dictionary, key) }
        let foundType = type(found)
        return foundType == ot_uninitialized || foundType == ot_null ? nil : found
    }

    /// A name's text with its slash (`/Type1`), or nil when the object is not a name.
    package func name(_ object: qpdf_oh?) -> String? {
        guard let object, type(object) == ot_name else { return nil }
        return guarded(nil) { String(cString: qpdf_oh_get_name($0, object)) }
    }

    /// A number as a Double, or nil when the object is not an integer or real.
    package func number(_ object: qpdf_oh?) -> Double? {
        guard let object else { return nil }
        let kind = type(object)
        guard kind == ot_integer || kind == ot_real else { return nil }
        return guarded(nil) { qpdf_oh_get_numeric_value($0, object) }
    }

    /// A boolean, or nil when the object is not one.
    package func boolean(_ object: qpdf_oh?) -> Bool? {
        guard let object, type(object) == ot_boolean else { return nil }
        return guarded(nil) { qpdf_oh_get_bool_value($0, object) != QPDF_FALSE }
    }

    /// An integer, or nil when the object is not an integer.
    package func integer(_ object: qpdf_oh?) -> Int? {
        guard let object, type(object) == ot_integer else { return nil }
        return guarded(nil) { Int(qpdf_oh_get_int_value($0, object)) }
    }

    /// A text string decoded to Swift (PDFDocEncoding or UTF-16 with BOM, as qpdf decodes them).
    package func text(_ object: qpdf_oh?) -> String? {
        guard let object, type(object) == ot_string else { return nil }
        return guarded(nil) { q -> String? in
            var length = 0
            guard let pointer = qpdf_oh_get_binary_utf8_value(q, object, &length) else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
        }
    }

    /// The raw bytes of a string object, or nil when the object is not a string.
    package func bytes(_ object: qpdf_oh?) -> [UInt8]? {
        guard let object, type(object) == ot_string else { return nil }
        return guarded(nil) { q -> [UInt8]? in
            var length = 0
            guard let pointer = qpdf_oh_get_binary_string_value(q, object, &length) else { return nil }
            return Array(UnsafeRawBufferPointer(start: pointer, count: length))
        }
    }

    /// The items of an array (empty when the object is not an array).
    package func items(_ object: qpdf_oh?) -> [qpdf_oh] {
        guard let object, isArray(object) else { return [] }
        let count = guarded(0) { Int(qpdf_oh_get_array_n_items($0, object)) }
        return (0..<count).map { index in guarded(0) { qpdf_oh_get_array_item($0, object, Int32(index)) } }
    }

    /// The items of an array that are dictionaries, arrays or streams; the handles of the others (nulls, numbers,
    /// names) are released at once, so an array of a million nulls costs no memory.
    package func containerItems(_ object: qpdf_oh?) -> [qpdf_oh] {
        guard let object, isArray(object) else { return [] }
        let count = guarded(0) { Int(qpdf_oh_get_array_n_items($0, object)) }
        var kept: [qpdf_oh] = []
        for index in 0..<count {
            let item = guarded(0) { qpdf_oh_get_array_item($0, object, Int32(index)) }
            let kind = type(item)
            if kind == ot_dictionary || kind == ot_array || kind == ot_stream {
                kept.append(item)
            } else if item != 0 {
                qpdf_oh_release(handle, item)
            }
        }
        return kept
    }

    /// The keys of a dictionary or of a stream's dictionary, read in one pass because qpdf iterates one
    /// dictionary at a time.
    package func keys(_ object: qpdf_oh?) -> [String] {
        guard let given = object else { return [] }
        let object = isStream(given) ? guarded(0) { qpdf_oh_get_dict($0, given) } : given
        guard isDictionary(object) else { return [] }
        return guarded([]) { q -> [String] in
            var keys: [String] = []
            qpdf_oh_begin_dict_key_iter(q, object)
            while qpdf_oh_dict_more_keys(q) != QPDF_FALSE {
                keys.append(String(cString: qpdf_oh_dict_next_key(q)))
            }
            return keys
        }
    }

    /// The object number of an indirect object, or nil for a direct one.
    package func objectNumber(_ object: qpdf_oh) -> Int? {
        let number = guarded(0) { Int(qpdf_oh_get_object_id($0, object)) }
        return number > 0 ? number : nil
    }

    /// A stream's data, decoded through its general-purpose filters when `decoded` (nil when that fails).
    package func streamData(_ stream: qpdf_oh, decoded: Bool = true) -> [UInt8]? {
        guard isStream(stream) else { return nil }
        let result = mallocedBytes { q, buffer, length in
            var filtered: QPDF_BOOL = QPDF_FALSE
            let status = qpdf_oh_get_stream_data(
                q, stream, decoded ? qpdf_dl_generalized : qpdf_dl_none,
                &filtered, buffer, length)
            return decoded && filtered == QPDF_FALSE ? QPDF_ERRORS : status
        }
        switch result {
        case .success(let bytes): return bytes
        case .failure(let failure):
            objectErrors.append(failure.message)
            return nil
        }
    }

    /// All of a page's content streams, decoded and concatenated, or why they cannot be: qpdf's error and the
    /// warnings it gave while decoding (what `qpdf --check` reports as "errors while decoding content stream").
    package func pageContents(_ page: qpdf_oh) -> Result<[UInt8], QPDFFailure> {
        let earlier = takeWarnings()
        let result = mallocedBytes { q, buffer, length in qpdf_oh_get_page_content_data(q, page, buffer, length) }
        let warnings = takeWarnings()
        pendingWarnings += earlier
        switch result {
        case .success(let bytes) where warnings.isEmpty:
            return .success(bytes)
        case .success:
            return .failure(QPDFFailure(message: warnings.joined(separator: "; "), code: qpdf_e_damaged_pdf))
        case .failure(let failure):
            return .failure(
                QPDFFailure(message: (warnings + [failure.message]).joined(separator: "; "), code: failure.code))
        }
    }

    /// Runs a call that hands back a malloc'ed buffer, copies it and frees it, whatever the status.
    private func mallocedBytes(
        _ call: (qpdf_data?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>) ->
            QPDF_ERROR_CODE
    ) -> Result<[UInt8], QPDFFailure> {
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = call(handle, &buffer, &length)
        defer { free(buffer) }
        if let failure = takeError() { return .failure(failure) }
        guard status & QPDF_ERRORS == 0 else {
            return .failure(QPDFFailure(message: "the stream cannot be decoded", code: qpdf_e_damaged_pdf))
        }
        guard let buffer else { return .success([]) }
        return .success(Array(UnsafeBufferPointer(start: buffer, count: length)))
    }
}

extension QPDFFailure: Problem {
    /// From qpdf's category: `io` for the system's errors, `badRequest` for a wrong password, `internal` for
    /// qpdf's own logic errors, `badData` for a PDF qpdf cannot use (damage, unsupported features, bad objects).
    package var kind: ProblemKind {
        switch code {
        case qpdf_e_system: .io
        case qpdf_e_password: .badRequest
        case qpdf_e_internal: .internal
        default: .badData
        }
    }
}
