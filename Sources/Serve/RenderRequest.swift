import Batch
import DrawingModule
import EInvoice
import Foundation
import Render

/// One document job as the routes hand it on: what to render and how, in a form that crosses a process boundary, so
/// the same job runs in the service (`--workers 0`) or in a worker process.
struct RenderRequest: Sendable {
    /// What the job makes.
    enum Work: Sendable {
        /// The stored template `name` filled with the request body (JSON or YAML).
        case stored(name: String)
        /// The template text of `POST /render` filled with its data text.
        case text(template: String, data: String)
        /// The stored template `name` once per record of the request body, as a ZIP.
        case batch(name: String, format: String, pattern: String)
        /// The designer's element boxes of a template text with its data (`POST /designer/boxes`), as JSON.
        case boxes(template: String, data: String)
    }

    var work: Work
    var format: String
    var fontMode: String
    var scaleFactor: Double
    var page: Int
    var flattensForms: Bool
    var pdfua: Bool?
    /// The e-invoice format's name, empty for none.
    var eInvoice: String

    init(_ work: Work, settings: RenderSettings) {
        self.work = work
        format = settings.format.rawValue
        fontMode = settings.fontMode.rawValue
        scaleFactor = settings.scale.factor
        page = settings.page
        flattensForms = settings.flattensForms
        pdfua = settings.pdfua
        eInvoice = settings.eInvoice?.rawValue ?? ""
    }

    /// The request as a frame header (`FieldWriter`): the work's kind and strings, then the settings.
    var header: Data {
        var writer = FieldWriter()
        switch work {
        case .stored(let name):
            writer.int(0)
            writer.string(name)
        case .text(let template, let data):
            writer.int(1)
            writer.string(template)
            writer.string(data)
        case .batch(let name, let format, let pattern):
            writer.int(2)
            writer.string(name)
            writer.string(format)
            writer.string(pattern)
        case .boxes(let template, let data):
            writer.int(3)
            writer.string(template)
            writer.string(data)
        }
        writer.string(format)
        writer.string(fontMode)
        writer.double(scaleFactor)
        writer.int(page)
        writer.int(flattensForms ? 1 : 0)
        writer.int(pdfua.map { $0 ? 1 : 0 } ?? 2)
        writer.string(eInvoice)
        return writer.data
    }

    /// The request `header` holds.
    init(header: Data) throws(WorkerChannelError) {
        var reader = FieldReader(header)
        switch try reader.int() {
        case 0: work = .stored(name: try reader.string())
        case 1: work = .text(template: try reader.string(), data: try reader.string())
        case 2: work = .batch(name: try reader.string(), format: try reader.string(), pattern: try reader.string())
        case 3: work = .boxes(template: try reader.string(), data: try reader.string())
        case let kind: throw .malformed("no work of kind \(kind)")
        }
        format = try reader.string()
        fontMode = try reader.string()
        scaleFactor = try reader.double()
        page = try reader.int()
        flattensForms = try reader.int() != 0
        let tagging = try reader.int()
        pdfua = tagging == 2 ? nil : tagging != 0
        eInvoice = try reader.string()
    }

    /// The settings the request was made with.
    /// - Throws: `ServiceProblem` `.badRequest` when a name is not one this build knows (a worker of another build).
    var settings: RenderSettings {
        get throws(ServiceProblem) {
            guard let format = OutputFormat(rawValue: format), let fontMode = PDFFontMode(rawValue: fontMode),
                eInvoice.isEmpty || EInvoiceFormat(rawValue: eInvoice) != nil
            else {
                throw ServiceProblem(
                    .badRequest,
                    detail: "format \(format), font mode \(fontMode) or e-invoice \(eInvoice) is not known")
            }
            return RenderSettings(
                format: format, fontMode: fontMode, scale: .factor(scaleFactor), page: page,
                flattensForms: flattensForms, pdfua: pdfua, eInvoice: EInvoiceFormat(rawValue: eInvoice))
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

/// The headers of a worker's frames back to the service: an answer (the format, each file's size, the documents and
/// their bytes; the body is the files back to back), a problem (its members as JSON: rare, and free to grow), or a
/// batch's progress. Each starts with its kind as an integer (`FieldWriter`).
enum RenderAnswerHeader {
    private static let answerKind = 0
    private static let problemKind = 1
    private static let progressKind = 2

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
        var writer = FieldWriter()
        writer.int(answerKind)
        writer.string(answer.format.rawValue)
        writer.int(answer.files.count)
        for file in answer.files { writer.int(file.count) }
        writer.int(answer.documents)
        writer.int(answer.bytes)
        var body = Data(capacity: answer.files.reduce(0) { $0 + $1.count })
        for file in answer.files { body.append(file) }
        return WorkerFrame(header: writer.data, body: body)
    }

    /// The frame answering with `problem`.
    static func frame(_ problem: ServiceProblem) -> WorkerFrame {
        var writer = FieldWriter()
        writer.int(problemKind)
        let json = (try? JSONEncoder().encode(ProblemFields(problem))) ?? Data()
        writer.string(String(decoding: json, as: UTF8.self))
        return WorkerFrame(header: writer.data, body: Data())
    }

    /// The frame telling that `done` records of a batch are done.
    static func progress(_ done: Int) -> WorkerFrame {
        var writer = FieldWriter()
        writer.int(progressKind)
        writer.int(done)
        return WorkerFrame(header: writer.data, body: Data())
    }

    /// True for a progress frame.
    static func isProgress(_ frame: WorkerFrame) -> Bool {
        var reader = FieldReader(frame.header)
        return (try? reader.int()) == progressKind
    }

    /// The answer or problem `frame` carries.
    /// - Throws: the problem the worker sent, or `WorkerChannelError.malformed` when the frame does not add up.
    static func answer(in frame: WorkerFrame) throws -> RenderAnswer {
        var reader = FieldReader(frame.header)
        let kind = try reader.int()
        if kind == problemKind {
            let json = Data(try reader.string().utf8)
            do {
                throw try JSONDecoder().decode(ProblemFields.self, from: json).problem
            } catch let problem as ServiceProblem {
                throw problem
            } catch {
                throw WorkerChannelError.malformed("the worker's problem is unreadable: \(error)")
            }
        }
        guard kind == answerKind, let format = OutputFormat(rawValue: try reader.string()) else {
            throw WorkerChannelError.malformed("the frame is not an answer")
        }
        let count = try reader.int()
        guard (0...10_000_000).contains(count) else { throw WorkerChannelError.malformed("\(count) files") }
        var sizes: [Int] = []
        for _ in 0..<count { sizes.append(try reader.int()) }
        let documents = try reader.int()
        let bytes = try reader.int()
        guard sizes.allSatisfy({ $0 >= 0 }), sizes.reduce(0, +) == frame.body.count else {
            throw WorkerChannelError.malformed("the answer's sizes \(sizes) do not add up to its body")
        }
        var files: [Data] = []
        var start = frame.body.startIndex
        for size in sizes {
            files.append(frame.body[start..<start + size])
            start += size
        }
        return RenderAnswer(format: format, files: files, documents: documents, bytes: bytes)
    }
}
