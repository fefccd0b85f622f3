import CQPDF
import Documents
import Foundation

/// Adds a report's outline (bookmarks) to a PDF the PDF renderer made, through libqpdf.
///
/// `Drawing.Document` has no place for bookmarks and `PDFRenderer` keeps its libHaru document private, so the
/// outline is added after rendering: qpdf reads the bytes, gains an /Outlines tree whose entries jump to each
/// heading's page and height, and writes the file again (deterministic /ID, streams as they were). The one
/// `qpdf_data` is owned here and freed exactly once.
final class ReportOutlines {
    private var qpdf: qpdf_data?
    private var buffer: UnsafeMutableRawBufferPointer?

    private init() {
        qpdf = qpdf_init()
        qpdf_silence_errors(qpdf)
        qpdf_set_suppress_warnings(qpdf, QPDF_TRUE)
    }

    deinit {
        qpdf_cleanup(&qpdf)
        buffer?.deallocate()
    }

    /// `pdf` with `entries` as its outline; the PDF unchanged when there are none.
    /// - Parameter pageHeights: each page's height in points, to turn a heading's top into PDF coordinates.
    /// - Throws: `ReportCommandError.outline` with qpdf's message.
    static func add(_ entries: [OutlineEntry], pageHeights: [Double], to pdf: Data) throws -> Data {
        guard !entries.isEmpty else { return pdf }
        return try ReportOutlines().add(entries, pageHeights: pageHeights, to: pdf)
    }

    private func add(_ entries: [OutlineEntry], pageHeights: [Double], to pdf: Data) throws -> Data {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(pdf.count, 1), alignment: 1)
        buffer = memory
        pdf.copyBytes(to: memory)
        try check(qpdf_read_memory(qpdf, "report.pdf", memory.baseAddress!.assumingMemoryBound(to: CChar.self),
                                   UInt64(pdf.count), ""), "read the rendered PDF")
        let pageCount = Int(qpdf_get_num_pages(qpdf))
        guard pageCount == pageHeights.count else {
            throw ReportCommandError.outline(reason: "the PDF has \(pageCount) pages, the layout \(pageHeights.count)")
        }
        let root = qpdf_get_root(qpdf)
        let outlines = qpdf_make_indirect_object(qpdf, qpdf_oh_new_dictionary(qpdf))
        let items = entries.map { _ in qpdf_make_indirect_object(qpdf, qpdf_oh_new_dictionary(qpdf)) }
        try checkErrors("create the outline objects")

        // Each entry's parent: the nearest earlier entry of a lower level, else the outline root.
        var parents: [Int?] = []
        var stack: [Int] = []
        for (index, entry) in entries.enumerated() {
            while let last = stack.last, entries[last].level >= entry.level { stack.removeLast() }
            parents.append(stack.last)
            stack.append(index)
        }
        func children(of parent: Int?) -> [Int] { entries.indices.filter { parents[$0] == parent } }
        func descendants(of index: Int) -> Int { children(of: index).reduce(0) { $0 + 1 + descendants(of: $1) } }
        func link(_ list: [Int], under parent: qpdf_oh) {
            guard let first = list.first, let last = list.last else { return }
            qpdf_oh_replace_key(qpdf, parent, "/First", items[first])
            qpdf_oh_replace_key(qpdf, parent, "/Last", items[last])
            for (position, index) in list.enumerated() {
                let item = items[index]
                qpdf_oh_replace_key(qpdf, item, "/Parent", parent)
                if position > 0 { qpdf_oh_replace_key(qpdf, item, "/Prev", items[list[position - 1]]) }
                if position < list.count - 1 { qpdf_oh_replace_key(qpdf, item, "/Next", items[list[position + 1]]) }
            }
        }

        for (index, entry) in entries.enumerated() {
            let item = items[index]
            qpdf_oh_replace_key(qpdf, item, "/Title", qpdf_oh_new_unicode_string(qpdf, entry.title))
            let page = qpdf_get_page_n(qpdf, entry.pageIndex)
            let destination = qpdf_oh_new_array(qpdf)
            qpdf_oh_append_item(qpdf, destination, page)
            qpdf_oh_append_item(qpdf, destination, qpdf_oh_new_name(qpdf, "/XYZ"))
            qpdf_oh_append_item(qpdf, destination, qpdf_oh_new_integer(qpdf, 0))
            let top = pageHeights[entry.pageIndex] - entry.top
            qpdf_oh_append_item(qpdf, destination, qpdf_oh_new_real_from_double(qpdf, top, 2))
            qpdf_oh_append_item(qpdf, destination, qpdf_oh_new_null(qpdf))
            qpdf_oh_replace_key(qpdf, item, "/Dest", destination)
            let below = descendants(of: index)
            if below > 0 { qpdf_oh_replace_key(qpdf, item, "/Count", qpdf_oh_new_integer(qpdf, Int64(below))) }
            link(children(of: index), under: item)
        }
        qpdf_oh_replace_key(qpdf, outlines, "/Type", qpdf_oh_new_name(qpdf, "/Outlines"))
        qpdf_oh_replace_key(qpdf, outlines, "/Count", qpdf_oh_new_integer(qpdf, Int64(entries.count)))
        link(children(of: nil), under: outlines)
        qpdf_oh_replace_key(qpdf, root, "/Outlines", outlines)
        qpdf_oh_replace_key(qpdf, root, "/PageMode", qpdf_oh_new_name(qpdf, "/UseOutlines"))
        try checkErrors("build the outline")

        try check(qpdf_init_write_memory(qpdf), "start writing the PDF")
        qpdf_set_deterministic_ID(qpdf, QPDF_TRUE)
        try check(qpdf_write(qpdf), "write the PDF with its outline")
        let length = qpdf_get_buffer_length(qpdf)
        guard let bytes = qpdf_get_buffer(qpdf), length > 0 else {
            throw ReportCommandError.outline(reason: "qpdf wrote no bytes")
        }
        return Data(bytes: bytes, count: length)
    }

    private func check(_ status: QPDF_ERROR_CODE, _ operation: String) throws {
        if status & QPDF_ERRORS != 0 { try checkErrors(operation, force: true) }
    }

    private func checkErrors(_ operation: String, force: Bool = false) throws {
        guard qpdf_has_error(qpdf) != QPDF_FALSE else {
            if force { throw ReportCommandError.outline(reason: "\(operation) failed") }
            return
        }
        let error = qpdf_get_error(qpdf)
        let text = String(cString: qpdf_get_error_full_text(qpdf, error))
        throw ReportCommandError.outline(reason: "\(operation): \(text)")
    }
}
