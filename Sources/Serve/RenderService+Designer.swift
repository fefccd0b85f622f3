import Documents
import DrawingModule
import Foundation
import Hummingbird
import Render

extension RenderService {
    /// The designer's routes, beside the editor's: where each element of a posted template lands once laid out, and
    /// edits of the template's text that keep every byte they do not change.
    ///
    /// - `POST /designer/boxes` — `{"template": YAML, "data": JSON}` → the page sizes, the grid, each item of
    ///   `elements:` and `flow:` with its boxes page by page (from the laid-out document the renderers draw), kind,
    ///   structure role, lines and keys, the palette's roles, and the template's inputs for a data form;
    /// - `POST /designer/edit` — `{"template": YAML, "index": N, "set": {key: value}}` (`"list": "flow"` for a flow
    ///   block), `{"template": YAML, "add": {"kind": K, "keys": {…}, "first": true}}` (`first`: beneath the other
    ///   elements) or `{"template": YAML, "remove": N}` → `{"template": the new text, "index": N}`.
    func addDesignerRoutes<Context: RequestContext>(to group: RouterGroup<Context>) {
        group.post("designer/boxes") { request, _ in
            let object = try await designerRequest(request)
            // Laid out where documents are rendered: in a worker process, so a template that traps the layout
            // takes down that worker, not the service.
            let work = RenderRequest.Work.boxes(
                template: object["template"] as? String ?? "", data: object["data"] as? String ?? "")
            let answer = try await produce(RenderRequest(work, settings: defaultSettings), body: Data())
            return Self.answer(answer.files.first ?? Data(), type: "application/json")
        }
        group.post("designer/edit") { request, _ in
            let object = try await designerRequest(request)
            return Self.answer(Self.json(try edit(object)), type: "application/json")
        }
    }

    /// The JSON object a designer route was sent, with its `template` text.
    private func designerRequest(_ request: Request) async throws(ServiceProblem) -> [String: Any] {
        _ = try RequestGuard.mediaType(of: request, accepting: ["application/json"])
        let body = try await body(of: request)
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
            object["template"] is String
        else {
            throw ServiceProblem(
                .badRequest,
                detail: "a designer route takes a JSON object with \"template\" (the YAML text). Fix: send that object")
        }
        return object
    }

    /// `POST /designer/boxes`'s answer as JSON: the template `text` laid out with `dataText`, and every item's boxes
    /// read from the laid-out pages.
    func designBoxes(templateText text: String, dataText: String) async throws(ServiceProblem) -> Data {
        let template = try template(text: text)
        let values = try Self.values(in: Data(dataText.utf8), source: "data", limits: configuration.limits)
        var texts: [String: String] = [:]
        var data: [String: TemplateValue] = [:]
        for (name, value) in values {
            if case .text(let text) = value { texts[name] = text } else { data[name] = value }
        }
        let limits = configuration.limits
        let output = configuration.output
        let (givenTexts, givenData) = (texts, data)
        let laid: (LaidOutDocument, [DesignedElement])
        do {
            laid = try await gate.run {
                let deadline = limits.deadline()
                let options = TemplateRenderOptions(
                    pixelsPerPoint: output.scale.factor, fonts: output.fonts, deadline: deadline, setsLayout: false)
                let (document, elements) = try template.designDocument(
                    values: givenTexts, data: givenData, options: options)
                let layout = DocumentLayout(
                    fonts: output.fonts, gridPixelsPerPoint: output.scale.factor, deadline: deadline)
                return (try layout.layOut(document), elements)
            }
        } catch {
            throw ServiceProblem(error, storedTemplate: false)
        }
        let (document, elements) = laid
        let source = TemplateSource(text)
        let types = document.pages.map { $0.structureTypes(in: document.structure) }
        var answered: [[String: Any]] = []
        for element in elements {
            var entry: [String: Any] = [
                "list": element.list.rawValue, "index": element.index, "kind": element.kind,
                "firstLine": element.lines.lowerBound, "lastLine": element.lines.upperBound
            ]
            var boxes: [[String: Any]] = []
            for place in element.places where document.pages.indices.contains(place.page - 1) {
                let page = document.pages[place.page - 1]
                guard page.commandStarts.indices.contains(place.commands.lowerBound) else { continue }
                if entry["role"] == nil, let role = types[place.page - 1][page.commandStarts[place.commands.lowerBound]]
                {
                    entry["role"] = role
                }
                guard let area = page.area(ofCommands: place.commands) else { continue }
                boxes.append(["page": place.page, "x": area.x, "y": area.y, "width": area.width, "height": area.height])
            }
            entry["boxes"] = boxes
            if let keys = try? source.keys(ofElement: element.index, in: element.list.rawValue).keys {
                entry["keys"] = keys
            }
            answered.append(entry)
        }
        return Self.json([
            "pages": document.pages.map { ["width": $0.size.width, "height": $0.size.height] },
            "grid": template.grid ?? 0,
            "elements": answered, "inputs": Self.inputs(of: template), "roles": template.palette.roles
        ])
    }

