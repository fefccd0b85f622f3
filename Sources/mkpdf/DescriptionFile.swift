import ArgumentParser
import DrawingModule
import Foundation
import Render
import Support

/// Reads a description file into a document, by its extension; the place to add new input forms.
enum DescriptionFile {
    /// The document in `url`: a Document JSON (`"pages"`), or a Drawing JSON as a one-page document. The file is held
    /// to `limits.templateBytes` before it is read, and the decoding stops once `deadline` has passed.
    static func load(_ url: URL, limits: Limits, deadline: Deadline?) throws -> Document {
        if let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize, size > limits.templateBytes {
            let limit = LimitExceeded(
                limit: "template-bytes", what: "the description file holds", value: size,
                maximum: limits.templateBytes, unit: "bytes")
            throw RenderCommandFailure(
                description: "\(url.path): \(limit)", kind: limit.kind, place: ProblemPlace(file: url.path))
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw RenderCommandFailure(
                description: ErrorText.wrapping(
                    "cannot read \(url.path)",
                    error.localizedDescription,
                    fix: "give the path of a drawing JSON file"),
                kind: ProblemKind(of: error), place: ProblemPlace(file: url.path))
        }
        switch url.pathExtension.lowercased() {
        case "json":
            do {
                return try Document(documentOrDrawingJSON: data, source: url.path, deadline: deadline)
            } catch let limit as LimitExceeded {
                throw RenderCommandFailure(
                    description: "\(url.path): \(limit)", kind: limit.kind, place: ProblemPlace(file: url.path))
            }
        default:
            throw RenderCommandFailure(
                description: "\(url.path): unknown description format \".\(url.pathExtension)\". "
                    + "Fix: give a .json file in the Drawing module's JSON form",
                place: ProblemPlace(file: url.path))
        }
    }
}
