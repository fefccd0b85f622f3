import ArgumentParser
import DrawingModule
import Foundation
import Render
import Support

/// Reads a description file into a document, by its extension; the place to add new input forms.
enum DescriptionFile {
    /// The document in `url`: a Document JSON (`"pages"`), or a Drawing JSON as a one-page document.
    static func load(_ url: URL) throws -> Document {
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
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            if object?["pages"] != nil {
                return try Document(jsonData: data, source: url.path)
            }
            return Document(pages: [try Drawing(jsonData: data, source: url.path)])
        default:
            throw RenderCommandFailure(
                description: "\(url.path): unknown description format \".\(url.pathExtension)\". "
                    + "Fix: give a .json file in the Drawing module's JSON form",
                place: ProblemPlace(file: url.path))
        }
    }
}
