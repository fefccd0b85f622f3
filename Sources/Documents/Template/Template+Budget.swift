import DrawingModule
import Foundation
import Support

extension Template {
    /// What one page (or a flow) has made so far, checked before each piece is made: drawing commands against
    /// `Limits.elementsPerPage` (the flow's blocks and table cells against `Limits.elementsPerDocument`), and the
    /// decoded bytes of its images against `Limits.imageBytes`.
    struct ElementBudget {
        var count = 0
        let maximum: Int
        var imageBytes = 0
        let maximumImageBytes: Int
        var limit = "elements-per-page"
        var what = "for, repeat and parts make the page hold"
        /// When the document must be done by, checked with every count.
        var deadline: Deadline?

        /// Counts `added` more commands, before they are made.
        /// - Throws: `TemplateError` with the limit, at `mark`, when the page would hold more than `maximum`.
        mutating func add(_ added: Int, file: String, mark: TemplateMark?) throws(TemplateError) {
            if let deadline, deadline.hasPassed {
                throw TemplateError(
                    file: file, line: mark?.line, column: mark?.column, reason: .limit(deadline.exceeded))
            }
            let (total, overflow) = count.addingReportingOverflow(added)
            guard !overflow, total <= maximum else {
                throw TemplateError(
                    file: file, line: mark?.line, column: mark?.column,
                    reason: .limit(
                        LimitExceeded(
                            limit: limit, what: what, value: overflow ? Int.max : total, maximum: maximum,
                            unit: "elements")))
            }
            count = total
        }

        /// Counts the decoded size of the PNG `png` (width × height × 4, read from its header) before any renderer
        /// decodes it; bytes that are not a PNG count nothing here (the renderer refuses them).
        /// - Throws: `TemplateError` with the `image-bytes` limit when the images would take more than
        ///   `maximumImageBytes`.
        mutating func addImage(_ png: Data, file: String, mark: TemplateMark?) throws(TemplateError) {
            let (total, overflow) = imageBytes.addingReportingOverflow(Template.decodedBytes(png: png) ?? 0)
            guard !overflow, total <= maximumImageBytes else {
                throw TemplateError(
                    file: file, line: mark?.line, column: mark?.column,
                    reason: .limit(
                        LimitExceeded(
                            limit: "image-bytes", what: "the images decode to", value: overflow ? Int.max : total,
                            maximum: maximumImageBytes, unit: "bytes")))
            }
            imageBytes = total
        }
    }

    /// The bytes a PNG decodes to as RGBA (width × height × 4), from its IHDR (after Apple's CgBI chunk, if any);
    /// nil when `png` does not start like a PNG.
    static func decodedBytes(png: Data) -> Int? {
        let bytes = [UInt8](png.prefix(64))
        guard bytes.count >= 33, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            return nil
        }
        func word(_ at: Int) -> Int? {
            guard at + 4 <= bytes.count else { return nil }
            return bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        var chunk = 8
        for _ in 0..<2 {
            guard let length = word(chunk), chunk + 8 <= bytes.count else { return nil }
            if bytes[chunk + 4..<chunk + 8].elementsEqual(Array("IHDR".utf8)) {
                guard let width = word(chunk + 8), let height = word(chunk + 12) else { return nil }
                let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
                return overflow || pixels > Int.max / 4 ? Int.max : pixels * 4
            }
            chunk += 12 + length
        }
        return nil
    }
}
