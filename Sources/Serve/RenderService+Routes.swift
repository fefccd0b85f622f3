import Batch
import Documents
import DrawingModule
import Foundation
import HTTPTypes
import Hummingbird
import Render

extension RenderService {
    /// Adds the service's routes to `router`, under `path` (`""` for the root):
    ///
    /// - `POST /render/{template}` — one record of JSON → the document (`Accept` or `?format=pdf|png`,
    ///   `?font-mode=`, `?scale=`, `?page=` for a PNG page);
    /// - `POST /render` — `{"template": YAML, "data": JSON}` as text, for the editor;
    /// - `POST /batch/{template}` — JSONL (or CSV, a YAML/JSON list: `?data-format=`) → a ZIP of the documents and
    ///   `manifest.jsonl` (`?name=` the file name pattern);
    /// - `GET /templates`, `GET|PUT /templates/{template}`, `GET /healthz`, `GET /metrics`, `GET /` (the editor);
    /// - `POST /designer/boxes`, `POST /designer/edit` — the designer's element boxes and in-place edits.
    ///
    /// Every failure is answered as `application/problem+json` (RFC 9457) with its status.
    public func addRoutes<Context: RequestContext>(to router: Router<Context>, atPath path: String = "") {
        let group = router.group(RouterPath(path)).add(middleware: ServiceMiddleware<Context>(service: self))
        group.post("render/**") { request, context in
            try await renderStored(request, name: Self.name(context.parameters.getCatchAll()))
        }
        group.post("render") { request, _ in try await renderText(request) }
        group.post("batch/**") { request, context in
            try await batch(request, name: Self.name(context.parameters.getCatchAll()))
        }
        group.get("templates") { _, _ in Self.answer(await catalogue(), type: "application/json") }
        group.get("templates/**") { _, context in
            try await source(of: Self.name(context.parameters.getCatchAll()))
        }
        group.put("templates/**") { request, context in
            try await save(request, name: Self.name(context.parameters.getCatchAll()))
        }
        group.get("healthz") { _, _ in Self.answer(Data("ok\n".utf8), type: "text/plain; charset=utf-8") }
        group.get("metrics") { _, _ in
            Self.answer(Data(metrics.text().utf8), type: "text/plain; version=0.0.4; charset=utf-8")
        }
        group.get("problems/{kind}") { _, context in
            guard let kind = ServiceProblem.Kind(rawValue: try context.parameters.require("kind")) else {
                throw ServiceProblem(.unknownTemplate, detail: "no such problem kind. Fix: check the path")
            }
            return Self.answer(
                Data("\(kind.title) (HTTP \(kind.status))\n".utf8), type: "text/plain; charset=utf-8")
        }
        addEditorRoutes(to: group)
        addDesignerRoutes(to: group)
    }

    /// `a/b` from the catch-all path parameters.
    static func name(_ parts: [Substring]) -> String { parts.joined(separator: "/") }

    private func renderStored(_ request: Request, name: String) async throws -> Response {
        _ = try RequestGuard.mediaType(of: request, accepting: RequestGuard.dataTypes)
        let settings = try settings(of: request)
        let body = try await body(of: request)
        return try Self.answer(
            await produce(RenderRequest(.stored(name: name), settings: settings), body: body), page: settings.page)
    }

    private func renderText(_ request: Request) async throws -> Response {
        _ = try RequestGuard.mediaType(of: request, accepting: ["application/json"])
        let settings = try settings(of: request)
        let body = try await body(of: request)
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            let template = object["template"] as? String
        else {
            throw ServiceProblem(
                .badRequest,
                detail: "POST /render takes {\"template\": \"YAML text\", \"data\": \"JSON text\"}. Fix: send that "
                    + "object, or POST /render/{template} to fill a stored template")
        }
        let data = object["data"] as? String ?? ""
        return try Self.answer(
            await produce(RenderRequest(.text(template: template, data: data), settings: settings), body: Data()),
            page: settings.page)
    }

    private func batch(_ request: Request, name: String) async throws -> Response {
        let type = try RequestGuard.mediaType(of: request, accepting: RequestGuard.recordTypes)
        let query = Self.query(of: request)
        let settings = try settings(of: request)
        let format: BatchInput.Format
        if let given = query["data-format"] {
            guard let known = BatchInput.Format(rawValue: given) else {
                throw ServiceProblem(
                    .badRequest,
                    detail: "data-format=\(given) is not a record format. Fix: use "
                        + BatchInput.Format.allCases.map(\.rawValue).joined(separator: ", "))
            }
            format = known
        } else {
            format =
                type == "text/csv"
                ? .csv
                : type.contains("yaml") || type == "application/json"
                    ? .yaml : .jsonl
        }
        let body = try await body(of: request)
        let work = RenderRequest.Work.batch(
            name: name, format: format.rawValue, pattern: query["name"] ?? "document-{{index+1:04}}")
        let made = try await produce(RenderRequest(work, settings: settings), body: body)
        var response = Self.answer(made.files.first ?? Data(), type: "application/zip")
        response.headers[.contentDisposition] =
            "attachment; filename=\"\(name.split(separator: "/").last ?? "batch").zip\""
        return response
    }

