import Foundation
import Support

/// A drawing or document that could not be read from, or written as, JSON: which source, where in it, and why.
public struct DescriptionFormatError: Error, Hashable, Sendable {
    /// The file (or other source) that was read, as the caller named it.
    public var source: String
    /// The path inside the JSON, like `commands[3].color`, or empty for the whole text.
    public var path: String
    /// What is wrong there.
    public var reason: String

    /// Creates the error.
    public init(source: String, path: String, reason: String) {
        self.source = source
        self.path = path
        self.reason = reason
    }
}

extension DescriptionFormatError: CustomStringConvertible, LocalizedError {
    /// `drawing.json: at commands[3].color: …`, ending with how to fix it.
    public var description: String {
        let place = path.isEmpty ? "" : " at \(path)"
        return
            "\(source):\(place) \(reason) (fix the JSON; write one with `Drawing.jsonData()` to see the expected form)"
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }
}

/// The JSON form shared by `Drawing` and `Document`: sorted keys and fixed formatting so the same value always gives
/// the same bytes (diffable, cacheable, testable).
enum JSONForm {
    static func encode<Value: Encodable>(_ value: Value, source: String) throws(DescriptionFormatError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        do {
            return try encoder.encode(value)
        } catch let error as EncodingError {
            guard case .invalidValue(let value, let context) = error else {
                throw DescriptionFormatError(source: source, path: "", reason: "\(error)")
            }
            throw DescriptionFormatError(
                source: source, path: pathText(context.codingPath),
                reason: "cannot write \(value): \(context.debugDescription)")
        } catch {
            throw DescriptionFormatError(source: source, path: "", reason: "\(error)")
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data, source: String)
        throws(DescriptionFormatError) -> Value
    {
        do {
            return try decode(type, from: data, source: source, deadline: nil)
        } catch let error as DescriptionFormatError {
            throw error
        } catch {
            throw DescriptionFormatError(source: source, path: "", reason: "\(error)")
        }
    }

    /// Decodes `type`, looking at `deadline` at every command and path element the JSON holds: a description of a
    /// hundred thousand elements takes the decoder longer than a job may run.
    /// - Throws: `DescriptionFormatError`, or `LimitExceeded` (job-seconds) once the deadline has passed.
    static func decode<Value: Decodable>(
        _ type: Value.Type, from data: Data, source: String, deadline: Deadline?
    ) throws -> Value {
        let decoder = JSONDecoder()
        if let deadline { decoder.userInfo[.deadline] = deadline }
        do {
            return try decoder.decode(type, from: data)
        } catch let limit as LimitExceeded {
            throw limit
        } catch let error as DecodingError {
            switch error {
            case .dataCorrupted(let context):
                let reason =
                    context.codingPath.isEmpty
                    ? "is not valid JSON" + (jsonSyntaxLocation(in: data).map { " (\($0))" } ?? "")
                    : context.debugDescription
                throw DescriptionFormatError(source: source, path: pathText(context.codingPath), reason: reason)
            case .keyNotFound(let key, let context):
                throw DescriptionFormatError(
                    source: source, path: pathText(context.codingPath),
                    reason: "the required key \"\(key.stringValue)\" is missing")
            case .typeMismatch(let type, let context):
                throw DescriptionFormatError(
                    source: source, path: pathText(context.codingPath),
                    reason: "expected \(describe(type)): \(context.debugDescription)")
            case .valueNotFound(let type, let context):
                throw DescriptionFormatError(
                    source: source, path: pathText(context.codingPath),
                    reason: "expected \(describe(type)), found null")
            @unknown default:
                throw DescriptionFormatError(source: source, path: "", reason: "\(error)")
            }
        } catch {
            throw DescriptionFormatError(source: source, path: "", reason: "\(error)")
        }
    }

    /// `commands[3].color` from a coding path.
    static func pathText(_ path: [any CodingKey]) -> String {
        path.reduce(into: "") { text, key in
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}

extension Drawing {
    /// The drawing as JSON with sorted keys: equal drawings give equal bytes.
    public func jsonData() throws(DescriptionFormatError) -> Data {
        try JSONForm.encode(self, source: "drawing")
    }

    /// Reads a drawing from JSON; `source` (a file name) goes into error messages.
    public init(jsonData: Data, source: String = "drawing JSON") throws(DescriptionFormatError) {
        self = try JSONForm.decode(Drawing.self, from: jsonData, source: source)
    }
}

extension CodingUserInfoKey {
    /// The job's `Deadline`, when a description is read as part of a job.
    static let deadline = CodingUserInfoKey(rawValue: "mkpdf.deadline")!
}

extension Decoder {
    /// Throws the job's time limit once the deadline the decoder was given has passed: asked at each command and
    /// path element, the repeated parts of a description.
    func checkDeadline() throws(LimitExceeded) {
        guard let deadline = userInfo[.deadline] as? Deadline else { return }
        try deadline.check { $0 }
    }
}

extension Document {
    /// The document as JSON with sorted keys: equal documents give equal bytes.
    public func jsonData() throws(DescriptionFormatError) -> Data {
        try JSONForm.encode(self, source: "document")
    }

    /// Reads a document from JSON; `source` (a file name) goes into error messages.
    public init(jsonData: Data, source: String = "document JSON") throws(DescriptionFormatError) {
        self = try JSONForm.decode(Document.self, from: jsonData, source: source)
    }

    /// Reads either JSON form a description file may hold — a document (an object with `"pages"`) or one drawing,
    /// which becomes a one-page document — in one pass over the bytes, as part of a job that must end by
    /// `deadline`; `source` (a file name) goes into error messages.
    /// - Throws: `DescriptionFormatError`, or `LimitExceeded` (job-seconds) once `deadline` has passed.
    public init(documentOrDrawingJSON jsonData: Data, source: String, deadline: Deadline? = nil) throws {
        self = try JSONForm.decode(DocumentOrDrawing.self, from: jsonData, source: source, deadline: deadline).document
    }
}

/// A document read from whichever of its two JSON forms the text holds, told apart by the `"pages"` key.
private struct DocumentOrDrawing: Decodable {
    let document: Document

    private enum CodingKeys: String, CodingKey { case pages }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        document =
            container.contains(.pages) ? try Document(from: decoder) : Document(pages: [try Drawing(from: decoder)])
    }
}

extension DescriptionFormatError: Problem {
    /// `badTemplate`: the drawing or document description cannot be read as one.
    public var kind: ProblemKind { .badTemplate }
    /// The description file and, as its field, the JSON path (`commands[3].color`) when there is one.
    public var place: ProblemPlace { ProblemPlace(file: source, field: path.isEmpty ? nil : path) }
}
