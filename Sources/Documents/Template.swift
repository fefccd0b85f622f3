import Barcodes
import Drawing
import Fonts
import Foundation
import Typeset

/// A document described as data (`Templates/ticket.yaml`): page size, palette by role, elements, and `{{placeholders}}`
/// with defaults; rendering it with values gives the one description, a `Drawing`.
///
/// The seed drew its ticket with one short call per element; a template is those calls written as data, so a layout
/// changes without recompiling, and a batch fills the same template once per record. Loading checks everything that
/// does not depend on values (syntax, keys, numbers, roles); `render` checks the rest (missing values, glyphs, and
/// every barcode: its data, check digit, fit in the box and contrast).
///
/// The format, in short:
/// ```yaml
/// size: {width: 400, height: 150}
/// background: "#FFFFFF"          # or none (transparent)
/// font: gothic                   # default logical font for text elements
/// placeholders: {member: GCG-40167, ticket: FN-579-413}
/// palette:                       # role: {stroke, fill}, hex colours; defaults black stroke, white fill
///   main: {stroke: "#1A1AFF", fill: "#E6E6FF"}
/// elements:                      # drawn in order; each is one key naming its kind
///   - rect: {role: main, paint: both, width: 1, x: 10, y: 10, w: 170, h: 60}
///   - line: {role: main, width: 1, x1: 190, y1: 30, x2: 200, y2: 10, repeat: {count: 25, dx: 8}}
///   - circle: {role: main, paint: fill, x: 20, y: 75, w: 10, h: 10}
///   - text: {role: main, text: "会員番号:{{member}}", size: 14, x: 15, y: 90}
///   - text: {role: main, text: "開催場所:{{venue}}", size: 14, x: 180, y: 90, w: 210, h: 24,   # a text box
///            fit: [shrink, wrap, shrink, error], minSize: 6, align: left, valign: top, lineHeight: 1.2,
///            letterSpacing: 0, rotate: 0, writing: horizontal, weight: regular, underline: no}
///   - qr: {role: main, light: paper, payload: "{{ticket}}/{{member}}", x: 350, y: 8, size: 40}   # quiet: 2, level: M
///   - barcode: {role: main, kind: ean13, data: "{{jan}}", x: 10, y: 100, w: 190, h: 70}
///     # kinds: qr microqr datamatrix gs1-datamatrix pdf417 aztec ean13 ean8 upca upce code128 gs1-128 code39
///     #        codabar itf14 japanpost; optional light, text (false: no digits), quiet (modules), module (pt),
///     #        level, eci, check (compute | verify), font
///   - image: {file: logo.png, x: 0, y: 0, w: 20, h: 20}
/// ```
///
/// A text with `w` and `h` is a text box: too long a value is handled by `fit`, tried in order (default shrink to
/// `minSize`, 60 % of `size`, then error — never a silent overflow; `clip` only when written). Its template text may
/// use inline markup: `**bold**` or `<b>…</b>` (the family's bold face), `<u>…</u>`, and ruby `｜base《reading》`
/// (readings separated by spaces go one per base character); placeholder values are always plain text.
public struct Template: Sendable {
    /// The file name errors carry.
    public let file: String
    /// The page size in points.
    public let size: Size
    /// The page colour, or nil for a transparent page.
    public let background: Color?
    /// The colours by role, as declared.
    public let palette: Palette
    /// The placeholder defaults declared under `placeholders:`.
    public let defaults: [String: String]
    /// Every placeholder the template declares or uses, sorted: the names `render(values:)` accepts.
    public let placeholderNames: [String]
    /// How data values that are not text print (`literals: {"true": はい, "false": いいえ, "null": ""}`), by the
    /// JSON literal; a literal the template does not list is refused rather than printed as `1` or a default.
    public let literals: [String: String]
    /// The elements in drawing order.
    let elements: [TemplateElement]

    /// Reads a template from YAML text; `file` names it in errors, `baseURL` is where image paths are resolved.
    /// - Throws: `TemplateError` with line and column for a syntax error, unknown key, element or role, bad number.
    public init(yaml: String, file: String = "<string>",
                baseURL: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) throws(TemplateError) {
        let contents = try TemplateParser(file: file, baseURL: baseURL).parse(yaml)
        self.file = file
        size = contents.size
        background = contents.background
        palette = contents.palette
        defaults = contents.defaults
        placeholderNames = contents.placeholderNames
        literals = contents.literals
        elements = contents.elements
    }