    /// `GET /templates`: every template of the root with its paper, kind and inputs.
    func catalogue() async -> Data {
        var entries: [[String: Any]] = []
        for name in await store.names() {
            var entry: [String: Any] = ["name": name]
            do {
                let template = try await store.template(named: name)
                entry["width"] = template.size.width
                entry["height"] = template.size.height
                if let paper = Paper.matching(template.size) {
                    entry["paper"] = paper.paper.name + (paper.orientation == .landscape ? " landscape" : "")
                }
                entry["flowing"] = template.isFlowing
                entry["inputs"] = template.data.keys.sorted().map { key -> [String: Any] in
                    let value = template.data[key] ?? .null
                    var input: [String: Any] = ["name": key, "type": value.typeName, "required": value == .null]
                    if value != .null { input["default"] = value.jsonObject }
                    return input
                }
            } catch {
                entry["problem"] = error.jsonObject
            }
            entries.append(entry)
        }
        return Self.json(entries)
    }

    /// `GET /templates/{name}`: the template's YAML, for the editor.
    private func source(of name: String) async throws -> Response {
        _ = try await store.template(named: name)
        let url = try await store.fileURL(named: name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ServiceProblem(.unknownTemplate, detail: "the template \"\(name)\" cannot be read")
        }
        return Self.answer(data, type: "application/yaml; charset=utf-8")
    }

    /// `PUT /templates/{name}`: saves the body as the template, when saving is on and the text loads.
    private func save(_ request: Request, name: String) async throws -> Response {
        guard configuration.allowsSaving else {
            throw ServiceProblem(
                .saveRefused, detail: "saving templates is off on this server. Fix: start it with --allow-save")
        }
        guard request.headers[.editorToken] == editorToken else {
            throw ServiceProblem(
                .crossOrigin,
                detail: "a save must carry the editor's token (MKPDF-Editor-Token, from GET /editor/settings). Fix: "
                    + "save from the service's editor page")
        }
        _ = try RequestGuard.mediaType(of: request, accepting: RequestGuard.templateTypes)
        let body = try await body(of: request)
        guard let text = String(data: body, encoding: .utf8) else {
            throw ServiceProblem(.badRequest, detail: "the template is not UTF-8 text")
        }
        _ = try template(text: text)
        try await store.save(body, named: name)
        return Self.answer(Data("saved \(name)\n".utf8), type: "text/plain; charset=utf-8")
    }

    private func settings(of request: Request) throws(ServiceProblem) -> RenderSettings {
        try RenderSettings(
            query: Self.query(of: request), accept: request.headers[.accept], defaults: defaultSettings)
    }

    func body(of request: Request) async throws(ServiceProblem) -> Data {
        do {
            return Data(try await request.body.collect(upTo: configuration.bodyBytes).readableBytesView)
        } catch {
            throw ServiceProblem(
                .bodyTooLarge,
                detail: "the request body is larger than \(configuration.bodyBytes) bytes, the most this server "
                    + "reads. Fix: send less, or raise --body-bytes on the server")
        }
    }

    static func query(of request: Request) -> [String: String] {
        var query: [String: String] = [:]
        for (key, value) in request.uri.queryParameters where query[String(key)] == nil {
            query[String(key)] = String(value)
        }
        return query
    }

    /// The response holding `rendered`: the PDF (every page, whatever `page` says), or the PNG of `page` with the
    /// page count in `MKPDF-Pages`.
    static func answer(_ rendered: RenderAnswer, page: Int) throws(ServiceProblem) -> Response {
        let index = rendered.format.filePerPage ? page - 1 : 0
        guard rendered.files.indices.contains(index) else {
            throw ServiceProblem(
                .badRequest, detail: "page=\(page) is past the document's \(rendered.files.count) pages")
        }
        var response = answer(rendered.files[index], type: RenderSettings.mediaType(of: rendered.format))
        if rendered.format.filePerPage { response.headers[.pages] = String(rendered.files.count) }
        return response
    }

    /// `object` as JSON, keys sorted, slashes as they are.
    static func json(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    static func answer(_ data: Data, type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: type],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension HTTPField.Name {
    /// The pages of the rendered document, for a client that asks for PNG pages one at a time.
    static let pages = HTTPField.Name("MKPDF-Pages")!
    /// `attachment; filename=…` on a batch's ZIP.
    static let contentDisposition = HTTPField.Name("Content-Disposition")!
}
