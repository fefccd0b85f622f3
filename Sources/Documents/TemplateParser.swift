import Drawing
import Foundation
import Yams

/// Reads template YAML through Yams' node API (not Codable) so every value keeps its line and column for errors.
struct TemplateParser {
    /// The file name errors carry.
    let file: String
    /// The folder `image: {file: …}` paths are relative to.
    let baseURL: URL

    /// Everything a template holds once read.
    struct Contents: Sendable {
        var size: Size
        var background: Color?
        var palette: Palette
        var defaults: [String: String]
        var elements: [TemplateElement]
        var placeholderNames: [String]
        var literals: [String: String] = [:]
    }

    static let topKeys = ["name", "description", "size", "background", "font", "placeholders", "palette", "elements",
                          "literals"]
    static let elementKinds = ["line", "rect", "circle", "ellipse", "text", "image", "qr", "barcode"]

    func parse(_ yaml: String) throws(TemplateError) -> Contents {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else {
                throw error(nil, .missingKey(key: "size", context: "the template (it is empty)"))
            }
            root = node
        } catch let failure as TemplateError {
            throw failure
        } catch {
            throw syntaxError(error)
        }
        let top = try map(root, context: "the template", allowed: Self.topKeys)
        guard let sizeNode = top.value("size") else { throw self.error(root, .missingKey(key: "size", context: "the template")) }
        let sizeMap = try map(sizeNode, context: "size", allowed: ["width", "height"])
        let size = Size(width: try sizeMap.number("width", positive: true),
                        height: try sizeMap.number("height", positive: true))
        let background = try top.value("background").flatMap { node throws(TemplateError) in try color(node, key: "background") }
        let font = try top.string("font") ?? "gothic"
        let defaults = try placeholders(top.value("placeholders"))
        let palette = try self.palette(top.value("palette"))
        var elements: [TemplateElement] = []
        var names: [String] = []
        if let list = top.value("elements") {
            guard case .sequence(let sequence) = list else {
                throw error(list, .badValue(key: "elements", value: describe(list), expected: "a list of elements, each "
                    + "\"- kind: {…}\""))
            }
            for item in sequence {
                let element = try self.element(item, palette: palette, font: font)
                elements.append(element)
                switch element {
                case .text(let text): names += text.text.names
                case .barcode(let barcode): names += barcode.data.names
                default: break
                }
            }
        }
        let known = Set(names).union(defaults.keys)
        var literals: [String: String] = [:]
        if let node = top.value("literals") {
            for (key, _, value) in try map(node, context: "literals", allowed: ["true", "false", "null"]).pairs {
                literals[key] = try scalar(value, key: key)
            }
        }
        return Contents(size: size, background: background, palette: palette, defaults: defaults,
                        elements: elements, placeholderNames: known.sorted(), literals: literals)
    }

    // MARK: Sections

    private func placeholders(_ node: Node?) throws(TemplateError) -> [String: String] {
        guard let node else { return [:] }
        let entries = try map(node, context: "placeholders", allowed: nil)
        var defaults: [String: String] = [:]
        for (key, keyNode, value) in entries.pairs {
            guard PlaceholderText.isValidName(key) else {
                throw error(keyNode, .badValue(key: "placeholders", value: "\"\(key)\"",
                                               expected: "a placeholder name is letters (any script), digits, _ "
                                                   + "and -, starting with a letter, e.g. member or 会員番号"))
            }
            defaults[key] = try scalar(value, key: key)
        }
        return defaults
    }

    private func palette(_ node: Node?) throws(TemplateError) -> Palette {
        guard let node else { return Palette() }
        let roles = try map(node, context: "palette", allowed: nil)
        var palette = Palette()
        for (role, keyNode, value) in roles.pairs {
            let entry = try map(value, context: "palette role \"\(role)\"", allowed: ["stroke", "fill"])
            let stroke = try entry.value("stroke").flatMap { node throws(TemplateError) in try color(node, key: "stroke") }
            let fill = try entry.value("fill").flatMap { node throws(TemplateError) in try color(node, key: "fill") }
            do {
                try palette.addSlot(role: role, stroke: stroke ?? .black, fill: fill ?? .white)
            } catch {
                throw self.error(keyNode, .badValue(key: "palette", value: "role \"\(role)\"", expected: error.description))
            }
        }
        return palette
    }

    // MARK: Elements

    private func element(_ item: Node, palette: Palette, font: String) throws(TemplateError) -> TemplateElement {
        guard case .mapping(let mapping) = item, mapping.count == 1, let (kindNode, body) = mapping.first.map({ ($0.key, $0.value) }),
              let kind = kindNode.scalar?.string else {
            throw error(item, .badValue(key: "elements", value: describe(item),
                                        expected: "each element is one key naming its kind with its settings, "
                                            + "e.g. \"- line: {role: main, x1: 0, y1: 0, x2: 10, y2: 10}\""))
        }
        func slot(_ fields: Fields) throws(TemplateError) -> (Palette.Slot, String) {
            guard let roleNode = fields.value("role") else { throw error(body, .missingKey(key: "role", context: kind)) }
            let role = try scalar(roleNode, key: "role")
            guard let slot = palette.slot(named: role) else {
                throw error(roleNode, .unknownRole(role: role, known: palette.roles))
            }
            return (slot, role)
        }
        switch kind {
        case "line":
            let f = try map(body, context: "line", allowed: ["role", "width", "x1", "y1", "x2", "y2", "cap", "repeat"])
            let (slot, role) = try slot(f)
            return .line(.init(slot: slot, role: role, width: try f.number("width", default: 1, nonNegative: true),
                               from: Point(x: try f.number("x1"), y: try f.number("y1")),
                               to: Point(x: try f.number("x2"), y: try f.number("y2")),
                               cap: try f.choice("cap", default: LineCap.butt), repetition: try repetition(f)))
        case "rect", "circle", "ellipse":
            let f = try map(body, context: kind, allowed: ["role", "paint", "width", "x", "y", "w", "h", "repeat"])
            let (slot, role) = try slot(f)
            return .shape(.init(isEllipse: kind != "rect", slot: slot, role: role,
                                paint: try f.choice("paint", default: Paint.both),
                                lineWidth: try f.number("width", default: 1, nonNegative: true),
                                rect: try rect(f), repetition: try repetition(f)))
        case "text":
            let f = try map(body, context: "text", allowed: ["role", "text", "font", "size", "x", "y", "w", "align",
                                                             "repeat", "h", "valign", "fit", "minSize", "lineHeight",
                                                             "letterSpacing", "rotate", "writing", "weight",
                                                             "underline"])
            let (slot, role) = try slot(f)
            guard let textNode = f.value("text") else { throw error(body, .missingKey(key: "text", context: "text")) }
            let boxWidth = try f.value("w").map { _ throws(TemplateError) in try f.number("w", nonNegative: true) }
            let size = try f.number("size", positive: true)
            return .text(.init(slot: slot, role: role, text: try placeholderText(textNode, key: "text"),
                               font: try f.string("font") ?? font, size: size,
                               origin: Point(x: try f.number("x"), y: try f.number("y")), boxWidth: boxWidth,
                               alignment: try f.choice("align", default: TextAlignment.left),
                               repetition: try repetition(f), mark: mark(textNode),
                               box: try textBox(f, size: size, hasWidth: boxWidth != nil),
                               weight: try f.choice("weight", default: FontWeight.regular),
                               underline: try f.choice("underline", default: Switch.no) == .yes))
        case "image":
            let f = try map(body, context: "image", allowed: ["file", "x", "y", "w", "h"])
            guard let fileNode = f.value("file") else { throw error(body, .missingKey(key: "file", context: "image")) }
            let path = try scalar(fileNode, key: "file")
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseURL.appendingPathComponent(path)
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw self.error(fileNode, .image(path: url.path, reason: error.localizedDescription))
            }
            return .image(.init(png: data, rect: try rect(f)))
        case "qr", "barcode":
            let isQR = kind == "qr"
            let dataKey = isQR ? "payload" : "data"
            let keys = isQR ? ["role", "light", "payload", "x", "y", "size", "quiet", "level", "eci", "module"]
                : ["role", "light", "kind", "data", "x", "y", "w", "h", "text", "quiet", "module", "level", "eci",
                   "check", "font"]
            let f = try map(body, context: kind, allowed: keys)
            let (slot, role) = try slot(f)
            var light: Color?
            if let lightNode = f.value("light") {
                let lightRole = try scalar(lightNode, key: "light")
                guard let lightSlot = palette.slot(named: lightRole) else {
                    throw error(lightNode, .unknownRole(role: lightRole, known: palette.roles))
                }
                light = lightSlot.fill
            }
            guard let dataNode = f.value(dataKey) else { throw error(body, .missingKey(key: dataKey, context: kind)) }
            let symbology: Drawing.Command.Barcode.Symbology
            let box: Rect
            if isQR {
                symbology = .qr
                let side = try f.number("size", positive: true)
                box = Rect(x: try f.number("x"), y: try f.number("y"), width: side, height: side)
            } else {
                guard f.value("kind") != nil else { throw error(body, .missingKey(key: "kind", context: kind)) }
                symbology = try f.choice("kind", default: Drawing.Command.Barcode.Symbology.qr)
                box = try rect(f)
            }
            var options = Drawing.Command.Barcode.Options(font: try f.string("font") ?? font)
            if isQR { options.quietZone = 2 }
            if f.value("quiet") != nil { options.quietZone = try f.integer("quiet", range: 0...100) }
            if f.value("module") != nil { options.moduleWidth = try f.number("module", positive: true) }
            options.errorCorrection = try f.string("level")
            if f.value("eci") != nil { options.eci = try f.integer("eci", range: 0...999_999) }
            if f.value("check") != nil {
                options.checkDigit = try f.choice("check", default: Drawing.Command.Barcode.CheckDigit.compute)
            }
            if let textNode = f.value("text") {
                let text = try scalar(textNode, key: "text")
                switch text {
                case "true", "yes", "on": options.humanReadable = true
                case "false", "no", "off": options.humanReadable = false
                default: throw error(textNode, .badValue(key: "text", value: "\"\(text)\"", expected: "true or false"))
                }
            }
            let command = Drawing.Command.Barcode(symbology: symbology, data: "", rect: box, dark: slot.fill,
                                                  light: light, options: options, slot: .role(role))
            return .barcode(.init(command: command, data: try placeholderText(dataNode, key: dataKey), element: kind,
                                  dataKey: dataKey, mark: mark(dataNode)))
        default:
            throw error(kindNode, .unknownElement(name: kind, known: Self.elementKinds))
        }
    }

    /// `yes`/`no` for flags (YAML's true/false read as text).
    enum Switch: String, CaseIterable {
        case yes, no
        init?(rawValue: String) {
            switch rawValue {
            case "yes", "true", "on": self = .yes
            case "no", "false", "off": self = .no
            default: return nil
            }
        }
    }

    /// The box settings of a text with a height (`h`): a text box with a fit policy.
    private func textBox(_ f: Fields, size: Double, hasWidth: Bool) throws(TemplateError) -> TemplateElement.Box? {
        let boxKeys = ["valign", "fit", "minSize", "lineHeight", "letterSpacing", "rotate", "writing", "weight",
                       "underline"]
        guard f.value("h") != nil else {
            if let key = boxKeys.first(where: { f.value($0) != nil }) {
                throw error(f.value(key), .missingKey(key: "h", context: "text with \"\(key)\" (a text box)"))
            }
            return nil
        }
        guard hasWidth else { throw error(f.node, .missingKey(key: "w", context: "text box")) }
        var fit = FitPolicy.dataDefault
        if let node = f.value("fit") {
            let words: [(String, Node)]
            if case .sequence(let items) = node {
                words = try items.map { item throws(TemplateError) in (try scalar(item, key: "fit"), item) }
            } else {
                let text = try scalar(node, key: "fit")
                words = text.split(whereSeparator: { $0 == "," || $0 == " " }).map { (String($0), node) }
            }
            fit = []
            for (word, wordNode) in words {
                guard let policy = FitPolicy(rawValue: word) else {
                    throw error(wordNode, .badValue(key: "fit", value: "\"\(word)\"", expected: "a list of "
                        + FitPolicy.allCases.map(\.rawValue).joined(separator: ", ") + ", tried in order"))
                }
                fit.append(policy)
            }
        }
        let minimum = try f.number("minSize", default: size * 0.6, positive: true)
        return .init(height: try f.number("h", nonNegative: true),
                     verticalAlignment: try f.choice("valign", default: VerticalAlignment.top), fit: fit,
                     minimumSize: minimum, lineHeight: try f.number("lineHeight", default: 1.2, positive: true),
                     letterSpacing: try f.number("letterSpacing", default: 0),
                     rotation: try f.number("rotate", default: 0),
                     writingMode: try f.choice("writing", default: WritingMode.horizontal))
    }

    private func rect(_ f: Fields) throws(TemplateError) -> Rect {
        Rect(x: try f.number("x"), y: try f.number("y"), width: try f.number("w", nonNegative: true),
             height: try f.number("h", nonNegative: true))
    }

    private func repetition(_ f: Fields) throws(TemplateError) -> TemplateElement.Repetition {
        guard let node = f.value("repeat") else { return .init() }
        let r = try map(node, context: "repeat", allowed: ["count", "dx", "dy"])
        return .init(count: try r.integer("count", range: 1...10_000), dx: try r.number("dx", default: 0),
                     dy: try r.number("dy", default: 0))
    }

    // MARK: Values

    /// A mapping's entries with its context, checked against the keys it may hold.
    struct Fields {
        let parser: TemplateParser
        let node: Node
        let context: String
        let pairs: [(String, Node, Node)]

        func value(_ key: String) -> Node? { pairs.first { $0.0 == key }?.2 }

        func string(_ key: String) throws(TemplateError) -> String? {
            try value(key).map { node throws(TemplateError) in try parser.scalar(node, key: key) }
        }

        func number(_ key: String, default fallback: Double? = nil, positive: Bool = false,
                    nonNegative: Bool = false) throws(TemplateError) -> Double {
            guard let node = value(key) else {
                if let fallback { return fallback }
                throw parser.error(self.node, .missingKey(key: key, context: context))
            }
            let text = try parser.scalar(node, key: key)
            guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
                throw parser.error(node, .badNumber(key: key, value: text))
            }
            if positive, !(number > 0) {
                throw parser.error(node, .badValue(key: key, value: text, expected: "it must be greater than 0"))
            }
            if nonNegative, number < 0 {
                throw parser.error(node, .badValue(key: key, value: text, expected: "it must be 0 or more"))
            }
            return number
        }

        func integer(_ key: String, default fallback: Int? = nil, range: ClosedRange<Int>) throws(TemplateError) -> Int {
            guard let node = value(key) else {
                if let fallback { return fallback }
                throw parser.error(self.node, .missingKey(key: key, context: context))
            }
            let text = try parser.scalar(node, key: key)
            guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw parser.error(node, .badNumber(key: key, value: text))
            }
            guard range.contains(number) else {
                throw parser.error(node, .badValue(key: key, value: text,
                                                   expected: "a whole number from \(range.lowerBound) to \(range.upperBound)"))
            }
            return number
        }

        func choice<T: RawRepresentable & CaseIterable>(_ key: String, default fallback: T) throws(TemplateError) -> T
        where T.RawValue == String {
            guard let node = value(key) else { return fallback }
            let text = try parser.scalar(node, key: key)
            guard let result = T(rawValue: text) else {
                throw parser.error(node, .badValue(key: key, value: "\"\(text)\"", expected: "one of "
                    + T.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            return result
        }
    }

    /// The entries of `node`, which must be a mapping with string keys from `allowed` (nil: any key).
    func map(_ node: Node, context: String, allowed: [String]?) throws(TemplateError) -> Fields {
        guard case .mapping(let mapping) = node else {
            throw error(node, .badValue(key: context, value: describe(node), expected: "a mapping of keys to values"))
        }
        var pairs: [(String, Node, Node)] = []
        for (key, value) in mapping {
            guard let name = key.scalar?.string else {
                throw error(key, .badValue(key: context, value: describe(key), expected: "keys are plain names"))
            }
            if let allowed, !allowed.contains(name) {
                throw error(key, .unknownKey(key: name, context: context, known: allowed))
            }
            pairs.append((name, key, value))
        }
        return Fields(parser: self, node: node, context: context, pairs: pairs)
    }

    func scalar(_ node: Node, key: String) throws(TemplateError) -> String {
        guard let scalar = node.scalar else {
            throw error(node, .badValue(key: key, value: describe(node), expected: "a single value (text or number)"))
        }
        return scalar.string
    }

    private func placeholderText(_ node: Node, key: String) throws(TemplateError) -> PlaceholderText {
        let text = try scalar(node, key: key)
        do {
            return try PlaceholderText(parsing: text)
        } catch {
            throw self.error(node, .badValue(key: key, value: "\"\(text)\"", expected: error.problem))
        }
    }

    private func color(_ node: Node, key: String) throws(TemplateError) -> Color? {
        let text = try scalar(node, key: key)
        if key == "background", text == "none" { return nil }
        guard let color = Color(hex: text) else {
            throw error(node, .badValue(key: key, value: "\"\(text)\"", expected: "write a colour as \"#RRGGBB\" or "
                + "\"#RRGGBBAA\" (quoted: YAML reads an unquoted # as a comment)"))
        }
        return color
    }

    // MARK: Errors

    func mark(_ node: Node) -> TemplateMark? {
        node.mark.map { TemplateMark(line: $0.line, column: $0.column) }
    }

    func error(_ node: Node?, _ reason: TemplateError.Reason) -> TemplateError {
        let place = node.flatMap(mark)
        return TemplateError(file: file, line: place?.line, column: place?.column, reason: reason)
    }

    private func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): "\"\(scalar.string)\""
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// Yams' parse failures, with libyaml's mark as the line and column.
    private func syntaxError(_ error: any Error) -> TemplateError {
        guard let yaml = error as? YamlError else {
            return TemplateError(file: file, reason: .syntax(problem: "\(error)"))
        }
        switch yaml {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) (\($0.text) at \($0.mark.line):\($0.mark.column))" } ?? problem
            return TemplateError(file: file, line: mark.line, column: mark.column, reason: .syntax(problem: detail))
        case .duplicatedKeysInMapping(let duplicates, let context):
            return TemplateError(file: file, line: context.mark.line, column: context.mark.column,
                                 reason: .syntax(problem: "duplicate key " + duplicates.sorted().joined(separator: ", ")))
        case .reader(let problem, let offset, _, let text):
            var line = 1, column = 1
            if let offset {
                for scalar in text.unicodeScalars.prefix(offset) {
                    if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
                }
                return TemplateError(file: file, line: line, column: column, reason: .syntax(problem: problem))
            }
            return TemplateError(file: file, reason: .syntax(problem: problem))
        default:
            return TemplateError(file: file, reason: .syntax(problem: yaml.description))
        }
    }
}