    /// Each input the template declares, for a data form: name, type, whether a document must give it, its default,
    /// and a list of records' declared fields.
    static func inputs(of template: Template) -> [[String: Any]] {
        template.data.keys.sorted().map { name in
            let value = template.data[name] ?? .null
            var input: [String: Any] = ["name": name, "type": value.typeName, "required": value == .null]
            if value != .null { input["default"] = value.jsonObject }
            if let type = template.types[name] {
                input["declared"] = type.description
                if case .list(let fields) = type {
                    input["type"] = "list"
                    input["fields"] = fields.map { ["name": $0.name, "type": $0.type.description] }
                }
            }
            return input
        }
    }

    /// `POST /designer/edit`: the template's text with one element's keys set, an element added or one removed.
    private func edit(_ object: [String: Any]) throws(ServiceProblem) -> [String: Any] {
        let text = object["template"] as? String ?? ""
        // The text is held to the size a template may have before it is parsed, as a template is.
        guard text.utf8.count <= configuration.limits.templateBytes else {
            throw ServiceProblem(
                .unprocessable,
                detail: "the template holds \(text.utf8.count) bytes, more than template-bytes "
                    + "(\(configuration.limits.templateBytes)). Fix: edit a smaller template, or raise --limit template-bytes",
                limit: "template-bytes")
        }
        let source = TemplateSource(text)
        do {
            if let set = object["set"] as? [String: Any], let index = object["index"] as? Int {
                let changes = try set.keys.sorted().map { key throws(ServiceProblem) in
                    (key: key, value: try Self.sourceValue(set[key], key: key))
                }
                let list = object["list"] as? String == "flow" ? "flow" : "elements"
                return ["template": try source.setting(changes, ofElement: index, in: list), "index": index]
            }
            if let add = object["add"] as? [String: Any], let kind = add["kind"] as? String {
                let given = add["keys"] as? [String: Any] ?? [:]
                // A JSON object keeps no order: what the element is first, then its place, then the rest by name.
                let order = [
                    "text", "file", "type", "name", "kind", "payload", "data", "role", "x", "y", "w", "h", "size"
                ]
                let keys = given.keys.sorted {
                    (order.firstIndex(of: $0) ?? 99, $0) < (order.firstIndex(of: $1) ?? 99, $1)
                }
                let pairs = try keys.map { key throws(ServiceProblem) in
                    (key: key, value: try Self.sourceValue(given[key], key: key))
                }
                let (text, index) = try source.adding(
                    element: kind, keys: pairs, beneath: add["first"] as? Bool == true)
                return ["template": text, "index": index]
            }
            if let index = object["remove"] as? Int {
                return ["template": try source.removing(element: index), "index": index]
            }
        } catch let error as TemplateSourceError {
            throw ServiceProblem(
                .badTemplate, detail: "template: \(error)", file: "template", line: error.line)
        } catch let problem as ServiceProblem {
            throw problem
        } catch {
            throw ServiceProblem(.badRequest, detail: "the edit cannot be made: \(error)")
        }
        throw ServiceProblem(
            .badRequest,
            detail: "POST /designer/edit takes \"index\" and \"set\", \"add\" {kind, keys}, or \"remove\". Fix: send "
                + "one of them with the template")
    }

    /// A JSON value as a value to write into the template.
    private static func sourceValue(_ value: Any?, key: String) throws(ServiceProblem) -> TemplateSource.Value {
        if let text = value as? String { return .text(text) }
        if let number = value as? NSNumber {
            // JSONSerialization gives true and false as numbers whose type code is a char (or C's bool).
            let code = String(cString: number.objCType)
            if code == "c" || code == "B" { return .flag(number.boolValue) }
            if number.doubleValue.isFinite { return .number(number.doubleValue) }
        } else if let flag = value as? Bool {
            return .flag(flag)
        }
        throw ServiceProblem(
            .badRequest, detail: "the value of \(key) is not a number, a flag or a text. Fix: send one of them")
    }
}
