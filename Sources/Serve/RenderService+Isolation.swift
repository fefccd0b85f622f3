import Batch
import Foundation

extension RenderService {
    /// What the routes call: `request` with `body` rendered by a worker process when the service has them (a
    /// crash or a hang there is answered 500 or 504 and costs only that worker), else in this process.
    func produce(_ request: RenderRequest, body: Data) async throws(ServiceProblem) -> RenderAnswer {
        guard let pool, let workers = configuration.workers else { return try await perform(request, body: body) }
        let seconds = Duration.seconds(configuration.limits.jobSeconds) + workers.grace
        let answer = try await pool.perform(request, body: body, seconds: seconds)
        metrics.documents(answer.documents, bytes: answer.bytes)
        return answer
    }

    /// `request` with `body` rendered in this process: what a worker does with each job, and what the service does
    /// itself with `--workers 0`. `progress` is called after each record of a batch.
    func perform(_ request: RenderRequest, body: Data, progress: @escaping @Sendable (Int) -> Void = { _ in })
        async throws(ServiceProblem) -> RenderAnswer
    {
        let settings = try request.settings
        switch request.work {
        case .stored(let name):
            let rendered = try await render(templateNamed: name, data: body, settings: settings)
            return RenderAnswer(
                format: rendered.format, files: rendered.files, documents: 1,
                bytes: rendered.files.reduce(0) { $0 + $1.count })
        case .text(let template, let data):
            let rendered = try await render(templateText: template, dataText: data, settings: settings)
            return RenderAnswer(
                format: rendered.format, files: rendered.files, documents: 1,
                bytes: rendered.files.reduce(0) { $0 + $1.count })
        case .boxes(let template, let data):
            let boxes = try await designBoxes(templateText: template, dataText: data)
            return RenderAnswer(format: settings.format, files: [boxes], documents: 0, bytes: 0)
        case .batch(let name, let formatName, let pattern):
            guard let format = BatchInput.Format(rawValue: formatName) else {
                throw ServiceProblem(.badRequest, detail: "data-format=\(formatName) is not a record format")
            }
            let made = try await batchArchive(
                templateNamed: name, body: body, format: format, pattern: pattern, settings: settings,
                progress: progress)
            return RenderAnswer(format: .pdf, files: [made.archive], documents: made.documents, bytes: made.bytes)
        }
    }
}
