import Foundation
import HTTPTypes
import Hummingbird

/// What every route of the service shares: a request for another host or from another site's page is refused
/// (`RequestGuard`), a request that comes while the service drains is answered 503 (a render,
/// a batch, a save and `/healthz`; the editor's pages still load), every
/// thrown problem becomes its `application/problem+json` answer, and each answer is counted in the metrics.
struct ServiceMiddleware<Context: RequestContext>: RouterMiddleware {
    let service: RenderService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let clock = ContinuousClock()
        let start = clock.now
        let first = request.uri.path.split(separator: "/").first.map(String.init) ?? "editor"
        let route = ServiceRoutes.first.contains(first) ? first : "other"
        var response: Response
        do {
            try service.requestGuard.check(request)
            if service.gate.isDraining, request.method != .get || request.uri.path.hasSuffix("/healthz") {
                throw JobGate.draining
            }
            response = try await next(request, context)
        } catch let problem as ServiceProblem {
            response = Self.answer(problem)
            service.metrics.problem(problem.kind)
        } catch let error as HTTPError {
            throw error
        } catch {
            let problem = ServiceProblem(error, storedTemplate: true)
            response = Self.answer(problem)
            service.metrics.problem(problem.kind)
        }
        service.metrics.request(route: route, status: response.status.code, duration: clock.now - start)
        return response
    }

    /// The problem's answer: its status, `application/problem+json`, and `Retry-After` for a full queue.
    static func answer(_ problem: ServiceProblem) -> Response {
        var response = RenderService.answer(
            problem.json, type: "application/problem+json", status: HTTPResponse.Status(code: problem.status))
        if problem.kind == .queueFull || problem.kind == .shuttingDown { response.headers[.retryAfter] = "1" }
        return response
    }
}

/// The service's routes as the metrics name them.
enum ServiceRoutes {
    /// The first path segments of the routes, the only values the metrics' `route` label takes.
    static let first: Set<String> = ["render", "batch", "templates", "healthz", "metrics", "problems", "editor"]
}
