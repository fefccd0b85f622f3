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
        /// The form fields' names so far, each with where its element is (`file:line:column`): a name is unique in
        /// the document.
        var fieldNames: [String: String] = [:]

        /// Counts `added` more commands, before they are made.
        /// - Throws: `TemplateError` with the limit, at `mark`, when the page would hold more than `maximum`.
        mutating func add(_ added: Int, file: String, mark: TemplateMark?) throws(TemplateError) {
            try checkDeadline(file: file, mark: mark)
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

        /// Throws the `job-seconds` error at `mark` once the deadline has passed: checked with every count, and at
        /// each item of a `for` and each `if` even when they make nothing (`if: false` under three nested loops).
        func checkDeadline(file: String, mark: TemplateMark?) throws(TemplateError) {
            try deadline?.check {
                TemplateError(file: file, line: mark?.line, column: mark?.column, reason: .limit($0))
            }
        }

        /// Counts the decoded size of the PNG or JPEG `image` (width × height × 4, read from its header: a JPEG's
        /// frame header) before any renderer decodes it; bytes that are neither count nothing here (the renderer
        /// refuses them).
        /// - Throws: `TemplateError` with the `image-bytes` limit when the images would take more than
        ///   `maximumImageBytes`.
        mutating func addImage(_ image: Data, file: String, mark: TemplateMark?) throws(TemplateError) {
            let (total, overflow) = imageBytes.addingReportingOverflow(ImageFile(image)?.decodedBytes ?? 0)
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
}
