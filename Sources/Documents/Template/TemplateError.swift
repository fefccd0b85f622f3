import Charts
import DrawingModule
import EInvoice
import Fonts
import Foundation
import Records
import Support
import Typeset

/// Why a template could not be loaded or rendered: the file, the line and column, what is wrong and how to fix it.
///
/// Templates are written by hand, so every message points at the spot an editor should jump to
/// (`Templates/ticket.yaml:41:13: unknown colour role "mian" …`), as a compiler would.
public struct TemplateError: Error, Hashable, Sendable {
    /// What is wrong.
    public enum Reason: Hashable, Sendable {
        /// The file could not be read.
        case unreadable(reason: String)
        /// The text is not valid YAML (libyaml's problem text).
        case syntax(problem: String)
        /// An element names a colour role the palette does not define.
        case unknownRole(role: String, known: [String])
        /// A `{{placeholder}}` has neither a value nor a default.
        case missingValue(placeholder: String)
        /// A value was given for a placeholder the template does not use or declare (usually a misspelling).
        case unknownPlaceholder(name: String, known: [String])
        /// A value holds a character that cannot go into one line of text (newline, tab, other control characters).
        case invalidValue(placeholder: String, reason: String)
        /// Data gives an input a value of another shape than the template declares (text where it declares a list).
        case dataShape(input: String, given: String, declared: String)
        /// A value given for an input does not pass the pattern the template's `patterns:` gives it.
        case patternMismatch(input: String, value: String, problem: String)
        /// A key that must hold a number holds something else.
        case badNumber(key: String, value: String)
        /// An element kind the template language does not have.
        case unknownElement(name: String, known: [String])
        /// A key this place does not accept.
        case unknownKey(key: String, context: String, known: [String])
        /// A key this place requires is absent.
        case missingKey(key: String, context: String)
        /// A key holds a value of the wrong kind or out of range; `expected` says what it should be.
        case badValue(key: String, value: String, expected: String)
        /// No font of a text's fallback chain has a glyph for a character; `field` is the placeholder that brought
        /// it in, or nil when it is written in the template itself; the record names every font of the chain.
        case missingGlyph(field: String?, MissingGlyph)
        /// A text's logical font could not be found or opened.
        case font(name: String, reason: String)
        /// A barcode or QR code cannot be made or placed: the element (`qr`, `barcode`), its symbology, the
        /// template key at fault, the placeholder that filled its data (nil when the data is written in the
        /// template) and why (the reason ends with its own fix).
        case barcode(element: String, kind: String, key: String, field: String?, reason: String)
        /// A chart cannot be drawn from its data or in its box (`ChartError` says why); `field` is the series'
        /// value template that brought in a bad value, nil when the problem is not one value's.
        case chart(ChartError, field: String?)
        /// An image file could not be read.
        case image(path: String, reason: String)
        /// A text box's text does not fit by its fit policies (or its font or weight cannot be opened).
        case textFit(TextFitError)
        /// An expression names something that is not declared under `data:`, `placeholders:` or `let:`, nor a loop
        /// variable: `known` is every name in scope there.
        case unknownName(name: String, known: [String])
        /// An expression cannot be read (`problem` says why and ends with its did-you-mean).
        case expression(problem: String)
        /// An expression cannot be evaluated with the values it was given (a value of another kind than it needs,
        /// such as text where it repeats over a list): the data's problem, where `.expression` is the template's.
        case evaluation(problem: String)
        /// A flowing document could not be laid out (a page too small for a table, a missing glyph in a cell): what
        /// the layout said, and the kind of its problem (text that does not fit a page, a glyph no font has, a font
        /// not found, data a table cannot hold).
        case layout(problem: String, kind: ProblemKind = .doesNotFit)
        /// A document that claims PDF/UA-1 or an accessible PDF/A level holds what cannot be tagged (an image with
        /// neither alternative text nor `decorative`): what the renderer said. Its own case because whether it is
        /// the template's fault depends on who asked for tagging (a request to `serve`, or the template).
        case inaccessible(problem: String)
        /// The template is written in a form that is no longer read; `conversion` says how to write it now.
        case oldForm(what: String, conversion: String)
        /// The template or its data went over a budget (`Limits`): the limit, the value and how to raise it.
        case limit(LimitExceeded)
        /// A file the template names (`part`, `image`, `header.logo`) resolves, after symlinks, outside the root
        /// its files must stay inside: the element, the path as written and the root.
        case outsideRoot(element: String, path: String, root: String)
        /// The file is not a template; `kind` says what it is instead ("line 1 is not a mapping"). Its content is
        /// never quoted, as it may be any file the template named.
        case notATemplate(kind: String)
        /// A value given for an input does not read as the type the template declares for it: the data's error,
        /// naming the field, the value, the type and how to fix the data (the template is not at fault).
        case data(DataError)
        /// The invoice's data breaks a rule of the e-invoice the template's `einvoice:` maps it to (a 登録番号 that is
        /// not T and 13 digits, a tax rate the consumption tax lacks, a tax not rounded once per rate): the field,
        /// the line, the rule and the fix.
        case eInvoice(EInvoiceError)
    }

