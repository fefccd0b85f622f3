import Batch
import DrawingModule
import Foundation
import Render

/// One document job as the routes hand it on: what to render and how, in a form that crosses a process boundary, so
/// the same job runs in the service (`--workers 0`) or in a worker process.
struct RenderRequest: Codable, Sendable {
    /// What the job makes.
    enum Work: Codable, Sendable {
        /// The stored template `name` filled with the request body (JSON or YAML).
        case stored(name: String)
        /// The template text of `POST /render` filled with its data text.
        case text(template: String, data: String)
        /// The stored template `name` once per record of the request body, as a ZIP.
        case batch(name: String, format: String, pattern: String)
    }

    var work: Work
    var format: String
    var fontMode: String
    var scaleFactor: Double
    var page: Int
    var flattensForms: Bool

    init(_ work: Work, settings: RenderSettings) {
        self.work = work
        format = settings.format.rawValue
        fontMode = settings.fontMode.rawValue
        scaleFactor = settings.scale.factor
        page = settings.page
        flattensForms = settings.flattensForms
    }

    /// The settings the request was made with.
    /// - Throws: `ServiceProblem` `.badRequest` when a name is not one this build knows (a worker of another build).
    var settings: RenderSettings {
        get throws(ServiceProblem) {
            guard let format = OutputFormat(rawValue: format), let fontMode = PDFFontMode(rawValue: fontMode) else {
                throw ServiceProblem(.badRequest, detail: "format \(format) or font mode \(fontMode) is not known")
            }
            return RenderSettings(
                format: format, fontMode: fontMode, scale: .factor(scaleFactor), page: page,
                flattensForms: flattensForms)
        }
    }
}

/// What a job gives back: the files of one document, or a batch's ZIP with its count of documents and their bytes.
struct RenderAnswer: Sendable {
    /// The format of `files`.
    var format: OutputFormat
    /// One file per page for PNG, one file for PDF; a batch's single ZIP.
    var files: [Data]
    /// Documents made (1 for a render; the records that rendered, for a batch).
    var documents: Int
    /// Bytes of the documents made (for a batch, before they went into the ZIP).
    var bytes: Int
}

/// The header of a worker's answer frame; its body is the files back to back.
struct RenderAnswerHeader: Codable {
    /// The problem, when the job failed.
    var problem: ProblemFields?
    var format: String
    var sizes: [Int]
    var documents: Int
    var bytes: Int

    /// `ServiceProblem`'s members as they cross the process boundary.
    struct ProblemFields: Codable {
        var kind: String
        var detail: String
        var file: String?
        var line: Int?
        var column: Int?
        var field: String?
        var record: String?
        var limit: String?

        init(_ problem: ServiceProblem) {
            kind = problem.kind.rawValue
            detail = problem.detail
            file = problem.file
            line = problem.line
            column = problem.column
            field = problem.field
            record = problem.record
            limit = problem.limit
        }

        /// The problem again; an unknown kind (a worker of another build) is the worker's failure.
        var problem: ServiceProblem {
            ServiceProblem(
                ServiceProblem.Kind(rawValue: kind) ?? .workerFailed, detail: detail, file: file, line: line,
                column: column, field: field, record: record, limit: limit)
        }
    }

    /// The frame answering with `answer`.
    static func frame(_ answer: RenderAnswer) -> WorkerFrame {
        WorkerFrame(
            RenderAnswerHeader(
                problem: nil, format: answer.format.rawValue, sizes: answer.files.map(\.count),
                documents: answer.documents, bytes: answer.bytes),
            body: answer.files.reduce(into: Data()) { $0.append($1) })
    }

    /// The frame answering with `problem`.
    static func frame(_ problem: ServiceProblem) -> WorkerFrame {
        WorkerFrame(RenderAnswerHeader(problem: ProblemFields(problem), format: "", sizes: [], documents: 0, bytes: 0))
    }

    /// The answer or problem `frame` carries.
    /// - Throws: the problem the worker sent, or `WorkerChannelError.malformed` when the frame does not add up.
    static func answer(in frame: WorkerFrame) throws -> RenderAnswer {
        let header = try frame.decode(RenderAnswerHeader.self)
        if let problem = header.problem { throw problem.problem }
        guard let format = OutputFormat(rawValue: header.format), header.sizes.allSatisfy({ $0 >= 0 }),
            header.sizes.reduce(0, +) == frame.body.count
        else {
            throw WorkerChannelError.malformed("the answer's sizes \(header.sizes) do not add up to its body")
        }
        var files: [Data] = []
        var start = frame.body.startIndex
        for size in header.sizes {
            files.append(frame.body[start..<start + size])
            start += size
        }
        return RenderAnswer(format: format, files: files, documents: header.documents, bytes: header.bytes)
    }
}
