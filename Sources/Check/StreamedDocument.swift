import Foundation
import QPDFBridge

/// The second view of a file, through libqpdf's C++ API (QPDFBridge): qpdf's linearization check and stream
/// data measured or piped through a size limit, so nothing a compression bomb holds is ever kept whole.
///
/// The single owner of one bridge handle, closed exactly once in `deinit`; one instance serves one validation.
final class StreamedDocument {
    private let handle: OpaquePointer

    /// Opens the file at `path`, or `bytes` in memory named `path`; nil when qpdf cannot open it (the C API's
    /// open reports why).
    init?(path: String, bytes: Data? = nil, password: String?) {
        var error: UnsafeMutablePointer<CChar>?
        defer { free(error) }
        let opened: OpaquePointer? = if let bytes {
            bytes.withUnsafeBytes { buffer in
                mkpdf_qpdf_open(path, buffer.bindMemory(to: UInt8.self).baseAddress ?? UnsafePointer(bitPattern: 1),
                                bytes.count, password ?? "", &error)
            }
        } else {
            mkpdf_qpdf_open(path, nil, 0, password ?? "", &error)
        }
        guard let opened else { return nil }
        handle = opened
    }

    deinit { mkpdf_qpdf_close(handle) }

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
        return (Int(count), problem.map { String(cString: $0) } ?? "an object stream's header disagrees with the cross-reference stream")
    }

    /// What piping a page's content gave.
    enum Contents {
        /// All of the decoded content.
        case complete([UInt8])
        /// The content decodes to more than the limit; nothing was kept.
        case tooLarge
        /// The content streams cannot be decoded; qpdf's words.
        case failed(String)
    }

    /// Page `index`'s content streams, decoded and joined, if they fit in `limit` bytes.
    func pageContents(at index: Int, limit: Int) -> Contents {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        var error: UnsafeMutablePointer<CChar>?
        defer { free(error) }
        let status = withExtendedLifetime(sink) {
            mkpdf_qpdf_pipe_page_contents(handle, Int32(index), UInt64(max(limit, 0)), { context, bytes, length in
                guard let context, let bytes else { return 0 }
                Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().bytes
                    .append(contentsOf: UnsafeBufferPointer(start: bytes, count: length))
                return 0
            }, Unmanaged.passUnretained(sink).toOpaque(), &error)
        }
        switch status {
        case 0: return .complete(sink.bytes)
        case 1, 2: return .tooLarge
        default: return .failed(error.map { String(cString: $0) } ?? "the content streams cannot be decoded")
        }
    }
}
