import DrawingModule
import Layout

extension Template {
    /// The template's own error for `error`, found by the layout stage in a text box or barcode this template made
    /// (`TemplateRenderOptions.setsLayout` false): the same words, line and column as when the template sets and
    /// encodes them itself; nil for an error of another kind or from a command the template did not mark.
    public func problem(for error: RenderError) -> TemplateError? {
        switch error {
        case .textFit(let location, let fit):
            guard let place = location.source else { return nil }
            return TemplateError(file: file, line: place.line, column: place.column, reason: .textFit(fit))
        case .barcode(let location, let field, let reason):
            guard let place = location.source, let element = barcode(at: place, in: elements) else { return nil }
            return barcodeError(element, kind: element.command.symbology, field: field, reason: reason)
        case .accessibility(let location?, _, _, _):
            guard let place = location.source else { return nil }
            return TemplateError(
                file: file, line: place.line, column: place.column,
                reason: .inaccessible(problem: error.description))
        default:
            return nil
        }
    }

    /// The barcode element of `elements` (through loops, conditions and links) written at `place`.
    private func barcode(at place: SourcePlace, in elements: [TemplateElement]) -> TemplateElement.Barcode? {
        for element in elements {
            switch element {
            case .barcode(let barcode) where barcode.mark == place:
                return barcode
            case .loop(let loop):
                if let found = barcode(at: place, in: loop.elements) { return found }
            case .condition(let condition):
                if let found = barcode(at: place, in: condition.then + condition.otherwise) { return found }
            case .linked(let linked):
                if let found = barcode(at: place, in: linked.element) { return found }
            default: continue
            }
        }
        return nil
    }
}
