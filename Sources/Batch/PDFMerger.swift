import Foundation
import QPDF

/// Joins PDF files page by page into one (the imposed sheets), through the package's one qpdf handle.
enum PDFMerger {
    /// Writes every page of `parts`, in order, to `output`.
    /// - Throws: `BatchError.output` naming the file qpdf could not read or write, with qpdf's message.
    static func merge(_ parts: [URL], to output: URL) throws(BatchError) {
        let target = QPDFDocument()
        do {
            try target.startEmpty()
        } catch {
            throw .output(path: output.path, reason: "qpdf could not start an empty PDF: \(error.message)")
        }
        for part in parts {
            let source = QPDFDocument()
            let count: Int
            do {
                try source.read(path: part.path, password: nil)
                count = try source.pageCount().get()
            } catch {
                throw .output(path: part.path, reason: "qpdf could not read it: \(error.message)")
            }
            for page in 0..<count {
                do {
                    try target.appendPage(page, of: source)
                } catch {
                    throw .output(
                        path: output.path,
                        reason: "qpdf could not add page \(page + 1) of "
                            + "\(part.lastPathComponent): \(error.message)")
                }
            }
        }
        do {
            try target.write(to: output.path)
        } catch {
            throw .output(path: output.path, reason: "qpdf could not write it: \(error.message)")
        }
    }
}