    /// The template file as given (or `<string>` for text loaded from memory).
    public var file: String
    /// The 1-based line, when the problem has a place in the file.
    public var line: Int?
    /// The 1-based column (in Unicode scalars, as libyaml counts), when the problem has a place in the file.
    public var column: Int?
    /// What is wrong.
    public var reason: Reason
    /// The data record the problem came from (`row 3 of `rows``), when it came from one.
    public var record: String?

    /// Creates an error at a place in `file`.
    public init(file: String, line: Int? = nil, column: Int? = nil, reason: Reason) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }
}

extension TemplateError: CustomStringConvertible, LocalizedError {
    /// `FILE:LINE:COLUMN: what is wrong. Fix: what to do`.
    public var description: String {
        // The data is at fault, not the template: the data's own message, its record added.
        if case .data(let error) = reason { return (record.map { "\($0): " } ?? "") + error.description }
        var place = file
        if let line { place += ":\(line)" + (column.map { ":\($0)" } ?? "") }
        if let record { place += " (\(record))" }
        return ErrorText.wrapping(place, problem, fix: fix)
    }

    /// The same text as `description`.
    public var errorDescription: String? { description }

    private var problem: String {
        switch reason {
        case .unreadable(let reason):
            return "cannot read the template: \(reason)"
        case .syntax(let problem):
            return "YAML syntax error: \(problem)"
        case .unknownRole(let role, let known):
            return "unknown colour role \"\(role)\"\(NearestName.hint(for: role, among: known)); the palette defines "
                + list(known)
        case .missingValue(let placeholder):
            return "placeholder {{\(placeholder)}} has no value and the template gives no default"
        case .unknownPlaceholder(let name, let known):
            return "a value was given for \"\(name)\", which the template does not declare"
                + NearestName.hint(for: name, among: known) + "; it declares " + list(known)
        case .invalidValue(let placeholder, let reason):
            return "the value of {{\(placeholder)}} \(reason)"
        case .patternMismatch(let input, let value, let problem):
            return "the value \(value) of {{\(input)}} is refused: \(problem)"
        case .dataShape(let input, let given, let declared):
            return "\"\(input)\" cannot be \(given): the template declares \(input) as \(declared) (data: \(input): …)"
        case .badNumber(let key, let value):
            return "\"\(key)\" must be a number, got \"\(ErrorText.excerpt(value))\""
        case .unknownElement(let name, let known):
            return "unknown element \"\(name)\"\(NearestName.hint(for: name, among: known)); elements are "
                + list(known)
        case .unknownKey(let key, let context, let known):
            return "unknown key \"\(key)\" in \(context)\(NearestName.hint(for: key, among: known)); allowed keys are "
                + list(known)
        case .missingKey(let key, let context):
            return "\(context) needs the key \"\(key)\""
        case .badValue(let key, let value, let expected):
            return "\"\(key)\" cannot be \(ErrorText.excerpt(value)): \(expected)"
        case .missingGlyph(let field, let missing):
            let source = field.map { "the value of {{\($0)}}" } ?? "the template's text"
            return "\(source) has \(missing), which no font of \"\(missing.font)\" has a glyph for (tried "
                + missing.tried.joined(separator: ", ") + ")"
        case .font(let name, let reason):
            return "font \"\(name)\": \(reason)"
        case .barcode(let element, let kind, let key, let field, let reason):
            let source = field.map { " (from {{\($0)}})" } ?? ""
            return "\(element) (\(kind)), key \"\(key)\"\(source): \(reason)"
        case .chart(let error, let field):
            return "chart: " + error.problem + (field.map { " (from {{\($0)}})" } ?? "")
        case .image(let path, let reason):
            return "image \(path): \(reason)"
        case .textFit(let error):
            return error.problem
        case .unknownName(let name, let known):
            return "unknown name `\(name)`\(NearestName.hint(for: name, among: known)); the names here are "
                + list(known)
        case .expression(let problem), .evaluation(let problem):
            return problem
        case .oldForm(let what, _):
            return what
        case .layout(let problem, _), .inaccessible(let problem):
            return problem
        case .limit(let limit):
            return limit.description
        case .outsideRoot(let element, let path, let root):
            return "\(element) \"\(path)\" is outside the template's root \(root)"
        case .notATemplate(let kind):
            return "not a YAML template: \(kind)"
        case .data(let error):
            return error.description
        case .eInvoice(let error):
            var problem = "einvoice field \(error.field)"
            if let record = error.record { problem += " (\(record))" }
            if let rule = error.rule { problem += " [\(rule)]" }
            return problem + ": " + error.problem
        }
    }