    /// Reads a template file (YAML; JSON is YAML too); image paths are relative to its folder.
    /// - Throws: `TemplateError`: unreadable file, or any problem `init(yaml:file:baseURL:)` reports.
    public init(contentsOf url: URL) throws(TemplateError) {
        let name = url.isFileURL ? url.relativePath : url.absoluteString
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw TemplateError(file: name, reason: .unreadable(reason: Self.reason(error)))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TemplateError(file: name, reason: .unreadable(reason: "the file is not UTF-8 text"))
        }
        try self.init(yaml: text, file: name, baseURL: url.deletingLastPathComponent())
    }

    /// The defaults overlaid with `given`: what each placeholder will be filled with.
    /// - Throws: `TemplateError` for a name the template does not know or a value with a control character.
    public func values(merging given: [String: String]) throws(TemplateError) -> [String: String] {
        for name in given.keys.sorted() where !placeholderNames.contains(name) {
            throw TemplateError(file: file, reason: .unknownPlaceholder(name: name, known: placeholderNames))
        }
        let merged = defaults.merging(given) { _, new in new }
        for (name, value) in merged.sorted(by: { $0.key < $1.key }) {
            if let bad = value.unicodeScalars.first(where: Self.isControl) {
                let code = String(bad.value, radix: 16, uppercase: true)
                throw TemplateError(file: file, reason: .invalidValue(
                    placeholder: name,
                    reason: "holds the control character U+" + String(repeating: "0", count: max(0, 4 - code.count))
                        + code + (bad == "\n" ? " (a line break)" : "")))
            }
        }
        return merged
    }

    /// The drawing with every placeholder filled from `values` (falling back to the defaults).
    /// - Throws: `TemplateError` naming the line of the element for a placeholder without a value, a character the
    ///   font lacks (when `options.fonts` is set: with the placeholder it came from), or a QR code that does not fit.
    public func render(values given: [String: String] = [:],
                       options: TemplateRenderOptions = TemplateRenderOptions()) throws(TemplateError) -> Drawing {
        let values = try values(merging: given)
        var commands: [Drawing.Command] = []
        for element in elements {
            switch element {
            case .line(let line):
                for offset in line.repetition.offsets {
                    commands.append(.line(.init(color: line.slot.stroke, width: line.width, from: line.from + offset,
                                                to: line.to + offset, cap: line.cap, slot: .role(line.role))))
                }
            case .shape(let shape):
                for offset in shape.repetition.offsets {
                    let payload = Drawing.Command.Shape(
                        rect: Rect(origin: shape.rect.origin + offset, size: shape.rect.size), paint: shape.paint,
                        lineWidth: shape.lineWidth, stroke: shape.slot.stroke, fill: shape.slot.fill,
                        slot: .role(shape.role))
                    commands.append(shape.isEllipse ? .ellipse(payload) : .rect(payload))
                }
            case .text(let text) where text.box != nil:
                guard let frame = text.box else { continue }
                _ = try fill(text.text, values: values, mark: text.mark)
                if let fonts = options.fonts { try checkCoverage(text, values: values, fonts: fonts) }
                for offset in text.repetition.offsets {
                    let box = textBox(text, frame: frame, values: values, offset: offset)
                    if let fonts = options.fonts {
                        do {
                            _ = try TextBoxSetter(fonts: fonts).set(box)
                        } catch {
                            throw TemplateError(file: file, line: text.mark?.line, column: text.mark?.column,
                                                reason: .textFit(error))
                        }
                    }
                    commands.append(.textBox(box))
                }
            case .text(let text):
                let string = try fill(text.text, values: values, mark: text.mark)
                if let fonts = options.fonts {
                    try checkCoverage(text, values: values, fonts: fonts)
                    if !text.text.names.isEmpty { try checkOnPage(text, string: string, fonts: fonts) }
                }
                for offset in text.repetition.offsets {
                    commands.append(.text(.init(color: text.slot.stroke, string: string, font: text.font,
                                                size: text.size, origin: text.origin + offset,
                                                boxWidth: text.boxWidth, alignment: text.alignment,
                                                slot: .role(text.role))))
                }
            case .image(let image):
                commands.append(.image(.init(png: image.png, rect: image.rect)))
            case .barcode(let element):
                var command = element.command
                command.data = try fill(element.data, values: values, mark: element.mark)
                do {
                    _ = try BarcodeLayout(command, pixelsPerPoint: options.pixelsPerPoint)
                } catch {
                    throw TemplateError(file: file, line: element.mark?.line, column: element.mark?.column,
                                        reason: .barcode(element: element.element, kind: command.symbology.rawValue,
                                                         key: Self.templateKey(error.field, element: element),
                                                         field: error.field == "data" ? element.data.names.first : nil,
                                                         reason: error.reason))
                }
                commands.append(.barcode(command))
            }
        }
        return Drawing(size: size, background: background, palette: palette, commands: commands)
    }

    // MARK: Helpers

    /// The template key a barcode command's field comes from.
    private static func templateKey(_ field: String, element: TemplateElement.Barcode) -> String {
        switch field {
        case "data": element.dataKey
        case "rect": element.element == "qr" ? "size" : "w/h"
        case "dark": "role"
        case "options.quietZone": "quiet"
        case "options.moduleWidth": "module"
        case "options.errorCorrection": "level"
        case "options.eci": "eci"
        case "options.checkDigit": "check"
        default: field
        }
    }

    /// A text with a height as a text box: its markup turned into runs, its placeholders named as the field.
    private func textBox(_ text: TemplateElement.Text, frame box: TemplateElement.Box, values: [String: String],
                         offset: Point) -> Drawing.Command.TextBox {
        let base = TextRun("", font: text.font, weight: text.weight, size: text.size, color: text.slot.stroke,
                           underline: text.underline)
        let names = text.text.names
        return Drawing.Command.TextBox(
            frame: Rect(x: text.origin.x + offset.x, y: text.origin.y + offset.y, width: text.boxWidth ?? 0,
                        height: box.height),
            runs: InlineMarkup(base: base).runs(text.text, values: values), alignment: text.alignment,
            verticalAlignment: box.verticalAlignment, lineHeight: box.lineHeight, letterSpacing: box.letterSpacing,
            fit: box.fit, minimumSize: box.minimumSize, rotation: box.rotation, writingMode: box.writingMode,
            field: names.isEmpty ? nil : names.joined(separator: ", "))
    }

    private func fill(_ text: PlaceholderText, values: [String: String],
                      mark: TemplateMark?) throws(TemplateError) -> String {
        switch text.filled({ values[$0] }) {
        case .success(let string):
            return string
        case .failure(let missing):
            throw TemplateError(file: file, line: mark?.line, column: mark?.column,
                                reason: .missingValue(placeholder: missing.name))
        }
    }

    /// Fails when a text filled from data but given no box (`h`) runs past its `w`, or past the page's right edge:
    /// it would be cut off or overprint its neighbours.
    private func checkOnPage(_ text: TemplateElement.Text, string: String,
                             fonts: FontRegistry) throws(TemplateError) {
        let width = text.boxWidth ?? (size.width - text.origin.x)
        let box = Drawing.Command.TextBox(
            frame: Rect(x: text.origin.x, y: text.origin.y, width: max(0, width),
                        height: size.height - text.origin.y),
            runs: [TextRun(string, font: text.font, size: text.size)], fit: [.error],
            field: text.text.names.joined(separator: ", "))
        do {
            _ = try TextBoxSetter(fonts: fonts).set(box)
        } catch {
            throw TemplateError(file: file, line: text.mark?.line, column: text.mark?.column, reason: .textFit(error))
        }
    }

    /// Fails on the first character of the text (literal or placeholder value) that no font of the text's fallback
    /// chain can draw.
    private func checkCoverage(_ text: TemplateElement.Text, values: [String: String],
                               fonts: FontRegistry) throws(TemplateError) {
        for segment in text.text.segments {
            let (field, string): (String?, String) = switch segment {
            case .literal(let literal): (nil, literal)
            case .placeholder(let name): (name, values[name] ?? "")
            }
            let coverage: FontCoverage
            do {
                coverage = try fonts.coverage(of: string, font: text.font)
            } catch {
                throw TemplateError(file: file, line: text.mark?.line, column: text.mark?.column,
                                    reason: .font(name: text.font, reason: error.description))
            }
            guard let missing = coverage.missing.first else { continue }
            throw TemplateError(file: file, line: text.mark?.line, column: text.mark?.column, reason: .missingGlyph(
                field: field, character: String(missing.scalar), codePoint: missing.codePoint,
                characterIndex: missing.characterIndex, font: text.font, tried: coverage.tried))
        }
    }

    /// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: none belongs in one line.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// The system's reason without Foundation's wrapping ("The file … couldn't be opened because …").
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        if nsError.domain == NSCocoaErrorDomain, nsError.code == NSFileReadNoSuchFileError {
            return "no such file"
        }
        return error.localizedDescription
    }
}

extension Point {
    /// The point moved by `offset`.
    fileprivate static func + (point: Point, offset: Point) -> Point {
        Point(x: point.x + offset.x, y: point.y + offset.y)
    }
}
