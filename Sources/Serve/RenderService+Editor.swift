import Documents
import Foundation
import Hummingbird

extension RenderService {
    /// The live editor's routes: its page and scripts (built into the binary), CodeMirror from Debian's
    /// `libjs-codemirror` when installed, the editor's settings, and the element places of a template text.
    func addEditorRoutes<Context: RequestContext>(to group: RouterGroup<Context>) {
        group.get("") { _, _ in Self.answer(Data(PackageResources.index_html), type: "text/html; charset=utf-8") }
        group.get("editor.js") { _, _ in
            Self.answer(Data(PackageResources.editor_js), type: "text/javascript; charset=utf-8")
        }
        group.get("editor.css") { _, _ in
            Self.answer(Data(PackageResources.editor_css), type: "text/css; charset=utf-8")
        }
        group.get("editor/settings") { _, _ in
            // The token is readable only by pages of this origin (no CORS headers are ever sent), so a save that
            // carries it comes from the editor itself.
            let settings: [String: Any] = [
                "allowSave": configuration.allowsSaving, "codeMirror": codeMirrorFile("lib/codemirror.js") != nil,
                "token": editorToken
            ]
            return Self.answer(
                Self.json(settings),
                type: "application/json")
        }
        group.get("codemirror/**") { _, context in
            let path = Self.name(context.parameters.getCatchAll())
            guard let file = codeMirrorFile(path), let data = FileManager.default.contents(atPath: file) else {
                throw ServiceProblem(
                    .unknownTemplate, detail: "no CodeMirror file \(path). Fix: install libjs-codemirror")
            }
            return Self.answer(data, type: path.hasSuffix(".css") ? "text/css" : "text/javascript")
        }
        group.post("places") { request, _ in
            _ = try RequestGuard.mediaType(of: request, accepting: RequestGuard.templateTypes)
            let template = try template(text: String(decoding: try await body(of: request), as: UTF8.self))
            let places = template.elementPlaces.map { place -> [String: Any] in
                [
                    "kind": place.kind, "x": place.rect.x, "y": place.rect.y, "width": place.rect.width,
                    "height": place.rect.height, "firstLine": place.lines.lowerBound, "lastLine": place.lines.upperBound
                ]
            }
            let answer: [String: Any] = [
                "width": template.size.width, "height": template.size.height, "elements": places
            ]
            return Self.answer(Self.json(answer), type: "application/json")
        }
    }

    /// The path of CodeMirror's file `path` (`.js` or `.css`, inside the CodeMirror folder), or nil.
    private func codeMirrorFile(_ path: String) -> String? {
        guard path.hasSuffix(".js") || path.hasSuffix(".css"),
            !path.split(separator: "/").contains(where: { $0.hasPrefix(".") })
        else { return nil }
        let folder = configuration.codeMirrorFolder.standardizedFileURL.resolvingSymlinksInPath().path
        let file = URL(fileURLWithPath: folder + "/" + path).resolvingSymlinksInPath().path
        guard file.hasPrefix(folder + "/"), FileManager.default.isReadableFile(atPath: file) else { return nil }
        return file
    }
}