    private var fix: String {
        switch reason {
        case .unreadable:
            return "check the path and that the file is readable"
        case .syntax:
            return "correct the YAML at that line and column (indentation, a missing \":\" or an unclosed quote)"
        case .unknownRole:
            return "use one of the palette's roles or add the role under \"palette:\""
        case .missingValue(let placeholder):
            return "give a value (--set \(placeholder)=…) or a default under \"data:\""
        case .unknownPlaceholder:
            return "check the spelling, or use the placeholder in the template"
        case .invalidValue:
            return "give the value on one line without control characters"
        case .patternMismatch(let input, _, _):
            return "give a value the pattern accepts, or change the template's patterns.\(input)"
        case .dataShape(_, _, let declared):
            return "give \(declared)"
        case .badNumber:
            return "write a finite number such as 12 or 12.5"
        case .unknownElement:
            return "use one of the listed element kinds"
        case .unknownKey:
            return "remove the key or correct its spelling"
        case .missingKey:
            return "add the key"
        case .badValue:
            return "write the value as described"
        case .missingGlyph(_, let missing):
            return missing.fix
        case .font:
            return "install the font (scripts/setup) or name a font from Fonts/fonts.json"
        case .barcode:
            return "correct the data or the box as the message says"
        case .chart(let error, _):
            return error.fix
        case .image:
            return "give a readable PNG file, relative to the template's folder"
        case .textFit(let error):
            return error.fix
        case .unknownName(let name, _):
            return "correct the spelling, or declare \(name) under \"data:\" (with a default, or null when every "
                + "document must give it)"
        case .expression:
            return "correct the expression (docs/templates.md, Expressions)"
        case .evaluation:
            return "give data of the kind the expression needs, or correct the expression (docs/templates.md, "
                + "Expressions)"
        case .oldForm(_, let conversion):
            return conversion
        case .layout, .inaccessible:
            return "change the data or the layout as the message says"
        case .limit:
            return "make the input smaller"
        case .outsideRoot:
            return "keep the file inside the root, or give a root that holds it (--root DIR; --root / allows any "
                + "file)"
        case .notATemplate:
            return "name a template file (YAML with page: and elements: or flow:)"
        case .data:
            return "correct the value in the data"
        case .eInvoice(let error):
            return error.fix
        }
    }

    private func list(_ names: [String]) -> String {
        names.isEmpty ? "(none)" : names.joined(separator: ", ")
    }
}

extension TemplateError: DataFailure {
    /// From the reason: `badRequest` for values missing or given for names the template does not declare,
    /// `badData` for values it refuses, the kind of a wrapped error (text fit, chart, limit), and `badTemplate` for
    /// the template's own mistakes (a data file's YAML is `DataError`'s).
    public var kind: ProblemKind {
        switch reason {
        case .unreadable: .io
        case .missingValue, .unknownPlaceholder: .badRequest
        case .invalidValue, .dataShape, .patternMismatch, .evaluation, .image: .badData
        case .missingGlyph: .missingGlyph
        case .font: .notFound
        case .barcode(_, _, _, let field, _): field == nil ? .badTemplate : .badData
        case .chart(let error, _): error.kind
        case .textFit(let fit): fit.kind
        case .layout(_, let kind): kind
        case .inaccessible: .badTemplate
        case .limit(let exceeded): exceeded.kind
        case .data(let error): error.kind
        case .eInvoice(let error): error.kind
        case .syntax, .unknownRole, .badNumber, .unknownElement, .unknownKey, .missingKey, .badValue, .unknownName,
            .expression, .oldForm, .outsideRoot, .notATemplate:
            .badTemplate
        }
    }

    /// The file, line and column, the record, and the placeholder (or text box field) whose value failed.
    public var place: ProblemPlace {
        ProblemPlace(file: file, line: line, column: column, record: record, field: failedField)
    }

    /// The placeholder (or text box field) whose value failed, when the failure came from one.
    var failedField: String? {
        switch reason {
        case .missingGlyph(let field, _): field
        case .missingValue(let placeholder), .invalidValue(let placeholder, _): placeholder
        case .unknownPlaceholder(let name, _): name
        case .patternMismatch(let input, _, _), .dataShape(let input, _, _): input
        case .barcode(_, _, _, let placeholder, _): placeholder
        case .textFit(let fit): fit.field
        case .chart(_, let field): field
        case .data(let error): error.place.field
        case .eInvoice(let error): error.field
        default: nil
        }
    }

    /// The limit the document went over, when that is the problem: the template's own (`.limit`) or the deadline a
    /// text box's setting ran into (`.textFit` with `TextFitError.Reason.limit`) — one answer for whoever chooses a
    /// status or an exit code from the kind of the error.
    public var limitExceeded: LimitExceeded? {
        switch reason {
        case .limit(let exceeded): exceeded
        case .textFit(let fit): if case .limit(let exceeded) = fit.reason { exceeded } else { nil }
        default: nil
        }
    }

    /// The character no font of the text's chain has.
    public var missingGlyph: MissingGlyph? {
        if case .missingGlyph(_, let missing) = reason { missing } else { nil }
    }
}
