import Foundation
import QPDFBridge

/// A second, short-lived view of a file through libqpdf's C++ API (QPDFBridge): qpdf's linearization check and stream
/// sizes measured through a counter, so nothing a compression bomb holds is ever kept whole.
///
/// The single owner of one bridge handle, closed exactly once in `deinit`; one instance serves one pass of a
/// validation and is dropped before the next, since qpdf keeps every object it has read.
final class StreamedDocument {
    private let handle: OpaquePointer
    /// The bytes of an in-memory file: qpdf reads them in place, so they live until the handle is closed.
    private let memory: UnsafeMutableRawBufferPointer?

    /// Opens the file at `path`, or `bytes` in memory named `path`; nil when qpdf cannot open it (the C API's
    /// open reports why).
    init?(path: String, bytes: Data? = nil, password: String?) {
        var error: UnsafeMutablePointer<CChar>?
        defer { free(error) }
        var memory: UnsafeMutableRawBufferPointer?
        if let bytes {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
            bytes.copyBytes(to: buffer)
            memory = buffer
        }
        let base = memory.map { UnsafePointer($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        guard let opened = mkpdf_qpdf_open(path, base, bytes?.count ?? 0, password ?? "", &error) else {
            memory?.deallocate()
            return nil
        }
        handle = opened
        self.memory = memory
    }

    deinit {
        mkpdf_qpdf_close(handle)
        memory?.deallocate()
    }

    /// qpdf's linearization check: nil when the file is not linearized or its tables are sound, else qpdf's messages.
    func linearizationProblems() -> [String]? {
        var messages: UnsafeMutablePointer<CChar>?
        defer { free(messages) }
        guard mkpdf_qpdf_check_linearization(handle, &messages) == 2 else { return nil }
        let text = messages.map { String(cString: $0) } ?? "linearization data is not consistent"
        return text.split(separator: "\n").map(String.init)
    }

    /// How many streams decode to more than `limit` bytes, and the first one's object number.
    func oversizedStreams(limit: Int) -> (count: Int, firstObject: Int) {
        var object: Int32 = 0
        var error: UnsafeMutablePointer<CChar>?
        defer { free(error) }
        let count = mkpdf_qpdf_find_oversized_streams(handle, UInt64(max(limit, 0)), &object, &error)
        return (max(Int(count), 0), Int(object))
    }

    /// The first object a viewer would not find where the cross-reference stream says (its object stream's header
    /// names another number there), and how many such objects there are; nil when all agree.
    func objectStreamMismatch(limit: Int) -> (count: Int, first: String)? {
        var problem: UnsafeMutablePointer<CChar>?
        defer { free(problem) }
        let count = mkpdf_qpdf_check_object_streams(handle, UInt64(max(limit, 0)), &problem)
        guard count > 0 else { return nil }
        return (
            Int(count),
            problem.map { String(cString: $0) } ?? "an object stream's header disagrees with the cross-reference stream"
        )
    }

    /// The zero-based indexes of the pages whose content decodes to more than `limit` bytes (at most the first
    /// `maxPages` pages are measured).
    func pagesWithLargeContent(limit: Int, maxPages: Int = 100_000) -> Set<Int> {
        var sizes = [UInt64](repeating: 0, count: maxPages)
        var error: UnsafeMutablePointer<CChar>?
        defer { free(error) }
        let count = sizes.withUnsafeMutableBufferPointer {
            mkpdf_qpdf_page_content_sizes(handle, UInt64(max(limit, 0)), $0.baseAddress, Int32(maxPages), &error)
        }
        guard count > 0 else { return [] }
        return Set(
            (0..<min(Int(count), maxPages)).filter { sizes[$0] != UInt64.max && sizes[$0] > UInt64(max(limit, 0)) })
    }
}
