import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines of a file or of standard input, one at a time, so a JSONL file of any size is read in constant memory.
///
/// Owns its `FILE*` and closes it exactly once in `deinit` (standard input is borrowed through a duplicated descriptor).
final class LineReader {
    private let file: UnsafeMutablePointer<FILE>
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0

    /// Opens `url`, or standard input when nil.
    init(url: URL?) throws(BatchError) {
        let opened: UnsafeMutablePointer<FILE>? = if let url { fopen(url.path, "r") } else { fdopen(dup(0), "r") }
        guard let opened else {
            throw .unreadableInput(name: url?.relativePath ?? "standard input", row: nil,
                                   reason: String(cString: strerror(errno)))
        }
        file = opened
    }

    deinit {
        free(buffer)
        fclose(file)
    }

    /// The next line without its line end (LF or CRLF), or nil at the end; invalid UTF-8 is an error.
    func next() throws(LineReaderError) -> String? {
        let count = getline(&buffer, &capacity, file)
        guard count >= 0, let buffer else {
            if ferror(file) != 0 { throw LineReaderError(reason: String(cString: strerror(errno))) }
            return nil
        }
        var length = count
        while length > 0, buffer[length - 1] == 0x0A || buffer[length - 1] == 0x0D { length -= 1 }
        let bytes = UnsafeRawBufferPointer(start: buffer, count: length)
        guard let line = String(validating: bytes, as: UTF8.self) else {
            throw LineReaderError(reason: "the line is not valid UTF-8")
        }
        return line
    }
}

/// Why a line could not be read.
struct LineReaderError: Error {
    /// The system's or the decoder's reason.
    var reason: String
}
