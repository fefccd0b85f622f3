import CQPDF
import Foundation

/// Joins PDF files page by page into one with libqpdf: how the imposed PDF of a large run is assembled from parts
/// that were each rendered with bounded memory.
///
/// qpdf copies the pages' objects and reads each stream's bytes from its part file only while writing, so the parts
/// are never all in memory at once. Each handle has exactly one owner that frees it once.
enum PDFMerger {
    /// Writes the pages of `parts`, in order, to `output` (overwriting it).
    /// - Throws: `BatchError.output` with qpdf's message.
    static func merge(_ parts: [URL], to output: URL) throws(BatchError) {
        let target = QPDFHandle()
        try target.check(qpdf_empty_pdf(target.handle), doing: "start an empty PDF", path: output.path)
        for part in parts {
            let source = QPDFHandle()
            // Owned by the target from here on, so it is freed after the target whatever path leaves this function.
            target.sources.append(source)
            try source.check(qpdf_read(source.handle, part.path, nil), doing: "read", path: part.path)
            let count = qpdf_get_num_pages(source.handle)
            guard count >= 0 else {
                try source.check(QPDF_ERRORS, doing: "count the pages", path: part.path)
                throw .output(path: part.path, reason: "qpdf cannot count its pages")
            }
            for page in 0..<Int(count) {
                let object = qpdf_get_page_n(source.handle, page)
                try target.check(qpdf_add_page(target.handle, source.handle, object, QPDF_FALSE),
                                 doing: "add page \(page + 1) of \(part.lastPathComponent)", path: output.path)
            }
        }
        try target.check(qpdf_init_write(target.handle, output.path), doing: "open for writing", path: output.path)
        qpdf_set_deterministic_ID(target.handle, QPDF_TRUE)
        qpdf_set_compress_streams(target.handle, QPDF_TRUE)
        try target.check(qpdf_write(target.handle), doing: "write", path: output.path)
    }
}

/// One libqpdf handle, silenced (errors are read back, not printed), freed in `deinit`.
///
/// A target that pages were copied into refers to its source documents' objects and input files until it is
/// written or freed, so it owns its sources: its `deinit` frees its own handle first, and only then are the
/// sources (its stored property) released — on success and on every early throw alike.
private final class QPDFHandle {
    var handle: qpdf_data?
    /// The documents whose pages this one copied; released after `handle` is cleaned up.
    var sources: [QPDFHandle] = []

    init() {
        handle = qpdf_init()
        qpdf_silence_errors(handle)
    }

    deinit { qpdf_cleanup(&handle) }

    /// Throws qpdf's error when `status` reports one.
    func check(_ status: QPDF_ERROR_CODE, doing step: String, path: String) throws(BatchError) {
        guard status & QPDF_ERRORS != 0 || qpdf_has_error(handle) != QPDF_FALSE else { return }
        var message = "qpdf could not \(step)"
        if let error = qpdf_get_error(handle) { message += ": " + String(cString: qpdf_get_error_full_text(handle, error)) }
        throw .output(path: path, reason: message)
    }
}
